package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
 * Bad calls of Nd.ndimage()'s measurements and distance transform on every tested device: each is
 * an NdException naming the function, what it expected and what it got, and the input is left as
 * it was; and the legal edges (0-d and empty input, a mask without background, NaN among the
 * values, labels absent from the index) give SciPy's answers.
 */
class MeasurementsHostileTest extends PerDeviceTest {
    private static final Ndimage ND = Nd.ndimage();

    private static void raises(Class<? extends Throwable> type, Executable call, String... words) {
        Throwable e = assertThrows(type, call);
        for (String w : words) assertTrue(e.getMessage().contains(w), e.getMessage());
    }

    @Test
    void badArgumentsNameTheFunctionAndLeaveTheInput() {
        NDArray x = Nd.arange(12).astype(DType.FLOAT32).reshape(3, 4);
        NDArray labels = Nd.arange(12).reshape(3, 4).astype(DType.INT32);
        float[] before = x.toFloatArray();
        raises(NullPointerException.class, () -> ND.label(null), "ndimage.label", "input");
        raises(DTypeException.class, () -> ND.label(x.astype(DType.COMPLEX64)), "ndimage.label", "complex");
        raises(
                ShapeException.class,
                () -> ND.label(x, Nd.ones(DType.BOOL, 3, 3, 3)),
                "ndimage.label",
                "equal rank",
                "expected 2",
                "got 3");
        raises(ShapeException.class, () -> ND.label(x, Nd.ones(DType.BOOL, 3, 2)), "must be equal to 3", "[3, 2]");
        NDArray skew = Nd.array(new double[] {0, 0, 1, 0, 1, 0, 0, 0, 0}).reshape(3, 3);
        raises(NdException.class, () -> ND.label(x, skew), "ndimage.label", "not symmetric");
        raises(DTypeException.class, () -> ND.findObjects(x), "ndimage.find_objects", "integer", "float32");
        raises(NdException.class, () -> ND.findObjects(labels, -1), "ndimage.find_objects", "max_label >= 0");
        raises(NdException.class, () -> ND.findObjects(labels, Long.MAX_VALUE), "too large");
        raises(DTypeException.class, () -> ND.sumLabels(x, x), "ndimage.sum_labels", "integer labels", "float32");
        raises(ShapeException.class, () -> ND.mean(x, labels.reshape(4, 3)), "ndimage.mean", "[4, 3]", "[3, 4]");
        raises(DTypeException.class, () -> ND.variance(x.astype(DType.COMPLEX128)), "ndimage.variance", "complex");
        raises(NullPointerException.class, () -> ND.maximum(x, labels, (long[]) null), "ndimage.maximum", "index");
        raises(NullPointerException.class, () -> ND.median(x, null, new long[] {1}), "ndimage.median", "labels");
        raises(NdException.class, () -> ND.minimum(x, labels, 99), "ndimage.minimum", "label 99");
        raises(NdException.class, () -> ND.extrema(x, labels, 99), "ndimage.extrema", "label 99");
        raises(
                NdException.class,
                () -> ND.distanceTransformEdt(x, null, false, false),
                "ndimage.distance_transform_edt",
                "at least one");
        raises(NdException.class, () -> ND.distanceTransformEdt(x, new double[] {1, 2, 3}), "one value per axis", "3");
        raises(NdException.class, () -> ND.distanceTransformEdt(x, new double[] {Double.NaN}), "sampling > 0", "NaN");
        raises(DTypeException.class, () -> ND.distanceTransformEdt(x.astype(DType.COMPLEX64)), "complex");
        raises(
                NullPointerException.class,
                () -> ND.labeledComprehension(x, labels, new long[] {1}, null, 0),
                "ndimage.labeled_comprehension",
                "func");
        raises(
                NdException.class,
                () -> ND.labeledComprehension(x, Nd.zeros(DType.INT32, 3, 4), new long[] {0}, v -> v.add(1), 0),
                "ndimage.labeled_comprehension",
                "one-element",
                "[12]");
        raises(NdException.class, () -> ND.labeledComprehension(x, null, 1, v -> 1.0, 0), "index without");
        long[] tall = new long[13];
        java.util.Arrays.fill(tall, 1);
        raises(ShapeException.class, () -> ND.label(Nd.ones(DType.INT32, tall)), "ndimage.label", "at most 12");
        long[] taller = new long[33];
        java.util.Arrays.fill(taller, 1);
        raises(
                ShapeException.class,
                () -> ND.centerOfMass(Nd.ones(DType.FLOAT64, taller)),
                "ndimage.center_of_mass",
                "at most 32");
        assertArrayEquals(before, x.toFloatArray(), "the input is untouched");
        NDArray closed = Nd.ones(DType.FLOAT32, 4);
        closed.close();
        raises(ArrayClosedException.class, () -> ND.label(closed), "ndimage.label");
        raises(ArrayClosedException.class, () -> ND.sumLabels(closed), "ndimage.sum_labels");
        raises(ArrayClosedException.class, () -> ND.distanceTransformEdt(closed), "ndimage.distance_transform_edt");
    }

