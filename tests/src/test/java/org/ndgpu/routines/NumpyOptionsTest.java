package org.ndgpu.routines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The options of issue 39's item 3 against NumPy 2.4 (each expected value is NumPy's for the call in
 * its comment): meshgrid's indexing and sparse, lib.stride_tricks.sliding_window_view, unique's
 * return_index / return_inverse / return_counts / equal_nan, cumsum's and cumprod's dtype.
 */
public class NumpyOptionsTest extends PerDeviceTest {
    private static void same(long[] shape, double[] values, NDArray a) {
        assertArrayEquals(shape, a.shape());
        assertArrayEquals(values, a.toDoubleArray());
    }

    @Test
    void meshgridIndexingAndSparseAsNumPy() {
        try (NDArray x = Nd.array(new long[] {1, 2, 3});
                NDArray y = Nd.array(new long[] {10, 20});
                NDArray z = Nd.array(new long[] {5, 6})) {
            // np.meshgrid(x, y, indexing=..., sparse=...)
            NDArray[] xy = Nd.meshgrid("xy", false, x, y);
            same(new long[] {2, 3}, new double[] {1, 2, 3, 1, 2, 3}, xy[0]);
            same(new long[] {2, 3}, new double[] {10, 10, 10, 20, 20, 20}, xy[1]);
            NDArray[] xys = Nd.meshgrid("xy", true, x, y);
            same(new long[] {1, 3}, new double[] {1, 2, 3}, xys[0]);
            same(new long[] {2, 1}, new double[] {10, 20}, xys[1]);
            NDArray[] ij = Nd.meshgrid("ij", false, x, y);
            same(new long[] {3, 2}, new double[] {1, 1, 2, 2, 3, 3}, ij[0]);
            same(new long[] {3, 2}, new double[] {10, 20, 10, 20, 10, 20}, ij[1]);
            NDArray[] ijs = Nd.meshgrid("ij", true, x, y);
            same(new long[] {3, 1}, new double[] {1, 2, 3}, ijs[0]);
            same(new long[] {1, 2}, new double[] {10, 20}, ijs[1]);
            // np.meshgrid(x, y, z): 'xy' swaps only the first two axes
            NDArray[] three = Nd.meshgrid("xy", false, x, y, z);
            same(new long[] {2, 3, 2}, new double[] {1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3}, three[0]);
            same(new long[] {2, 3, 2}, new double[] {5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6}, three[2]);
            assertEquals(DType.INT64, ij[0].dtype());
            assertEquals(0, Nd.meshgrid("ij", true).length);
            NdException bad = assertThrows(NdException.class, () -> Nd.meshgrid("yx", false, x, y));
            assertTrue(bad.getMessage().contains("meshgrid") && bad.getMessage().contains("'yx'"), bad.getMessage());
            for (NDArray[] group : new NDArray[][] {xy, xys, ij, ijs, three}) for (NDArray a : group) a.close();
        }
    }

