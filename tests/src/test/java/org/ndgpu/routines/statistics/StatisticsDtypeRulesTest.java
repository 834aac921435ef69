package org.ndgpu.routines.statistics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * NumPy 2.4's answers, quoted beside each, for the statistics cases an adversarial run found different:
 * quantile's result dtypes (a method that takes an element keeps the input's dtype, integers exact; one
 * that interpolates gives float64 for an array q), cov and corrcoef of a 1-d array with rowvar false,
 * diff with n 0, median's zero, interp with one point, partition with no kth.
 */
public class StatisticsDtypeRulesTest extends PerDeviceTest {
    private static final double[] Q = {0, .1, .25, .4, .5, .6, .75, .9, 1};

    @Test
    void quantileMethodsThatTakeAnElementKeepTheInputsDtype() {
        // np.quantile(np.array([2**53 + 1, 1, 2**53 + 3]), Q, method="lower"): int64, exact
        try (NDArray big = Nd.array(new long[] {9007199254740993L, 1, 9007199254740995L});
                NDArray r = Nd.quantile(big, Q, null, false, "lower")) {
            assertEquals(DType.INT64, r.dtype());
            long b1 = 9007199254740993L, b3 = 9007199254740995L;
            assertArrayEquals(new long[] {1, 1, 1, 1, b1, b1, b1, b1, b3}, r.toLongArray());
        }
        // np.quantile(np.uint8([3, 1, 4, 1, 5, 9, 2, 6]), 0.35, method="nearest"): np.uint8(2)
        try (NDArray u = Nd.array(new byte[] {3, 1, 4, 1, 5, 9, 2, 6}).astype(DType.UINT8);
                NDArray r = Nd.quantile(u, 0.35, null, false, "nearest")) {
            assertEquals(DType.UINT8, r.dtype());
            assertEquals(0, r.ndim());
            assertEquals(2, r.toLongArray()[0]);
        }
        // np.quantile(np.array([True, False, True]), [0.2, 0.9], method="higher"): array([ True,  True])
        try (NDArray b = Nd.array(new boolean[] {true, false, true});
                NDArray r = Nd.quantile(b, new double[] {0.2, 0.9}, null, false, "higher")) {
            assertEquals(DType.BOOL, r.dtype());
            assertEquals("array([ True,  True])", r.toString());
        }
        // the interpolating methods still refuse bool, as NumPy's subtract
        try (NDArray b = Nd.array(new boolean[] {true, false})) {
            assertThrows(NdException.class, () -> Nd.quantile(b, 0.5, null, false, "linear"));
        }
    }

    @Test
    void interpolatingQuantilesOfSeveralQAreFloat64() {
        // np.quantile(np.float16([3, 1, 4, 1, 5, 9, 2, 6]), Q, method=...): float64, computed in float64
        double[] normal = {1.0, 1.0, 1.4375, 2.6750000000000003, 3.5, 4.325, 5.5625, 8.399999999999999, 9.0};
        double[] linear = {1.0, 1.0, 1.75, 2.8000000000000003, 3.5, 4.2, 5.25, 6.8999999999999995, 9.0};
        for (DType t : new DType[] {DType.FLOAT16, DType.FLOAT32}) {
            try (NDArray a = Nd.array(new double[] {3, 1, 4, 1, 5, 9, 2, 6}).astype(t);
                    NDArray n = Nd.quantile(a, Q, null, false, "normal_unbiased");
                    NDArray l = Nd.quantile(a, Q, null, false, "linear");
                    NDArray one = Nd.quantile(a, 0.4, null, false, "linear");
                    NDArray low = Nd.quantile(a, Q, null, false, "lower")) {
                assertEquals(DType.FLOAT64, n.dtype(), t.toString());
                assertEquals(DType.FLOAT64, l.dtype(), t.toString());
                assertArrayEquals(normal, n.toDoubleArray(), 1e-15, t.toString());
                assertArrayEquals(linear, l.toDoubleArray(), 1e-15, t.toString());
                assertEquals(t, one.dtype(), "a scalar q keeps " + t);
                assertEquals(t, low.dtype(), "lower takes elements: " + t);
            }
        }
        // np.quantile(np.float32([1, 2, 3]), [], method="lower"): array([], dtype=float32); linear: float64
        try (NDArray a = Nd.array(new float[] {1, 2, 3});
                NDArray none = Nd.quantile(a, new double[0], null, false, "lower");
                NDArray noneLinear = Nd.quantile(a, new double[0], null, false, "linear")) {
            assertArrayEquals(new long[] {0}, none.shape());
            assertEquals(DType.FLOAT32, none.dtype());
            assertEquals(DType.FLOAT64, noneLinear.dtype());
        }
    }

