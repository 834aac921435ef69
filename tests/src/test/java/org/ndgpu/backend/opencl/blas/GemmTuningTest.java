package org.ndgpu.backend.opencl.blas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.jocl.blast.CLBlast;
import org.jocl.blast.CLBlastStatusCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndgpu.Nd;
import org.ndgpu.backend.DeviceFacts;
import org.ndgpu.backend.opencl.OpenClHandles;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.vendor.Blas;
import org.ndgpu.vendor.Blas.Op;

/**
 * CLBlast's Xgemm parameters per device (issue 41): candidate sets applied through CLBlast's override
 * call compute the same products as a plain Java loop (odd sizes, transposes, batches; the small
 * sizes forced down the Xgemm path), the constraint check, the cache file's round trip and its bad
 * forms, and a sweep on PoCL with small sizes. Runs on the OpenCL device in use (PoCL in CI).
 */
class GemmTuningTest {
    @TempDir
    static Path dir;

    private static String before;

    @BeforeAll
    static void tuningDir() {
        before = System.getProperty("ndgpu.gemm.dir");
        System.setProperty("ndgpu.gemm.dir", dir.toString());
    }

    @AfterAll
    static void restore() {
        if (before == null) System.clearProperty("ndgpu.gemm.dir");
        else System.setProperty("ndgpu.gemm.dir", before);
    }

    private static Device openCl() {
        Device d = Device.current();
        Blas blas = Blas.forDevice(d);
        assumeTrue(blas != null && blas.tunesGemm(), "an OpenCL device with CLBlast");
        return d;
    }

    /** The candidates the device can run. */
    private static List<GemmParameters> fitting(Device d, DType dt) {
        DeviceFacts f = d.facts();
        List<GemmParameters> out = new ArrayList<>();
        for (GemmParameters p : GemmCandidates.forDtype(dt))
            if (p.problem(f.maxBlockSize(), f.localMemoryBytes(), dt.itemsize()) == null) out.add(p);
        assertFalse(out.isEmpty(), "no candidate fits " + d);
        return out;
    }

    /**
     * Two sets per dtype (each compiles on PoCL for many seconds): the built-in one of Hopper GPUs (a
     * large tile, so their users' first GEMMs run it) and a database entry.
     */
    private static List<GemmParameters> some(Device d, DType dt) {
        List<GemmParameters> f = fitting(d, dt);
        return List.of(GemmCandidates.builtIn("NVIDIA Corporation", "NVIDIA H200", dt), f.get(f.size() - 3));
    }

