package org.ndgpu.raw;

import java.util.Arrays;
import org.ndgpu.exceptions.NdException;

/**
 * The work of a {@link JavaKernel} launch, as OpenCL's NDRange: a global size per dimension (1 to 3)
 * and optionally a local (work-group) size that divides it. Without a local size ndgpu picks one
 * within the kernel's own work-group limit on the device; give one when the kernel depends on it
 * (barriers, {@code @Local} tiles).
 *
 * <pre>{@code
 * NdRange.of(1 << 20);                      // 1D, local size chosen
 * NdRange.of(rows, cols).local(16, 16);     // 2D tiles of 16 x 16
 * }</pre>
 *
 * @param global work-items per dimension (getGlobalSize(d))
 * @param local  work-group size per dimension (getLocalSize(d)), or null to let ndgpu choose
 */
public record NdRange(long[] global, long[] local) {
    /** Checks one to three dimensions, sizes in range and a local size that divides the global size; copies the arrays. */
    public NdRange {
        java.util.Objects.requireNonNull(global, "NdRange: global is null");
        if (global.length < 1 || global.length > 3) {
            throw new NdException("NdRange: 1 to 3 dimensions, got " + Arrays.toString(global));
        }
        for (long g : global) {
            if (g <= 0 || g > Integer.MAX_VALUE) {
                throw new NdException("NdRange: global sizes must be in 1.." + Integer.MAX_VALUE
                        + " (Aparapi's ids are int), got " + Arrays.toString(global));
            }
        }
        global = global.clone();
        if (local != null) {
            if (local.length != global.length) {
                throw new NdException("NdRange: local size " + Arrays.toString(local) + " has " + local.length
                        + " dimensions, the global size " + Arrays.toString(global) + " has " + global.length);
            }
            for (int d = 0; d < global.length; d++) {
                if (local[d] <= 0 || global[d] % local[d] != 0) {
                    throw new NdException("NdRange: the local size " + local[d] + " must divide the global size "
                            + global[d] + " in dimension " + d + " (global " + Arrays.toString(global) + ", local "
                            + Arrays.toString(local) + ")");
                }
            }
            local = local.clone();
        }
    }

    /** A range of {@code global} work-items per dimension; the local size is chosen at launch. */
    public static NdRange of(long... global) {
        return new NdRange(global, null);
    }

    /** This range with a given work-group size. */
    public NdRange local(long... localSize) {
        return new NdRange(global, localSize);
    }

    /** Dimensions. */
    public int dims() {
        return global.length;
    }

    /** The local size to use within {@code limit} threads per group: the given one, or a divisor per dimension. */
    long[] localFor(int limit) {
        if (local != null) return local.clone();
        int n = global.length;
        long[] l = new long[n];
        long remaining = Math.min(256, limit);
        for (int d = 0; d < n; d++) {
            // dimension 0 varies fastest: give it the widest share so rows of memory are read together
            long cap = d == n - 1 ? remaining : Math.min(remaining, d == 0 ? (n == 2 ? 32 : 16) : 8);
            l[d] = largestDivisor(global[d], cap);
            remaining /= l[d];
        }
        return l;
    }

    private static long largestDivisor(long g, long cap) {
        for (long c = Math.min(g, cap); c > 1; c--) if (g % c == 0) return c;
        return 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NdRange r && Arrays.equals(global, r.global) && Arrays.equals(local, r.local);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(global) * 31 + Arrays.hashCode(local);
    }

    @Override
    public String toString() {
        return "NdRange(global=" + Arrays.toString(global) + (local != null ? ", local=" + Arrays.toString(local) : "")
                + ")";
    }
}
