package org.ndgpu.raw;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aparapi.Range;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/** Java kernels translated by Aparapi and launched by ndgpu on one device, and in host mode. */
public class JavaKernelTest extends PerDeviceTest {

    static float[] random(int n, long seed) {
        return RawKernelTest.random(n, seed);
    }

    private static void saxpy(JavaKernel.Mode mode) {
        int n = 1000;
        float[] a = random(n, 11), b = random(n, 12);
        var k = new TestKernels.Saxpy();
        k.a = 2.5f;
        k.n = n;
        NDArray x = Nd.array(a), y = Nd.array(b);
        k.bind("x", x).bind("y", y).launch(NdRange.of(n), mode);
        float[] got = y.toFloatArray();
        for (int i = 0; i < n; i++) assertEquals(2.5f * a[i] + b[i], got[i], 1e-6f, "element " + i);
        assertEquals(null, k.x, "the Java field stays as it was");
    }

    @Test
    void saxpyOnDevice() {
        saxpy(JavaKernel.Mode.DEVICE);
    }

    @Test
    void saxpyInHostMode() {
        saxpy(JavaKernel.Mode.HOST);
    }

    @Test
    void twoDimensionalRange() {
        int w = 40, h = 6;
        for (JavaKernel.Mode mode : JavaKernel.Mode.values()) {
            var k = new TestKernels.Grid2D();
            k.bias = 0.5;
            NDArray out = Nd.full(Double.NaN, DType.FLOAT64, h, w);
            k.bind("out", out).launch(NdRange.of(w, h), mode);
            double[] got = out.toDoubleArray();
            for (int r = 0; r < h; r++)
                for (int c = 0; c < w; c++) assertEquals(r * 1000 + c + 0.5, got[r * w + c], mode.name());
        }
    }

    @Test
    void localMemoryAndBarriers() {
        int groups = 5, block = 64;
        float[] a = random(groups * block, 13);
        for (JavaKernel.Mode mode : JavaKernel.Mode.values()) {
            var k = new TestKernels.GroupSum();
            NDArray sums = Nd.full(Float.NaN, DType.FLOAT32, groups);
            k.bind("x", Nd.array(a))
                    .bind("sums", sums)
                    .launch(NdRange.of((long) groups * block).local(block), mode);
            float[] got = sums.toFloatArray();
            for (int g = 0; g < groups; g++) {
                double want = 0;
                for (int i = 0; i < block; i++) want += a[g * block + i];
                assertEquals(want, got[g], 1e-4, mode + " group " + g);
            }
        }
    }

    @Test
    void atomicHistogram() {
        int n = 4096, nbins = 7;
        int[] v = new int[n];
        java.util.Random r = new java.util.Random(5);
        int[] want = new int[nbins];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextInt(1000);
            want[v[i] % nbins]++;
        }
        for (JavaKernel.Mode mode : JavaKernel.Mode.values()) {
            var k = new TestKernels.Histogram();
            k.nbins = nbins;
            NDArray bins = Nd.zeros(DType.INT32, nbins);
            k.bind("values", Nd.array(v)).bind("bins", bins).launch(NdRange.of(n), mode);
            assertArrayEquals(want, bins.toIntArray(), mode.name());
        }
    }

    @Test
    void arrayLengthAndHelperMethods() {
        float[] a = random(100, 14);
        var k = new TestKernels.Helpers();
        NDArray y = Nd.full(Float.NaN, DType.FLOAT32, 128);
        k.bind("x", Nd.array(a)).bind("y", y).launch(128);
        float[] got = y.toFloatArray();
        for (int i = 0; i < 100; i++) assertEquals(Math.sqrt(a[i] * a[i] + 4), got[i], 1e-6);
        for (int i = 100; i < 128; i++) assertTrue(Float.isNaN(got[i]), "beyond x.length untouched");
    }

    // ---------------------------------------------------------------- bad input

    @Test
    void unboundArrayField() {
        var k = new TestKernels.Saxpy();
        k.n = 4;
        k.bind("x", Nd.zeros(DType.FLOAT32, 4));
        var e = assertThrows(KernelLaunchException.class, () -> k.launch(4));
        assertTrue(e.getMessage().contains("'y'") && e.getMessage().contains("bind(\"y\""), e.getMessage());
    }

    @Test
    void bindChecksDtypeFieldAndLayout() {
        var k = new TestKernels.Saxpy();
        var e = assertThrows(DTypeException.class, () -> k.bind("x", Nd.zeros(DType.FLOAT64, 4)));
        assertTrue(e.getMessage().contains("float32") || e.getMessage().contains("FLOAT32"), e.getMessage());
        assertThrows(NdException.class, () -> k.bind("nope", Nd.zeros(DType.FLOAT32, 4)));
        assertThrows(NdException.class, () -> k.bind("a", Nd.zeros(DType.FLOAT32, 4)));
        assertThrows(
                NdException.class,
                () -> k.bind("x", Nd.zeros(DType.FLOAT32, 4, 4).T()));
    }

    @Test
    void localSizeAboveTheLimitSaysTheLimit() {
        var k = new TestKernels.Saxpy();
        k.n = 1 << 16;
        k.bind("x", Nd.zeros(DType.FLOAT32, 1 << 16)).bind("y", Nd.zeros(DType.FLOAT32, 1 << 16));
        var e = assertThrows(
                KernelLaunchException.class, () -> k.launch(NdRange.of(1 << 16).local(1 << 15)));
        assertTrue(e.getMessage().contains("limit"), e.getMessage());
        assertThrows(NdException.class, () -> NdRange.of(100).local(64));
    }

    @Test
    void untranslatableConstructNamesItAndTheLine() {
        var k = new TestKernels.Untranslatable();
        k.bind("x", Nd.zeros(DType.FLOAT32, 4));
        var e = assertThrows(KernelTranslationException.class, () -> k.launch(4));
        assertTrue(
                e.getMessage().contains("string concatenation")
                        && e.getMessage().contains("TestKernels.java:"),
                e.getMessage());
    }

    @Test
    void aparapisOwnExecuteIsDisabled() {
        var k = new TestKernels.Saxpy();
        assertThrows(UnsupportedOperationException.class, () -> k.execute(Range.create(4)));
        assertThrows(UnsupportedOperationException.class, () -> k.execute(4));
    }
}