    @Test
    void slidingWindowViewAsNumPy() {
        try (NDArray v = Nd.arange(6).astype(DType.FLOAT64);
                NDArray w = Nd.slidingWindowView(v, 3)) {
            // sliding_window_view(np.arange(6.), 3)
            same(new long[] {4, 3}, new double[] {0, 1, 2, 1, 2, 3, 2, 3, 4, 3, 4, 5}, w);
            assertFalse(w.isWriteable(), "NumPy's windows are read-only (writeable=False)");
        }
        try (NDArray x = Nd.arange(12).astype(DType.FLOAT64).reshape(3, 4);
                NDArray w = Nd.slidingWindowView(x, 2, 2);
                NDArray sums = w.sum(new int[] {2, 3}, false);
                NDArray twice = Nd.slidingWindowView(x, new long[] {2, 2}, new int[] {1, 1});
                NDArray last = Nd.slidingWindowView(x, new long[] {2}, new int[] {-1})) {
            // sliding_window_view(x, (2, 2)).sum(axis=(2, 3))
            same(new long[] {2, 3}, new double[] {10, 14, 18, 26, 30, 34}, sums);
            // sliding_window_view(x, (2, 2), axis=(1, 1)): an axis named twice
            same(
                    new long[] {3, 2, 2, 2},
                    new double[] {0, 1, 1, 2, 1, 2, 2, 3, 4, 5, 5, 6, 5, 6, 6, 7, 8, 9, 9, 10, 9, 10, 10, 11},
                    twice);
            // sliding_window_view(x, 2, axis=-1)
            same(new long[] {3, 3, 2}, new double[] {0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 9, 9, 10, 10, 11}, last);
        }
        try (NDArray ten = Nd.arange(10).astype(DType.FLOAT64);
                NDArray strided = ten.get("::2");
                NDArray w = Nd.slidingWindowView(strided, 2);
                NDArray empty = Nd.slidingWindowView(ten, 0)) {
            // sliding_window_view(np.arange(10.)[::2], 2), and a window of 0: shape (11, 0)
            same(new long[] {4, 2}, new double[] {0, 2, 2, 4, 4, 6, 6, 8}, w);
            assertArrayEquals(new long[] {11, 0}, empty.shape());
        }
        try (NDArray v = Nd.arange(6);
                NDArray m = Nd.zeros(DType.FLOAT32, 3, 4)) {
            assertThrows(ShapeException.class, () -> Nd.slidingWindowView(v, 7));
            assertThrows(ShapeException.class, () -> Nd.slidingWindowView(v, -1));
            assertThrows(ShapeException.class, () -> Nd.slidingWindowView(m, 2));
            assertThrows(ShapeException.class, () -> Nd.slidingWindowView(m, new long[] {2, 2}, new int[] {0}));
            assertThrows(AxisException.class, () -> Nd.slidingWindowView(m, new long[] {2}, new int[] {2}));
            // the refused calls left the input as it was
            same(new long[] {6}, new double[] {0, 1, 2, 3, 4, 5}, v);
        }
    }

    @Test
    void uniqueFlagsAsNumPy() {
        double nan = Double.NaN;
        try (NDArray a = Nd.array(new double[] {3, nan, nan, 3, 1, 1}).reshape(3, 2)) {
            // np.unique(a, return_index=True, return_inverse=True, return_counts=True): the NaNs are one
            try (UniqueAll u = Nd.unique(a, true, true, true)) {
                same(new long[] {3}, new double[] {1, 3, nan}, u.values());
                assertArrayEquals(new long[] {4, 0, 1}, u.indices().toLongArray());
                assertArrayEquals(new long[] {3, 2}, u.inverseIndices().shape());
                assertArrayEquals(
                        new long[] {1, 2, 2, 1, 0, 0}, u.inverseIndices().toLongArray());
                assertArrayEquals(new long[] {2, 2, 2}, u.counts().toLongArray());
            }
            // ... equal_nan=False
            try (UniqueAll u = Nd.unique(a, true, true, true, false)) {
                same(new long[] {4}, new double[] {1, 3, nan, nan}, u.values());
                assertArrayEquals(new long[] {4, 0, 1, 2}, u.indices().toLongArray());
                assertArrayEquals(
                        new long[] {1, 2, 3, 1, 0, 0}, u.inverseIndices().toLongArray());
                assertArrayEquals(new long[] {2, 2, 1, 1}, u.counts().toLongArray());
            }
            // np.unique(a, return_counts=True): only what was asked
            try (UniqueAll u = Nd.unique(a, false, false, true)) {
                same(new long[] {3}, new double[] {1, 3, nan}, u.values());
                assertNull(u.indices());
                assertNull(u.inverseIndices());
                assertArrayEquals(new long[] {2, 2, 2}, u.counts().toLongArray());
            }
        }
        try (NDArray b = Nd.array(new long[] {1, 2, 1, 2, 0, 5}).reshape(3, 2);
                UniqueAll u = Nd.unique(b, 0, true, true, false)) {
            // np.unique(b, axis=0, return_index=True, return_inverse=True)
            same(new long[] {2, 2}, new double[] {0, 5, 1, 2}, u.values());
            assertArrayEquals(new long[] {2, 0}, u.indices().toLongArray());
            assertArrayEquals(new long[] {1, 1, 0}, u.inverseIndices().toLongArray());
            assertNull(u.counts());
        }
        try (NDArray e = Nd.zeros(DType.FLOAT32, 0);
                UniqueAll u = Nd.unique(e, true, true, true)) {
            assertEquals(0, u.values().size());
            assertEquals(DType.FLOAT32, u.values().dtype());
            assertEquals(0, u.counts().size());
        }
    }

