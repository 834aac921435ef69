package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Bad calls of Nd.ndimage() on every tested device: each is an NdException naming the function,
 * what it expected and what it got, and the input is left as it was; and the edge cases that are
 * legal (empty arrays, a window longer than the array, NaN in the input) give SciPy's answers.
 */
class NdimageHostileTest extends PerDeviceTest {
    private static final Ndimage ND = Nd.ndimage();

    private static void raises(Class<? extends Throwable> type, Executable call, String... words) {
        Throwable e = assertThrows(type, call);
        for (String w : words) assertTrue(e.getMessage().contains(w), e.getMessage());
    }

    @Test
    void badArgumentsNameTheFunctionAndLeaveTheInput() {
        NDArray x = Nd.arange(12).astype(DType.FLOAT32).reshape(3, 4);
        float[] before = x.toFloatArray();
        raises(
                AxisException.class,
                () -> ND.correlate1d(x, new double[] {1, 2}, 2, Mode.REFLECT, 0, 0),
                "ndimage.correlate1d",
                "axis 2");
        raises(NdException.class, () -> ND.correlate1d(x, new double[0]), "ndimage.correlate1d", "at least one weight");
        raises(NdException.class, () -> ND.correlate1d(x, new double[] {1, Double.NaN}), "finite");
        raises(
                NdException.class,
                () -> ND.correlate1d(x, new double[] {1, 2, 3}, -1, Mode.REFLECT, 0, 2),
                "invalid origin 2");
        raises(NdException.class, () -> ND.minimumFilter1d(x, 0), "ndimage.minimum_filter1d", "size of at least 1");
        raises(
                NdException.class,
                () -> ND.maximumFilter(x, Integer.MAX_VALUE),
                "ndimage.maximum_filter1d",
                "window of 2147483647");
        raises(NdException.class, () -> ND.uniformFilter1d(x, Integer.MAX_VALUE), "ndimage.uniform_filter1d", "window");
        raises(NdException.class, () -> ND.gaussianFilter1d(x, 0), "ndimage.gaussian_filter1d", "sigma > 0");
        raises(NdException.class, () -> ND.gaussianFilter1d(x, 1, -1, 4, Mode.REFLECT, 0, 4), "order from 0 to 3");
        raises(NdException.class, () -> ND.gaussianFilter1d(x, 1e300), "too large");
        raises(
                NdException.class,
                () -> ND.gaussianFilter(x, new double[] {1}, new int[0], Mode.REFLECT, 0, 4),
                "one sigma per axis");
        raises(
                ShapeException.class,
                () -> ND.correlate(x, Nd.ones(DType.FLOAT64, 3)),
                "ndimage.correlate",
                "incorrect shape");
        raises(ShapeException.class, () -> ND.correlate(x, Nd.ones(DType.FLOAT64, 0, 3)), "no element along axis 0");
        raises(
                NdException.class,
                () -> ND.correlate(x, Nd.ones(DType.FLOAT64, 3, 3), Mode.REFLECT, 0, new int[] {0}),
                "one origin per axis");
        raises(DTypeException.class, () -> ND.sobel(x.astype(DType.COMPLEX64), 0), "ndimage.sobel", "complex");
        raises(DTypeException.class, () -> ND.laplace(x.gt(3)), "boolean");
        raises(ShapeException.class, () -> ND.uniformFilter(Nd.array(2.5), 3), "0-d");
        raises(NdException.class, () -> Mode.of("edge"), "reflect, mirror, nearest, wrap, constant", "'edge'");
        raises(
                NullPointerException.class,
                () -> ND.correlate1d(null, new double[] {1}),
                "ndimage.correlate1d",
                "input");
        raises(NullPointerException.class, () -> ND.correlate1d(x, new double[] {1}, 0, null, 0, 0), "mode");
        assertArrayEquals(before, x.toFloatArray(), "the input is untouched");
        NDArray closed = Nd.ones(DType.FLOAT32, 4);
        closed.close();
        raises(ArrayClosedException.class, () -> ND.maximumFilter(closed, 3), "ndimage.maximum_filter");
    }

    @Test
    void legalEdgesGiveSciPysAnswers() {
        // empty input: an empty result of its shape and dtype
        NDArray empty = Nd.zeros(DType.FLOAT64, 0, 5);
        NDArray r = ND.gaussianFilter(empty, 1.0);
        assertArrayEquals(new long[] {0, 5}, r.shape());
        // a window longer than the array: the extension repeats, as SciPy's
        NDArray x = Nd.array(new double[] {1, 2, 3, 4});
        assertArrayEquals(
                new double[] {2.2857142857142856, 2.4285714285714284, 2.5714285714285716, 2.7142857142857144},
                ND.uniformFilter1d(x, 7, -1, Mode.REFLECT, 0, 0).toDoubleArray(),
                1e-12);
        assertArrayEquals(
                new double[] {2.5, 2.5, 2.5, 2.5},
                ND.uniformFilter1d(x, 8, -1, Mode.WRAP, 0, 0).toDoubleArray(),
                1e-12);
        // NaN reaches the windows that hold it, and no others
        NDArray n = Nd.array(new double[] {1, Double.NaN, 3, 4, 5, 6});
        double[] s = ND.correlate1d(n, new double[] {1, 1, 1}).toDoubleArray();
        assertTrue(Double.isNaN(s[0]) && Double.isNaN(s[1]) && Double.isNaN(s[2]));
        assertEquals(12, s[3], 0);
        assertEquals(15, s[4], 0);
        // one element along an axis, in mirror mode: every index maps to it
        NDArray one = Nd.array(new double[] {7});
        assertArrayEquals(
                new double[] {21},
                ND.correlate1d(one, new double[] {1, 1, 1}, 0, Mode.MIRROR, 0, 0)
                        .toDoubleArray(),
                0);
        // int8 near its limits: the sum in float64 is truncated into int8 as SciPy casts
        NDArray i8 = Nd.array(new double[] {100, -100, 50}).astype(DType.INT8);
        NDArray u = ND.uniformFilter1d(i8, 2);
        assertEquals(DType.INT8, u.dtype());
        assertArrayEquals(new double[] {100, 0, -25}, u.astype(DType.FLOAT64).toDoubleArray(), 0);
    }
}
