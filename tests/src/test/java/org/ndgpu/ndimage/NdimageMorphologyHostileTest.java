package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Bad calls of Nd.ndimage()'s rank filters and morphology on every tested device: each is an
 * NdException naming the function, what it expected and what it got, the input left as it was;
 * and the legal edges (empty input, NaN in a rank filter, iterations below 1, a window larger than
 * the input) give the documented answers.
 */
class NdimageMorphologyHostileTest extends PerDeviceTest {
    private static final Ndimage ND = Nd.ndimage();

    private static void raises(Class<? extends Throwable> type, Executable call, String... words) {
        Throwable e = assertThrows(type, call);
        for (String w : words) assertTrue(e.getMessage().contains(w), e.getMessage());
    }

    @Test
    void badArgumentsNameTheFunctionAndLeaveTheInput() {
        NDArray x = Nd.arange(12).astype(DType.FLOAT32).reshape(3, 4);
        NDArray b = x.gt(4);
        float[] before = x.toFloatArray();
        raises(NullPointerException.class, () -> ND.medianFilter(null, 3), "ndimage.median_filter", "input");
        raises(
                NullPointerException.class,
                () -> ND.medianFilter(x, (NDArray) null),
                "ndimage.median_filter",
                "footprint");
        raises(NdException.class, () -> ND.medianFilter(x, 0), "ndimage.median_filter", "size of at least 1");
        raises(NdException.class, () -> ND.medianFilter(x, 100_000), "ndimage.median_filter", "window of 100000");
        raises(NdException.class, () -> ND.medianFilter(x, 65), "ndimage.median_filter", "4225 values", "4096");
        raises(DTypeException.class, () -> ND.medianFilter(x.astype(DType.COMPLEX64), 3), "median_filter", "complex");
        raises(DTypeException.class, () -> ND.rankFilter(b, 1, 3), "ndimage.rank_filter", "boolean");
        raises(ShapeException.class, () -> ND.percentileFilter(Nd.array(2.5), 50, 3), "percentile_filter", "0-d");
        raises(NdException.class, () -> ND.rankFilter(x, 9, 3), "ndimage.rank_filter", "rank 9", "9 values");
        raises(NdException.class, () -> ND.rankFilter(x, -10, 3), "rank -10");
        raises(NdException.class, () -> ND.percentileFilter(x, 101, 3), "ndimage.percentile_filter", "101.0");
        raises(NdException.class, () -> ND.percentileFilter(x, Double.NaN, 3), "percentile");
        raises(ShapeException.class, () -> ND.medianFilter(x, Nd.ones(DType.BOOL, 3)), "footprint", "2 dimensions");
        raises(ShapeException.class, () -> ND.medianFilter(x, Nd.ones(DType.BOOL, 0, 3)), "no element along axis 0");
        raises(NdException.class, () -> ND.medianFilter(x, Nd.zeros(DType.BOOL, 3, 3)), "all-zero footprint");
        raises(
                NdException.class,
                () -> ND.medianFilter(x, Nd.ones(DType.BOOL, 3, 3), Mode.REFLECT, 0, new int[] {2, 0}),
                "invalid origin 2");
        raises(NdException.class, () -> ND.medianFilter(x, 3, Mode.REFLECT, 0, 5), "invalid origin 5");
        raises(
                NdException.class,
                () -> ND.minimumFilter(x, Nd.ones(DType.BOOL, 3, 3), Mode.REFLECT, 0, new int[] {0, 0, 0}),
                "ndimage.minimum_filter",
                "one origin or one per axis");
        raises(NullPointerException.class, () -> ND.maximumFilter(x, 3, null, 0, 0), "maximum_filter", "mode");
        // binary
        raises(
                ShapeException.class,
                () -> ND.binaryErosion(b, Nd.ones(DType.BOOL, 3)),
                "ndimage.binary_erosion",
                "structure array",
                "2 dimensions");
        raises(
                ShapeException.class,
                () -> ND.binaryDilation(b, Nd.ones(DType.BOOL, 3, 0)),
                "binary_dilation",
                "structure has no element along axis 1");
        raises(
                ShapeException.class,
                () -> ND.binaryErosion(b, null, 1, Nd.ones(DType.BOOL, 2, 2), false, null),
                "mask and input must have equal shapes");
        raises(
                DTypeException.class,
                () -> ND.binaryOpening(x.astype(DType.COMPLEX128)),
                "ndimage.binary_opening",
                "complex");
        raises(ShapeException.class, () -> ND.binaryFillHoles(Nd.array(1.0)), "ndimage.binary_fill_holes", "0-d");
        raises(NullPointerException.class, () -> ND.binaryClosing(null), "ndimage.binary_closing", "input");
        raises(NdException.class, () -> ND.generateBinaryStructure(40, 1), "generate_binary_structure", "40");
        raises(NullPointerException.class, () -> ND.iterateStructure(null, 2), "iterate_structure");
        raises(NdException.class, () -> ND.iterateStructure(Nd.ones(DType.BOOL, 3, 3), Integer.MAX_VALUE), "too large");
        // grey
        raises(NdException.class, () -> ND.greyErosion(x, null, null), "ndimage.grey_erosion", "neither");
        raises(
                ShapeException.class,
                () -> ND.greyDilation(x, Nd.ones(DType.BOOL, 3, 3), Nd.zeros(DType.FLOAT64, 2, 2)),
                "ndimage.grey_dilation",
                "structure array has incorrect shape");
        raises(
                NdException.class,
                () -> ND.whiteTophat(
                        x, null, Nd.array(new double[] {Double.NaN, 1}).reshape(1, 2)),
                "white_tophat",
                "finite");
        raises(DTypeException.class, () -> ND.morphologicalGradient(b, 3), "morphological_gradient", "boolean");
        assertArrayEquals(before, x.toFloatArray(), "the input is untouched");
        NDArray closed = Nd.ones(DType.FLOAT32, 4);
        closed.close();
        raises(ArrayClosedException.class, () -> ND.medianFilter(closed, 3), "ndimage.median_filter");
        raises(ArrayClosedException.class, () -> ND.binaryErosion(closed), "ndimage.binary_erosion");
        raises(ArrayClosedException.class, () -> ND.greyOpening(x, closed, null), "ndimage.grey_opening");
    }

