package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.KernelCompileException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/** ElementwiseKernel as a CuPy user uses it; runs on every backend. */
public class ElementwiseKernelTest extends PerDeviceTest {
    private static float[] seq(int n, float scale) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) v[i] = (float) Math.sin(i * 0.7 + 0.3) * scale + i * 0.01f;
        return v;
    }

    @Test
    void typedKernelMatchesJava() {
        var k = new ElementwiseKernel("float32 x, float32 y", "float32 z", "z = x * 2.0f + sin(y)", "axpy_sin");
        for (int n : new int[] {1, 3, 4, 5, 1000, 4099}) {
            float[] xs = seq(n, 3), ys = seq(n, 1.5f);
            NDArray z = k.call(Nd.array(xs), Nd.array(ys));
            assertEquals(DType.FLOAT32, z.dtype());
            float[] got = z.toFloatArray();
            for (int i = 0; i < n; i++)
                assertEquals(xs[i] * 2f + (float) Math.sin(ys[i]), got[i], 1e-5f * (1 + Math.abs(got[i])));
        }
    }

    @Test
    void placeholdersBindFromArraysAndOutputs() {
        var add = new ElementwiseKernel("T x, T y", "T z", "z = x + y", "my_add");
        NDArray a = Nd.arange(6).reshape(2, 3);
        NDArray r = add.call(a, a);
        assertEquals(DType.INT64, r.dtype());
        assertArrayEquals(new long[] {0, 2, 4, 6, 8, 10}, r.toLongArray());
        NDArray f = Nd.array(new float[] {1, 2, 3});
        assertEquals(DType.FLOAT32, add.call(f, 2.5).dtype()); // weak scalar stays float32
        assertArrayEquals(new float[] {3.5f, 4.5f, 5.5f}, add.call(f, 2.5).toFloatArray());
        var outOnly = new ElementwiseKernel("T x", "U y", "y = (U)(x * 2)", "cast2");
        NDArray out = Nd.zeros(DType.INT32, 3);
        assertSame(out, outOnly.call(f, out)); // U bound by the output passed in
        assertArrayEquals(new int[] {2, 4, 6}, out.toIntArray());
        assertThrows(DTypeException.class, () -> outOnly.call(f)); // U unbound
        assertThrows(DTypeException.class, () -> add.call(f, Nd.array(new double[] {1, 2, 3}))); // T mismatched
        assertThrows(
                DTypeException.class, () -> add.call(Nd.array(new byte[] {1}).astype(DType.UINT8), 300));
    }

    @Test
    void callsWithOtherArgumentTypesRunTheirSpec() {
        // each call's spec is memoized by its argument types: a change of dtype, of a number's class (which binds
        // U) or of an output passed must not run the previous call's kernel
        var scale = new ElementwiseKernel("T x, U s", "V z", "z = (V)(x * s)", "scale_by");
        try (NDArray f = Nd.array(new float[] {1, 2});
                NDArray d = Nd.array(new double[] {1, 2});
                NDArray o64 = Nd.zeros(DType.FLOAT64, 2);
                NDArray o32 = Nd.zeros(DType.INT32, 2)) {
            for (int round = 0; round < 2; round++) {
                scale.call(f, 2, o64);
                assertArrayEquals(new double[] {2, 4}, o64.toDoubleArray());
                scale.call(f, 2.5, o64); // U: float64, not int64
                assertArrayEquals(new double[] {2.5, 5}, o64.toDoubleArray());
                scale.call(d, 1.25, o64); // T: float64
                assertArrayEquals(new double[] {1.25, 2.5}, o64.toDoubleArray());
                scale.call(d, 1.5, o32); // V: int32
                assertArrayEquals(new int[] {1, 3}, o32.toIntArray());
            }
        }
    }

    @Test
    void rawParamsAndIndSize() {
        var rev = new ElementwiseKernel("raw T x", "T y", "y = x[_ind.size() - i - 1]", "reverse");
        NDArray a = Nd.arange(10).astype(DType.FLOAT32);
        NDArray y = rev.call(a, Nd.emptyLike(a));
        assertArrayEquals(new float[] {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}, y.toFloatArray());
        // a non-contiguous raw array is indexed in C order, as CuPy's raw indexing
        NDArray strided = Nd.arange(20).astype(DType.FLOAT32).get("::2");
        assertArrayEquals(
                new float[] {18, 16, 14, 12, 10, 8, 6, 4, 2, 0},
                rev.call(strided, Nd.emptyLike(a)).toFloatArray());
    }

    @Test
    void severalOutputsAndScalars() {
        var k = new ElementwiseKernel(
                "float64 x, float64 s", "float64 lo, float64 hi", "lo = x - s; hi = x + s", "band");
        NDArray[] r = k.callAll(Nd.array(new double[] {1, 2}), 0.5);
        assertEquals(2, r.length);
        assertArrayEquals(new double[] {0.5, 1.5}, r[0].toDoubleArray());
        assertArrayEquals(new double[] {1.5, 2.5}, r[1].toDoubleArray());
    }

    @Test
    void sizeFormWithoutArrays() {
        var iota = new ElementwiseKernel("", "int64 y", "y = i", "iota");
        assertArrayEquals(new long[] {0, 1, 2, 3, 4}, iota.callWithSize(5).toLongArray());
        var fill = new ElementwiseKernel("T v", "T y", "y = v * (T)i", "ramp");
        assertArrayEquals(new double[] {0, 1.5, 3}, fill.callWithSize(3, 1.5).toDoubleArray());
        assertThrows(NdException.class, () -> iota.call());
        assertThrows(
                NdException.class,
                () -> new ElementwiseKernel("T x", "T y", "y = x", "id").callWithSize(3, Nd.arange(3)));
    }

    @Test
    void broadcastingViewsAndConversion() {
        var k = new ElementwiseKernel("float32 x, float32 y", "float32 z", "z = x - y", "sub32");
        NDArray col = Nd.arange(3).astype(DType.FLOAT32).reshape(3, 1);
        NDArray row = Nd.arange(4).reshape(1, 4); // int64, converted on load to float32
        NDArray z = k.call(col, row);
        assertArrayEquals(new long[] {3, 4}, z.shape());
        float[] got = z.toFloatArray();
        for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) assertEquals(i - j, got[i * 4 + j]);
        NDArray m = Nd.arange(12).astype(DType.FLOAT32).reshape(3, 4);
        NDArray t = k.call(m.T(), m.T().get("::-1, :")); // transposed, negative step
        float[] tv = t.toFloatArray();
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 3; j++) assertEquals((j * 4 + i) - (j * 4 + (3 - i)), tv[i * 3 + j]);
    }

    @Test
    void wideRowsWalkRowByRow() {
        // inner extents of 256+ take the row layout (wide output stores where aligned); i stays the flat index
        var k = new ElementwiseKernel(
                "float32 x, float32 y", "float32 z", "z += x * 10.0f + y + (float)(i % 7)", "row_acc");
        for (int[] rc : new int[][] {{5, 512}, {4, 258}, {3, 300}}) {
            int r = rc[0], c = rc[1];
            float[] xs = seq(r, 1), ys = seq(c, 2);
            NDArray col = Nd.array(xs).reshape(r, 1), row = Nd.array(ys).reshape(1, c);
            NDArray big = Nd.full(1.0, DType.FLOAT32, r, c + 3);
            NDArray z = big.get(":, 3:"); // rows start at a 12-byte offset: no wide stores
            NDArray z2 = Nd.full(1.0, DType.FLOAT32, r, c); // aligned rows
            k.call(col, row, z);
            k.call(col, row, z2);
            float[] got = z.copy().toFloatArray(), got2 = z2.toFloatArray(), whole = big.toFloatArray();
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < c; j++) {
                    float want = 1 + xs[i] * 10 + ys[j] + (i * c + j) % 7;
                    assertEquals(
                            want, got[i * c + j], 1e-5f * (1 + Math.abs(want)), r + "x" + c + " at " + i + "," + j);
                    assertEquals(
                            want,
                            got2[i * c + j],
                            1e-5f * (1 + Math.abs(want)),
                            r + "x" + c + " aligned at " + i + "," + j);
                }
                for (int j = 0; j < 3; j++) assertEquals(1f, whole[i * (c + 3) + j], "a bystander column changed");
            }
        }
        NDArray m = Nd.arange(3 * 2 * 256).astype(DType.FLOAT32).reshape(3, 2, 256);
        NDArray t = k.call(
                m.get("::-1"),
                Nd.zeros(DType.FLOAT32, 256),
                Nd.zeros(DType.FLOAT32, 3, 2, 256)); // 3 dims, negative step
        float[] tv = t.toFloatArray();
        for (int i = 0; i < tv.length; i++) {
            int a = i / 512, rest = i % 512;
            assertEquals(((2 - a) * 512 + rest) * 10f + i % 7, tv[i], 1e-3f);
        }
    }

    @Test
    void outputsPassedInAndConditionalAssignmentKeepOldValues() {
        var relu = new ElementwiseKernel("T x", "T y", "if (x > 0) y = x;", "keep_pos");
        NDArray y = Nd.full(-7.0, DType.FLOAT64, 4);
        relu.call(Nd.array(new double[] {1, -1, 2, -2}), y);
        assertArrayEquals(new double[] {1, -7, 2, -7}, y.toDoubleArray());
    }

    @Test
    void optionsPreambleLoopPrepAndOneSnippetForBothDialects() {
        var opts = ElementwiseKernel.Options.defaults()
                .withPreamble("ND_DEVICE_FN float sq(float v) { return v * v; }")
                .withLoopPrep("const float two = 2.0f;")
                .withAfterLoop("(void)two;") // after_loop sees loop_prep's locals
                .withCompileOptions("-DOFFSET=1");
        var k = new ElementwiseKernel(
                "float32 x",
                "float32 y",
                "y = sq(x) * two + OFFSET + (float)M_PI - M_PI_F + expf(0.0f) - 1.0f",
                "opts",
                opts);
        assertArrayEquals(
                new float[] {3, 9}, k.call(Nd.array(new float[] {1, 2})).toFloatArray(), 1e-5f);
        assertTrue(k.generatedSource(Nd.array(new float[] {1, 2})).contains("(void)two;"));
        var names = new ElementwiseKernel(
                "int64 x",
                "int64 y",
                "int64 k = x; uint8 u = 3; float32 f = log1pf(0.0f) + atan2f(0.0f, 1.0f); y = k * u + (int64)f",
                "names");
        assertArrayEquals(
                new long[] {3, 6}, names.call(Nd.array(new long[] {1, 2})).toLongArray());
    }

    @Test
    void badInput() {
        var k = new ElementwiseKernel("T x, T y", "T z", "z = x + y", "add2");
        NDArray a = Nd.zeros(DType.FLOAT32, 3);
        NdException e = assertThrows(NdException.class, () -> k.call(a));
        assertTrue(e.getMessage().contains("wrong number of arguments"), e.getMessage());
        assertThrows(ShapeException.class, () -> k.call(a, a, Nd.zeros(DType.FLOAT32, 4)));
        assertThrows(ShapeException.class, () -> k.call(a, Nd.zeros(DType.FLOAT32, 4)));
        var bad = new ElementwiseKernel("float32 x", "float32 y", "y = x +* no_such_function(x)", "broken");
        KernelCompileException ce = assertThrows(KernelCompileException.class, () -> bad.call(a));
        assertTrue(ce.getMessage().contains("broken"));
        assertTrue(ce.getMessage().contains("no_such_function"));
        assertTrue(ce.getMessage().matches("(?s).*\\n\\s*\\d+ \\| .*"), "numbered source");
        assertThrows(NdException.class, () -> new ElementwiseKernel("T x", "T x", "x = x", "dup"));
        assertThrows(NdException.class, () -> new ElementwiseKernel("T x", "T y", "y = x", "not an identifier"));
    }

    /** uint32 operands wrap modulo 2^32 and divide, shift and compare unsigned, as Java's Integer unsigned methods. */
    @Test
    void uint32ParametersComputeUnsigned() {
        var r = new java.util.SplittableRandom(32);
        int n = 1000;
        int[] xs = new int[n], ys = new int[n]; // the bits of uint32 values: above 2^31 half the time
        for (int i = 0; i < n; i++) {
            xs[i] = r.nextInt();
            ys[i] = r.nextInt();
        }
        xs[0] = -1; // 2^32 - 1 + 1 wraps to 0
        ys[0] = 1;
        xs[1] = Integer.MIN_VALUE; // 2^31 + 2^31 wraps to 0
        ys[1] = Integer.MIN_VALUE;
        NDArray x = Nd.array(xs, DType.UINT32, n), y = Nd.array(ys, DType.UINT32, n);
        var add = new ElementwiseKernel("uint32 x, uint32 y", "uint32 z", "z = x + y", "add_u32");
        NDArray z = add.call(x, y);
        assertEquals(DType.UINT32, z.dtype());
        long[] got = z.toLongArray();
        for (int i = 0; i < n; i++) assertEquals(Integer.toUnsignedLong(xs[i] + ys[i]), got[i], "x + y at " + i);

        var mixed = new ElementwiseKernel(
                "uint32 x, uint32 y, uint32 s",
                "uint32 q, bool gt",
                "q = (x + y) / (y | 1u) + (x >> 31) * s; gt = x > y",
                "divshift_u32");
        long s = 4000000000L; // a uint32 scalar above 2^31
        NDArray[] qs = mixed.callAll(x, y, s);
        long[] q = qs[0].toLongArray();
        boolean[] gt = qs[1].toBooleanArray();
        for (int i = 0; i < n; i++) {
            int want = Integer.divideUnsigned(xs[i] + ys[i], ys[i] | 1) + (xs[i] >>> 31) * (int) s;
            assertEquals(Integer.toUnsignedLong(want), q[i], "(x + y) / (y | 1) + (x >> 31) * s at " + i);
            assertEquals(Integer.compareUnsigned(xs[i], ys[i]) > 0, gt[i], "x > y at " + i);
        }
        assertThrows(DTypeException.class, () -> mixed.callAll(x, y, -1)); // NumPy: OverflowError
        assertThrows(DTypeException.class, () -> mixed.callAll(x, y, 1L << 32));
    }

    /** uint64 values above 2^63 keep their 64 bits; arithmetic, division and comparison are Java's Long unsigned ones. */
    @Test
    void uint64ParametersAbove2To63() {
        var r = new java.util.SplittableRandom(64);
        int n = 1000;
        long[] xs = new long[n], ys = new long[n];
        for (int i = 0; i < n; i++) {
            xs[i] = r.nextLong();
            ys[i] = r.nextLong() | 1;
        }
        xs[0] = -1; // 2^64 - 1
        ys[0] = 3;
        xs[1] = Long.MIN_VALUE + 5; // 2^63 + 5 against 2^63 - 1
        ys[1] = Long.MAX_VALUE;
        NDArray x = Nd.array(xs, DType.UINT64, n), y = Nd.array(ys, DType.UINT64, n);
        var k = new ElementwiseKernel(
                "T x, T y, uint64 s",
                "T w, bool gt",
                "w = x * y + x / y + x % y + (x >> 60) + s; gt = x > y",
                "mixed_u64");
        assertTrue(k.generatedSource(x, y, Long.MAX_VALUE).contains("typedef ulong T;"));
        NDArray[] res = k.callAll(x, y, Long.MAX_VALUE);
        assertEquals(DType.UINT64, res[0].dtype());
        long[] w = res[0].toLongArray();
        boolean[] gt = res[1].toBooleanArray();
        for (int i = 0; i < n; i++) {
            long want = xs[i] * ys[i]
                    + Long.divideUnsigned(xs[i], ys[i])
                    + Long.remainderUnsigned(xs[i], ys[i])
                    + (xs[i] >>> 60)
                    + Long.MAX_VALUE;
            assertEquals(
                    want,
                    w[i],
                    "at " + i + ": want " + Long.toUnsignedString(want) + ", got " + Long.toUnsignedString(w[i]));
            assertEquals(Long.compareUnsigned(xs[i], ys[i]) > 0, gt[i], "x > y at " + i);
        }
        assertThrows(DTypeException.class, () -> k.callAll(x, y, -1L));
    }

    @Test
    void generatedSourceIsShown() {
        var k = new ElementwiseKernel("T x", "T y", "y = x * x", "sq");
        String src = k.generatedSource(Nd.zeros(DType.FLOAT32, 8));
        assertTrue(src.contains("typedef float T;"));
        assertTrue(src.contains("void sq("));
    }
}
