package org.ndgpu.fft.impl;

import org.ndgpu.Nd;
import org.ndgpu.NdException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Views;

/** fftshift, ifftshift, fftfreq, rfftfreq and next_fast_len. */
final class Shifts {
    private Shifts() { }

    /**
     * Each axis rolled by length // 2 (ifftshift: back by it); an axis named twice rolls twice, as
     * NumPy's roll does. Two slab copies per axis that moves.
     */
    static NDArray shift(String op, NDArray a, int[] axes, boolean inverse) {
        Args.array(op, a);
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
            try (prev; NDArray s1 = Views.slab(prev, d, 0, len - k); NDArray d1 = Views.slab(next, d, k, len - k);
                 NDArray s2 = Views.slab(prev, d, len - k, k); NDArray d2 = Views.slab(next, d, 0, k)) {
                Copies.copyInto(s1, d1);
                Copies.copyInto(s2, d2);
            }
            cur = next;
        }
        return cur;
    }

    private static double spacing(String op, long n, double d) {
        if (n < 1) throw new NdException(op + ": n must be at least 1, got " + n);
        // the frequencies are made on the host as a Java array
        if (n > Integer.MAX_VALUE - 16) throw new NdException(op + ": n must be at most " + (Integer.MAX_VALUE - 16) + ", got " + n);
        if (d == 0 || Double.isNaN(d)) throw new NdException(op + ": sample spacing d must be a nonzero number, got " + d);
        return 1.0 / (n * d);
    }

    static NDArray fftfreq(long n, double d) {
        double val = spacing("fftfreq", n, d);
        double[] r = new double[Math.toIntExact(n)];
        long pos = (n - 1) / 2 + 1;
        for (int i = 0; i < pos; i++) r[i] = i * val;
        for (long i = pos; i < n; i++) r[(int) i] = (i - n) * val;
        return Nd.array(r);
    }

    static NDArray rfftfreq(long n, double d) {
        double val = spacing("rfftfreq", n, d);
        double[] r = new double[Math.toIntExact(n / 2 + 1)];
        for (int i = 0; i < r.length; i++) r[i] = i * val;
        return Nd.array(r);
    }

    static long nextFastLen(long n) {
        if (n < 1) throw new NdException("nextFastLen: n must be at least 1, got " + n);
        long m = n;
        while (!OwnFft.smooth(m)) {
            if (m == Long.MAX_VALUE) throw new NdException("nextFastLen: no 7-smooth length at or above " + n + " fits in a long");
            m++;
        }
        return m;
    }

}
