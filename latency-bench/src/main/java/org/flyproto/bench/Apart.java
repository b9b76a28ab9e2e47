package org.flyproto.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import org.flyproto.bench.fixture.Fixture;

/**
 * Runs a check of a fixture in classes of its own: a class loader over the same class path, which shares nothing
 * with the application's but the JDK. The JIT profiles each method of each loaded class, so the check's calls (a
 * claim, a size, a decode, each once) leave no branch or call counts in the classes a benchmark then times: a timed
 * method is compiled for what it does itself, as in an application that does only that. (Run in the benchmark's own
 * classes, the check's single claim of a book of 200 levels put the exactly sized claim's checked writes into the
 * compiled sizing code, which then sized 1.65 times slower than without the check.)
 */
public final class Apart {
    private Apart() {}

    /**
     * {@link CrossCheck#verify} of {@code fixture}, in classes of its own.
     *
     * @param fixture the fixture.
     * @throws IllegalStateException naming the library and what differs, if the check fails.
     */
    public static void crossCheck(final Fixture fixture) {
        run(CrossCheck.class, fixture);
    }

    /**
     * {@link DynamicCheck#verify(Fixture)} of {@code fixture}, in classes of its own.
     *
     * @param fixture the fixture.
     * @throws IllegalStateException naming the codec and what differs, if the check fails.
     */
    public static void dynamicCheck(final Fixture fixture) {
        run(DynamicCheck.class, fixture);
    }

    /**
     * Calls {@code check.verify(fixture)} as loaded by a class loader of its own.
     *
     * @param check a class with a {@code public static verify(Fixture)} method.
     * @param fixture the fixture to pass it (its namesake among the other loader's fixtures).
     * @throws RuntimeException what {@code verify} threw.
     */
    static void run(final Class<?> check, final Fixture fixture) {
        try (URLClassLoader loader = new URLClassLoader("apart", classPath(), ClassLoader.getPlatformClassLoader())) {
            final Class<?> fixtureType = Class.forName(Fixture.class.getName(), true, loader);
            final Object itsFixture =
                    fixtureType.getMethod("valueOf", String.class).invoke(null, fixture.name());
            Class.forName(check.getName(), true, loader)
                    .getMethod("verify", fixtureType)
                    .invoke(null, itsFixture);
        } catch (final InvocationTargetException ex) {
            if (ex.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(ex.getCause());
        } catch (final ReflectiveOperationException ex) {
            throw new IllegalStateException("cannot load " + check.getName() + " apart", ex);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private static URL[] classPath() {
        final String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
        final URL[] urls = new URL[entries.length];
        for (int i = 0; i < entries.length; i++) {
            try {
                urls[i] = new File(entries[i]).toURI().toURL();
            } catch (final MalformedURLException ex) {
                throw new IllegalStateException("class path entry " + entries[i], ex);
            }
        }
        return urls;
    }
}
