package org.ndgpu.backend.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendEvent;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.BackendProgram;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.Dialect;
import org.ndgpu.backend.KernelArguments;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.DeviceOutOfMemoryException;
import org.ndgpu.exceptions.KernelCompileException;
import org.ndgpu.exceptions.KernelLaunchException;

/** Needs an NVIDIA GPU, the driver and NVRTC: runs on the GPU host only. */
@Tag("gpu")
class CudaBackendGpuTest {

    static final String AXPY = Dialect.CUDA.prelude() + """
            // y[yoff + i] = a * x[xoff + i] + y[yoff + i]
            ND_KERNEL void axpy(ND_GLOBAL float* ND_RESTRICT y, long yoff, ND_GLOBAL const float* ND_RESTRICT x, long xoff, float a, long n) {
                size_t i = ND_GLOBAL_ID();
                if (i < (size_t) n) y[yoff + i] = a * x[xoff + i] + y[yoff + i];
            }
            ND_KERNEL void scale(ND_GLOBAL float* x, float a, int n) {
                for (size_t i = ND_GLOBAL_ID(); i < (size_t) n; i += ND_GLOBAL_SIZE()) x[i] *= a;
            }
            extern "C" __global__ void __launch_bounds__(256) bounded(float* x) { x[threadIdx.x] = 1.0f; }
            // dynamic shared memory: reverse within a block
            ND_KERNEL void reverse_block(ND_GLOBAL float* x) {
                extern __shared__ float tile[];
                unsigned t = ND_LOCAL_ID(), n = ND_LOCAL_SIZE();
                tile[t] = x[ND_GLOBAL_ID()];
                ND_SYNC();
                x[ND_GLOBAL_ID()] = tile[n - 1 - t];
            }
            """;

    static CudaBackend cuda;
    static BackendStream stream;

    @BeforeAll
    static void open() {
        var d = new CudaProvider().discover();
        assertFalse(d.backends().isEmpty(), "no CUDA device: " + d.problems());
        cuda = (CudaBackend) d.backends().getFirst();
        stream = cuda.defaultStream();
        System.out.println("CUDA device: " + cuda + "; libcuda from " + CudaDriver.loadedFrom() + ", NVRTC from "
                + Nvrtc.loadedFrom() + ", architecture " + cuda.nvrtcArchitecture() + "; problems: " + d.problems());
    }

    static float[] random(int n, long seed) {
        var r = new SplittableRandom(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) a[i] = (float) (r.nextDouble() * 2 - 1);
        return a;
    }

    static BackendBuffer upload(float[] a) {
        BackendBuffer b = cuda.allocate(4L * a.length);
        cuda.copyIn(stream, MemorySegment.ofArray(a), b, 0, 4L * a.length);
        return b;
    }

    static float[] download(BackendBuffer b, int n) {
        float[] out = new float[n];
        cuda.copyOut(stream, b, 0, MemorySegment.ofArray(out), 4L * n);
        return out;
    }

    @Test
    void factsDescribeTheDevice() {
        var f = cuda.facts();
        assertEquals("cuda", f.backend());
        assertEquals("cuda:0", f.id());
        assertTrue(f.isGpu());
        assertTrue(f.globalMemoryBytes() > (1L << 30), f.toString());
        assertTrue(f.computeUnits() > 0 && f.maxBlockSize() >= 1024 && f.warpSize() == 32, f.toString());
        assertTrue(f.architecture().startsWith("sm_"), f.architecture());
        assertTrue(f.driverVersion().startsWith("CUDA driver "), f.driverVersion());
        assertEquals(Dialect.CUDA, cuda.dialect());
    }