    @Test
    void covOfOneDimensionalDataIsOneVariableWhateverRowvar() {
        try (NDArray a = Nd.array(new double[] {1, 4, 9, 16, 25});
                NDArray c = Nd.cov(a, false, false);
                NDArray cb = Nd.cov(a, false, true);
                NDArray r = Nd.corrcoef(a, false)) {
            // np.cov(a, rowvar=False): 93.5; bias=True: 74.8; np.corrcoef(a, rowvar=False): 1.0
            assertEquals(0, c.ndim());
            assertEquals(93.5, c.doubleValue(), 1e-12);
            assertEquals(74.8, cb.doubleValue(), 1e-12);
            assertEquals(1.0, r.doubleValue(), 1e-15);
        }
        // a (1, 3) matrix with rowvar=False is three variables of one observation: 3 x 3 of NaN
        try (NDArray m = Nd.array(new double[] {1, 4, 9}).reshape(1, 3);
                NDArray c = Nd.cov(m, false, false)) {
            assertArrayEquals(new long[] {3, 3}, c.shape());
            for (double v : c.toDoubleArray()) assertTrue(Double.isNaN(v));
        }
    }

    @Test
    void diffOfOrderZeroIsTheArrayWithoutPrependOrAppend() {
        // np.diff(np.int8([1, 4, 9]), 0, prepend=0, append=100): array([1, 4, 9], dtype=int8)
        try (NDArray a = Nd.array(new byte[] {1, 4, 9});
                NDArray d = Nd.diff(a, 0, 0, 0L, 100L)) {
            assertEquals(DType.INT8, d.dtype());
            assertArrayEquals(new long[] {1, 4, 9}, d.toLongArray());
        }
    }

    @Test
    void medianZerosAreNonNegativeAndInterpOfOnePointTakesIt() {
        // np.median([-0.0]), np.median([-0.0, -0.0]), np.median([-0.0, -0.0, 1, -1]): 0.0 (a mean: +0.0)
        for (double[] v : new double[][] {{-0.0}, {-0.0, -0.0}, {-0.0, -0.0, 1, -1}}) {
            try (NDArray a = Nd.array(v);
                    NDArray m = Nd.median(a)) {
                assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(m.doubleValue()));
            }
        }
        // a method that takes an element keeps -0.0: np.quantile([-0.0, 1], 0, method="lower") is -0.0
        try (NDArray a = Nd.array(new double[] {-0.0, 1});
                NDArray q = Nd.quantile(a, 0.0, null, false, "lower")) {
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(q.doubleValue()));
        }
        // np.interp([nan, 0, 1, 2], [1.], [5.]): array([5., 5., 5., 5.])
        try (NDArray x = Nd.array(new double[] {Double.NaN, 0, 1, 2});
                NDArray xp = Nd.array(new double[] {1});
                NDArray fp = Nd.array(new double[] {5});
                NDArray y = Nd.interp(x, xp, fp)) {
            assertArrayEquals(new double[] {5, 5, 5, 5}, y.toDoubleArray(), 0);
        }
    }

    @Test
    void partitionWithoutKthRaises() {
        // np.partition(a, []): TypeError: Partition index must be integer
        try (NDArray a = Nd.array(new double[] {3, 1, 2})) {
            var e = assertThrows(NdException.class, () -> Nd.partition(a, new long[0], 0));
            assertTrue(e.getMessage().contains("kth"), e.getMessage());
            assertArrayEquals(new double[] {3, 1, 2}, a.toDoubleArray(), 0);
        }
    }

    @Test
    void histogram2dEdgesTakeTheSamplesFloatDtype() {
        // np.histogram2d(float32 x, float16 y, 3): edges float32 both; (float32, int32): float64 (the common dtype)
        try (NDArray x = Nd.array(new float[] {0.1f, 0.5f, 0.9f});
                NDArray y0 = Nd.array(new double[] {1, 2, 3});
                NDArray y = y0.astype(DType.FLOAT16);
                NDArray yi = y0.astype(DType.INT32);
                var h = Nd.histogram2d(x, y, 3);
                var hi = Nd.histogram2d(x, yi, 3)) {
            assertEquals(DType.FLOAT32, h.xEdges().dtype());
            assertEquals(DType.FLOAT32, h.yEdges().dtype());
            assertEquals(DType.FLOAT64, hi.xEdges().dtype());
            assertEquals(DType.FLOAT64, hi.yEdges().dtype());
            assertArrayEquals(
                    new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}, h.counts().toDoubleArray(), 0);
        }
    }
}