    @Test
    void cumsumAndCumprodTakeADtype() {
        try (NDArray a = Nd.array(new byte[] {100, 100, 100, 27}).reshape(2, 2);
                NDArray flat16 = Nd.cumsum(a, null, DType.INT16);
                NDArray down32 = Nd.cumsum(a, 0, DType.FLOAT32);
                NDArray prod64 = Nd.cumprod(a, 1, DType.INT64);
                NDArray plain = Nd.cumsum(a, null, null)) {
            // np.cumsum(a, dtype=np.int16): no int8 wrap-around
            assertEquals(DType.INT16, flat16.dtype());
            same(new long[] {4}, new double[] {100, 200, 300, 327}, flat16);
            // np.cumsum(a, axis=0, dtype=np.float32)
            assertEquals(DType.FLOAT32, down32.dtype());
            same(new long[] {2, 2}, new double[] {100, 100, 200, 127}, down32);
            // np.cumprod(a, axis=1, dtype=np.int64)
            same(new long[] {2, 2}, new double[] {100, 10000, 100, 2700}, prod64);
            // np.cumsum(a): int8 widens to int64
            assertEquals(DType.INT64, plain.dtype());
            same(new long[] {4}, new double[] {100, 200, 300, 327}, plain);
        }
        try (NDArray s = Nd.array(2.5, DType.FLOAT64);
                NDArray c = Nd.cumsum(s, null, DType.FLOAT32)) {
            // np.cumsum(np.array(2.5), dtype=np.float32): a 0-d array gives one element
            same(new long[] {1}, new double[] {2.5}, c);
        }
    }

    @Test
    void histogramWeightsAndDensityAsNumPy() {
        try (NDArray a = Nd.array(new double[] {0.5, 1.5, 1.5, 2.0, 3.0, -1.0});
                NDArray w32 = Nd.array(new float[] {1, 2, 3, 4, 5, 6});
                NDArray w64 = Nd.arange(6);
                NDArray edges = Nd.array(new double[] {0, 1, 3})) {
            // np.histogram(a, 3, weights=np.float32([1..6])): float32 sums
            try (Histogram h = Nd.histogram(a, 3, null, w32, false)) {
                assertEquals(DType.FLOAT32, h.counts().dtype());
                same(new long[] {3}, new double[] {6, 6, 9}, h.counts());
                assertArrayEquals(
                        new double[] {-1, 1.0 / 3, 5.0 / 3, 3}, h.binEdges().toDoubleArray(), 1e-15);
            }
            // np.histogram(a, 3, weights=np.arange(6)): int64 sums
            try (Histogram h = Nd.histogram(a, 3, null, w64, false)) {
                assertEquals(DType.INT64, h.counts().dtype());
                same(new long[] {3}, new double[] {5, 3, 7}, h.counts());
            }
            // np.histogram(a, 3, density=True)
            try (Histogram h = Nd.histogram(a, 3, null, null, true)) {
                assertEquals(DType.FLOAT64, h.counts().dtype());
                assertArrayEquals(new double[] {0.125, 0.375, 0.25}, h.counts().toDoubleArray(), 1e-15);
            }
            // np.histogram(a, [0., 1., 3.], weights=w32, density=True)
            try (Histogram h = Nd.histogram(a, edges, w32, true)) {
                assertArrayEquals(new double[] {1.0 / 15, 7.0 / 15}, h.counts().toDoubleArray(), 1e-15);
            }
            try (NDArray short3 = Nd.arange(3)) {
                assertThrows(ShapeException.class, () -> Nd.histogram(a, 3, null, short3, false));
            }
        }
        try (NDArray empty = Nd.zeros(DType.FLOAT64, 0);
                Histogram h = Nd.histogram(empty, 3, null, null, true)) {
            // np.histogram(np.array([]), 3, density=True): 0/0
            double[] c = h.counts().toDoubleArray();
            assertEquals(3, c.length);
            for (double v : c) assertTrue(Double.isNaN(v));
        }
    }

