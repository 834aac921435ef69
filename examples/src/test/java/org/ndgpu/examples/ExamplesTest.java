package org.ndgpu.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.ndgpu.device.Device;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Every example, run on the suite's device at a test size, its results asserted (never its
 * timings). Subclassed once per backend.
 */
class ExamplesTest extends PerDeviceTest {
    /** Runs {@code e} with its printed output captured; checks the output names the device. */
    Result run(Example e) {
        var bytes = new ByteArrayOutputStream();
        Result r;
        try (var out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            r = Examples.runAndPrint(e, out);
        }
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(printed.startsWith("== " + e.name() + ": "), printed);
        assertTrue(printed.contains("device ") && printed.contains(device().id()), printed);
        assertEquals(device().toString(), r.device());
        for (String k : r.values().keySet())
            assertTrue(printed.contains(k), "printed output lacks " + k + ":\n" + printed);
        assertTrue(printed.contains("time: "), printed);
        return r;
    }

    @Test
    void tourPrintsNumPyStyle() {
        Result r = run(new Tour());
        assertEquals("array([12, 15, 18, 21])", r.text("a.sum(0)"));
        assertEquals("array([[ 7,  6,  5,  4],       [11, 10,  9,  8]])", r.text("a.get(\"1:, ::-1\")"));
    }

    @Test
    void dataParallelRegressionMatchesOneDevice() {
        Result r = run(new DataParallelRegression(20_000));
        // ndgpu-examples' surefire sets POCL_DEVICES="pthread pthread": on PoCL, two devices share the rows
        if (!device().isGpu()) assertTrue(r.number("devices") >= 2, r.toString());
        assertTrue(r.number("max abs weight") > 0.1, r.toString());
        assertTrue(r.number("max abs difference") <= 1e-9 * r.number("max abs weight"), r.toString());
    }

    @Test
    void hypotMatchesTheHostLoop() {
        Result r = run(new Hypot(100_000));
        assertEquals("float32", r.text("dtype"));
        assertEquals(5.0, r.number("hypot(3, 4)"));
        assertTrue(r.number("max rel error") < 1e-6, r.toString());
    }

    @Test
    void monteCarloPiOnHostAndDevice() {
        Result r = run(new MonteCarloPi(1_000_000));
        // the standard error at 1e6 points is 0.0016; 0.01 is six of them
        assertEquals(Math.PI, r.number("pi (host)"), 0.01);
        assertEquals(Math.PI, r.number("pi (device)"), 0.01);
        // the device generator is counter-based: the same seed gives the same estimate
        assertEquals(r.number("pi (device)"), MonteCarloPi.devicePi(1_000_000, 42));
    }

    @Test
    void sinCosThreeWaysAgree() {
        Result r = run(new SinCos(1_000_000));
        assertTrue(r.number("max abs error (ufuncs)") < 1e-6, r.toString());
        assertTrue(r.number("max abs error (kernel)") < 1e-6, r.toString());
        assertEquals(r.number("sum (host)"), r.number("sum (kernel)"), 1e-3 * Math.abs(r.number("sum (host)")));
    }

    @Test
    void memoryMovementGivesTheSameWaveformBothWays() {
        Result r = run(new MemoryMovement(100_000));
        assertEquals(1.0, r.number("same result"));
        // amplitude 100: float32 sin differs from Java's by an ulp or two of the product
        assertTrue(r.number("max abs error (round trip)") < 1e-3, r.toString());
        assertTrue(r.number("max abs error (kept)") < 1e-3, r.toString());
        assertEquals("1 in, 1 out", r.text("transfers, kept on device"));
    }

    @Test
    void hiddenLayerMatchesTheHost() {
        Result r = run(new HiddenLayer(2_000_000));
        assertEquals(2_000_000, r.number("n"));
        assertTrue(r.number("max abs error vs host") < 1e-5, r.toString());
        assertEquals(Math.tanh(1), r.number("activation(1 * 1)"), 1e-6);
    }

