package org.ndgpu.raw;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/** Java scalar functions as broadcasting ufuncs on one device. */
public class VectorizeTest extends PerDeviceTest {

    @Test
    void broadcastsLikeNumPy() {
        float[] a = RawKernelTest.random(12, 21), b = RawKernelTest.random(3, 22);
        NDArray x = Nd.array(a, DType.FLOAT32, 4, 3), y = Nd.array(b);
        NDArray r = Vectorize.of(new TestKernels.Hypot()).call(x, y);
        assertArrayEquals(new long[] {4, 3}, r.shape());
        float[] got = r.toFloatArray();
        for (int i = 0; i < 12; i++) assertEquals(Math.hypot(a[i], b[i % 3]), got[i], 1e-6, "element " + i);
    }

    @Test
    void scalarOperandAndOutArray() {
        float[] a = RawKernelTest.random(10, 23);
        NDArray out = Nd.full(Float.NaN, DType.FLOAT32, 10);
        NDArray r = Vectorize.of(new TestKernels.Hypot()).call(Nd.array(a), 3.0f, out);
        assertSame(out, r);
        float[] got = out.toFloatArray();
        for (int i = 0; i < 10; i++) assertEquals(Math.sqrt(a[i] * a[i] + 9), got[i], 1e-5);
    }

    @Test
    void doublesThroughAHelperOnAStridedView() {
        double[] a = new double[20];
        for (int i = 0; i < 20; i++) a[i] = i * 0.37 - 3;
        NDArray x = Nd.array(a, DType.FLOAT64, 4, 5).T(); // non-contiguous input
        NDArray r = Vectorize.of(new TestKernels.Poly()).call(x);
        double[] got = r.toDoubleArray();
        for (int c = 0; c < 5; c++) {
            for (int row = 0; row < 4; row++) {
                double v = a[row * 5 + c];
                assertEquals(v * v * 3 - v + 0.5, got[c * 4 + row], 1e-12);
            }
        }
    }

    @Test
    void badInput() {
        var f = Vectorize.of(new TestKernels.Hypot());
        assertThrows(DTypeException.class, () -> f.call(Nd.zeros(DType.FLOAT64, 3), Nd.zeros(DType.FLOAT32, 3)));
        assertThrows(ShapeException.class, () -> f.call(Nd.zeros(DType.FLOAT32, 3), Nd.zeros(DType.FLOAT32, 4)));
        assertThrows(NdException.class, () -> f.call(Nd.zeros(DType.FLOAT32, 3)));
        var e = assertThrows(NdException.class, () -> Vectorize.of(new TestKernels.Scaled()));
        assertTrue(e.getMessage().contains("factor"), e.getMessage());
    }
}
