package org.ndgpu.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.CoreFixtures.Case;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Array creation against NumPy (fixtures/core/creation.txt): arange with integer and float
 * arguments, linspace, eye, zeros/ones/full of every dtype; and Nd.array from Java arrays.
 */
public class CreationTest extends PerDeviceTest {

    static NDArray create(String op) {
        String[] t = op.split(" ");
        return switch (t[0]) {
            case "arange_int" -> Nd.arange(Long.parseLong(t[1]), Long.parseLong(t[2]), Long.parseLong(t[3]));
            case "arange_float" ->
                Nd.arange(Double.parseDouble(t[1]), Double.parseDouble(t[2]), Double.parseDouble(t[3]), DType.of(t[4]));
            case "linspace" ->
                Nd.linspace(
                        Double.parseDouble(t[1]),
                        Double.parseDouble(t[2]),
                        Long.parseLong(t[3]),
                        t[4].equals("1"),
                        DType.of(t[5]));
            case "eye" -> Nd.eye(Long.parseLong(t[1]), Long.parseLong(t[2]), Long.parseLong(t[3]), DType.of(t[4]));
            case "zeros" -> Nd.zeros(DType.of(t[1]), dims(t, 2));
            case "ones" -> Nd.ones(DType.of(t[1]), dims(t, 2));
            case "full" ->
                Nd.full(
                        t[1].equals("true")
                                ? (Object) Boolean.TRUE
                                : t[1].contains(".")
                                        ? (Object) Double.parseDouble(t[1])
                                        : (Object) Long.parseLong(t[1]),
                        DType.of(t[2]),
                        dims(t, 3));
            default -> throw new AssertionError("unknown creation op " + op);
        };
    }

    private static long[] dims(String[] t, int from) {
        long[] d = new long[t.length - from];
        for (int i = 0; i < d.length; i++) d[i] = Long.parseLong(t[from + i]);
        return d;
    }

    @TestFactory
    Stream<DynamicTest> creationAgreesWithNumPy() {
        return CoreFixtures.load("creation.txt").stream()
                .map((Case c) -> DynamicTest.dynamicTest(c.name(), () -> {
                    try (NDArray r = create(c.ops().getFirst())) {
                        CoreFixtures.assertValues(c, r);
                        assertArrayEquals(CoreFixtures.longs(c.get("out_strides")), r.strides(), "strides of " + c);
                        assertEquals(c.get("out_c").equals("1"), r.isCContiguous(), "C_CONTIGUOUS of " + c);
                        assertEquals(c.get("out_f").equals("1"), r.isFContiguous(), "F_CONTIGUOUS of " + c);
                    }
                }));
    }

