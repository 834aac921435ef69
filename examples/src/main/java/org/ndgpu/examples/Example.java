package org.ndgpu.examples;

import java.io.PrintStream;

/**
 * One runnable example: it runs on the current device, prints what it does to {@code out} and
 * returns its numbers as a {@link Result}, so the demo prints them and a test asserts them.
 *
 * <pre>{@code
 * Result r = new MonteCarloPi(1_000_000).run(System.out);
 * double pi = r.number("pi (device)");
 * }</pre>
 */
public interface Example {
    /** The short name {@code ./nd demo NAME} selects, e.g. "MonteCarloPi". */
    default String name() {
        return getClass().getSimpleName();
    }

    /** One line saying what the example shows, e.g. "hypot: host loop vs device ufunc". */
    String title();

    /**
     * Runs the example on {@code Device.current()}, printing its steps to {@code out}.
     *
     * @return its results, timings and the device it ran on
     */
    Result run(PrintStream out);
}
