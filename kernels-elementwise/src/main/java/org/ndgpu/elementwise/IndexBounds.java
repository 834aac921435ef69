package org.ndgpu.elementwise;

import org.ndgpu.codegen.IndexBoundsFlag;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
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

    /**
     * A one-element int64 flag, zeroed, that a kernel over {@code idx} (any integer dtype and shape)
     * sets when an index lies outside {@code [-len, len)}; nothing is read back here, so a kernel that
     * must not run on a bad index can be queued behind it and test the flag itself.
     */
    static NDArray outsideFlag(NDArray idx, long len) {
        NDArray flag = zeroFlag(idx);
        if (idx.size() == 0) return flag;
        IndexBoundsFlag.flagOutside(idx, len, flag);
        return flag;
    }

    /** A zeroed one-element int64 flag on {@code like}'s device. */
    static NDArray zeroFlag(NDArray like) {
        try (var _ = like.device().use()) {
            return Creation.zeros(DType.INT64, 1);
        }
    }

    /**
     * Reads the flag of {@link #outsideFlag} (one read back) and, when it is set, throws at's
     * IndexException for the same index {@link #check} names, found on the host.
     */
    static void raiseIfFlagged(String name, NDArray flag, NDArray idx, long len) {
        if (!flagged(flag)) return;
        checkHost(name, idx.toLongArray(), len);
        throw new IllegalStateException(name + ": the index check flagged an index that is in range");
    }

    /** Whether a kernel set the flag of {@link #outsideFlag} or {@link #zeroFlag}: one read back. */
    static boolean flagged(NDArray flag) {
        try (NDArray f = flag.get(0)) {
            return f.toLongArray()[0] != 0;
        }
    }

    /** at's check of indices held on the host: the IndexException {@link #check} would throw, or nothing. */
    static void checkHost(String name, long[] idx, long len) {
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (long k : idx) {
            lo = Math.min(lo, k);
            hi = Math.max(hi, k);
        }
        if (lo < -len || hi >= len) throw outOfBounds(name, lo < -len ? lo : hi, len);
    }
}
