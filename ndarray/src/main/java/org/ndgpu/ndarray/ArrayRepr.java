package org.ndgpu.ndarray;

import org.ndgpu.spi.Providers;

/** NumPy's repr and str of an array; the formatting itself is module routines' ArrayPrinter. */
final class ArrayRepr {
    private ArrayRepr() {}

    /** repr: a closed or symbolic array says so instead of reading elements. */
    static String repr(NDArray a) {
        if (a.isClosed()) return "array(<closed>, dtype=" + a.dtype() + ", shape=" + Shapes.str(a.shape()) + ")";
        if (a.symbol() != null)
            return "array(<symbolic: traced by fuse>, dtype=" + a.dtype() + ", shape=" + Shapes.str(a.shape()) + ")";
        return Providers.routines().repr(a);
    }

    /** str. */
    static String str(NDArray a) {
        a.live("str");
        return Providers.routines().str(a);
    }
}
