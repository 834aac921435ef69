package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The large-array paths (grid split with a second pass, column layouts, parallel scans), float32
 * accuracy, bad input, empty arrays, out arrays and ReductionKernel, against plain Java loops.
 */
public class ReductionFeatureTest extends PerDeviceTest {

    @Test
    void float32SumOf2To26IsWithin1e6OfFloat64() {
        Nd.random().seed(7);
        try (NDArray x = Nd.random().uniform(0, 1, DType.FLOAT32, 1L << 26)) {
            float[] h = x.toFloatArray();
            double exact = 0;
            for (float v : h) exact += v;
            double got = x.sum().doubleValue();
            assertTrue(Math.abs(got - exact) / exact < 1e-6, "sum " + got + " vs float64 " + exact);
            double mean = x.mean().doubleValue();
            assertTrue(Math.abs(mean - exact / h.length) / (exact / h.length) < 1e-6, "mean " + mean);
        }
    }

    @Test
    void splitReductionsMatchJavaLoops() {
        Nd.random().seed(11);
        int rows = 300, cols = 5000;
        try (NDArray x = Nd.random().uniform(-1, 1, DType.FLOAT64, rows, cols)) {
            double[] h = x.toDoubleArray();
            double[] col = new double[cols], row = new double[rows];
            double max = Double.NEGATIVE_INFINITY;
            long arg = -1;
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    double v = h[i * cols + j];
                    col[j] += v;
                    row[i] += v;
                    if (v > max) {
                        max = v;
                        arg = (long) i * cols + j;
                    }
                }
            }
            close(x.sum(0).toDoubleArray(), col, 1e-12);
            close(x.sum(1).toDoubleArray(), row, 1e-12);
            close(x.T().sum(1).toDoubleArray(), col, 1e-12); // column layout through a transposed view
            assertEquals(max, x.max().doubleValue());
            assertEquals(arg, ((Number) x.argmax().item()).longValue());
            close(x.get("::3, ::-7").sum(0).toDoubleArray(), stridedCols(h, rows, cols), 1e-12);
        }
    }

    private static double[] stridedCols(double[] h, int rows, int cols) {
        int nc = (cols + 6) / 7;
        double[] out = new double[nc];
        for (int i = 0; i < rows; i += 3) for (int k = 0; k < nc; k++) out[k] += h[i * cols + (cols - 1 - 7 * k)];
        return out;
    }

    @Test
    void longScansAreParallelAndCorrect() {
        try (NDArray x = Nd.arange(3_000_000L)) {
            long[] c = x.cumsum().toLongArray();
            long acc = 0;
            for (int i = 0; i < c.length; i++) {
                acc += i;
                if (c[i] != acc) throw new AssertionError("cumsum[" + i + "] = " + c[i] + ", expected " + acc);
            }
        }
        try (NDArray x = Nd.ones(DType.FLOAT64, 3, 5000)) {
            double[] c = x.cumsum(1).toDoubleArray();
            for (int i = 0; i < c.length; i++) assertEquals(i % 5000 + 1, c[i]);
            double[] p = x.cumprod(0).toDoubleArray();
            for (double v : p) assertEquals(1.0, v);
        }
    }

    @Test
    void emptyArrays() {
        try (NDArray e = Nd.zeros(DType.FLOAT32, 0);
                NDArray m = Nd.zeros(DType.INT32, 3, 0)) {
            assertEquals(0.0, e.sum().doubleValue());
            assertEquals(1.0, e.prod().doubleValue());
            var ex = assertThrows(ShapeException.class, e::max);
            assertEquals("max: zero-size array to reduction operation maximum which has no identity", ex.getMessage());
            assertThrows(ShapeException.class, () -> m.min(1));
            assertThrows(ShapeException.class, e::argmax);
            assertArrayEquals(new long[] {0}, m.max(0).shape()); // nothing to reduce per output: no error
            assertArrayEquals(new long[] {0, 0, 0}, m.sum(1).toLongArray());
            assertTrue(Double.isNaN(e.mean().doubleValue()));
        }
    }

    @Test
    void badInput() {
        try (NDArray x = Nd.arange(24).reshape(2, 3, 4)) {
            var a = assertThrows(AxisException.class, () -> x.sum(3));
            assertTrue(a.getMessage().contains("axis 3 is out of bounds for array of dimension 3"), a.getMessage());
            assertThrows(AxisException.class, () -> x.sum(-4));
            var r = assertThrows(AxisException.class, () -> x.sum(new int[] {1, -2}, false));
            assertTrue(r.getMessage().contains("repeated axis"), r.getMessage());
            try (NDArray out = Nd.zeros(DType.INT64, 3)) {
                var s = assertThrows(
                        ShapeException.class,
                        () -> Providers.reductions().reduce(Reduction.SUM, x, new int[] {0}, false, out, 0));
                assertTrue(s.getMessage().contains("(3,)") && s.getMessage().contains("(3, 4)"), s.getMessage());
                assertArrayEquals(new long[] {0, 0, 0}, out.toLongArray()); // untouched
            }
            var k = new ReductionKernel("T x", "T y", "x", "a + b", "y = a", "zero", "bad_ident");
            assertThrows(DTypeException.class, () -> k.call(x));
            var k2 = new ReductionKernel("T x", "T y", "x", "a + b", "y = a", "1.5", "bad_ident2");
            var d = assertThrows(DTypeException.class, () -> k2.call(x));
            assertTrue(d.getMessage().contains("identity '1.5' is not a valid int64 value"), d.getMessage());
            assertThrows(AxisException.class, () -> x.argmax(new int[] {0, 1}, false));
        }
    }

    @Test
    void outArrayAndKeepdims() {
        try (NDArray x = Nd.arange(12).reshape(3, 4);
                NDArray out = Nd.zeros(DType.FLOAT64, 1, 4)) {
            NDArray r = Providers.reductions().reduce(Reduction.SUM, x, new int[] {0}, true, out, 0);
            assertTrue(r == out);
            assertArrayEquals(new double[] {12, 15, 18, 21}, out.toDoubleArray());
            assertArrayEquals(new long[] {3, 1}, x.max(new int[] {-1}, true).shape());
            assertArrayEquals(new long[] {1, 1}, x.sum(null, true).shape());
        }
    }

    @Test
    void reductionKernelL2Norm() {
        var l2 = new ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm");
        try (NDArray x = Nd.array(new float[][] {{3, 4, 0}, {1, 2, 2}})) {
            NDArray all = l2.call(x);
            assertEquals(DType.FLOAT32, all.dtype());
            assertEquals(Math.sqrt(34), all.doubleValue(), 1e-5);
            assertArrayEquals(
                    new float[] {5, 3}, l2.call(x, new int[] {1}, false).toFloatArray(), 1e-6f);
            assertArrayEquals(new float[] {5, 3}, l2.call(x, -1).toFloatArray(), 1e-6f);
            assertArrayEquals(new long[] {2, 1}, l2.call(x, new int[] {1}, true).shape());
            try (NDArray out = Nd.zeros(DType.FLOAT32, 3)) {
                l2.call(new Object[] {x}, new int[] {0}, false, out);
                assertArrayEquals(
                        new float[] {(float) Math.sqrt(10), (float) Math.sqrt(20), 2}, out.toFloatArray(), 1e-6f);
            }
        }
        var dot = new ReductionKernel("T x, T y, float64 w", "float64 z", "x * y * w", "a + b", "z = a", "0", "wdot")
                .withReduceType("float64");
        try (NDArray x = Nd.arange(4).reshape(2, 2);
                NDArray y = Nd.arange(2)) { // y broadcasts over rows
            assertArrayEquals(
                    new double[] {2, 6},
                    dot.call(new Object[] {x, y, 2.0}, new int[] {1}, false, null)
                            .toDoubleArray());
        }
        var maxk = new ReductionKernel("T x", "T y", "x", "(a > b ? a : b)", "y = a", "-inf", "mymax");
        try (NDArray x = Nd.array(new double[] {-5, -2, -9})) {
            assertEquals(-2.0, maxk.call(x).doubleValue());
        }
    }

    @Test
    void aReductionKernelCalledWithOtherArgumentTypesRunsTheirSpec() {
        // each call's spec is memoized by its argument types: a change of dtype, of a number's class (which binds
        // U) or of out must not run the previous call's kernel
        var scaled = new ReductionKernel("T x, U s", "T y", "x * s", "a + b", "y = a", "0", "scaled_sum");
        try (NDArray f = Nd.array(new float[] {1, 2, 3});
                NDArray d = Nd.array(new double[] {1, 2, 3});
                NDArray out = Nd.zeros(DType.FLOAT64, 1)) {
            for (int round = 0; round < 2; round++) {
                NDArray a = scaled.call(new Object[] {f, 2}, null, false, null); // call(f, 2) would reduce over axis 2
                assertEquals(DType.FLOAT32, a.dtype());
                assertEquals(12.0, a.doubleValue());
                assertEquals(15.0, scaled.call(f, 2.5).doubleValue()); // U: float64, not the int64 of the call before
                NDArray b = scaled.call(d, 2.5);
                assertEquals(DType.FLOAT64, b.dtype());
                assertEquals(15.0, b.doubleValue());
                scaled.call(new Object[] {d, 3}, new int[] {0}, true, out);
                assertEquals(18.0, out.toDoubleArray()[0]);
            }
        }
    }

    @Test
    void aRepeatedGeometryTakesEachCallsArraysAndScalars() throws Exception {
        // a one-pass reduction of the previous call's geometry launches the arguments it kept, with this
        // call's buffers and scalars put in: other inputs, outputs and scalars of the same shapes, from
        // several threads at once (one of them fills the kept arguments, the others copies), each get
        // their own result
        var scaled = new ReductionKernel("T x, T s", "T y", "x * s", "a + b", "y = a", "0", "kept_scaled_sum");
        try (NDArray x = Nd.arange(1000.0);
                NDArray y = x.mul(3);
                NDArray out = Nd.zeros(DType.FLOAT64)) {
            for (int round = 0; round < 3; round++) {
                assertEquals(499500.0, x.sum().doubleValue());
                assertEquals(3 * 499500.0, y.sum().doubleValue());
                assertEquals(2 * 499500.0, scaled.call(x, 2.0).doubleValue());
                assertEquals(0.5 * 3 * 499500.0, scaled.call(y, 0.5).doubleValue());
                scaled.call(new Object[] {x, 4.0}, null, false, out);
                assertEquals(4 * 499500.0, out.doubleValue());
            }
            var device = org.ndgpu.device.Device.current();
            Thread[] threads = new Thread[4];
            Throwable[] failed = new Throwable[threads.length];
            for (int t = 0; t < threads.length; t++) {
                int id = t;
                threads[t] = new Thread(() -> {
                    try (var _ = device.use()) {
                        for (int i = 0; i < 50; i++) {
                            double s = id + 1;
                            assertEquals(s * 499500.0, scaled.call(x, s).doubleValue());
                            assertEquals(3 * 499500.0, y.sum().doubleValue());
                        }
                    } catch (Throwable e) {
                        failed[id] = e;
                    }
                });
                threads[t].start();
            }
            for (Thread t : threads) t.join();
            for (Throwable e : failed) if (e != null) throw new AssertionError(e);
        }
    }

    @Test
    void normsHelper() {
        try (NDArray x = Nd.array(new double[][] {{3, 4}, {0, 12}})) {
            assertEquals(13.0, Norms.norm(x).doubleValue(), 1e-12);
            assertArrayEquals(
                    new double[] {5, 12}, Norms.norm(x, new int[] {1}, false).toDoubleArray(), 1e-12);
        }
    }

    private static void close(double[] got, double[] want, double tol) {
        assertEquals(want.length, got.length);
        for (int i = 0; i < got.length; i++) {
            assertTrue(
                    Math.abs(got[i] - want[i]) <= tol * Math.max(1, Math.abs(want[i])),
                    "element " + i + ": " + got[i] + " vs " + want[i]);
        }
    }
}
