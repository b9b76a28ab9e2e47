# Sourced by compare and quick-compare: runs JMH politely on a shared machine.
#
# JMH allows one run per machine: a second one fails at once with "Unable to acquire the JMH lock" (/tmp/jmh.lock).
# jmh_run waits for the other run to end, trying again every 15 s for up to $lock_wait seconds, rather than failing
# or running beside it. Needs: $jar, $lock_wait, the array jmh_flags (e.g. -Djmh.ignoreLock=true) and a log function.

# Runs JMH with the given arguments, its output into the log file given first.
jmh_run() { # log-file args...
    local log_file="$1" waited=0
    shift
    until java "${jmh_flags[@]}" -jar "$jar" "$@" > "$log_file" 2>&1; do
        if ! grep -q 'Unable to acquire the JMH lock' "$log_file" || [ "$waited" -ge "$lock_wait" ]; then
            tail -40 "$log_file" >&2
            return 1
        fi
        [ "$waited" = 0 ] && log "another JMH run holds /tmp/jmh.lock: waiting (up to $lock_wait s)"
        sleep 15
        waited=$(( waited + 15 ))
    done
}
