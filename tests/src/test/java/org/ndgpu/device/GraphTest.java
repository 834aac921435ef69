package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.Dialect;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.fuse.Fused;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.reduction.ReductionKernel;
import org.ndgpu.testing.CheckedMode;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.capture and Graph on every tested device (the recorded launch list on PoCL and NVIDIA's
 * OpenCL, CUDA graphs on CUDA): a captured step replayed with new inputs equals the eager run bit
 * for bit, memory made in the body stays the graph's, and what cannot be captured fails cleanly.
 */
@SuppressWarnings("try") // Device.use and Stream.use scopes are held by try, not referenced
public class GraphTest extends PerDeviceTest {
    private static final int N = 1024;
    private final SplittableRandom random = new SplittableRandom(0x6a4f_2b1dL);

    private float[] randomFloats(int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) v[i] = (float) (random.nextDouble() * 4 - 2);
        return v;
    }

    /** New data into an array a graph binds, as a loop feeds a captured step. */
    static void write(NDArray dst, float[] values) {
        try (NDArray src = Nd.array(values)) {
            Nd.copyto(dst, src);
        }
    }

    /** The step as a plain Java loop, for CaptureFusionTest. */
    static float[] hostStep(float[] x, float[] y) {
        return stepOnHost(x, y);
    }

    /** Twenty elementwise operations and a sum: the kind of small step whose launches cost more than their work. */
    static NDArray[] step(NDArray x, NDArray y) {
        NDArray a = x.mul(1.5f);
        NDArray b = a.add(y);
        NDArray c = Nd.exp(b.mul(-0.25f));
        NDArray d = c.sub(x);
        NDArray e = Nd.where(x.gt(y), d, b);
        NDArray f = e.maximum(0.5f);
        NDArray g = Nd.sqrt(f);
        NDArray h = g.div(y.add(2));
        NDArray i = Nd.tanh(h);
        NDArray j = i.mul(i).add(1);
        NDArray k = Nd.abs(j.sub(x));
        NDArray l = k.minimum(y.mul(3));
        NDArray m = l.add(e);
        NDArray z = m.mul(0.5f);
        return new NDArray[] {z, z.sum()};
    }

    /** The same step as a plain Java loop, in float32, for a check within rounding. */
    private static float[] stepOnHost(float[] x, float[] y) {
        float[] z = new float[x.length];
        for (int n = 0; n < x.length; n++) {
            float b = x[n] * 1.5f + y[n];
            float d = (float) Math.exp(b * -0.25f) - x[n];
            float e = x[n] > y[n] ? d : b;
            float h = (float) Math.sqrt(Math.max(e, 0.5f)) / (y[n] + 2);
            float i = (float) Math.tanh(h);
            float k = Math.abs(i * i + 1 - x[n]);
            z[n] = (Math.min(k, y[n] * 3) + e) * 0.5f;
        }
        return z;
    }

    @Test
    void aStepOfTwentyOperationsReplaysAsTheEagerRunBitForBit() {
        Device dev = device();
        NDArray x = Nd.array(randomFloats(N)), y = Nd.array(randomFloats(N));
        NDArray[] out = new NDArray[2];
        long before = dev.launchCount();
        // unfused: the same kernels as eager, so the same bits (CaptureFusionTest checks the fused step)
        try (Graph g = Nd.capture(
                () -> {
                    NDArray[] r = step(x, y);
                    out[0] = r[0];
                    out[1] = r[1];
                },
                CaptureOptions.defaults().withFuse(false))) {
            assertTrue(dev.launchCount() - before >= 21, "every operation was recorded");
            assertEquals(2, out.length);
            for (int round = 0; round < 25; round++) {
                float[] xs = randomFloats(N), ys = randomFloats(N);
                write(x, xs);
                write(y, ys);
                long launches = dev.launchCount();
                g.launch();
                assertEquals(launches, dev.launchCount(), "a replay dispatches no operation");
                NDArray[] eager = step(x, y);
                assertArrayEquals(eager[0].toFloatArray(), out[0].toFloatArray(), "round " + round);
                assertEquals(
                        Float.floatToRawIntBits(eager[1].toFloatArray()[0]),
                        Float.floatToRawIntBits(out[1].toFloatArray()[0]),
                        "the sum, round " + round);
                float[] host = stepOnHost(xs, ys);
                float[] device = out[0].toFloatArray();
                double sum = 0;
                for (int n = 0; n < N; n++) {
                    assertEquals(host[n], device[n], 1e-5 * Math.max(1, Math.abs(host[n])), "element " + n);
                    sum += host[n];
                }
                assertEquals(sum, out[1].toFloatArray()[0], 1e-3 * Math.max(1, Math.abs(sum)));
            }
        }
    }

    /**
     * The launch right after the capture, with no write in between, as a script's first replay: the
     * capture's own launches (and, for a device's first capture, the warm-up graph made before the
     * body runs) leave the inputs and outputs as eager work expects them.
     */
    @Test
    void theFirstLaunchRightAfterTheCaptureEqualsTheEagerRunBitForBit() {
        float[] xs = randomFloats(N), ys = randomFloats(N);
        NDArray x = Nd.array(xs), y = Nd.array(ys), acc = Nd.array(randomFloats(N));
        float[] acc0 = acc.toFloatArray();
        NDArray[] eager = step(x, y);
        NDArray[] out = new NDArray[2];
        try (Graph g = Nd.capture(
                () -> {
                    NDArray[] r = step(x, y);
                    out[0] = r[0];
                    out[1] = r[1];
                    Nd.add(acc, r[0], acc);
                },
                CaptureOptions.defaults().withFuse(false))) {
            g.launch();
            assertArrayEquals(xs, x.toFloatArray(), "the inputs");
            assertArrayEquals(eager[0].toFloatArray(), out[0].toFloatArray());
            assertEquals(
                    Float.floatToRawIntBits(eager[1].toFloatArray()[0]),
                    Float.floatToRawIntBits(out[1].toFloatArray()[0]),
                    "the sum");
            float[] e = eager[0].toFloatArray(), once = acc.toFloatArray();
            for (int i = 0; i < N; i++) assertEquals(acc0[i] + e[i], once[i], "acc ran once, element " + i);
        }
    }

    @Test
    void nothingRunsWhileCapturingAndEachLaunchRunsOnce() {
        NDArray x = Nd.zeros(DType.FLOAT32, 8);
        try (Graph g = Nd.capture(() -> Nd.add(x, 1, x))) {
            assertArrayEquals(new float[8], x.toFloatArray(), "the capture ran nothing");
            g.launch();
            g.launch();
            g.launch();
            float[] three = new float[8];
            java.util.Arrays.fill(three, 3);
            assertArrayEquals(three, x.toFloatArray());
        }
    }

    /**
     * The capture saves its inputs into stand-ins, launches the graph twice and puts them back (so
     * that the first launches' cost is not the user's first replay): no input, view or output
     * outside the body may change until the first launch, and each launch after runs the step once.
     */
    @Test
    void theCapturesOwnLaunchTouchesNoInput() {
        NDArray base = Nd.arange(0.0, 24.0, 1.0, DType.FLOAT32);
        NDArray view = base.get("4:20:2");
        NDArray total = Nd.full(-7f, DType.FLOAT32, 1);
        try (Graph g = Nd.capture(() -> {
            Nd.mul(view, 2f, view);
            Nd.copyto(total, view.sum().reshape(1));
        })) {
            float[] before = new float[24];
            for (int i = 0; i < 24; i++) before[i] = i;
            assertArrayEquals(before, base.toFloatArray(), "the capture changed an input's memory");
            assertArrayEquals(new float[] {-7f}, total.toFloatArray(), "the capture wrote an output");
            g.launch();
            g.launch();
            float[] after = before.clone();
            float sum = 0;
            for (int i = 4; i < 20; i += 2) {
                after[i] = 4 * i;
                sum += after[i];
            }
            assertArrayEquals(after, base.toFloatArray(), "two launches: the view multiplied by 2 twice");
            assertArrayEquals(new float[] {sum}, total.toFloatArray());
        }
    }

    /**
     * The JVM's first captures run a replay loop for the JIT (Graph.compileReplayLoop): hundreds of
     * launches of an in-place update, between the inputs' save and restore, leave nothing behind.
     */
    @Test
    void theReplayLoopRunForTheJitTouchesNoInput() {
        NDArray base = Nd.arange(0.0, 24.0, 1.0, DType.FLOAT32);
        NDArray view = base.get("3:21:3");
        NDArray total = Nd.full(-7f, DType.FLOAT32, 1);
        int left = Graph.replayLoopWarmUpsLeft();
        Graph.replayLoopWarmUps(300);
        try (Graph g = Nd.capture(() -> {
            Nd.mul(view, 3f, view);
            Nd.copyto(total, view.sum().reshape(1));
        })) {
            assertTrue(Graph.replayLoopWarmUpsLeft() < 300, "the capture ran no replay for the JIT");
            float[] before = new float[24];
            for (int i = 0; i < 24; i++) before[i] = i;
            assertArrayEquals(before, base.toFloatArray(), "the replays for the JIT changed an input's memory");
            assertArrayEquals(new float[] {-7f}, total.toFloatArray(), "the replays for the JIT wrote an output");
            g.launch();
            float[] after = before.clone();
            float sum = 0;
            for (int i = 3; i < 21; i += 3) {
                after[i] = 3 * i;
                sum += after[i];
            }
            assertArrayEquals(after, base.toFloatArray(), "one launch: the view multiplied by 3 once");
            assertArrayEquals(new float[] {sum}, total.toFloatArray());
        } finally {
            Graph.replayLoopWarmUps(left);
        }
    }

    /** A Jacobi relaxation of the heat equation: slices and adds, the grid bound by reference and updated in place. */
    @Test
    void aJacobiLoopCapturedEqualsTheEagerLoopAndAJavaLoop() {
        int n = 34, iterations = 40;
        float[] start = randomFloats(n * n);
        NDArray u = Nd.array(start).reshape(n, n), v = Nd.array(start).reshape(n, n);
        try (Graph g = Nd.capture(() -> jacobi(u))) {
            for (int it = 0; it < iterations; it++) {
                g.launch();
                jacobi(v);
            }
        }
        float[] captured = u.toFloatArray();
        assertArrayEquals(v.toFloatArray(), captured, "captured and eager");
        float[] grid = start.clone();
        for (int it = 0; it < iterations; it++) {
            float[] next = grid.clone();
            for (int i = 1; i < n - 1; i++) {
                for (int j = 1; j < n - 1; j++) {
                    next[i * n + j] =
                            (grid[(i - 1) * n + j] + grid[(i + 1) * n + j] + grid[i * n + j - 1] + grid[i * n + j + 1])
                                    * 0.25f;
                }
            }
            grid = next;
        }
        assertArrayEquals(grid, captured, "captured and a Java loop");
    }

    private static void jacobi(NDArray u) {
        NDArray sum = u.get("0:-2, 1:-1")
                .add(u.get("2:, 1:-1"))
                .add(u.get("1:-1, 0:-2"))
                .add(u.get("1:-1, 2:"));
        u.set("1:-1, 1:-1", sum.mul(0.25f));
    }

    @Test
    void arraysMadeInTheBodyStayTheGraphsWhenClosed() {
        NDArray x = Nd.array(randomFloats(N));
        NDArray[] out = new NDArray[1];
        long used = settledUsedBytes();
        Graph g = Nd.capture(() -> {
            NDArray t = x.mul(2);
            out[0] = t.add(1);
            t.close(); // the graph writes t again at every launch: its block must not be reused meanwhile
        });
        // eager arrays of the same size take whatever blocks the pool has free
        List<NDArray> others = new ArrayList<>();
        for (int i = 0; i < 4; i++) others.add(Nd.full(-7f, DType.FLOAT32, N));
        g.launch();
        float[] xs = x.toFloatArray(), want = new float[N];
        for (int i = 0; i < N; i++) want[i] = xs[i] * 2 + 1;
        assertArrayEquals(want, out[0].toFloatArray());
        for (NDArray o : others) assertEquals(-7f, o.toFloatArray()[N - 1]);
        others.forEach(NDArray::close);
        g.close();
        assertArrayEquals(want, out[0].toFloatArray(), "results stay readable after close");
        out[0].close();
        assertPoolReturnsTo(used, "the graph's memory went back to the pool");
    }

    @Test
    void launchesAfterAnInputWasClosedOrTheGraphWasClosedAreRefused() {
        NDArray x = Nd.array(randomFloats(16)), y = Nd.array(randomFloats(16));
        NDArray[] out = new NDArray[1];
        Graph g = Nd.capture(() -> out[0] = x.add(y.get("::-1")));
        g.launch();
        y.close();
        var e = assertThrows(ArrayClosedException.class, g::launch);
        assertTrue(e.getMessage().contains("Graph.launch") && e.getMessage().contains("closed"), e.getMessage());
        g.close();
        g.close();
        assertTrue(g.isClosed());
        var closed = assertThrows(DeviceException.class, g::launch);
        assertTrue(closed.getMessage().contains("was closed"), closed.getMessage());
        out[0].close();
        x.close();
    }

    @Test
    void hostReadsInTheBodyFailTheCaptureNamingTheCall() {
        NDArray x = Nd.array(randomFloats(16));
        assertRefused("NDArray.toFloatArray", () -> x.mul(2).toFloatArray());
        assertRefused("NDArray.item", () -> x.sum().item());
        String nonzero = assertRefused("Nd.nonzero", () -> Nd.nonzero(x.gt(0)));
        assertTrue(nonzero.contains("result shape depends on the data"), nonzero);
        assertRefused("Nd.array", () -> Nd.array(new float[] {1, 2, 3}));
        assertRefused("Device.synchronize", () -> Device.current().synchronize());
        assertRefused("Stream.synchronize", () -> Stream.current().synchronize());
        assertRefused("Event.record", () -> Event.record());
    }

    @Test
    void nestedCapturesAndOtherStreamsAreRefused() {
        NDArray x = Nd.array(randomFloats(16));
        assertRefused("Nd.capture", () -> Nd.capture(() -> x.add(1)));
        try (Graph inner = Nd.capture(() -> Nd.add(x, 1, x))) {
            String m = assertRefused(null, inner::launch);
            assertTrue(m.contains("a graph launched inside a capture"), m);
        }
        assertRefused("NDArray.add", () -> {
            try (Stream s = Stream.create();
                    var on = s.use()) {
                x.add(1);
            }
        });
    }

    @Test
    void anArrayOfAnotherDeviceIsRefused() {
        Device other =
                Device.list().stream().filter(d -> d != device()).findFirst().orElse(null);
        assumeTrue(other != null, "one device only");
        NDArray there;
        try (var on = other.use()) {
            there = Nd.ones(DType.FLOAT32, 4);
        }
        NDArray here = Nd.ones(DType.FLOAT32, 4);
        assertRefused("NDArray.add", () -> there.add(1));
        assertRefused("NDArray.add", () -> here.add(there));
        assertRefused("Nd.ones", () -> {
            try (var on = other.use()) {
                Nd.ones(DType.FLOAT32, 4).add(1);
            }
        });
        there.close();
        here.close();
    }

    /**
     * The refused call fails the capture with a CaptureException naming it; the stream, the pool and
     * the thread are as before: eager work runs, a new capture works, and the body's arrays return.
     */
    private String assertRefused(String call, Runnable refused) {
        Device dev = device();
        long used = settledUsedBytes();
        NDArray[] made = new NDArray[1];
        var e = assertThrows(
                CaptureException.class,
                () -> Nd.capture(() -> {
                    made[0] = Nd.zeros(DType.FLOAT32, 64).add(1);
                    refused.run();
                }));
        String m = e.getMessage();
        assertTrue(m.startsWith(call != null ? "Nd.capture: " + call + " cannot be captured" : "Nd.capture: "), m);
        assertTrue(m.contains("the capture was discarded"), m);
        assertNull(Capture.current(), "no capture left on the thread");
        assertSame(dev.defaultStream(), dev.currentStream(), "the current stream is the caller's again");
        made[0].close();
        assertPoolReturnsTo(used, "the body's memory went back to the pool");
        NDArray eager = Nd.ones(DType.FLOAT32, 4).add(1);
        assertArrayEquals(new float[] {2, 2, 2, 2}, eager.toFloatArray(), "eager work runs after the failure");
        NDArray[] out = new NDArray[1];
        try (Graph g = Nd.capture(() -> out[0] = eager.mul(3))) {
            g.launch();
            assertArrayEquals(new float[] {6, 6, 6, 6}, out[0].toFloatArray(), "a new capture works");
        }
        return m;
    }

    /**
     * The pool's bytes in use come back to {@code used}: arrays a refused call made and dropped are
     * released by the Cleaner once collected, as outside a capture.
     */
    private void assertPoolReturnsTo(long used, String what) {
        MemoryPool pool = device().memoryPool();
        for (int i = 0; i < 500 && pool.usedBytes() != used; i++) collect();
        assertEquals(used, pool.usedBytes(), what);
    }

    /** The pool's bytes in use once the collector and the Cleaner have released every dropped array. */
    private long settledUsedBytes() {
        MemoryPool pool = device().memoryPool();
        long last = -1;
        for (int i = 0, same = 0; i < 500 && same < 20; i++) {
            collect();
            long now = pool.usedBytes();
            same = now == last ? same + 1 : 0;
            last = now;
        }
        return pool.usedBytes();
    }

    private static void collect() {
        System.gc();
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void theBodysOwnExceptionPropagatesAndTheCaptureIsDiscarded() {
        long used = settledUsedBytes();
        NDArray[] made = new NDArray[1];
        var boom = new IllegalStateException("boom");
        var e = assertThrows(
                IllegalStateException.class,
                () -> Nd.capture(() -> {
                    made[0] = Nd.zeros(DType.FLOAT32, 64).add(1);
                    throw boom;
                }));
        assertSame(boom, e);
        assertNull(Capture.current());
        made[0].close();
        assertPoolReturnsTo(used, "the body's memory went back to the pool");
        var closedInBody = Nd.ones(DType.FLOAT32, 2);
        closedInBody.close();
        assertThrows(ArrayClosedException.class, () -> Nd.capture(() -> closedInBody.add(1)));
        assertNull(Capture.current());
    }

    @Test
    void launchesFromTwoThreadsAreSerialized() throws Exception {
        NDArray counter = Nd.zeros(DType.FLOAT32, 256);
        int perThread = 40;
        try (Graph g = Nd.capture(() -> Nd.add(counter, 1, counter));
                ExecutorService pool = Executors.newFixedThreadPool(2)) {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                boolean ownStream = t == 1;
                done.add(pool.submit(() -> {
                    go.await();
                    // one thread on its own stream: its launches must still follow the other's on the device
                    try (Stream s = ownStream ? Stream.create(device()) : null;
                            var on = s != null ? s.use() : null) {
                        for (int i = 0; i < perThread; i++) g.launch();
                        Stream.current().synchronize();
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> f : done) f.get();
        }
        float[] want = new float[256];
        java.util.Arrays.fill(want, 2 * perThread);
        assertArrayEquals(want, counter.toFloatArray());
    }

    @Test
    void fillsAreReplayedAndGraphsOutliveADeviceReset() {
        NDArray x = Nd.array(randomFloats(N));
        NDArray[] out = new NDArray[1];
        try (Graph g = Nd.capture(() -> {
            out[0] = Nd.zeros(DType.FLOAT32, N); // a fill: each launch starts from zeros again
            Nd.add(out[0], x, out[0]);
        })) {
            g.launch();
            g.launch();
            assertArrayEquals(x.toFloatArray(), out[0].toFloatArray());
            device().reset(); // drops the kernel memos and the pool's cached blocks, not the graph's
            write(x, randomFloats(N));
            g.launch();
            assertArrayEquals(x.toFloatArray(), out[0].toFloatArray());
        }
    }

    @Test
    void checkedModeIsRefusedAndUserKernelsAreCapturedWithoutIt() {
        var k = new ElementwiseKernel("raw T x, int64 n", "T y", "y = x[n - 1 - i]", "graph_reverse");
        NDArray x = Nd.array(randomFloats(16));
        CheckedMode.with("true", () -> {
            var e = assertThrows(
                    CaptureException.class, () -> Nd.capture(() -> k.call(x, 16L, Nd.zeros(DType.FLOAT32, 16))));
            assertTrue(e.getMessage().contains("checked mode (ndgpu.debug)"), e.getMessage());
            return null;
        });
        CheckedMode.with("false", () -> {
            NDArray y = Nd.zeros(DType.FLOAT32, 16);
            try (Graph g = Nd.capture(() -> k.call(x, 16L, y))) {
                write(x, randomFloats(16));
                g.launch();
                float[] xs = x.toFloatArray(), ys = y.toFloatArray();
                for (int i = 0; i < 16; i++) assertEquals(xs[15 - i], ys[i]);
            }
            return null;
        });
    }

    /** User kernels and Fuse record their launches as the built-in operations do. */
    @Test
    void userKernelsAndFuseAreCaptured() {
        boolean cuda = device().backend().dialect() == Dialect.CUDA;
        var raw = new RawKernel(
                cuda
                        ? "extern \"C\" __global__ void graph_twice(float* x, int n) {"
                                + " int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2; }"
                        : "__kernel void graph_twice(__global float* x, int n) {"
                                + " int i = get_global_id(0); if (i < n) x[i] *= 2; }",
                "graph_twice");
        var sumSquares = new ReductionKernel("T x", "T y", "x * x", "a + b", "y = a", "0", "graph_sum_squares");
        Fused<NDArray> fused = Fuse.of((Fuse.Fn2<NDArray>) (p, q) -> p.mul(q).add(p));
        NDArray x = Nd.array(randomFloats(256)), y = Nd.array(randomFloats(256));
        NDArray[] out = new NDArray[3];
        try (Graph g = Nd.capture(() -> {
            out[0] = x.add(0); // a copy the raw kernel doubles in place
            raw.launch(new long[] {1}, new long[] {256}, out[0], 256);
            out[1] = sumSquares.call(x);
            out[2] = fused.call(x, y);
        })) {
            write(x, randomFloats(256));
            g.launch();
            NDArray twice = x.mul(2);
            assertArrayEquals(twice.toFloatArray(), out[0].toFloatArray());
            assertArrayEquals(sumSquares.call(x).toFloatArray(), out[1].toFloatArray());
            assertArrayEquals(fused.call(x, y).toFloatArray(), out[2].toFloatArray());
        }
    }

    /** The contract itself: a backend records copies and fills, and refuses host work on a capture's stream. */
    @Test
    void theBackendRecordsCopiesAndFills() {
        Backend b = device().backend();
        BackendStream eager = b.defaultStream();
        BackendBuffer src = b.allocate(64), dst = b.allocate(64);
        byte[] ramp = new byte[64];
        for (int i = 0; i < 64; i++) ramp[i] = (byte) i;
        b.copyIn(eager, MemorySegment.ofArray(ramp), src, 0, 64);
        b.fill(eager, dst, 0, 64, (byte) 0);
        BackendStream capturing = b.beginCapture();
        b.fill(capturing, dst, 0, 64, (byte) 7);
        b.copy(capturing, src, 8, dst, 16, 32);
        byte[] host = new byte[64];
        assertThrows(CaptureException.class, () -> b.copyOut(capturing, dst, 0, MemorySegment.ofArray(host), 64));
        assertThrows(CaptureException.class, () -> b.copyIn(capturing, MemorySegment.ofArray(host), dst, 0, 64));
        assertThrows(CaptureException.class, () -> b.synchronize(capturing));
        assertThrows(CaptureException.class, () -> b.record(capturing));
        BackendGraph g = b.endCapture(capturing);
        b.copyOut(eager, dst, 0, MemorySegment.ofArray(host), 64);
        assertArrayEquals(new byte[64], host, "nothing ran while capturing");
        g.launch(eager);
        b.copyOut(eager, dst, 0, MemorySegment.ofArray(host), 64);
        for (int i = 0; i < 64; i++) assertEquals(i >= 16 && i < 48 ? i - 8 : 7, host[i], "byte " + i);
        g.close();
        g.close();
        b.synchronize(eager);
        b.free(src);
        b.free(dst);
    }

    /** matmul: captured where the backend's BLAS queues on the capture's stream, else refused naming why. */
    @Test
    void aMatmulIsCapturedOrRefusedClearly() {
        NDArray a = Nd.array(randomFloats(64)).reshape(8, 8),
                b = Nd.array(randomFloats(64)).reshape(8, 8);
        NDArray[] out = new NDArray[1];
        Graph g;
        try {
            g = Nd.capture(() -> out[0] = Nd.matmul(a, b));
        } catch (CaptureException e) {
            assertTrue(e.getMessage().contains("CLBlast"), e.getMessage());
            return;
        }
        try (g) {
            g.launch();
            assertArrayEquals(Nd.matmul(a, b).toFloatArray(), out[0].toFloatArray());
        }
    }

    @Test
    void randomNumbersAreRefused() {
        String m = assertRefused(null, () -> Nd.random().random(8));
        assertTrue(m.contains("the same numbers at every launch"), m);
    }

    @Test
    void aGraphDroppedWithoutCloseGivesItsMemoryBack() {
        NDArray x = Nd.array(randomFloats(N));
        long used = settledUsedBytes();
        dropped(x);
        assertPoolReturnsTo(used, "the Cleaner released the dropped graph's memory");
    }

    private static void dropped(NDArray x) {
        Graph g = Nd.capture(() -> x.mul(2).add(1).close());
        g.launch();
    }

    /**
     * Two threads capture at once, while a third works eagerly on the same device: each capture has
     * a stream of its own, so neither graph takes the other's work or the eager thread's, and the
     * eager thread's work runs at once.
     */
    @Test
    void twoThreadsCaptureAtOnceBesideEagerWork() throws Exception {
        NDArray x = Nd.array(randomFloats(N));
        NDArray eager = Nd.zeros(DType.FLOAT32, N);
        CyclicBarrier inBodies = new CyclicBarrier(3);
        try (ExecutorService pool = Executors.newFixedThreadPool(3)) {
            List<Future<float[]>> graphs = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                float factor = t + 2;
                graphs.add(pool.submit(() -> {
                    try (var on = device().use()) {
                        NDArray[] out = new NDArray[1];
                        try (Graph g = Nd.capture(() -> {
                            out[0] = x.mul(factor);
                            await(inBodies); // both bodies and the eager thread are here at once
                            out[0] = out[0].add(1);
                            await(inBodies);
                        })) {
                            g.launch();
                            return out[0].toFloatArray();
                        }
                    }
                }));
            }
            Future<float[]> plain = pool.submit(() -> {
                try (var on = device().use()) {
                    await(inBodies);
                    Nd.add(eager, 5, eager);
                    float[] now = eager.toFloatArray(); // ran at once: not taken into either graph
                    await(inBodies);
                    return now;
                }
            });
            float[] xs = x.toFloatArray();
            for (int t = 0; t < 2; t++) {
                float[] got = graphs.get(t).get();
                for (int i = 0; i < N; i++) assertEquals(xs[i] * (t + 2) + 1, got[i], "thread " + t + ", element " + i);
            }
            float[] five = new float[N];
            java.util.Arrays.fill(five, 5);
            assertArrayEquals(five, plain.get());
            assertArrayEquals(five, eager.toFloatArray(), "the eager add ran once");
        }
    }

    private static void await(CyclicBarrier b) {
        try {
            b.await(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void anEmptyBodyIsAGraphThatDoesNothing() {
        try (Graph g = Nd.capture(() -> {})) {
            g.launch();
            assertFalse(g.isClosed());
            assertSame(device(), g.device());
            assertTrue(g.toString().contains(device().id()), g.toString());
        }
        assertThrows(NullPointerException.class, () -> Nd.capture(null));
    }

    @Test
    void twoGraphsOfOneStepAreIndependent() {
        NDArray x = Nd.array(randomFloats(N));
        NDArray[] a = new NDArray[1], b = new NDArray[1];
        try (Graph ga = Nd.capture(() -> a[0] = x.mul(2));
                Graph gb = Nd.capture(() -> b[0] = x.mul(3))) {
            assertNotSame(a[0].buffer(), b[0].buffer());
            ga.launch();
            gb.launch();
            float[] xs = x.toFloatArray();
            assertEquals(xs[5] * 2, a[0].toFloatArray()[5]);
            assertEquals(xs[5] * 3, b[0].toFloatArray()[5]);
        }
    }
}