    @Test
    void legalEdgesGiveTheDocumentedAnswers() {
        // empty input: an empty result of its shape and dtype
        NDArray empty = Nd.zeros(DType.FLOAT64, 0, 5);
        assertArrayEquals(new long[] {0, 5}, ND.medianFilter(empty, 3).shape());
        NDArray eb = ND.binaryErosion(empty);
        assertEquals(DType.BOOL, eb.dtype());
        assertArrayEquals(new long[] {0, 5}, eb.shape());
        assertArrayEquals(new long[] {0, 5}, ND.greyClosing(empty, 3).shape());
        // NaN orders after every number in a rank filter
        NDArray n = Nd.array(new double[] {1, Double.NaN, 3, 4, 5});
        double[] m = ND.medianFilter(n, 3, Mode.NEAREST, 0, 0).toDoubleArray();
        assertArrayEquals(new double[] {1, 3, 4, 4, 5}, m, 0);
        double[] r = ND.rankFilter(n, 1, 3, Mode.NEAREST, 0, 0).toDoubleArray();
        assertArrayEquals(new double[] {1, 3, 4, 4, 5}, r, 0);
        // a window larger than the input repeats the extension, as SciPy's
        NDArray small = Nd.array(new double[] {3, 1, 2});
        assertArrayEquals(
                new double[] {2, 2, 2},
                ND.medianFilter(small, 7, Mode.WRAP, 0, 0).toDoubleArray(),
                0);
        // iterations below 1 erode until nothing changes: a 5-long run disappears
        NDArray run = Nd.array(new double[] {0, 1, 1, 1, 1, 1, 0}).gt(0);
        boolean[] gone = ND.binaryErosion(run, null, 0).toBooleanArray();
        for (boolean v : gone) assertTrue(!v);
        boolean[] once = ND.binaryErosion(run, null, 1).toBooleanArray();
        assertArrayEquals(new boolean[] {false, false, true, true, true, false, false}, once);
        // a huge iteration count stops where a pass changes nothing
        boolean[] many = ND.binaryDilation(run, null, Integer.MAX_VALUE).toBooleanArray();
        for (boolean v : many) assertTrue(v);
        // generate_binary_structure below rank 1 is a 0-d True, as SciPy's
        NDArray s0 = ND.generateBinaryStructure(0, 1);
        assertEquals(0, s0.ndim());
        assertEquals(Boolean.TRUE, s0.item());
    }
}
