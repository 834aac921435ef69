package org.ndgpu.routines.statistics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * median and nanmedian take the mean of the middle element(s), as NumPy's, so an infinity next to
 * the middle does not turn the result into NaN (the lerp's 0 * inf or inf - inf); expected values
 * from NumPy 2.4 (the call is in each comment).
 */
class MedianInfinityTest extends PerDeviceTest {
    private static final double INF = Double.POSITIVE_INFINITY, NAN = Double.NaN;

    private static void check(double[] want, long[] shape, DType dtype, NDArray got, String what) {
        try (got) {
            assertEquals(dtype, got.dtype(), what);
            assertArrayEquals(shape, got.shape(), what);
            assertArrayEquals(want, got.toDoubleArray(), what);
        }
    }

    @Test
    void medianNextToInfinity() {
        try (NDArray a = Nd.array(new double[] {1, 2, INF});
                NDArray b = Nd.array(new double[] {-INF, 2, INF});
                NDArray c = Nd.array(new double[] {INF, INF, INF});
                NDArray d = Nd.array(new double[] {1, INF, INF, 3}).reshape(2, 2);
                NDArray e = Nd.array(new float[] {(float) INF, 1, 2});
                NDArray f = Nd.array(new double[] {-INF, INF});
                NDArray g = Nd.array(new double[] {1, 3, -INF, INF});
                NDArray h = Nd.array(new double[] {1, 2, INF, INF}).astype(DType.FLOAT16);
                NDArray i = Nd.array(new double[] {1e308, 1e308});
                NDArray j = Nd.array(new double[] {5, 2, 4, 1, 3, INF}).reshape(2, 3);
                NDArray k = Nd.array(new double[] {1, 2, 3, -INF, INF, NAN}).reshape(2, 3)) {
            long[] scalar = {};
            check(new double[] {2}, scalar, DType.FLOAT64, Nd.median(a), "np.median([1, 2, inf]) -> 2.0");
            check(new double[] {2}, scalar, DType.FLOAT64, Nd.median(b), "np.median([-inf, 2, inf]) -> 2.0");
            check(new double[] {INF}, scalar, DType.FLOAT64, Nd.median(c), "np.median([inf, inf, inf]) -> inf");
            check(
                    new double[] {INF, INF},
                    new long[] {2},
                    DType.FLOAT64,
                    Nd.median(d, 0),
                    "np.median([[1, inf], [inf, 3]], 0) -> [inf, inf]");
            check(new double[] {2}, scalar, DType.FLOAT32, Nd.median(e), "np.median(float32 [inf, 1, 2]) -> 2.0");
            check(new double[] {NAN}, scalar, DType.FLOAT64, Nd.median(f), "np.median([-inf, inf]) -> nan");
            check(new double[] {2}, scalar, DType.FLOAT64, Nd.median(g), "np.median([1, 3, -inf, inf]) -> 2.0");
            check(
                    new double[] {INF},
                    scalar,
                    DType.FLOAT16,
                    Nd.median(h),
                    "np.median(float16 [1, 2, inf, inf]) -> inf");
            check(new double[] {INF}, scalar, DType.FLOAT64, Nd.median(i), "np.median([1e308, 1e308]) -> inf");
            check(
                    new double[] {3, 2.5, INF},
                    new long[] {3},
                    DType.FLOAT64,
                    Nd.median(j, 0),
                    "np.median([[5, 2, 4], [1, 3, inf]], 0) -> [3, 2.5, inf]");
            check(
                    new double[] {2, NAN},
                    new long[] {2},
                    DType.FLOAT64,
                    Nd.median(k, 1),
                    "np.median([[1, 2, 3], [-inf, inf, nan]], 1) -> [2, nan]");
        }
    }

    @Test
    void nanmedianNextToInfinity() {
        try (NDArray a = Nd.array(new double[] {1, INF, NAN, -INF});
                NDArray b = Nd.array(new double[] {1, INF, -INF});
                NDArray c = Nd.array(new double[] {1, 2, INF, NAN});
                NDArray d = Nd.array(new double[] {-INF, -INF, NAN, 2});
                NDArray e = Nd.array(new double[] {1, 2, INF, NAN, NAN, NAN}).reshape(2, 3);
                NDArray f = Nd.array(new double[] {-INF, INF, NAN});
                NDArray g = Nd.array(new double[] {1, 2, INF, INF}).astype(DType.FLOAT16);
                NDArray h = Nd.array(new float[] {(float) INF, 1, Float.NaN, 2})) {
            long[] scalar = {};
            check(new double[] {1}, scalar, DType.FLOAT64, Nd.nanmedian(a), "np.nanmedian([1, inf, nan, -inf]) -> 1.0");
            check(new double[] {1}, scalar, DType.FLOAT64, Nd.nanmedian(b), "np.nanmedian([1, inf, -inf]) -> 1.0");
            check(new double[] {2}, scalar, DType.FLOAT64, Nd.nanmedian(c), "np.nanmedian([1, 2, inf, nan]) -> 2.0");
            check(
                    new double[] {-INF},
                    scalar,
                    DType.FLOAT64,
                    Nd.nanmedian(d),
                    "np.nanmedian([-inf, -inf, nan, 2]) -> -inf");
            check(
                    new double[] {2, NAN},
                    new long[] {2, 1},
                    DType.FLOAT64,
                    Nd.nanmedian(e, 1, true),
                    "np.nanmedian([[1, 2, inf], [nan, nan, nan]], 1, keepdims=True) -> [[2], [nan]]");
            check(new double[] {NAN}, scalar, DType.FLOAT64, Nd.nanmedian(f), "np.nanmedian([-inf, inf, nan]) -> nan");
            check(
                    new double[] {INF},
                    scalar,
                    DType.FLOAT16,
                    Nd.nanmedian(g),
                    "np.nanmedian(float16 [1, 2, inf, inf]) -> inf");
            check(
                    new double[] {2},
                    scalar,
                    DType.FLOAT32,
                    Nd.nanmedian(h),
                    "np.nanmedian(float32 [inf, 1, nan, 2]) -> 2.0");
        }
    }
}