    /**
     * Reads of a few MiB (several staging chunks): every element comes from the device, for
     * contiguous arrays and for a transposed view (gathered on the device first), in each Java
     * element type.
     */
    @Test
    void largeReadsFillEveryElement() {
        int rows = 1031, cols = 1033; // 1,065,023 elements, 4 to 8 MiB
        var r = new java.util.SplittableRandom(7);
        float[] f = new float[rows * cols];
        double[] d = new double[rows * cols];
        long[] l = new long[rows * cols];
        int[] n = new int[rows * cols];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) (r.nextDouble() * 2 - 1);
            d[i] = r.nextDouble() * 2 - 1;
            l[i] = r.nextLong();
            n[i] = r.nextInt();
        }
        try (NDArray af = Nd.array(f);
                NDArray ad = Nd.array(d);
                NDArray al = Nd.array(l);
                NDArray an = Nd.array(n);
                NDArray mf = af.reshape(rows, cols);
                NDArray tf = mf.T();
                NDArray mn = an.reshape(rows, cols);
                NDArray tn = mn.T()) {
            assertArrayEquals(f, af.toFloatArray());
            assertArrayEquals(d, ad.toDoubleArray());
            assertArrayEquals(l, al.toLongArray());
            assertArrayEquals(n, an.toIntArray());
            float[] gotT = tf.toFloatArray();
            int[] gotTn = tn.toIntArray();
            for (int j = 0; j < cols; j++) {
                for (int i = 0; i < rows; i++) {
                    if (gotT[j * rows + i] != f[i * cols + j])
                        assertEquals(f[i * cols + j], gotT[j * rows + i], "transposed [" + j + ", " + i + "]");
                    if (gotTn[j * rows + i] != n[i * cols + j])
                        assertEquals(n[i * cols + j], gotTn[j * rows + i], "transposed int [" + j + ", " + i + "]");
                }
            }
        }
    }

    @Test
    void defaultDtypesFollowNumPy() {
        try (var a = Nd.arange(5);
                var b = Nd.arange(0.0, 1.0, 0.5);
                var z = Nd.zeros(2, 3);
                var l = Nd.linspace(0, 1, 3);
                var e = Nd.eye(2);
                var f = Nd.full(3L, 2);
                var g = Nd.full(2.5, 2);
                var h = Nd.full(true, 2)) {
            assertEquals(DType.INT64, a.dtype());
            assertEquals(DType.FLOAT64, b.dtype());
            assertEquals(DType.FLOAT64, z.dtype());
            assertEquals(DType.FLOAT64, l.dtype());
            assertEquals(DType.FLOAT64, e.dtype());
            assertEquals(DType.INT64, f.dtype());
            assertEquals(DType.FLOAT64, g.dtype());
            assertEquals(DType.BOOL, h.dtype());
        }
    }

    @Test
    void toArraysIntoExistingHostArrays() {
        try (var f = Nd.array(new float[][] {{1, 2, 3}, {4, 5, 6}});
                var i = Nd.array(new int[] {7, -8})) {
            float[] buf = {9, 9, 9, 9, 9, 9};
            assertSame(buf, f.toFloatArray(buf));
            assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, buf);
            float[] viaT = new float[6];
            try (var t = f.transpose()) {
                t.toFloatArray(viaT);
            } // a non-contiguous view goes through a C-order copy
            assertArrayEquals(new float[] {1, 4, 2, 5, 3, 6}, viaT);
            double[] d = new double[6];
            assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6}, f.toDoubleArray(d)); // converted from float32
            assertArrayEquals(new float[] {7, -8}, i.toFloatArray(new float[2]));
            var e = assertThrows(org.ndgpu.exceptions.ShapeException.class, () -> f.toFloatArray(new float[5]));
            assertTrue(e.getMessage().contains("6 elements"), e.getMessage());
            assertThrows(org.ndgpu.exceptions.ShapeException.class, () -> f.toDoubleArray(new double[7]));
        }
    }

    @Test
    void arrayFromNestedJavaArrays() {
        try (var f = Nd.array(new float[][] {{1, 2, 3}, {4, 5, 6}});
                var d = Nd.array(new double[][][] {{{1.5}, {-2}}, {{3}, {4}}});
                var i = Nd.array(new int[] {7, -8});
                var l = Nd.array(new long[][] {{Long.MAX_VALUE}, {Long.MIN_VALUE}});
                var s = Nd.array(new short[] {-3, 300});
                var by = Nd.array(new byte[][] {{-1, 2}});
                var bo = Nd.array(new boolean[] {true, false, true});
                var empty = Nd.array(new float[0][])) {
            assertEquals(DType.FLOAT32, f.dtype());
            assertArrayEquals(new long[] {2, 3}, f.shape());
            assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, f.toFloatArray());
            assertArrayEquals(new float[][] {{1, 2, 3}, {4, 5, 6}}, (float[][]) f.toArray());
            assertEquals(DType.FLOAT64, d.dtype());
            assertArrayEquals(new long[] {2, 2, 1}, d.shape());
            assertArrayEquals(new double[] {1.5, -2, 3, 4}, d.toDoubleArray());
            assertEquals(DType.INT32, i.dtype());
            assertArrayEquals(new int[] {7, -8}, i.toIntArray());
            assertEquals(DType.INT64, l.dtype());
            assertArrayEquals(new long[] {Long.MAX_VALUE, Long.MIN_VALUE}, l.toLongArray());
            assertEquals(DType.INT16, s.dtype());
            assertArrayEquals(new long[] {-3, 300}, s.toLongArray());
            assertEquals(DType.INT8, by.dtype());
            assertArrayEquals(new long[] {1, 2}, by.shape());
            assertArrayEquals(new long[] {-1, 2}, by.toLongArray());
            assertEquals(DType.BOOL, bo.dtype());
            assertArrayEquals(new boolean[] {true, false, true}, bo.toBooleanArray());
            assertArrayEquals(
                    new long[] {0, 0}, empty.shape()); // the rows say nothing of their length; ndim from the type
            assertEquals(0, empty.size());
        }
    }

    @Test
    void arrayWithDtypeAndShapeConverts() {
        try (var a = Nd.array(new double[] {1.9, -2.9, 3, 4, 5, 6}, DType.INT32, 2, 3);
                var b = Nd.array(new int[] {1, 0, 2}, DType.BOOL)) {
            assertEquals(DType.INT32, a.dtype());
            assertArrayEquals(new long[] {2, 3}, a.shape());
            assertArrayEquals(new int[] {1, -2, 3, 4, 5, 6}, a.toIntArray());
            assertArrayEquals(new boolean[] {true, false, true}, b.toBooleanArray());
        }
    }

    @Test
    void likeFormsKeepShapeDtypeAndLayout() {
        try (var base = Nd.arange(6).reshape(2, 3);
                var t = base.T();
                var z = Nd.zerosLike(t);
                var o = Nd.onesLike(base);
                var f = Nd.fullLike(base, 7);
                var e = Nd.emptyLike(t)) {
            assertArrayEquals(new long[] {3, 2}, z.shape());
            assertTrue(z.isFContiguous());
            assertFalse(z.isCContiguous());
            assertArrayEquals(new long[] {0, 0, 0, 0, 0, 0}, z.toLongArray());
            assertArrayEquals(new long[] {1, 1, 1, 1, 1, 1}, o.toLongArray());
            assertArrayEquals(new long[] {7, 7, 7, 7, 7, 7}, f.toLongArray());
            assertEquals(DType.INT64, e.dtype());
            assertFalse(z.sharesMemory(t));
        }
    }

    @Test
    void itemAndScalarsComeBackAsJavaValues() {
        try (var a = Nd.arange(6).reshape(2, 3);
                var x = a.get(1, 2);
                var f = Nd.full(2.5, DType.FLOAT32);
                var u = Nd.full(200, DType.UINT8)) {
            assertEquals(0, x.ndim());
            assertEquals(5L, x.item());
            assertEquals(2.5f, f.item());
            assertEquals((short) 200, u.item());
            assertEquals(5L, a.toLongArray()[5]);
        }
    }
}