    @Test
    void axpyMatchesAJavaLoop() {
        int n = 1_000_003, xoff = 17, yoff = 5;
        float a = 1.75f;
        float[] x = random(n + xoff, 1), y = random(n + yoff, 2);
        for (List<String> options : List.of(List.<String>of(), List.of("--fmad=false"))) {
            BackendBuffer bx = upload(x), by = upload(y);
            BackendProgram p = cuda.compile("axpy", AXPY, options);
            assertTrue(
                    p.kernelNames().isEmpty()
                            || p.kernelNames().containsAll(List.of("axpy", "scale", "bounded", "reverse_block")),
                    p.kernelNames().toString());
            BackendKernel k = cuda.kernel(p, "axpy");
            System.out.println("axpy " + options + ": " + k + ", parameterCount " + k.parameterCount() + ", kernels "
                    + p.kernelNames() + ", " + (((CudaProgram) p).isPtx() ? "PTX" : "cubin") + " of "
                    + p.binary().length + " bytes");
            assertEquals(1024, k.maxBlockSize());
            assertTrue(k.parameterCount() == -1 || k.parameterCount() == 6, "parameters: " + k.parameterCount());
            long block = 256, grid = (n + block - 1) / block;
            cuda.launch(
                    stream,
                    k,
                    new long[] {grid},
                    new long[] {block},
                    0,
                    args(by, (long) yoff, bx, (long) xoff, a, (long) n));
            float[] got = download(by, n + yoff);
            boolean exact = options.contains("--fmad=false");
            for (int i = 0; i < yoff; i++) assertEquals(y[i], got[i], "untouched prefix " + i);
            for (int i = 0; i < n; i++) {
                float want = a * x[xoff + i] + y[yoff + i];
                if (exact) {
                    if (want != got[yoff + i]) assertEquals(want, got[yoff + i], "element " + i + " (no FMA: exact)");
                } else if (Math.abs(want - got[yoff + i]) > 1e-6f * Math.max(1, Math.abs(want))) {
                    assertEquals(want, got[yoff + i], 1e-6f, "element " + i);
                }
            }
            cuda.free(bx);
            cuda.free(by);
        }
    }

    @Test
    void gridStrideLoopAndIntArgument() {
        int n = 100_000;
        float[] x = random(n, 3);
        BackendBuffer b = upload(x);
        BackendKernel k = cuda.kernel(cuda.compile("scale", AXPY, List.of()), "scale");
        cuda.launch(stream, k, new long[] {7}, new long[] {128}, 0, args(b, -2.0f, n));
        float[] got = download(b, n);
        for (int i = 0; i < n; i++) assertEquals(-2.0f * x[i], got[i], "element " + i);
        cuda.free(b);
    }

    /**
     * Every scalar type a launch takes reaches the kernel bit for bit, whatever sits next to it: the
     * arguments are staged as 8-byte slots and copied to the driver's argument block in one call, so
     * a narrow value must land in its slot's first bytes with nothing of an earlier launch's wider
     * value left where the kernel reads. Fresh random values each round (signs, extremes, -0.0, NaN
     * payloads), the output poisoned before each launch.
     */
    @Test
    void everyScalarTypeArrivesBitForBit() {
        String src = Dialect.CUDA.prelude() + """
                extern "C" __global__ void scalars(long long* out, signed char b, short s, int i, long long l, float f,
                        double d, unsigned char z, signed char b2, float f2) {
                    out[0] = b; out[1] = s; out[2] = i; out[3] = l; out[4] = __float_as_int(f);
                    out[5] = __double_as_longlong(d); out[6] = z; out[7] = b2; out[8] = __float_as_int(f2);
                }
                """;
        BackendKernel k = cuda.kernel(cuda.compile("scalars", src, List.of()), "scalars");
        BackendBuffer out = cuda.allocate(8L * 9);
        var r = new SplittableRandom(20261126);
        long[] poison = new long[9];
        java.util.Arrays.fill(poison, 0x5A5A5A5A5A5A5A5AL);
        for (int round = 0; round < 40; round++) {
            byte b = round == 0 ? Byte.MIN_VALUE : (byte) r.nextInt();
            short sh = round == 0 ? Short.MIN_VALUE : (short) r.nextInt();
            int i = round == 0 ? Integer.MIN_VALUE : r.nextInt();
            long l = round == 0 ? Long.MIN_VALUE : r.nextLong();
            float f = round == 1 ? -0.0f : Float.intBitsToFloat(r.nextInt());
            double d = round == 1 ? Double.MIN_VALUE : Double.longBitsToDouble(r.nextLong());
            boolean z = r.nextBoolean();
            byte b2 = (byte) -1;
            float f2 = Float.intBitsToFloat(0x7FC00000 | (r.nextInt() & 0x3FFFFF)); // a NaN with a payload
            cuda.copyIn(stream, MemorySegment.ofArray(poison), out, 0, 8L * 9);
            cuda.launch(stream, k, new long[] {1}, new long[] {1}, 0, args(out, b, sh, i, l, f, d, z, b2, f2));
            long[] got = new long[9];
            cuda.copyOut(stream, out, 0, MemorySegment.ofArray(got), 8L * 9);
            long[] want = {
                b,
                sh,
                i,
                l,
                Float.floatToRawIntBits(f),
                Double.doubleToRawLongBits(d),
                z ? 1 : 0,
                b2,
                Float.floatToRawIntBits(f2)
            };
            assertArrayEquals(want, got, "round " + round);
        }
        cuda.free(out);
    }

