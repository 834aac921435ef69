package org.ndgpu.linalg.impl;

import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.spi.Providers;

/**
 * numpy.tril and numpy.triu (NumPy's "building matrices"), in module linalg, whose factorizations
 * keep the triangle they read; the facade serves the user's calls from here.
 */
public final class Triangles {
    private Triangles() {}

    /** numpy.triu(a, k) when {@code upper}, else numpy.tril(a, k): a copy with the other side zeroed; {@code op} names the caller. */
    public static NDArray triangle(String op, NDArray a, long k, boolean upper) {
        a.live(op);
        if (a.ndim() < 1)
            throw new ShapeException(op + ": expected an array of at least one dimension, got a 0-d array");
        // NumPy: a 1-d array is a row broadcast against the square (n, n) mask
        long cols = a.shape()[a.ndim() - 1], rows = a.ndim() == 1 ? cols : a.shape()[a.ndim() - 2];
        try (var _ = a.device().use();
                NDArray rs = Ranges.arange(0, rows, 1);
                NDArray r = rs.reshape(rows, 1);
                NDArray c = Ranges.arange(0, cols, 1);
                NDArray diff = c.sub(r);
                NDArray keep = upper ? diff.ge(k) : diff.le(k);
                NDArray zero = Creation.zeros(a.dtype(), new long[0])) {
            return Providers.ufuncs(keep, a, zero).where(keep, a, zero, null);
        }
    }
}