    @Test
    void diffPrependAppendAsNumPy() {
        try (NDArray a = Nd.array(new long[] {1, 4, 9, 2, 3, 5}).reshape(2, 3);
                NDArray rowOfZeros = Nd.zeros(DType.INT64, 1, 3);
                NDArray first = Nd.diff(a, 1, -1, 0L, null);
                NDArray down = Nd.diff(a, 1, 0, null, rowOfZeros);
                NDArray v = Nd.array(new double[] {1, 3});
                NDArray ten = Nd.array(new double[] {10});
                NDArray both = Nd.diff(v, 1, -1, 2.5, ten)) {
            // np.diff(a, 1, -1, prepend=0)
            same(new long[] {2, 3}, new double[] {1, 3, 5, 2, 1, 2}, first);
            assertEquals(DType.INT64, first.dtype());
            // np.diff(a, axis=0, append=[[0, 0, 0]])
            same(new long[] {2, 3}, new double[] {1, -1, -4, -2, -3, -5}, down);
            // np.diff([1., 3.], prepend=2.5, append=[10.])
            same(new long[] {3}, new double[] {-1.5, 2, 7}, both);
            try (NDArray wrong = Nd.zeros(DType.INT64, 3, 1)) {
                assertThrows(NdException.class, () -> Nd.diff(a, 1, -1, wrong, null));
            }
        }
    }

    @Test
    void partitionWithSeveralKthAsNumPy() {
        try (NDArray p = Nd.array(new long[] {1, 5, 2, 8, 3, 9, 1, 7, 3, 5}).reshape(2, 5);
                NDArray part = Nd.partition(p, new long[] {1, 3}, -1);
                NDArray idx = Nd.argpartition(p, new long[] {1, -2}, -1)) {
            // np.partition(p, [1, 3], axis=-1): elements 1 and 3 in their sorted places
            long[] got = part.toLongArray();
            assertEquals(2, got[1]);
            assertEquals(5, got[3]);
            assertEquals(3, got[6]);
            assertEquals(7, got[8]);
            for (int r = 0; r < 2; r++) {
                for (int j = 0; j < 5; j++) {
                    if (j < 1) assertTrue(got[5 * r + j] <= got[5 * r + 1]);
                    if (j > 3) assertTrue(got[5 * r + j] >= got[5 * r + 3]);
                }
            }
            long[] ix = idx.toLongArray(), src = p.toLongArray();
            assertEquals(2, src[(int) ix[1]]);
            assertEquals(5, src[(int) ix[3]]);
            assertThrows(NdException.class, () -> Nd.partition(p, new long[] {1, 5}, -1));
        }
    }

    @Test
    void interpWithAPeriodAsNumPy() {
        try (NDArray x = Nd.array(new double[] {-180, -170, -185, 185, -10, -5, 0, 365});
                NDArray xp = Nd.array(new double[] {190, -190, 350, -350});
                NDArray fp = Nd.array(new double[] {5, 10, 3, 4});
                NDArray y = Nd.interp(x, xp, fp, 360.0);
                NDArray x2 = Nd.array(new double[] {1.5, 7.2});
                NDArray xp2 = Nd.array(new double[] {0, 1, 2, 3});
                NDArray fp2 = Nd.array(new double[] {0, 10, 20, 30});
                NDArray y2 = Nd.interp(x2, xp2, fp2, 4.0)) {
            // np.interp(x, xp, fp, period=360): NumPy's documented example
            assertArrayEquals(new double[] {7.5, 5, 8.75, 6.25, 3, 3.25, 3.5, 3.75}, y.toDoubleArray(), 1e-12);
            // np.interp([1.5, 7.2], [0, 1, 2, 3], [0, 10, 20, 30], period=4)
            assertArrayEquals(new double[] {15, 23.999999999999993}, y2.toDoubleArray(), 1e-12);
            assertThrows(NdException.class, () -> Nd.interp(x, xp, fp, 0.0));
        }
    }