    /**
     * A launch skips cuCtxSetCurrent when the thread's last one through ndgpu set this context; code
     * outside ndgpu that leaves no context (or another) current must not make a launch fail or go
     * astray: the launch is made again after making the context current. Dynamic shared memory above
     * the default limit is asked for in that state too (its attribute call needs the context).
     */
    @Test
    void launchAfterOtherCodeChangedTheThreadsContext() {
        int n = 50_000, block = 256, blocks = 40;
        float[] x = random(n, 11);
        BackendBuffer b = upload(x);
        BackendKernel scale = cuda.kernel(cuda.compile("axpy", AXPY, List.of()), "scale");
        cuda.launch(
                stream,
                scale,
                new long[] {64},
                new long[] {256},
                0,
                args(b, 2.0f, n)); // this context is now the thread's
        assertEquals(0, CudaDriver.cuCtxSetCurrent(MemorySegment.NULL)); // as other code might
        cuda.launch(stream, scale, new long[] {64}, new long[] {256}, 0, args(b, -0.5f, n));
        float[] got = download(b, n);
        for (int i = 0; i < n; i++) assertEquals(x[i] * 2.0f * -0.5f, got[i], "element " + i);

        float[] y = random(block * blocks, 12);
        BackendBuffer c = upload(y);
        BackendKernel reverse = cuda.kernel(cuda.compile("reverse-big", AXPY, List.of("-DND_BIG")), "reverse_block");
        assertEquals(0, CudaDriver.cuCtxSetCurrent(MemorySegment.NULL));
        // 64 KiB of dynamic shared memory: above the 48 KiB default, so the launch raises the kernel's limit
        cuda.launch(stream, reverse, new long[] {blocks}, new long[] {block}, 64 * 1024, args(c));
        float[] rev = download(c, block * blocks);
        for (int i = 0; i < block * blocks; i++) {
            int blockStart = i / block * block;
            assertEquals(y[blockStart + block - 1 - (i - blockStart)], rev[i], "element " + i);
        }
        cuda.free(b);
        cuda.free(c);
    }

    @Test
    void dynamicSharedMemoryThroughLocalMemory() {
        int block = 256, blocks = 40, n = block * blocks;
        float[] x = random(n, 4);
        BackendBuffer b = upload(x);
        BackendKernel k = cuda.kernel(cuda.compile("reverse", AXPY, List.of()), "reverse_block");
        cuda.launch(
                stream, k, new long[] {blocks}, new long[] {block}, 0, args(b, new Backend.LocalMemory(4L * block)));
        float[] got = download(b, n);
        for (int i = 0; i < n; i++) {
            int blk = i / block, t = i % block;
            assertEquals(x[blk * block + block - 1 - t], got[i], "element " + i);
        }
        // more than the default 48 KiB: the backend raises the kernel's limit
        BackendBuffer big = upload(x);
        cuda.launch(stream, k, new long[] {blocks}, new long[] {block}, 64 * 1024, args(big));
        cuda.synchronize(stream);
        cuda.free(b);
        cuda.free(big);
    }