    @Test
    void legalEdgesGiveSciPysAnswers() {
        // 0-d: one element, its own component; the EDT sees it through atleast_1d
        try (Labeled l = ND.label(Nd.array(5.0))) {
            assertEquals(1, l.numFeatures());
            assertEquals(0, l.labels().ndim());
            assertEquals(1, l.labels().toIntArray()[0]);
        }
        assertArrayEquals(new long[] {1}, ND.distanceTransformEdt(Nd.array(1.0)).shape());
        // empty: no component, an empty result
        try (Labeled l = ND.label(Nd.zeros(DType.FLOAT32, 0, 5))) {
            assertEquals(0, l.numFeatures());
            assertArrayEquals(new long[] {0, 5}, l.labels().shape());
        }
        assertEquals(0, ND.findObjects(Nd.zeros(DType.INT32, 0)).length);
        assertEquals(0.0, ND.sumLabels(Nd.zeros(DType.FLOAT64, 0)), 0);
        assertTrue(Double.isNaN(ND.mean(Nd.zeros(DType.FLOAT64, 0))));
        // no background: SciPy's feature (-1, 0) for every element
        try (DistanceTransform t = ND.distanceTransformEdt(Nd.ones(DType.INT32, 2, 3), null, true, true)) {
            assertArrayEquals(
                    new double[] {1, Math.sqrt(2), Math.sqrt(5), 2, Math.sqrt(5), Math.sqrt(8)},
                    t.distances().toDoubleArray(),
                    1e-15);
            assertArrayEquals(
                    new int[] {-1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0},
                    t.indices().toIntArray());
        }
        // NaN: the whole-array and single-label minimum is NaN; per index, the minimum passes over it
        NDArray v = Nd.array(new double[] {1, Double.NaN, 3, 4, 5, 6}).reshape(2, 3);
        NDArray l = Nd.array(new double[] {1, 1, 2, 2, 0, 3}).reshape(2, 3).astype(DType.INT32);
        assertTrue(Double.isNaN(ND.minimum(v)));
        assertTrue(Double.isNaN(ND.minimum(v, l, 1)));
        assertArrayEquals(
                new double[] {0, 1, 3, 0, 5},
                ND.minimum(v, l, new long[] {-1, 1, 2, 7, 0}).toDoubleArray(),
                0);
        double[] max = ND.maximum(v, l, new long[] {1, 2, 7}).toDoubleArray();
        assertTrue(Double.isNaN(max[0]));
        assertEquals(4, max[1], 0);
        assertEquals(0, max[2], 0);
        // an absent label: sum 0, mean NaN, SciPy's median its first sorted value (label 0's least, 5)
        assertArrayEquals(new double[] {0}, ND.sumLabels(v, l, new long[] {7}).toDoubleArray(), 0);
        assertTrue(Double.isNaN(ND.mean(v, l, new long[] {7}).toDoubleArray()[0]));
        assertArrayEquals(new double[] {5}, ND.median(v, l, new long[] {7}).toDoubleArray(), 0);
        // a label above max_label is left out; an absent one is null
        long[][][] boxes = ND.findObjects(l, 4);
        assertEquals(4, boxes.length);
        assertArrayEquals(new long[] {0, 1}, boxes[0][0]);
        assertArrayEquals(new long[] {0, 2}, boxes[0][1]);
        assertNull(boxes[3]);
    }
}
