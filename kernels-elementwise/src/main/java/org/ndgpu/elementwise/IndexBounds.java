package org.ndgpu.elementwise;

import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;

/** The index check ufunc.at and ufunc.reduceat share, with NumPy's two messages. */
final class IndexBounds {
    private IndexBounds() {}

    private static IndexException outOfBounds(String name, long index, long size) {
        return new IndexException(name + ": index " + index + " is out of bounds for axis 0 with size " + size);
    }

    /** Checks that idx (int64, non-empty) lies in [0, len) (reduceat) or [-len, len) (at), reading its min and max. */
    static void check(String name, NDArray idx, long len, boolean reduceat) {
        long lo, hi;
        try (NDArray mn = Providers.reductions(idx).reduce(Reduction.MIN, idx, null, false, null, 0);
                NDArray mx = Providers.reductions(idx).reduce(Reduction.MAX, idx, null, false, null, 0)) {
            lo = ((Number) mn.item()).longValue();
            hi = ((Number) mx.item()).longValue();
        }
        long min = reduceat ? 0 : -len;
        if (lo < min || hi >= len) {
            long bad = lo < min ? lo : hi;
            if (reduceat) {
                throw new IndexException("index " + bad + " out-of-bounds in " + name + " [0, " + len + ")");
            }
            throw outOfBounds(name, bad, len);
        }
    }
}