    @Test
    void occupancyOfASmallKernelFillsTheMultiprocessor() {
        BackendKernel k = cuda.kernel(cuda.compile("axpy", AXPY, List.of()), "axpy");
        int r256 = k.residentBlocksPerUnit(256), r1024 = k.residentBlocksPerUnit(1024);
        // a kernel of a few registers is limited by threads per multiprocessor only (2048 on sm_80 and
        // sm_90, 1536 on sm_86/89): 6 to 8 blocks of 256, a quarter of that of 1024
        assertTrue(r256 >= 6 && r256 * 256 <= 2048, "blocks of 256: " + r256 + " (" + k + ")");
        assertEquals(r256 / 4, r1024, "blocks of 1024");
        assertEquals(r256, k.residentBlocksPerUnit(256), "asked again (cached)");
    }

    @Test
    void missingKernelIsNamed() {
        BackendProgram p = cuda.compile("axpy", AXPY, List.of());
        var e = assertThrows(KernelLaunchException.class, () -> cuda.kernel(p, "axpy_missing"));
        assertTrue(e.getMessage().contains("'axpy_missing'"), e.getMessage());
        assertTrue(e.getMessage().contains("cuda:0"), e.getMessage());
    }

    @Test
    void blockAboveTheKernelLimitIsRefusedWithTheLimit() {
        BackendProgram p = cuda.compile("bounded", AXPY, List.of());
        BackendKernel bounded = cuda.kernel(p, "bounded");
        assertEquals(256, bounded.maxBlockSize());
        BackendBuffer b = cuda.allocate(4096);
        var e = assertThrows(
                KernelLaunchException.class,
                () -> cuda.launch(stream, bounded, new long[] {1}, new long[] {512}, 0, args(b)));
        assertTrue(e.getMessage().contains("256"), e.getMessage());
        assertTrue(e.getMessage().contains("'bounded'"), e.getMessage());
        BackendKernel axpy = cuda.kernel(p, "axpy");
        var e2 = assertThrows(
                KernelLaunchException.class,
                () -> cuda.launch(stream, axpy, new long[] {1}, new long[] {1024, 2}, 0, args(b, 0L, b, 0L, 1f, 1L)));
        assertTrue(e2.getMessage().contains("1024"), e2.getMessage());
        cuda.launch(stream, bounded, new long[] {1}, new long[] {256}, 0, args(b)); // at the limit: fine
        cuda.synchronize(stream);
        cuda.free(b);
    }

    @Test
    void wrongArgumentsAreRefused() {
        BackendKernel k = cuda.kernel(cuda.compile("axpy", AXPY, List.of()), "axpy");
        BackendBuffer b = cuda.allocate(4096);
        if (k.parameterCount() >= 0) {
            // an int where the kernel takes a long: would read garbage, so it is refused
            var e = assertThrows(
                    KernelLaunchException.class,
                    () -> cuda.launch(stream, k, new long[] {1}, new long[] {32}, 0, args(b, 0, b, 0L, 1f, 1L)));
            assertTrue(e.getMessage().contains("argument 1"), e.getMessage());
            var e2 = assertThrows(
                    KernelLaunchException.class,
                    () -> cuda.launch(stream, k, new long[] {1}, new long[] {32}, 0, args(b, 0L, b, 0L, 1f)));
            assertTrue(e2.getMessage().contains("takes 6 parameters"), e2.getMessage());
        }
        var e3 = assertThrows(
                KernelLaunchException.class,
                () -> cuda.launch(stream, k, new long[] {1}, new long[] {32}, 0, args(b, "text", b, 0L, 1f, 1L)));
        assertTrue(e3.getMessage().contains("java.lang.String"), e3.getMessage());
        cuda.free(b);
        var e4 = assertThrows(
                KernelLaunchException.class,
                () -> cuda.launch(stream, k, new long[] {1}, new long[] {32}, 0, args(b, 0L, b, 0L, 1f, 1L)));
        assertTrue(e4.getMessage().contains("freed"), e4.getMessage());
        assertThrows(DeviceException.class, () -> cuda.free(b));
    }

