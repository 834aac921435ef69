package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.unique over every real dtype and the lengths of every sort path (the network, the radix and
 * onesweep sorts with a short last tile), with many repeats, both zeros and, for floats, NaNs of
 * either sign (one NaN in the result, last, as NumPy 2's equal_nan): against a plain Java oracle
 * (the values sorted as doubles, NaN last, runs of equal values, -0.0 == 0.0, collapsed). The input
 * must come out untouched. Complex is taken too (its rules are in ComplexUniqueTest).
 */
public class UniqueTest extends PerDeviceTest {
    private static final DType[] REAL = {
        DType.BOOL,
        DType.INT8,
        DType.UINT8,
        DType.INT16,
        DType.UINT16,
        DType.INT32,
        DType.UINT32,
        DType.INT64,
        DType.UINT64,
        DType.FLOAT16,
        DType.FLOAT32,
        DType.FLOAT64
    };

    /** n values for d, as doubles exactly representable in d: repeats, zeros of both signs, NaNs (floats), and extremes. */
    private static double[] values(DType d, int n, SplittableRandom r) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            int k = r.nextInt(12);
            double x;
            if (d == DType.BOOL) x = r.nextInt(2);
            else if (k == 0 && d.isFloating()) x = r.nextBoolean() ? Double.NaN : -Double.NaN;
            else if (k == 1) x = d.isFloating() && r.nextBoolean() ? -0.0 : 0.0;
            else if (k < 6) x = r.nextInt(40) - ((d.isInteger() && !d.isSigned()) ? 0 : 20); // many repeats
            else
                x = d.isFloating()
                        ? (r.nextInt(4001) - 2000) / 8.0
                        : r.nextInt(d.itemsize() == 1 ? 100 : 30000) - ((d.isInteger() && !d.isSigned()) ? 0 : 50);
            v[i] = x;
        }
        return v;
    }

    private static double[] oracle(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s); // NaN last; -0.0 before 0.0, equal below
        List<Double> out = new ArrayList<>();
        for (double x : s) {
            if (out.isEmpty()) {
                out.add(x);
                continue;
            }
            double last = out.get(out.size() - 1);
            boolean same = Double.isNaN(x) ? Double.isNaN(last) : x == last;
            if (!same) out.add(x);
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    @Test
    void everyRealDtypeEveryPath() {
        SplittableRandom r = new SplittableRandom(2611);
        for (DType d : REAL) {
            for (int n : new int[] {1, 2, 3, 513, 4097, 70_001}) {
                double[] v = values(d, n, r);
                String what = d + " unique of " + n;
                try (NDArray src = Nd.array(v);
                        NDArray a = src.astype(d);
                        NDArray u = Nd.unique(a)) {
                    double[] before = a.astype(DType.FLOAT64).toDoubleArray();
                    assertEquals(d, u.dtype(), what);
                    double[] got;
                    try (NDArray g = u.astype(DType.FLOAT64)) {
                        got = g.toDoubleArray();
                    }
                    double[] want = oracle(before);
                    assertEquals(want.length, got.length, what + ": length");
                    for (int i = 0; i < want.length; i++) {
                        boolean ok = Double.isNaN(want[i]) ? Double.isNaN(got[i]) : want[i] == got[i];
                        assertTrue(ok, what + " at " + i + ": want " + want[i] + ", got " + got[i]);
                    }
                    try (NDArray again = a.astype(DType.FLOAT64)) {
                        assertArrayEquals(before, again.toDoubleArray(), 0.0, what + ": the input changed");
                    }
                }
            }
        }
    }

    /**
     * Mostly distinct values (the result keeps most of the compaction's memory, where the short
     * results are copied out): still exact, C-contiguous, and alive after the input is closed.
     */
    @Test
    void mostlyDistinctValues() {
        SplittableRandom r = new SplittableRandom(77);
        for (DType d : new DType[] {DType.FLOAT32, DType.INT64, DType.UINT16}) {
            for (int n : new int[] {4096, 4097, 70_001}) {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = d == DType.UINT16
                            ? r.nextInt(65536)
                            : d == DType.FLOAT32
                                    ? (float) (r.nextDouble() * 2e6 - 1e6)
                                    : r.nextLong(-1L << 40, 1L << 40);
                    if (i > 0 && r.nextInt(20) == 0) v[i] = v[r.nextInt(i)]; // a few repeats, anywhere
                }
                double[] want = oracle(v);
                String what = d + " unique of " + n + " mostly distinct";
                NDArray u;
                try (NDArray src = Nd.array(v);
                        NDArray a = src.astype(d)) {
                    u = Nd.unique(a);
                }
                try (u;
                        NDArray g = u.astype(DType.FLOAT64)) {
                    assertTrue(u.isCContiguous(), what + ": C-contiguous");
                    assertArrayEquals(new long[] {want.length}, u.shape(), what + ": shape");
                    assertArrayEquals(want, g.toDoubleArray(), 0.0, what);
                }
            }
        }
    }

    @Test
    void complexIsTakenAsNumPyTakesIt() {
        // np.unique([2+0j, 1+0j, 2+0j]) -> [1+0j, 2+0j] (ComplexUniqueTest has the NaN and zero rules)
        java.lang.foreign.MemorySegment seg = java.lang.foreign.MemorySegment.ofArray(new double[] {2, 0, 1, 0, 2, 0});
        try (NDArray z = Nd.array(seg, DType.COMPLEX128, 3);
                NDArray u = Nd.unique(z)) {
            assertEquals(DType.COMPLEX128, u.dtype());
            assertArrayEquals(
                    new double[] {1, 0, 2, 0}, u.toBytes().toArray(java.lang.foreign.ValueLayout.JAVA_DOUBLE));
        }
    }
}
