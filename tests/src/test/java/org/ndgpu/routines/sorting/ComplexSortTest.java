package org.ndgpu.routines.sorting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * sort, argsort, searchsorted and partition of complex arrays (once refused), in NumPy's complex
 * order: lexicographic, real then imaginary, with [R + Rj, R + nanj, nan + Rj, nan + nanj] (R not
 * NaN). NumPy 2.4's answers recorded, with infinities, NaNs and both zeros, along either axis; and
 * rows longer than the network's local block against a Java comparator of the same order.
 */
class ComplexSortTest extends PerDeviceTest {
    private static final double NAN = Double.NaN, INF = Double.POSITIVE_INFINITY;

    private static NDArray complex(double[] interleaved, DType t, long... shape) {
        try (NDArray z =
                Nd.array(MemorySegment.ofArray(interleaved.clone()), DType.COMPLEX128, interleaved.length / 2)) {
            try (NDArray c = z.astype(t)) {
                return c.reshape(shape.length == 0 ? new long[] {interleaved.length / 2} : shape)
                        .copy();
            }
        }
    }

    private static double[] interleaved(NDArray z) {
        try (NDArray w = z.astype(DType.COMPLEX128)) {
            return w.toBytes().toArray(ValueLayout.JAVA_DOUBLE);
        }
    }

    // NumPy's complex order (npysort's CDOUBLE_LT), for the oracle
    private static boolean less(double ax, double ay, double bx, double by) {
        boolean nax = Double.isNaN(ax), nay = Double.isNaN(ay), nbx = Double.isNaN(bx), nby = Double.isNaN(by);
        if (ax < bx) return !nay || nby;
        if (ax > bx) return nby && !nay;
        if (ax == bx || (nax && nbx)) return ay < by || (nby && !nay);
        return nbx;
    }

    // np.array([3+1j, nan+1j, -0.+0j, 1+nanj, 0j, 3-1j, 3+1j, nan+nanj, -inf+2j, 1-0.j, 2+nanj, inf-infj, -1+5j,
    // nan-2j])
    private static final double[] A = {
        3, 1, NAN, 1, -0.0, 0, 1, NAN, 0, 0, 3, -1, 3, 1, NAN, NAN, -INF, 2, 1, -0.0, 2, NAN, INF, -INF, -1, 5, NAN, -2
    };

    @Test
    void numpysSortAndStableArgsort() {
        // np.sort(A) and np.argsort(A, kind='stable')
        double[] sorted = {
            -INF, 2, -1, 5, -0.0, 0, 0, 0, 1, -0.0, 3, -1, 3, 1, 3, 1, INF, -INF, 1, NAN, 2, NAN, NAN, -2, NAN, 1, NAN,
            NAN
        };
        long[] order = {8, 12, 2, 4, 9, 5, 0, 6, 11, 3, 10, 13, 1, 7};
        for (DType t : new DType[] {DType.COMPLEX128, DType.COMPLEX64}) {
            try (NDArray a = complex(A, t);
                    NDArray s = Nd.sort(a);
                    NDArray i = Nd.argsort(a)) {
                assertEquals(t, s.dtype());
                assertArrayEquals(sorted, interleaved(s), t + " sort");
                assertArrayEquals(order, i.toLongArray(), t + " argsort");
            }
        }
    }

    @Test
    void alongEitherAxisSearchsortedAndPartition() {
        // m = [[3+1j, 1+0j, 2-1j], [0j, -1+1j, -1-1j]]: np.sort(m, axis=0), np.argsort(m, axis=1, kind='stable')
        try (NDArray m = complex(new double[] {3, 1, 1, 0, 2, -1, 0, 0, -1, 1, -1, -1}, DType.COMPLEX128, 2, 3);
                NDArray s0 = Nd.sort(m, 0);
                NDArray i1 = Nd.argsort(m, 1)) {
            assertArrayEquals(new double[] {0, 0, -1, 1, -1, -1, 3, 1, 1, 0, 2, -1}, interleaved(s0));
            assertArrayEquals(new long[] {1, 2, 0, 2, 1, 0}, i1.toLongArray());
        }
        // np.searchsorted([1+1j, 1+2j, 2+0j, 3-1j], [1+1.5j, 2+0j, 0j, nan+0j, 5+0j]) -> [1, 2, 0, 4, 4]; side='right'
        // of 2+0j -> 3
        try (NDArray sorted = complex(new double[] {1, 1, 1, 2, 2, 0, 3, -1}, DType.COMPLEX128);
                NDArray v = complex(new double[] {1, 1.5, 2, 0, 0, 0, NAN, 0, 5, 0}, DType.COMPLEX128);
                NDArray at = Nd.searchsorted(sorted, v);
                NDArray two = complex(new double[] {2, 0}, DType.COMPLEX128);
                NDArray right = Nd.searchsorted(sorted, two, "right")) {
            assertArrayEquals(new long[] {1, 2, 0, 4, 4}, at.toLongArray());
            assertArrayEquals(new long[] {3}, right.toLongArray());
        }
        // partition: the kth element in its sorted place (np.sort(A)[5] = 3-1j)
        try (NDArray a = complex(A, DType.COMPLEX128);
                NDArray p = Nd.partition(a, 5);
                NDArray kth = p.get("5:6")) {
            assertArrayEquals(new double[] {3, -1}, interleaved(kth));
        }
    }

    @Test
    void longRowsAgainstTheOrder() {
        SplittableRandom r = new SplittableRandom(9);
        int n = 3000; // global steps of the network too
        double[] a = new double[2 * n];
        double[] pool = {NAN, INF, -INF, 0.0, -0.0, 1, -1, 2.5};
        for (int i = 0; i < 2 * n; i++)
            a[i] = r.nextInt(4) == 0 ? pool[r.nextInt(pool.length)] : r.nextInt(-20, 21) / 4.0;
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) idx[i] = i;
        Comparator<Integer> byOrder = (p, q) -> less(a[2 * p], a[2 * p + 1], a[2 * q], a[2 * q + 1])
                ? -1
                : less(a[2 * q], a[2 * q + 1], a[2 * p], a[2 * p + 1]) ? 1 : 0;
        Arrays.sort(idx, byOrder); // stable: NumPy's kind='stable'
        try (NDArray z = complex(a, DType.COMPLEX128);
                NDArray i = Nd.argsort(z);
                NDArray s = Nd.sort(z)) {
            long[] got = i.toLongArray();
            for (int k = 0; k < n; k++) assertEquals((long) idx[k], got[k], "argsort[" + k + "]");
            double[] sv = interleaved(s);
            for (int k = 0; k < n; k++) {
                assertEquals(0, byOrder.compare(idx[k], (int) got[k]));
                double re = sv[2 * k], im = sv[2 * k + 1];
                assertEquals(
                        true,
                        (Double.isNaN(re) && Double.isNaN(a[2 * idx[k]])) || re == a[2 * idx[k]],
                        "sort[" + k + "].real");
                assertEquals(
                        true,
                        (Double.isNaN(im) && Double.isNaN(a[2 * idx[k] + 1])) || im == a[2 * idx[k] + 1],
                        "sort[" + k + "].imag");
            }
        }
    }
}