    @Test
    void compileErrorCarriesTheLog() {
        String bad = Dialect.CUDA.prelude() + "ND_KERNEL void broken(ND_GLOBAL float* x) { x[0] = undefined_name; }\n";
        var e = assertThrows(KernelCompileException.class, () -> cuda.compile("broken", bad, List.of("-DFOO=1")));
        assertEquals("broken", e.kernelName());
        assertTrue(e.log().contains("undefined_name"), e.log());
        assertTrue(e.options().contains("-DFOO=1"), e.options().toString());
        assertTrue(e.getMessage().contains("| ND_KERNEL void broken"), "numbered source in the message");
    }

    @Test
    void programReloadsFromItsBinary() {
        BackendProgram p = cuda.compile("scale", AXPY, List.of());
        byte[] bin = p.binary();
        assertTrue(bin.length > 0);
        BackendProgram q = cuda.load("scale-reloaded", bin, List.of());
        BackendKernel k = cuda.kernel(q, "scale");
        float[] x = random(1000, 9);
        BackendBuffer b = upload(x);
        cuda.launch(stream, k, new long[] {4}, new long[] {256}, 0, args(b, 3f, 1000));
        float[] got = download(b, 1000);
        for (int i = 0; i < 1000; i++) assertEquals(3f * x[i], got[i]);
        cuda.free(b);
        // garbage is taken for PTX that does not assemble: a compile error (or a device error) naming the CUresult
        var bad = assertThrows(
                org.ndgpu.exceptions.NdException.class,
                () -> cuda.load("garbage", new byte[] {1, 2, 3, 4, 5}, List.of()));
        assertTrue(bad.getMessage().contains("CUDA_ERROR_"), bad.getMessage());
    }

    @Test
    void eventsTimeWork() {
        int n = 1 << 24;
        BackendBuffer b = cuda.allocate(4L * n);
        cuda.fill(stream, b, 0, 4L * n, (byte) 0);
        BackendKernel k = cuda.kernel(cuda.compile("scale", AXPY, List.of()), "scale");
        BackendEvent start = cuda.record(stream);
        for (int i = 0; i < 10; i++)
            cuda.launch(stream, k, new long[] {n / 256}, new long[] {256}, 0, args(b, 1.0001f, n));
        BackendEvent end = cuda.record(stream);
        double ms = cuda.elapsedMillis(start, end);
        assertTrue(ms > 0, "elapsed " + ms);
        cuda.synchronize(end);
        start.close();
        end.close();
        cuda.free(b);
    }

    @Test
    void fillAndDeviceCopyAndStreams() {
        BackendStream s2 = cuda.createStream();
        int bytes = 10_000_000;
        BackendBuffer a = cuda.allocate(bytes), c = cuda.allocate(bytes);
        cuda.fill(s2, a, 0, bytes, (byte) 0x5a);
        cuda.fill(s2, a, 100, 50, (byte) 7);
        cuda.copy(s2, a, 0, c, 0, bytes);
        byte[] out = new byte[bytes];
        cuda.copyOut(s2, c, 0, MemorySegment.ofArray(out), bytes);
        for (int i = 0; i < bytes; i++) {
            byte want = i >= 100 && i < 150 ? 7 : (byte) 0x5a;
            if (out[i] != want) assertEquals(want, out[i], "byte " + i);
        }
        assertThrows(DeviceException.class, () -> cuda.copy(s2, a, 1, c, 0, bytes), "out of range");
        s2.close();
        cuda.free(a);
        cuda.free(c);
    }