    @Test
    void customKernelsGiveCuPysDocumentedResults() {
        Result r = run(new CustomKernels());
        assertArrayEquals(new float[] {0, 0, 0, 16, 20, 15}, (float[]) r.value("zero_suppress"));
        assertArrayEquals(new float[] {0, 0, 0, 0, 0, 25, 25, 25, 25, 25}, (float[]) r.value("squared_diff"));
        // CuPy's docs: array([ 5.477226 , 15.9687195], dtype=float32)
        assertArrayEquals(
                new float[] {(float) Math.sqrt(30), (float) Math.sqrt(255)}, (float[]) r.value("l2norm"), 1e-5f);
        float[] twice = new float[25];
        for (int i = 0; i < 25; i++) twice[i] = 2 * i;
        assertArrayEquals(twice, (float[]) r.value("my_add"));
        assertEquals(device().backend().dialect().toString(), r.text("my_add dialect"));
    }

    @Test
    void fusedSquaredDiffIsOneKernelAndMatchesTheUfuncs() {
        Result r = run(new FuseSquaredDiff(100_000));
        assertArrayEquals(
                new float[] {0, 0, 0, 0, 0, 25, 25, 25, 25, 25}, (float[]) r.value("squared_diff (2x5 and 5)"));
        assertEquals(1.0, r.number("kernels fused"));
        assertEquals("float32", r.text("dtype"));
        assertTrue(r.number("max abs difference vs unfused") <= 1e-6, r.toString());
    }

    @Test
    void matmulAndSvdRebuildA() {
        Result r = run(new MatmulSvd(64));
        assertEquals("[64, 64] [64] [64, 64]", r.text("svd shapes"));
        assertEquals("float32", r.text("svd dtype"));
        assertEquals(1.0, r.number("singular values descending"));
        assertTrue(r.number("matmul max abs error") < 1e-4, r.toString());
        assertTrue(r.number("|U diag(s) Vh - A| max") < 1e-4, r.toString());
        // the largest singular value of a 64 x 64 uniform(-1, 1) matrix is near 2 sqrt(64/3) ~ 9.2
        assertTrue(r.number("largest singular value") > 6 && r.number("largest singular value") < 12, r.toString());
    }

    @Test
    void gufuncNormsOfUnitCirclePointsAreOne() {
        Result r = run(new GufuncNorm(10_000));
        assertEquals("[10000, 2]", r.text("points shape"));
        assertEquals("[10000]", r.text("norms shape"));
        assertTrue(r.number("max |norm - 1| (l2norm kernel)") < 1e-6, r.toString());
        assertTrue(r.number("max |norm - 1| (ufuncs)") < 1e-6, r.toString());
    }

    @Test
    void spectrumFindsBothSinesUnderTheNoise() {
        Result r = run(new Spectrum(1 << 14));
        assertEquals("complex128", r.text("spectrum dtype"));
        assertEquals(String.valueOf((1 << 14) / 2 + 1), r.text("bins"));
        // 16 s at 1024 Hz: bins of 1/16 Hz, and both sines sit exactly on one
        assertEquals(50.0, r.number("lower peak (Hz)"), 1e-9, r.toString());
        assertEquals(120.0, r.number("higher peak (Hz)"), 1e-9, r.toString());
        assertTrue(r.number("peak / median bin") > 20, r.toString());
    }

    @Test
    void tiledMatmulMatchesMatmulAtSizesThatAreNotTileMultiples() {
        Result r = run(new TiledMatmul(70, 45, 33));
        assertEquals(device().backend().dialect().toString(), r.text("dialect"));
        assertTrue(r.number("max |C|") > 1, r.toString()); // not a matrix of zeros
        assertTrue(r.number("max abs error, 2-D grid") < 1e-4, r.toString());
        assertTrue(r.number("max abs error, tiled") < 1e-4, r.toString());
    }

    @Test
    void runAllRunsTheNamedExamples() {
        var bytes = new ByteArrayOutputStream();
        var failed = Examples.runAll(
                java.util.List.of("tour", "CustomKernels"), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertTrue(failed.isEmpty(), bytes.toString(StandardCharsets.UTF_8));
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("== Tour: ") && printed.contains("== CustomKernels: "), printed);
        assertEquals(Device.current(), device());
    }
}
