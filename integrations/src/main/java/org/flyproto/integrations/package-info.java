/**
 * flyproto flyweights used in place in the transports and stores of low-latency systems: Aeron publications and
 * subscriptions (IPC and UDP, claimed and offered, fragmented and reassembled), Aeron Archive recordings and their
 * replays, an Aeron Cluster service with flyproto commands, events and snapshots, Agrona ring buffers and Chronicle
 * Bytes regions (native memory and memory-mapped files).
 *
 * <p>Each integration encodes straight into the memory the transport hands out and decodes straight from the memory
 * it delivers: no intermediate copy where the size is known before encoding, one copy from a reused scratch buffer
 * where it is not, and no allocation in steady state either way. The example programs in this package run every
 * integration end to end; {@code docs/integrations.md} explains the patterns and their trade-offs.
 */
package org.flyproto.integrations;
