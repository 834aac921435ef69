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
 * Bad calls of Nd.ndimage()'s interpolation on every tested device: each is an NdException (or a
 * NullPointerException naming the parameter) that names the function, what it expected and what it
 * got, and the input is left as it was; and the legal edge cases (empty output, NaN coordinates,
 * zoom 1, a length-1 axis) give SciPy's answers.
 */
class NdimageInterpolationHostileTest extends PerDeviceTest {
    private static final Ndimage ND = Nd.ndimage();

    private static void raises(Class<? extends Throwable> type, Executable call, String... words) {
        Throwable e = assertThrows(type, call);
        for (String w : words) assertTrue(e.getMessage().contains(w), e.getMessage());
    }

    @Test
    void badArgumentsNameTheFunctionAndLeaveTheInput() {
        NDArray x = Nd.arange(12).astype(DType.FLOAT32).reshape(3, 4);
        float[] before = x.toFloatArray();
        raises(NullPointerException.class, () -> ND.zoom(null, 2.0), "ndimage.zoom", "input is null");
        raises(NullPointerException.class, () -> ND.mapCoordinates(x, null), "ndimage.map_coordinates", "coordinates");
        raises(NullPointerException.class, () -> ND.shift(x, (double[]) null), "ndimage.shift", "shift is null");
        raises(
                NdException.class,
                () -> ND.zoom(x, new double[] {2, 2}, 6, Mode.CONSTANT, 0, true, false),
                "ndimage.zoom",
                "order from 0 to 5",
                "got 6");
        raises(
                NdException.class,
                () -> ND.shift(x, new double[] {1, 1}, -1, Mode.CONSTANT, 0, true),
                "ndimage.shift",
                "got -1");
        raises(
                NdException.class,
                () -> ND.splineFilter(x, 1, DType.FLOAT64, Mode.MIRROR),
                "ndimage.spline_filter",
                "order from 2 to 5");
        raises(AxisException.class, () -> ND.splineFilter1d(x, 3, 2), "ndimage.spline_filter1d", "axis 2");
        raises(DTypeException.class, () -> ND.splineFilter1d(x, 3, 0, DType.INT32, Mode.MIRROR), "float32 or float64");
        try (NDArray c = Nd.zeros(DType.FLOAT64, 3, 5)) {
            raises(
                    ShapeException.class,
                    () -> ND.mapCoordinates(x, c),
                    "ndimage.map_coordinates",
                    "leading dimension of 2",
                    "[3, 5]");
        }
        try (NDArray c = Nd.zeros(DType.FLOAT64, 2)) {
            raises(ShapeException.class, () -> ND.mapCoordinates(x, c), "at least 2 dimensions");
        }
        try (NDArray m = Nd.zeros(DType.FLOAT64, 3, 2)) {
            raises(ShapeException.class, () -> ND.affineTransform(x, m), "ndimage.affine_transform", "rows");
        }
        try (NDArray m = Nd.zeros(DType.FLOAT64, 2, 5)) {
            raises(ShapeException.class, () -> ND.affineTransform(x, m), "columns");
        }
        try (NDArray m = Nd.zeros(DType.FLOAT64, 2, 2, 2)) {
            raises(ShapeException.class, () -> ND.affineTransform(x, m), "no proper affine matrix");
        }
        try (NDArray m = Nd.array(new double[] {1, 0, 0, 0, 1, 0, 0, 1, 1}).reshape(3, 3)) {
            raises(NdException.class, () -> ND.affineTransform(x, m), "homogeneous", "bottom row");
        }
        try (NDArray m = Nd.array(new double[] {1, Double.NaN}).reshape(2)) {
            raises(NdException.class, () -> ND.affineTransform(x, m), "finite");
        }
        raises(NdException.class, () -> ND.zoom(x, 0.0), "ndimage.zoom", "zoom factors > 0", "got 0.0");
        raises(NdException.class, () -> ND.zoom(x, -2.0), "zoom factors > 0");
        raises(NdException.class, () -> ND.zoom(x, Double.NaN), "finite zoom");
        raises(NdException.class, () -> ND.zoom(x, 1e300), "elements");
        raises(NdException.class, () -> ND.zoom(x, new double[] {2}), "input rank", "got 1");
        raises(NdException.class, () -> ND.shift(x, Double.POSITIVE_INFINITY), "finite shift");
        raises(NdException.class, () -> ND.rotate(x, Double.NaN), "ndimage.rotate", "finite angle");
        raises(AxisException.class, () -> ND.rotate(x, 30, new int[] {0, 2}, true), "invalid rotation plane");
        raises(NdException.class, () -> ND.rotate(x, 30, new int[] {0}, true), "exactly two");
        try (NDArray v = Nd.arange(5).astype(DType.FLOAT64)) {
            raises(ShapeException.class, () -> ND.rotate(v, 30), "at least 2 dimensions");
        }
        assertArrayEquals(before, x.toFloatArray(), "the input is untouched");
        x.close();
        raises(ArrayClosedException.class, () -> ND.zoom(x, 2.0));
        raises(ArrayClosedException.class, () -> ND.splineFilter(x));
    }

