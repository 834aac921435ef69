package org.ndgpu.fft.impl;

import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;
import org.ndgpu.ndarray.Views;

/** fftshift, ifftshift, fftfreq, rfftfreq and next_fast_len. */
final class Shifts {
    private Shifts() {}

    /**
     * Each axis rolled by length // 2 (ifftshift: back by it); an axis named twice rolls twice, as
     * NumPy's roll does. Two slab copies per axis that moves.
     */
    static NDArray shift(String op, NDArray a, int[] axes, boolean inverse) {
        Args.array(op, a);
        Sizes.bytes(op, a.shape(), a.dtype()); // a copy of a broadcast view may be no array at all
        int ndim = a.ndim();
        long[] shape = a.shape(), by = new long[ndim];
        if (axes == null) {
            for (int d = 0; d < ndim; d++) by[d] = shape[d] / 2;
        } else {
            for (int x : axes) {
                int d = Shapes.axis(op, x, ndim);
                by[d] += shape[d] / 2;
            }
        }
        NDArray cur = a.copy();
        for (int d = 0; d < ndim; d++) {
            long len = shape[d];
            if (len == 0) continue;
            long k = Math.floorMod(inverse ? -by[d] : by[d], len);
            if (k == 0) continue;
            NDArray next = NDArray.empty(a.device(), a.dtype(), shape, Order.C);
            NDArray prev = cur;
            try (prev;
                    NDArray s1 = Views.slab(prev, d, 0, len - k);
                    NDArray d1 = Views.slab(next, d, k, len - k);
                    NDArray s2 = Views.slab(prev, d, len - k, k);
                    NDArray d2 = Views.slab(next, d, 0, k)) {
                Copies.copyInto(s1, d1);
                Copies.copyInto(s2, d2);
            }
            cur = next;
        }
        return cur;
    }

    // 1 / (n d), as NumPy: d = 0 divides by zero (its ZeroDivisionError), a NaN or infinite d gives NaN or zero
    // frequencies
    private static double spacing(String op, long n, double d) {
        if (n < 1) throw new NdException(op + ": n must be at least 1, got " + n);
        if (d == 0)
            throw new NdException(
                    op + ": sample spacing d must be nonzero, got " + d + " (NumPy: float division by zero)");
        return 1.0 / (n * d);
    }

    static NDArray fftfreq(long n, double d) {
        double val = spacing("fftfreq", n, d);
        // the frequencies are made on the host as a Java array
        double[] r = new double[Sizes.hostLength("fftfreq", "frequencies (n)", n, Double.BYTES)];
        long pos = (n - 1) / 2 + 1;
        for (int i = 0; i < pos; i++) r[i] = i * val;
        for (long i = pos; i < n; i++) r[(int) i] = (i - n) * val;
        return Creation.array(r);
    }

    static NDArray rfftfreq(long n, double d) {
        double val = spacing("rfftfreq", n, d);
        double[] r = new double[Sizes.hostLength("rfftfreq", "frequencies (n // 2 + 1)", n / 2 + 1, Double.BYTES)];
        for (int i = 0; i < r.length; i++) r[i] = i * val;
        return Creation.array(r);
    }

    /** The largest 7-smooth long: 9223306985706024960 = 2^12 3^13 5 7^10 (SciPy refuses targets past (2^64 - 1) / 11 instead). */
    static final long LARGEST_SMOOTH = largestSmooth();

    /**
     * scipy.fft.next_fast_len(n) for ndgpu's kernels (as CuPy's): the smallest 2^a 3^b 5^c 7^d at
     * or above n, found among the products of powers of 7, 5 and 3 below 2n, each raised by the
     * power of two that brings it to n: a few thousand candidates at most, where stepping by one
     * from n could take longer than any program runs. 0 gives 0, as SciPy.
     */
    static long nextFastLen(String op, long n) {
        if (n < 0) throw new NdException(op + ": target length must be positive, got " + n);
        if (n <= 1) return n;
        if (n > LARGEST_SMOOTH) {
            throw new NdException(
                    op + ": no length at or above " + n + " has only the prime factors 2, 3, 5 and 7 and fits in a"
                            + " 64-bit count (the largest is " + LARGEST_SMOOTH + ")");
        }
        long best = Long.MAX_VALUE;
        for (long p7 = 1; ; p7 *= 7) {
            for (long p75 = p7; ; p75 *= 5) {
                for (long p = p75; ; p *= 3) {
                    // p times the smallest power of two reaching n; every product stays below 2n <= 2^64 as an unsigned
                    // number
                    long q = p;
                    if (q < n) q <<= 64 - Long.numberOfLeadingZeros((n - 1) / q);
                    if (Long.compareUnsigned(q, best) < 0) best = q;
                    if (p >= n || p > Long.MAX_VALUE / 3) break;
                }
                if (p75 >= n || p75 > Long.MAX_VALUE / 5) break;
            }
            if (p7 >= n || p7 > Long.MAX_VALUE / 7) break;
        }
        return best;
    }

    private static long largestSmooth() {
        long best = 1;
        for (long p7 = 1; ; p7 *= 7) {
            for (long p75 = p7; ; p75 *= 5) {
                for (long p = p75; ; p *= 3) {
                    best = Math.max(best, p << (Long.numberOfLeadingZeros(p) - 1));
                    if (p > Long.MAX_VALUE / 3) break;
                }
                if (p75 > Long.MAX_VALUE / 5) break;
            }
            if (p7 > Long.MAX_VALUE / 7) break;
        }
        return best;
    }
}