    /**
     * Candidates on the Xgemm path even for small sizes: NN products of odd sizes (1 to 300 x 257 x
     * 130), all transposes and batches. On PoCL a set that writes outside its buffers corrupts this
     * process's heap, as CLBlast's GEMMK=1 variant did (every candidate passed this test on PoCL once,
     * in 11 minutes; two per dtype keep it short).
     */
    @Test
    void candidatesComputeTheSameProducts() {
        Device d = openCl();
        Blas blas = Blas.forDevice(d);
        int[][] all = {{1, 1, 1}, {7, 7, 7}, {33, 33, 33}, {65, 65, 65}, {129, 129, 129}, {300, 257, 130}};
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            if (!blas.supports(dt)) continue;
            List<GemmParameters> sets = some(d, dt);
            for (int c = 0; c < sets.size(); c++) {
                GemmParameters p = sets.get(c);
                synchronized (ClBlast.LOCK) {
                    GemmTuning.apply(d, dt, p);
                    assertEquals(
                            CLBlastStatusCode.CLBlastSuccess,
                            GemmTuning.forceIndirect(OpenClHandles.device(d.backend()), dt));
                }
                try {
                    for (int[] s : all) checkGemm(blas, dt, Op.N, Op.N, s[0], s[1], s[2], 1, p);
                    for (Op a : new Op[] {Op.N, Op.T})
                        for (Op b : new Op[] {Op.N, Op.T}) checkGemm(blas, dt, a, b, 65, 33, 129, 1, p);
                    checkGemm(blas, dt, Op.T, Op.N, 33, 65, 7, 3, p);
                    checkGemm(blas, dt, Op.N, Op.T, 129, 7, 33, 4, p);
                } finally {
                    synchronized (ClBlast.LOCK) {
                        GemmTuning.apply(d, dt, null);
                    }
                }
            }
        }
    }

    /** C = op(A) op(B) for a batch, through the device BLAS, against a Java loop. */
    private static void checkGemm(
            Blas blas, DType dt, Op opA, Op opB, int m, int n, int k, int batch, GemmParameters p) {
        SplittableRandom r = new SplittableRandom(m * 31L + n * 7L + k + batch);
        int ar = opA == Op.N ? m : k, ac = opA == Op.N ? k : m;
        int br = opB == Op.N ? k : n, bc = opB == Op.N ? n : k;
        double[] a = new double[batch * ar * ac], b = new double[batch * br * bc];
        for (int i = 0; i < a.length; i++) a[i] = r.nextDouble(-1, 1);
        for (int i = 0; i < b.length; i++) b[i] = r.nextDouble(-1, 1);
        try (NDArray da = Nd.array(a, dt, batch, ar, ac);
                NDArray db = Nd.array(b, dt, batch, br, bc);
                NDArray dc = Nd.zeros(dt, batch, m, n)) {
            int e = dt.itemsize();
            blas.gemmStridedBatched(
                    dt,
                    opA,
                    opB,
                    m,
                    n,
                    k,
                    1,
                    da.buffer(),
                    da.offset() / e,
                    ac,
                    (long) ar * ac,
                    db.buffer(),
                    db.offset() / e,
                    bc,
                    (long) br * bc,
                    0,
                    dc.buffer(),
                    dc.offset() / e,
                    n,
                    (long) m * n,
                    batch);
            double[] got = dc.toDoubleArray();
            double tol = dt == DType.FLOAT32 ? 1e-5 * k : 1e-13 * k;
            for (int q = 0; q < batch; q++)
                for (int i = 0; i < m; i++)
                    for (int j = 0; j < n; j++) {
                        double want = 0;
                        for (int l = 0; l < k; l++) {
                            double x = opA == Op.N ? a[q * ar * ac + i * ac + l] : a[q * ar * ac + l * ac + i];
                            double y = opB == Op.N ? b[q * br * bc + l * bc + j] : b[q * br * bc + j * bc + l];
                            want += x * y;
                        }
                        double have = got[q * m * n + i * n + j];
                        if (!(Math.abs(have - want) <= tol * (1 + Math.abs(want))))
                            throw new AssertionError(dt + " " + opA + opB + " " + m + "x" + n + "x" + k + " batch "
                                    + batch + " with " + p + ": C[" + q + "," + i + "," + j + "] = " + have
                                    + ", expected "
                                    + want);
                    }
        }
    }

    @Test
    void builtInSetsOnlyForTheGpusTheyWereChosenOn() {
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            for (String name : new String[] {"NVIDIA H100 80GB HBM3", "NVIDIA H200", "NVIDIA H100 PCIe"}) {
                GemmParameters p = GemmCandidates.builtIn("NVIDIA Corporation", name, dt);
                assertNotNull(p, name + " " + dt);
                assertNull(p.problem(1024, 48 * 1024, dt.itemsize()), name + " " + dt + " " + p);
            }
            assertNull(GemmCandidates.builtIn("NVIDIA Corporation", "NVIDIA A100-SXM4-80GB", dt));
            assertNull(GemmCandidates.builtIn("Advanced Micro Devices, Inc.", "gfx90a H100", dt));
            assertNull(GemmCandidates.builtIn("The pocl project", "cpu-haswell", dt));
        }
        assertNull(GemmCandidates.builtIn("NVIDIA Corporation", "NVIDIA H200", DType.COMPLEX64));
    }

    @Test
    void constraintsRejectBrokenSets() {
        GemmParameters good = GemmCandidates.forDtype(DType.FLOAT32).get(0);
        assertNull(good.problem(1024, 48 * 1024, 4));
        assertNotNull(good.problem(64, 48 * 1024, 4), "256 work-items on a device of 64");
        long[] v = good.values();
        v[GemmParameters.NAMES.indexOf("MWG")] = 96; // not a multiple of MDIMC*VWM = 64
        assertTrue(GemmParameters.of(v).problem(1024, 1 << 20, 4).contains("MWG"));
        v = good.values();
        v[GemmParameters.NAMES.indexOf("VWM")] = 3;
        assertNotNull(GemmParameters.of(v).problem(1024, 1 << 20, 4));
        v = good.values();
        v[GemmParameters.NAMES.indexOf("KWG")] = 8; // MDIMC*NDIMC/MDIMA = 16 does not divide 8
        assertTrue(GemmParameters.of(v).problem(1024, 1 << 20, 4).contains("KWG"));
        assertNotNull(GemmParameters.of(good.values()).problem(1024, 1024, 4), "local memory");
        v = good.values();
        v[GemmParameters.NAMES.indexOf("GEMMK")] = 1;
        assertTrue(GemmParameters.of(v).problem(1024, 1 << 20, 4).contains("GEMMK"));
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64, DType.COMPLEX64, DType.COMPLEX128}) {
            List<GemmParameters> c = GemmCandidates.forDtype(dt);
            assertTrue(c.size() >= 15 && c.size() <= 25, dt + ": " + c.size());
            for (GemmParameters p : c) assertNull(p.problem(1024, 1 << 20, dt.itemsize()), dt + " " + p);
            assertEquals(c.size(), c.stream().distinct().count(), dt + " has a set twice");
        }
    }

    @Test
    void parametersParseTheirOwnForm() {
        GemmParameters p = GemmCandidates.forDtype(DType.FLOAT64).get(3);
        assertEquals(p, GemmParameters.parse(p.toString()));
        assertThrows(IllegalArgumentException.class, () -> GemmParameters.parse("KWG=16"));
        assertThrows(
                IllegalArgumentException.class,
                () -> GemmParameters.parse(p.toString().replace("KWG=16", "KWG=x")));
        assertThrows(IllegalArgumentException.class, () -> GemmParameters.parse(p.toString() + ",FOO=1"));
        assertThrows(IllegalArgumentException.class, () -> GemmParameters.parse(p + ",KWG=16"));
    }

    @Test
    void cacheRoundTripAndBadFiles() throws Exception {
        Path d = Files.createTempDirectory(dir, "cache");
        var cache = new GemmTuningCache(d, "Some GPU (rev 2)", "1.2.3");
        assertEquals(Map.of(), cache.read().choices());
        assertNull(cache.read().ignored());
        GemmParameters p = GemmCandidates.forDtype(DType.FLOAT32).get(2);
        cache.write(Map.of(DType.FLOAT32, Optional.of(p)));
        cache.write(Map.of(DType.FLOAT64, Optional.empty()));
        var r = cache.read();
        assertNull(r.ignored());
        assertEquals(Optional.of(p), r.choices().get(DType.FLOAT32));
        assertEquals(Optional.empty(), r.choices().get(DType.FLOAT64));
        assertTrue(cache.file().getFileName().toString().startsWith("some-gpu-rev-2-"));
        // names with characters the file format escapes
        var odd = new GemmTuningCache(d, " odd=name: \\x#1", "v\n2");
        odd.write(Map.of(DType.COMPLEX64, Optional.of(p)));
        assertNull(odd.read().ignored());
        assertEquals(Optional.of(p), odd.read().choices().get(DType.COMPLEX64));
        // another driver: another file
        assertEquals(
                Map.of(),
                new GemmTuningCache(d, "Some GPU (rev 2)", "1.2.4").read().choices());

        String good = Files.readString(cache.file());
        for (String bad : List.of(
                good.replace("KWG=", "KWG=x"),
                good.replace("driver=1.2.3", "driver=9"),
                good + "\nfloat16=default\n",
                good.replace("GEMMK=0,", ""),
                "\\u00zz broken escape",
                "\u0000\u0001 binary")) {
            Files.writeString(cache.file(), bad);
            var b = cache.read();
            assertEquals(Map.of(), b.choices(), bad);
            assertNotNull(b.ignored(), bad);
            assertTrue(b.ignored().contains(cache.file().toString()), b.ignored());
        }
        // a bad file is replaced by the next write
        cache.write(Map.of(DType.FLOAT32, Optional.of(p)));
        assertEquals(Optional.of(p), cache.read().choices().get(DType.FLOAT32));
    }

    @Test
    void firstGemmAppliesTheSavedChoiceAndSurvivesABadFile() throws Exception {
        Device d = openCl();
        var cache = GemmTuning.cacheOf(d);
        GemmParameters p = fitting(d, DType.FLOAT32).get(0);
        cache.write(Map.of(DType.FLOAT32, Optional.of(p)));
        try {
            synchronized (ClBlast.LOCK) {
                GemmTuning.atFirstGemm(d, DType.FLOAT32);
            }
            checkGemm(Blas.forDevice(d), DType.FLOAT32, Op.N, Op.T, 300, 257, 130, 1, p);
            Files.writeString(cache.file(), "float32=GEMMK=banana\n");
            synchronized (ClBlast.LOCK) {
                GemmTuning.atFirstGemm(d, DType.FLOAT32); // logs and keeps going
            }
            checkGemm(Blas.forDevice(d), DType.FLOAT32, Op.N, Op.N, 65, 33, 7, 1, null);
        } finally {
            Files.deleteIfExists(cache.file());
            synchronized (ClBlast.LOCK) {
                GemmTuning.apply(d, DType.FLOAT32, null);
            }
        }
    }

    @Test
    void overrideWithMissingParametersIsRefused() {
        Device d = openCl();
        GemmParameters p = fitting(d, DType.FLOAT32).get(0);
        String[] names = p.names();
        long[] values = p.values();
        synchronized (ClBlast.LOCK) {
            int st = CLBlast.CLBlastOverrideParameters(
                    OpenClHandles.device(d.backend()),
                    "Xgemm",
                    GemmTuning.precision(DType.FLOAT32),
                    names.length - 1,
                    java.util.Arrays.copyOf(names, names.length - 1),
                    java.util.Arrays.copyOf(values, values.length - 1));
            assertTrue(st != CLBlastStatusCode.CLBlastSuccess, "CLBlast took 15 of Xgemm's 16 parameters");
        }
    }

    @Test
    void sweepOnSmallSizesChoosesARowAndSavesIt() throws Exception {
        Device d = openCl();
        List<GemmParameters> sets = new ArrayList<>(some(d, DType.FLOAT32));
        long[] broken = sets.get(0).values();
        broken[GemmParameters.NAMES.indexOf("MWG")] = 96;
        sets.add(1, GemmParameters.of(broken));
        List<Blas.GemmTiming> rows;
        synchronized (ClBlast.LOCK) {
            rows = GemmTuning.sweep(d, DType.FLOAT32, 96, 1, true, sets);
        }
        assertEquals(sets.size() + 1, rows.size());
        assertEquals("default", rows.get(0).candidate());
        assertTrue(rows.get(2).skipped().contains("MWG"), rows.get(2).toString());
        assertEquals(1, rows.stream().filter(Blas.GemmTiming::chosen).count());
        Blas.GemmTiming chosen =
                rows.stream().filter(Blas.GemmTiming::chosen).findFirst().orElseThrow();
        assertTrue(chosen.tflops() > 0 && chosen.skipped() == null);
        for (Blas.GemmTiming t : rows)
            assertTrue(t.skipped() == null ? t.tflops() > 0 : Double.isNaN(t.tflops()), t.toString());
        var saved = GemmTuning.cacheOf(d).read();
        assertNull(saved.ignored());
        assertEquals(
                chosen.candidate().equals("default")
                        ? Optional.empty()
                        : Optional.of(GemmParameters.parse(chosen.parameters())),
                saved.choices().get(DType.FLOAT32));
        // the product is still right with the choice in force
        checkGemm(Blas.forDevice(d), DType.FLOAT32, Op.T, Op.T, 300, 257, 130, 2, null);
        synchronized (ClBlast.LOCK) {
            GemmTuning.apply(d, DType.FLOAT32, null);
        }
        Files.deleteIfExists(GemmTuning.cacheOf(d).file());
    }

    @Test
    void badRequestsNameTheOperation() {
        Device d = openCl();
        var e = assertThrows(NdException.class, () -> Nd.linalg().tuneGemm(d, DType.INT32, 64, 1));
        assertTrue(e.getMessage().contains("tuneGemm"), e.getMessage());
        e = assertThrows(NdException.class, () -> Nd.linalg().tuneGemm(d, DType.FLOAT32, 0, 1));
        assertTrue(e.getMessage().contains("tuneGemm") && e.getMessage().contains("0"), e.getMessage());
        e = assertThrows(NdException.class, () -> Nd.linalg().tuneGemm(d, DType.FLOAT32, 64, 0));
        assertTrue(e.getMessage().contains("repeats"), e.getMessage());
        assertThrows(NullPointerException.class, () -> Nd.linalg().tuneGemm(null));
        // the other edges of each bound, and a null dtype
        e = assertThrows(NdException.class, () -> Nd.linalg().tuneGemm(d, DType.FLOAT32, -64, 1));
        assertTrue(e.getMessage().contains("tuneGemm") && e.getMessage().contains("-64"), e.getMessage());
        e = assertThrows(NdException.class, () -> Nd.linalg().tuneGemm(d, DType.FLOAT32, 65537, 1));
        assertTrue(e.getMessage().contains("65537"), e.getMessage());
        e = assertThrows(NdException.class, () -> Nd.linalg().tuneGemm(d, DType.FLOAT32, 64, 1001));
        assertTrue(e.getMessage().contains("repeats") && e.getMessage().contains("1001"), e.getMessage());
        var npe = assertThrows(NullPointerException.class, () -> Nd.linalg().tuneGemm(d, null, 64, 1));
        assertTrue(npe.getMessage().contains("tuneGemm"), npe.getMessage());
    }
}