    @Test
    void refusedDtypesAndShapes() {
        try (NDArray z = Nd.zeros(DType.COMPLEX128, 4, 4)) {
            raises(DTypeException.class, () -> ND.zoom(z, 2.0), "ndimage.zoom", "complex", "real()");
        }
        try (NDArray b = Nd.zeros(DType.BOOL, 4, 4)) {
            raises(DTypeException.class, () -> ND.shift(b, 1.0), "boolean");
        }
        try (NDArray s = Nd.array(new double[] {2.5}).reshape()) {
            raises(ShapeException.class, () -> ND.zoom(s, 2.0), "ndimage.zoom", "0-d");
            raises(ShapeException.class, () -> ND.splineFilter1d(s), "0-d");
        }
        try (NDArray e = Nd.zeros(DType.FLOAT64, 0, 3);
                NDArray m = Nd.eye(2)) {
            raises(
                    ShapeException.class,
                    () -> ND.affineTransform(e, m, null, new long[] {2, 2}, 1, Mode.CONSTANT, 0, true),
                    "ndimage.affine_transform",
                    "empty input");
            try (NDArray y = ND.zoom(e, 2.0)) {
                assertArrayEquals(new long[] {0, 6}, y.shape(), "an empty input zooms to an empty output");
            }
        }
        try (NDArray xi = Nd.arange(6).astype(DType.INT32).reshape(2, 3)) {
            raises(
                    NdException.class,
                    () -> ND.shift(xi, new double[] {0.5, 0}, 1, Mode.CONSTANT, Double.NaN, true),
                    "NaN cval",
                    "int32");
        }
    }

    @Test
    void edgeCasesGiveSciPysAnswers() {
        try (NDArray x = Nd.array(new double[] {1, 2, 4, 8, 16, 32}).reshape(2, 3);
                NDArray c = Nd.array(new double[] {Double.NaN, 0.5, 0, Double.POSITIVE_INFINITY})
                        .reshape(2, 2);
                NDArray y = ND.mapCoordinates(x, c, 1, Mode.REFLECT, -7, true)) {
            assertArrayEquals(new double[] {-7, -7}, y.toDoubleArray(), "NaN and inf coordinates give cval");
        }
        try (NDArray x = Nd.array(new double[] {1, 2, 4, 8}).reshape(2, 2);
                NDArray y = ND.zoom(x, 1.0)) {
            assertArrayEquals(x.toDoubleArray(), y.toDoubleArray(), "zoom 1 is a copy");
        }
        try (NDArray x = Nd.array(new double[] {3.5}).reshape(1);
                NDArray y = ND.splineFilter1d(x);
                NDArray z = ND.shift(x, new double[] {0.25}, 3, Mode.MIRROR, 0, true)) {
            assertEquals(3.5, y.toDoubleArray()[0], "a length-1 line is left as it is");
            assertEquals(3.5, z.toDoubleArray()[0], 1e-12, "a length-1 axis mirrors onto itself");
        }
        try (NDArray x = Nd.arange(12).astype(DType.FLOAT64).reshape(3, 4);
                NDArray c = Nd.zeros(DType.FLOAT64, 2, 0);
                NDArray y = ND.mapCoordinates(x, c)) {
            assertEquals(0, y.size(), "no points, no values");
        }
    }
}