    @Test
    void reductionsTakeADtype() {
        try (NDArray a = Nd.array(new byte[] {100, 100, 100, 27}).reshape(2, 2);
                NDArray wrapped = Nd.sum(a, null, false, DType.INT8);
                NDArray down = Nd.sum(a, new int[] {0}, false, DType.FLOAT32);
                NDArray m32 = Nd.mean(a, null, false, DType.FLOAT32);
                NDArray mInt = Nd.mean(a, new int[] {1}, false, DType.INT64);
                NDArray p16 = Nd.prod(a, new int[] {1}, true, DType.INT16)) {
            // np.sum(a, dtype=np.int8) wraps in int8, as NumPy's
            assertEquals(DType.INT8, wrapped.dtype());
            assertEquals(71, wrapped.toLongArray()[0]);
            // np.sum(a, axis=0, dtype=np.float32)
            assertEquals(DType.FLOAT32, down.dtype());
            same(new long[] {2}, new double[] {200, 127}, down);
            // np.mean(a, dtype=np.float32), np.mean(a, axis=1, dtype=np.int64)
            assertEquals(DType.FLOAT32, m32.dtype());
            assertEquals(81.75, m32.toDoubleArray()[0]);
            assertEquals(DType.INT64, mInt.dtype());
            same(new long[] {2}, new double[] {100, 63}, mInt);
            // np.prod(a, axis=1, dtype=np.int16, keepdims=True)
            assertEquals(DType.INT16, p16.dtype());
            same(new long[] {2, 1}, new double[] {10000, 2700}, p16);
        }
        try (NDArray f = Nd.array(new float[] {1e8f, 1, -1e8f});
                NDArray s64 = Nd.sum(f, null, false, DType.FLOAT64);
                NDArray m64 = Nd.mean(f, null, false, DType.FLOAT64);
                NDArray v64 = Nd.var(f, null, false, 0, DType.FLOAT64);
                NDArray i8 = Nd.array(new byte[] {1, 2, 3, 4});
                NDArray sd = Nd.std(i8, null, false, 1, DType.FLOAT32)) {
            // np.sum(f, dtype=np.float64) keeps the 1 that float32 loses; np.mean, np.var alike
            assertEquals(1.0, s64.toDoubleArray()[0]);
            assertEquals(1.0 / 3, m64.toDoubleArray()[0], 1e-16);
            assertEquals(6666666666666667.0, v64.toDoubleArray()[0], 2);
            // np.std(np.int8([1, 2, 3, 4]), ddof=1, dtype=np.float32)
            assertEquals(DType.FLOAT32, sd.dtype());
            assertEquals(1.2909944, sd.toDoubleArray()[0], 1e-6);
            assertThrows(NdException.class, () -> Nd.var(i8, null, false, 0, DType.INT64));
        }
    }

