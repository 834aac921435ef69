package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.DTypeException;
import org.ndgpu.KernelCompileException;
import org.ndgpu.NdException;
import org.ndgpu.Nd;
import org.ndgpu.ShapeException;
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
        for (int n : new int[]{1, 3, 4, 5, 1000, 4099}) {
            float[] xs = seq(n, 3), ys = seq(n, 1.5f);
            NDArray z = k.call(Nd.array(xs), Nd.array(ys));
            assertEquals(DType.FLOAT32, z.dtype());
            float[] got = z.toFloatArray();
            for (int i = 0; i < n; i++) assertEquals(xs[i] * 2f + (float) Math.sin(ys[i]), got[i], 1e-5f * (1 + Math.abs(got[i])));
        }
    }

    @Test
    void placeholdersBindFromArraysAndOutputs() {
        var add = new ElementwiseKernel("T x, T y", "T z", "z = x + y", "my_add");
        NDArray a = Nd.arange(6).reshape(2, 3);
        NDArray r = add.call(a, a);
        assertEquals(DType.INT64, r.dtype());
        assertArrayEquals(new long[]{0, 2, 4, 6, 8, 10}, r.toLongArray());
        NDArray f = Nd.array(new float[]{1, 2, 3});
        assertEquals(DType.FLOAT32, add.call(f, 2.5).dtype());                 // weak scalar stays float32
        assertArrayEquals(new float[]{3.5f, 4.5f, 5.5f}, add.call(f, 2.5).toFloatArray());
        var outOnly = new ElementwiseKernel("T x", "U y", "y = (U)(x * 2)", "cast2");
        NDArray out = Nd.zeros(DType.INT32, 3);
        assertSame(out, outOnly.call(f, out));                                 // U bound by the output passed in
        assertArrayEquals(new int[]{2, 4, 6}, out.toIntArray());
        assertThrows(DTypeException.class, () -> outOnly.call(f));              // U unbound
        assertThrows(DTypeException.class, () -> add.call(f, Nd.array(new double[]{1, 2, 3})));   // T mismatched
        assertThrows(DTypeException.class, () -> add.call(Nd.array(new byte[]{1}).astype(DType.UINT8), 300));
    }

    @Test
    void rawParamsAndIndSize() {
        var rev = new ElementwiseKernel("raw T x", "T y", "y = x[_ind.size() - i - 1]", "reverse");
        NDArray a = Nd.arange(10).astype(DType.FLOAT32);
        NDArray y = rev.call(a, Nd.emptyLike(a));
        assertArrayEquals(new float[]{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}, y.toFloatArray());
        // a non-contiguous raw array is indexed in C order, as CuPy's raw indexing
        NDArray strided = Nd.arange(20).astype(DType.FLOAT32).get("::2");
        assertArrayEquals(new float[]{18, 16, 14, 12, 10, 8, 6, 4, 2, 0}, rev.call(strided, Nd.emptyLike(a)).toFloatArray());
    }

    @Test
    void severalOutputsAndScalars() {
        var k = new ElementwiseKernel("float64 x, float64 s", "float64 lo, float64 hi", "lo = x - s; hi = x + s", "band");
        NDArray[] r = k.callAll(Nd.array(new double[]{1, 2}), 0.5);
        assertEquals(2, r.length);
        assertArrayEquals(new double[]{0.5, 1.5}, r[0].toDoubleArray());
        assertArrayEquals(new double[]{1.5, 2.5}, r[1].toDoubleArray());
    }

    @Test
    void sizeFormWithoutArrays() {
        var iota = new ElementwiseKernel("", "int64 y", "y = i", "iota");
        assertArrayEquals(new long[]{0, 1, 2, 3, 4}, iota.callWithSize(5).toLongArray());
        var fill = new ElementwiseKernel("T v", "T y", "y = v * (T)i", "ramp");
        assertArrayEquals(new double[]{0, 1.5, 3}, fill.callWithSize(3, 1.5).toDoubleArray());
        assertThrows(NdException.class, () -> iota.call());
        assertThrows(NdException.class, () -> new ElementwiseKernel("T x", "T y", "y = x", "id").callWithSize(3, Nd.arange(3)));
    }

    @Test
    void broadcastingViewsAndConversion() {
        var k = new ElementwiseKernel("float32 x, float32 y", "float32 z", "z = x - y", "sub32");
        NDArray col = Nd.arange(3).astype(DType.FLOAT32).reshape(3, 1);
        NDArray row = Nd.arange(4).reshape(1, 4);          // int64, converted on load to float32
        NDArray z = k.call(col, row);
        assertArrayEquals(new long[]{3, 4}, z.shape());
        float[] got = z.toFloatArray();
        for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) assertEquals(i - j, got[i * 4 + j]);
        NDArray m = Nd.arange(12).astype(DType.FLOAT32).reshape(3, 4);
        NDArray t = k.call(m.T(), m.T().get("::-1, :"));   // transposed, negative step
        float[] tv = t.toFloatArray();
        for (int i = 0; i < 4; i++) for (int j = 0; j < 3; j++) assertEquals((j * 4 + i) - (j * 4 + (3 - i)), tv[i * 3 + j]);
    }

    @Test
    void wideRowsWalkRowByRow() {
        // inner extents of 256+ take the row layout (wide output stores where aligned); i stays the flat index
        var k = new ElementwiseKernel("float32 x, float32 y", "float32 z", "z += x * 10.0f + y + (float)(i % 7)", "row_acc");
        for (int[] rc : new int[][]{{5, 512}, {4, 258}, {3, 300}}) {
            int r = rc[0], c = rc[1];
            float[] xs = seq(r, 1), ys = seq(c, 2);
            NDArray col = Nd.array(xs).reshape(r, 1), row = Nd.array(ys).reshape(1, c);
            NDArray big = Nd.full(1.0, DType.FLOAT32, r, c + 3);
            NDArray z = big.get(":, 3:");                     // rows start at a 12-byte offset: no wide stores
            NDArray z2 = Nd.full(1.0, DType.FLOAT32, r, c);   // aligned rows
            k.call(col, row, z);
            k.call(col, row, z2);
            float[] got = z.copy().toFloatArray(), got2 = z2.toFloatArray(), whole = big.toFloatArray();
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < c; j++) {
                    float want = 1 + xs[i] * 10 + ys[j] + (i * c + j) % 7;
                    assertEquals(want, got[i * c + j], 1e-5f * (1 + Math.abs(want)), r + "x" + c + " at " + i + "," + j);
                    assertEquals(want, got2[i * c + j], 1e-5f * (1 + Math.abs(want)), r + "x" + c + " aligned at " + i + "," + j);
                }
                for (int j = 0; j < 3; j++) assertEquals(1f, whole[i * (c + 3) + j], "a bystander column changed");
            }
        }
        NDArray m = Nd.arange(3 * 2 * 256).astype(DType.FLOAT32).reshape(3, 2, 256);
        NDArray t = k.call(m.get("::-1"), Nd.zeros(DType.FLOAT32, 256), Nd.zeros(DType.FLOAT32, 3, 2, 256));   // 3 dims, negative step
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
        relu.call(Nd.array(new double[]{1, -1, 2, -2}), y);
        assertArrayEquals(new double[]{1, -7, 2, -7}, y.toDoubleArray());
    }

    @Test
    void optionsPreambleLoopPrepAndOneSnippetForBothDialects() {
        var opts = ElementwiseKernel.Options.defaults()
                .withPreamble("ND_DEVICE_FN float sq(float v) { return v * v; }")
                .withLoopPrep("const float two = 2.0f;")
                .withCompileOptions("-DOFFSET=1");
        var k = new ElementwiseKernel("float32 x", "float32 y", "y = sq(x) * two + OFFSET + (float)M_PI - M_PI_F + expf(0.0f) - 1.0f", "opts", opts);
        assertArrayEquals(new float[]{3, 9}, k.call(Nd.array(new float[]{1, 2})).toFloatArray(), 1e-5f);
        var names = new ElementwiseKernel("int64 x", "int64 y", "int64 k = x; uint8 u = 3; float32 f = log1pf(0.0f) + atan2f(0.0f, 1.0f); y = k * u + (int64)f", "names");
        assertArrayEquals(new long[]{3, 6}, names.call(Nd.array(new long[]{1, 2})).toLongArray());
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

    @Test
    void generatedSourceIsShown() {
        var k = new ElementwiseKernel("T x", "T y", "y = x * x", "sq");
        String src = k.generatedSource(Nd.zeros(DType.FLOAT32, 8));
        assertTrue(src.contains("typedef float T;"));
        assertTrue(src.contains("void sq("));
    }
}