    @Test
    void oddSizesAndOffsetsRoundTrip() {
        boolean pipelined = org.ndgpu.config.Config.cudaStagingPipelined();
        long chunk = (long) org.ndgpu.config.Config.cudaStagingChunkMiB(pipelined) << 20;
        int slots = org.ndgpu.config.Config.cudaStagingSlots(pipelined);
        BackendStream s2 = cuda.createStream();
        for (long size : new long[] {1, 4095, chunk - 1, chunk + 1, 3 * chunk + 12345, slots * chunk + 7}) {
            byte[] data = new byte[(int) size];
            new SplittableRandom(size).nextBytes(data);
            BackendBuffer b = cuda.allocate(size + 16);
            cuda.copyIn(stream, MemorySegment.ofArray(data), b, 7, size);
            byte[] back = new byte[(int) size];
            // another stream, not ordered after the copyIn: may read stale bytes, but must not disturb the pinned
            // buffers that the copyIn on the other stream may still be reading
            cuda.copyOut(s2, b, 7, MemorySegment.ofArray(back), size);
            cuda.synchronize(stream);
            cuda.copyOut(s2, b, 7, MemorySegment.ofArray(back), size);
            assertArrayEquals(data, back, "size " + size);
            cuda.free(b);
        }
        s2.close();
    }

    @Test
    void roundTrip256MiB() {
        int n = 64 << 20; // 256 MiB of float32
        float[] x = new float[n];
        var r = new SplittableRandom(42);
        for (int i = 0; i < n; i++) x[i] = (float) r.nextDouble();
        BackendBuffer b = upload(x);
        BackendBuffer c = cuda.allocate(4L * n);
        cuda.copy(stream, b, 0, c, 0, 4L * n);
        float[] back = download(c, n);
        assertArrayEquals(x, back);
        // a native (confined) host segment goes through the same pinned path
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(4L * n, 64);
            cuda.copyOut(stream, b, 0, host, 4L * n);
            assertEquals(x[n - 1], host.getAtIndex(ValueLayout.JAVA_FLOAT, n - 1));
            host.setAtIndex(ValueLayout.JAVA_FLOAT, 12345, -1f);
            cuda.copyIn(stream, host, c, 0, 4L * n);
            float[] back2 = download(c, n);
            assertEquals(-1f, back2[12345]);
            back2[12345] = x[12345];
            assertArrayEquals(x, back2);
        }
        cuda.free(b);
        cuda.free(c);
    }

    @Test
    void outOfMemoryIsNamedWithSizes() {
        var e = assertThrows(DeviceOutOfMemoryException.class, () -> cuda.allocate(1L << 50));
        assertTrue(e.getMessage().contains("CUDA_ERROR_OUT_OF_MEMORY"), e.getMessage());
        assertTrue(e.getMessage().contains("free of"), e.getMessage());
        BackendBuffer ok = cuda.allocate(1024); // the backend still works
        cuda.free(ok);
    }

    @Test
    void otherThreadsMayLaunch() throws Exception {
        BackendKernel k = cuda.kernel(cuda.compile("scale", AXPY, List.of()), "scale");
        float[] x = random(4096, 5);
        BackendBuffer b = upload(x);
        cuda.synchronize(stream);
        List<Throwable> errors = new ArrayList<>();
        Thread t = new Thread(() -> {
            try {
                cuda.launch(stream, k, new long[] {16}, new long[] {256}, 0, args(b, 2f, 4096));
            } catch (Throwable e) {
                errors.add(e);
            }
        });
        t.start();
        t.join();
        assertTrue(errors.isEmpty(), errors.toString());
        float[] got = download(b, 4096);
        for (int i = 0; i < 4096; i++) assertEquals(2f * x[i], got[i]);
        cuda.free(b);
    }

    /** A sticky fault poisons the context for the whole process, so it runs in a child JVM. */
    @Test
    void illegalAddressIsStickyAndRemembered() throws Exception {
        String java = ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Process p = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        System.getProperty("java.class.path"),
                        CudaFaultProbe.class.getName())
                .redirectErrorStream(true)
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "fault probe timed out");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        System.out.println(out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("CUDA_ERROR_ILLEGAL_ADDRESS (sticky"), out);
        assertTrue(out.contains("unusable after an earlier sticky error"), out);
        assertInstanceOf(String.class, out);
    }

    /** Launch arguments given as Objects, typed as the backend contract takes them. */
    private static KernelArguments args(Object... values) {
        return ObjectArguments.of(values);
    }
}