    @Test
    void quantileMethodsAndSeveralQAsNumPy() {
        // np.quantile(a, [0.1, 0.5, 0.9], axis=1, method=m).ravel() for each of NumPy's thirteen methods
        java.util.Map<String, double[]> expected = new java.util.LinkedHashMap<>();
        expected.put("inverted_cdf", new double[] {1, 2, 3, 5, 5, 9});
        expected.put("averaged_inverted_cdf", new double[] {1, 2, 3, 5, 5, 9});
        expected.put("closest_observation", new double[] {1, 2, 1, 3, 4, 6});
        expected.put("interpolated_inverted_cdf", new double[] {1, 2, 2, 4, 4.5, 7.5});
        expected.put("hazen", new double[] {1, 2, 3, 5, 5, 9});
        expected.put("weibull", new double[] {1, 2, 3, 5, 5, 9});
        expected.put("linear", new double[] {1, 2.4, 3, 5, 4.6, 7.800000000000001});
        expected.put("median_unbiased", new double[] {1, 2, 3, 5, 5, 9});
        expected.put("normal_unbiased", new double[] {1, 2, 3, 5, 5, 9});
        expected.put("lower", new double[] {1, 2, 3, 5, 4, 6});
        expected.put("higher", new double[] {1, 3, 3, 5, 5, 9});
        expected.put("midpoint", new double[] {1, 2.5, 3, 5, 4.5, 7.5});
        expected.put("nearest", new double[] {1, 2, 3, 5, 5, 9});
        try (NDArray a = Nd.array(new double[] {3, 1, 4, 1, 5, 9, 2, 6, 5, 3}).reshape(2, 5)) {
            for (var e : expected.entrySet()) {
                try (NDArray q = Nd.quantile(a, new double[] {0.1, 0.5, 0.9}, 1, false, e.getKey())) {
                    assertArrayEquals(new long[] {3, 2}, q.shape(), e.getKey());
                    assertArrayEquals(e.getValue(), q.toDoubleArray(), 1e-12, e.getKey());
                }
            }
            // np.quantile(a, [0.25, 0.75], axis=None, keepdims=True).shape; np.percentile(a, [2.5, 97.5])
            try (NDArray k = Nd.quantile(a, new double[] {0.25, 0.75}, null, true, "linear");
                    NDArray p = Nd.percentile(a, new double[] {2.5, 97.5}, null, false, "linear");
                    NDArray one = Nd.percentile(a, 50.0, null, false, "lower")) {
                assertArrayEquals(new long[] {2, 1, 1}, k.shape());
                assertArrayEquals(new double[] {1, 8.325000000000001}, p.toDoubleArray(), 1e-12);
                assertEquals(0, one.ndim());
                assertEquals(3, one.toDoubleArray()[0]);
            }
            assertThrows(NdException.class, () -> Nd.quantile(a, new double[] {0.5}, null, false, "linearr"));
            assertThrows(NdException.class, () -> Nd.percentile(a, new double[] {101}, null, false, "linear"));
        }
    }

    @Test
    void todayNowTensordotPairsAndDefaultDtypes() {
        // np.datetime64('today'): the local date, unit D; 'now': UTC to the second
        try (NDArray today = Nd.datetime64("today");
                NDArray now = Nd.datetime64("now")) {
            assertEquals(DType.datetime64(org.ndgpu.ndarray.DateUnit.D), today.dtype());
            long day = java.time.LocalDate.now(java.time.ZoneId.systemDefault()).toEpochDay();
            assertTrue(Math.abs(day - today.toLongArray()[0]) <= 1, "today: " + today);
            assertEquals(DType.datetime64(org.ndgpu.ndarray.DateUnit.s), now.dtype());
            long second = java.time.Instant.now().getEpochSecond();
            assertTrue(Math.abs(second - now.toLongArray()[0]) <= 5, "now: " + now);
        }
        try (NDArray a = Nd.arange(24).astype(DType.FLOAT64).reshape(2, 3, 4);
                NDArray b = Nd.arange(12).astype(DType.FLOAT64).reshape(3, 2, 2);
                NDArray c = Nd.tensordot(a, b, new int[] {1, 0}, new int[] {0, 1});
                NDArray m = Nd.mean(a, new int[] {1}, true, (DType) null);
                NDArray plain = a.mean(new int[] {1}, true)) {
            // np.tensordot(a, b, axes=([1, 0], [0, 1]))
            assertArrayEquals(new long[] {4, 2}, c.shape());
            assertArrayEquals(new double[] {400, 460, 430, 496, 460, 532, 490, 568}, c.toDoubleArray());
            // dtype=None is NumPy's default
            assertArrayEquals(plain.toDoubleArray(), m.toDoubleArray());
        }
        try (NDArray v = Nd.arange(6);
                NDArray w = Nd.slidingWindowView(v, 2)) {
            NdException e = assertThrows(NdException.class, () -> w.set("0, 0", 5L));
            assertTrue(e.getMessage().contains("read-only") && !e.getMessage().contains("broadcast"), e.getMessage());
        }
    }
}
