package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ndgpu.linalg.impl.Fixtures.assertClose;
import static org.ndgpu.linalg.impl.Fixtures.load;
import static org.ndgpu.linalg.impl.Fixtures.random;
import static org.ndgpu.linalg.impl.Fixtures.tol;
import static org.ndgpu.linalg.impl.Fixtures.values;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.testing.PerDeviceTest;

/** numpy.matmul's rules and every dtype, against NumPy fixtures and a host loop. */
class MatmulTest extends PerDeviceTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "bool",
                "uint8",
                "int8",
                "int16",
                "int32",
                "int64",
                "float16",
                "float32",
                "float64",
                "complex64",
                "complex128"
            })
    void everyDtypeMatchesNumpy(String dt) {
        NDArray a = load("matmul_" + dt + "_a"), b = load("matmul_" + dt + "_b");
        NDArray c = a.matmul(b);
        // integers wrap exactly as NumPy's (int8 and uint8 products overflow here); floats within the dtype's tolerance
        assertClose(load("matmul_" + dt + "_c"), c, tol(DType.of(dt)));
    }

    @Test
    void mixedDtypesPromote() {
        NDArray c = Nd.matmul(load("mixed_a"), load("mixed_b"));
        assertEquals(DType.FLOAT64, c.dtype());
        assertClose(load("mixed_c"), c, 1e-6);
    }

    private void checkAgainstHost(NDArray a, NDArray b, DType dt) {
        // reference: the same operands made C-contiguous on the host
        NDArray c = a.matmul(b);
        long[] as = a.shape(), bs = b.shape();
        int m = (int) as[as.length - 2], k = (int) as[as.length - 1], n = (int) bs[bs.length - 1];
        double[] av = values(a.copy()), bv = values(b.copy());
        double[] ref = Fixtures.matmul(av, bv, m, k, n);
        assertEquals(dt, c.dtype());
        assertArrayEquals(new long[] {m, n}, c.shape());
        Fixtures.assertClose(ref, values(c), dt.isInteger() ? 0 : tol(dt) * k);
    }

    @ParameterizedTest
    @ValueSource(strings = {"float32", "float64", "int32"})
    void transposedAndFortranOperandsWithoutCopies(String name) {
        DType dt = DType.of(name);
        NDArray a = random(1, dt, 7, 5), b = random(2, dt, 6, 7);
        checkAgainstHost(a.T(), b.T(), dt); // both F-contiguous: passed as op T
        checkAgainstHost(Nd.asfortranarray(random(3, dt, 4, 7)), a, dt);
        checkAgainstHost(a.get("::2, :"), random(4, dt, 5, 3), dt); // a row-strided view: lda = 2 rows
        checkAgainstHost(a.get(":, ::-1").T(), random(5, dt, 7, 2), dt); // negative strides: copied first
        checkAgainstHost(a.get("1:4, 1:4"), b.get("1:4, 2:5"), dt); // offsets into the buffers
    }

    @Test
    void oneDimensionalOperands() {
        NDArray a = random(1, DType.FLOAT64, 3, 4), v = random(2, DType.FLOAT64, 4), w = random(3, DType.FLOAT64, 3);
        NDArray av = a.matmul(v);
        assertArrayEquals(new long[] {3}, av.shape());
        assertClose(Fixtures.matmul(values(a), values(v), 3, 4, 1), values(av), 1e-12);
        NDArray wa = w.matmul(a);
        assertArrayEquals(new long[] {4}, wa.shape());
        assertClose(Fixtures.matmul(values(w), values(a), 1, 3, 4), values(wa), 1e-12);
        NDArray vv = v.matmul(v);
        assertEquals(0, vv.ndim());
        double s = 0;
        for (double x : values(v)) s += x * x;
        assertEquals(s, vv.doubleValue(), 1e-12);
    }

    @Test
    void batchDimensionsBroadcast() {
        NDArray a = random(1, DType.FLOAT32, 2, 1, 3, 4), b = random(2, DType.FLOAT32, 5, 4, 2);
        NDArray c = a.matmul(b);
        assertArrayEquals(new long[] {2, 5, 3, 2}, c.shape());
        double[] av = values(a), bv = values(b), cv = values(c);
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 5; j++) {
                double[] ai = java.util.Arrays.copyOfRange(av, i * 12, i * 12 + 12),
                        bj = java.util.Arrays.copyOfRange(bv, j * 8, j * 8 + 8);
                double[] ref = Fixtures.matmul(ai, bj, 3, 4, 2);
                Fixtures.assertClose(ref, java.util.Arrays.copyOfRange(cv, (i * 5 + j) * 6, (i * 5 + j) * 6 + 6), 1e-5);
            }
        // a batch that cannot merge into one stride (a transposed batch axis) is looped over
        NDArray t = random(3, DType.FLOAT64, 4, 3, 2, 5).transpose(1, 0, 2, 3); // (3, 4, 2, 5)
        NDArray u = random(4, DType.FLOAT64, 5, 2);
        NDArray tu = t.matmul(u);
        NDArray ref = t.copy().matmul(u);
        assertClose(ref, tu, 1e-12);
    }

    @Test
    void manySmallMatricesInOneBatch() {
        NDArray a = random(1, DType.FLOAT32, 100, 8, 8), b = random(2, DType.FLOAT32, 100, 8, 8);
        NDArray c = a.matmul(b);
        double[] av = values(a), bv = values(b), cv = values(c);
        for (int q = 0; q < 100; q += 17) {
            double[] ref = Fixtures.matmul(
                    java.util.Arrays.copyOfRange(av, q * 64, q * 64 + 64),
                    java.util.Arrays.copyOfRange(bv, q * 64, q * 64 + 64),
                    8,
                    8,
                    8);
            Fixtures.assertClose(ref, java.util.Arrays.copyOfRange(cv, q * 64, q * 64 + 64), 1e-5);
        }
    }

    @Test
    void outArrayAndEmptyDimensions() {
        NDArray a = random(1, DType.FLOAT64, 3, 4), b = random(2, DType.FLOAT64, 4, 2);
        NDArray out = Nd.full(Double.NaN, DType.FLOAT64, 3, 2);
        NDArray r = Nd.matmul(a, b, out);
        assertEquals(out, r);
        assertClose(a.matmul(b), out, 1e-15);
        NDArray z = Nd.matmul(Nd.empty(DType.FLOAT64, 3, 0), Nd.empty(DType.FLOAT64, 0, 2));
        assertArrayEquals(new double[6], values(z)); // K = 0: zeros, as NumPy
        assertArrayEquals(
                new long[] {0, 2},
                Nd.matmul(Nd.empty(DType.FLOAT32, 0, 4), Nd.empty(DType.FLOAT32, 4, 2))
                        .shape());
    }

    @Test
    void misalignedShapesNameShapesAndAxes() {
        var e = assertThrows(ShapeException.class, () -> Nd.matmul(Nd.zeros(3, 4), Nd.zeros(5, 6)));
        assertEquals("matmul: shapes (3,4) and (5,6) not aligned: 4 (dim 1) != 5 (dim 0)", e.getMessage());
        var e2 = assertThrows(ShapeException.class, () -> Nd.matmul(Nd.zeros(2, 3, 4), Nd.zeros(3, 4, 2)));
        assertEquals(true, e2.getMessage().contains("batch dimensions"), e2.getMessage());
        assertThrows(ShapeException.class, () -> Nd.matmul(Nd.array(1.0), Nd.zeros(3)));
        assertThrows(ShapeException.class, () -> Nd.matmul(Nd.zeros(2, 2), Nd.zeros(2, 2), Nd.zeros(3, 3)));
    }

    @Test
    void integerProductsAreExact() {
        long big = 3_000_000_000L; // beyond float64's exact products once squared: no detour through floats
        NDArray a = Nd.array(new long[] {big, 1, 2, big}, DType.INT64, 2, 2);
        long[] c = a.matmul(a).toLongArray();
        assertEquals(big * big + 2, c[0]);
        assertEquals(big + big, c[1]);
    }

    @Test
    void layoutsForTheBlas() {
        // row-major: N with ld = row stride; column-major: T with ld = column stride; neither: null (copy)
        assertEquals(org.ndgpu.vendor.Blas.Op.N, Matmul.blasLayout(3, 4, 4, 1, false)[0]);
        assertEquals(org.ndgpu.vendor.Blas.Op.T, Matmul.blasLayout(3, 4, 1, 3, false)[0]);
        assertEquals(3L, Matmul.blasLayout(3, 4, 1, 3, false)[1]);
        assertEquals(org.ndgpu.vendor.Blas.Op.C, Matmul.blasLayout(1, 4, 0, 1, true)[0]);
        assertEquals(null, Matmul.blasLayout(3, 4, 8, 2, false));
        NDArray f = Nd.empty(DType.FLOAT32, Order.F, 3, 4);
        assertEquals(true, f.isFContiguous());
    }

    /**
     * A float32 dot of a million elements drifted by 1.6e-4 relative on PoCL (NumPy: 2e-7): every
     * product with a vector side accumulates in float64 now. Fresh uniform(0, 1) inputs, so the sum is
     * far from zero and the error is the accumulation's, against a float64 sum in Java.
     */
    @Test
    void vectorProductsOfAMillionFloat32AreAccurate() {
        int n = 1 << 20;
        java.util.SplittableRandom r = new java.util.SplittableRandom(20261123);
        float[] x = new float[n], y = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) r.nextDouble();
            y[i] = (float) r.nextDouble();
        }
        double ref = 0;
        for (int i = 0; i < n; i++) ref += (double) x[i] * y[i];
        try (NDArray a = Nd.array(x);
                NDArray b = Nd.array(y)) {
            NDArray[] results = {
                Nd.dot(a, b),
                Nd.linalg().inner(a, b),
                Nd.linalg().vdot(a, b),
                a.matmul(b),
                Nd.linalg().einsum("i,i->", a, b)
            };
            String[] names = {"dot", "inner", "vdot", "matmul", "einsum"};
            for (int k = 0; k < results.length; k++) {
                assertEquals(DType.FLOAT32, results[k].dtype(), names[k]);
                double rel = Math.abs(results[k].doubleValue() - ref) / ref;
                org.junit.jupiter.api.Assertions.assertTrue(rel < 1e-6, names[k] + ": relative error " + rel);
                results[k].close();
            }
        }
        // matrix x vector and vector x matrix: each of 48 sums of 65536 products
        int m = 48, k = 1 << 16;
        float[] mat = new float[m * k];
        for (int i = 0; i < mat.length; i++) mat[i] = (float) r.nextDouble();
        try (NDArray a = Nd.array(mat).reshape(m, k);
                NDArray v = Nd.array(java.util.Arrays.copyOf(y, k));
                NDArray mv = a.matmul(v);
                NDArray vm = v.matmul(a.T())) {
            double[] got = mv.toDoubleArray(), got2 = vm.toDoubleArray();
            for (int row = 0; row < m; row++) {
                double s = 0;
                for (int j = 0; j < k; j++) s += (double) mat[row * k + j] * y[j];
                org.junit.jupiter.api.Assertions.assertTrue(
                        Math.abs(got[row] - s) / s < 1e-6, "matrix x vector row " + row);
                org.junit.jupiter.api.Assertions.assertTrue(
                        Math.abs(got2[row] - s) / s < 1e-6, "vector x matrix column " + row);
            }
        }
    }

    /** NumPy's out= rules for matmul: same_kind casting, read-only outs, and an out that is an operand. */
    @Test
    void matmulOutRules() {
        try (NDArray a = Nd.array(new float[][] {{1, 2}, {3, 4}});
                NDArray ints = Nd.zeros(DType.INT32, 2, 2)) {
            var e = assertThrows(org.ndgpu.exceptions.DTypeException.class, () -> Nd.matmul(a, a, ints));
            org.junit.jupiter.api.Assertions.assertTrue(
                    e.getMessage().contains("matmul") && e.getMessage().contains("same_kind"), e.getMessage());
            assertArrayEquals(new int[] {0, 0, 0, 0}, ints.toIntArray(), "a refused out is untouched");
            assertThrows(
                    org.ndgpu.exceptions.NdException.class,
                    () -> Nd.matmul(a, a, Nd.zeros(DType.FLOAT32, 2).broadcastTo(2, 2)));
            assertThrows(ShapeException.class, () -> Nd.matmul(a, a, Nd.zeros(DType.FLOAT32, 3, 2)));
            // numpy: a = [[1,2],[3,4]]; np.matmul(a, a, out=a) -> [[7,10],[15,22]]
            NDArray same = Nd.matmul(a, a, a);
            assertArrayEquals(new float[] {7, 10, 15, 22}, same.toFloatArray());
            try (NDArray f64 = Nd.zeros(DType.FLOAT64, 2, 2);
                    NDArray b = Nd.array(new float[][] {{1, 0}, {0, 1}})) {
                Nd.matmul(a, b, f64); // float32 into float64 is safe
                assertArrayEquals(new double[] {7, 10, 15, 22}, f64.toDoubleArray());
            }
        }
    }
}
