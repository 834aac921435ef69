package org.ndgpu.config;

import org.ndgpu.exceptions.NdException;

/**
 * NumPy's print options, as {@code np.set_printoptions} takes them: what repr and str of an array
 * show. The options in force are one value for the whole process, as NumPy's are for a thread of
 * Python; {@link #scoped} sets them for a block and puts the previous ones back on close.
 *
 * <pre>{@code
 * Nd.setPrintoptions(Nd.getPrintoptions().withPrecision(3).withSuppress(true));
 * try (var p = Nd.printoptions(PrintOptions.defaults().withThreshold(5).withEdgeitems(2))) {
 *     System.out.println(Nd.arange(10));   // [0 1 ... 8 9]
 * }
 * }</pre>
 *
 * @param precision digits after the point of floats (NumPy's default 8)
 * @param threshold more elements than this are summarized with "..." (default 1000)
 * @param edgeitems items shown at each end of a summarized axis (default 3)
 * @param linewidth characters per line before wrapping (default 75)
 * @param suppress true prints small floats in positional notation, as 0. when below the precision,
 *     instead of switching the array to scientific notation (default false)
 */
public record PrintOptions(int precision, long threshold, int edgeitems, int linewidth, boolean suppress) {
    private static final PrintOptions DEFAULTS = new PrintOptions(8, 1000, 3, 75, false);
    private static volatile PrintOptions current = DEFAULTS;

    /** Checks each option: precision, threshold and edgeitems at least 0, linewidth at least 1. */
    public PrintOptions {
        check("precision", precision, 0);
        check("threshold", threshold, 0);
        check("edgeitems", edgeitems, 0);
        check("linewidth", linewidth, 1);
    }

    private static void check(String name, long value, long min) {
        if (value < min) {
            throw new NdException("set_printoptions: " + name + " must be at least " + min + ", got " + value);
        }
    }

    /** NumPy's defaults: precision 8, threshold 1000, edgeitems 3, linewidth 75, suppress false. */
    public static PrintOptions defaults() {
        return DEFAULTS;
    }

    /** np.get_printoptions(): the options in force, e.g. {@code PrintOptions.current().precision()}. */
    public static PrintOptions current() {
        return current;
    }

    /** np.set_printoptions(...): {@code PrintOptions.set(PrintOptions.defaults().withPrecision(4))}. */
    public static void set(PrintOptions options) {
        current = java.util.Objects.requireNonNull(options, "set_printoptions: options is null");
    }

    /**
     * np.printoptions(...): sets {@code options} until the returned scope is closed, then restores
     * the options that were in force: {@code try (var p = PrintOptions.scoped(o)) { ... }}.
     */
    public static Scope scoped(PrintOptions options) {
        PrintOptions previous = current;
        set(options);
        return new Scope(previous);
    }

    /** The block of {@link #scoped}: closing it puts back the options it replaced. */
    public static final class Scope implements AutoCloseable {
        private final PrintOptions previous;

        private Scope(PrintOptions previous) {
            this.previous = previous;
        }

        /** The options that were in force before this scope, and are again after it. */
        public PrintOptions previous() {
            return previous;
        }

        @Override
        public void close() {
            current = previous;
        }
    }

    /** These options with another precision: {@code withPrecision(3)}. */
    public PrintOptions withPrecision(int p) {
        return new PrintOptions(p, threshold, edgeitems, linewidth, suppress);
    }

    /** These options with another threshold: {@code withThreshold(Long.MAX_VALUE)} never summarizes. */
    public PrintOptions withThreshold(long t) {
        return new PrintOptions(precision, t, edgeitems, linewidth, suppress);
    }

    /** These options with another edgeitems: {@code withEdgeitems(2)}. */
    public PrintOptions withEdgeitems(int e) {
        return new PrintOptions(precision, threshold, e, linewidth, suppress);
    }

    /** These options with another linewidth: {@code withLinewidth(120)}. */
    public PrintOptions withLinewidth(int w) {
        return new PrintOptions(precision, threshold, edgeitems, w, suppress);
    }

    /** These options with suppress on or off: {@code withSuppress(true)}. */
    public PrintOptions withSuppress(boolean s) {
        return new PrintOptions(precision, threshold, edgeitems, linewidth, s);
    }
}
