package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scope;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Fusion inside {@code Nd.capture} on every tested device: chains of ufuncs, where, clip and a
 * reduction ending them become single kernels, each replay equals the eager run within the rounding
 * of a fused expression (and a Java loop), and the work the fuser holds back keeps the body's order
 * with everything that cannot join it: out= calls, views of held-back arrays, scans, copies.
 */
@SuppressWarnings("try") // Device.use scopes are held by try, not referenced
class CaptureFusionTest extends PerDeviceTest {
    private static final int N = 1024;
    private final SplittableRandom random = new SplittableRandom(0x51c3_90e7L);

    private float[] randomFloats(int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) v[i] = (float) (random.nextDouble() * 4 - 2);
        return v;
    }

    private static void assertClose(float[] expected, float[] actual, double rtol, String what) {
        assertEquals(expected.length, actual.length, what + ": length");
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], rtol * Math.max(1, Math.abs(expected[i])), what + ", element " + i);
        }
    }

    @Test
    void theTwentyOperationStepIsOneOrTwoKernelsAndReplaysAsEager() {
        Device dev = device();
        NDArray x = Nd.array(randomFloats(N)), y = Nd.array(randomFloats(N));
        NDArray[] out = new NDArray[2];
        long before = dev.launchCount();
        try (Graph g = Nd.capture(() -> {
            NDArray[] r = GraphTest.step(x, y);
            out[0] = r[0];
            out[1] = r[1];
        })) {
            long kernels = dev.launchCount() - before;
            // the step, then its sum: every array the step made is written, in one elementwise
            // kernel, and the sum (one or two passes) inlines the whole chain
            assertTrue(kernels >= 2 && kernels <= 3, "kernels recorded: " + kernels);
            for (int round = 0; round < 10; round++) {
                float[] xs = randomFloats(N), ys = randomFloats(N);
                GraphTest.write(x, xs);
                GraphTest.write(y, ys);
                g.launch();
                NDArray[] eager = GraphTest.step(x, y);
                assertClose(eager[0].toFloatArray(), out[0].toFloatArray(), 1e-6, "round " + round);
                assertClose(GraphTest.hostStep(xs, ys), out[0].toFloatArray(), 1e-5, "host, round " + round);
                assertEquals(eager[1].toFloatArray()[0], out[1].toFloatArray()[0], 1e-3, "the sum, round " + round);
            }
        }
    }

    @Test
    void everyArrayTheChainMadeIsWrittenAndDTypesAreTheUnfusedOnes() {
        NDArray x = Nd.array(randomFloats(N)), i = Nd.arange(N).astype(DType.INT32);
        NDArray[] out = new NDArray[5];
        try (Graph g = Nd.capture(() -> {
            out[0] = x.mul(2);
            out[1] = out[0].add(i); // float32 + int32: float64, as NumPy
            out[2] = out[1].gt(0);
            out[3] = Nd.where(out[2], out[0], -1.0f);
            out[4] = Nd.clip(out[3], -0.5, 0.5).mean();
        })) {
            g.launch();
        }
        float[] xs = x.toFloatArray();
        assertEquals(DType.FLOAT32, out[0].dtype());
        assertEquals(DType.FLOAT64, out[1].dtype());
        assertEquals(DType.BOOL, out[2].dtype());
        assertEquals(DType.FLOAT32, out[3].dtype());
        float[] twice = new float[N], chosen = new float[N];
        double[] sum = new double[N];
        double mean = 0;
        for (int k = 0; k < N; k++) {
            twice[k] = xs[k] * 2;
            sum[k] = (double) twice[k] + k;
            chosen[k] = sum[k] > 0 ? twice[k] : -1f;
            mean += Math.max(-0.5, Math.min(0.5, chosen[k]));
        }
        assertArrayEquals(twice, out[0].toFloatArray());
        assertArrayEquals(sum, out[1].toDoubleArray());
        assertArrayEquals(chosen, out[3].toFloatArray());
        assertEquals(mean / N, out[4].toFloatArray()[0], 1e-6);
    }

    @Test
    void heldBackWorkKeepsItsOrderWithWhatCannotJoinIt() {
        NDArray x = Nd.array(randomFloats(N)), o = Nd.zeros(DType.FLOAT32, N);
        NDArray[] out = new NDArray[4];
        try (Graph g = Nd.capture(() -> {
            NDArray t = x.mul(3).add(1);
            Nd.copyto(o, t); // a copy: the chain must be enqueued first
            out[0] = o.mul(2); // reads what the copy wrote
            Nd.add(out[0], 1, o); // out=: runs on its own, after the chain before it
            out[1] = o.cumsum(); // a scan
            NDArray v = out[0].reshape(32, 32).get("1:, :"); // a view of an array the chain made
            out[2] = v.sub(1); // reads memory the chain writes: the chain runs first
            out[3] = out[2].max();
        })) {
            g.launch();
        }
        float[] xs = x.toFloatArray();
        float[] twice = new float[N], plus = new float[N], scan = new float[N];
        float max = Float.NEGATIVE_INFINITY;
        float acc = 0;
        for (int k = 0; k < N; k++) {
            twice[k] = (xs[k] * 3 + 1) * 2;
            plus[k] = twice[k] + 1;
            acc += plus[k];
            scan[k] = acc;
            if (k >= 32) max = Math.max(max, twice[k] - 1);
        }
        assertClose(twice, out[0].toFloatArray(), 1e-6, "the chain");
        assertClose(plus, o.toFloatArray(), 1e-6, "the out= call");
        assertClose(scan, out[1].toFloatArray(), 1e-4, "the scan");
        float[] tail = new float[N - 32];
        for (int k = 32; k < N; k++) tail[k - 32] = twice[k] - 1;
        assertClose(tail, out[2].toFloatArray(), 1e-6, "the view's chain");
        assertEquals(max, out[3].toFloatArray()[0], 1e-5);
    }

    @Test
    void temporariesAScopeReleasedAreNotNeededAndWhatItKeepsIsRight() {
        NDArray x = Nd.array(randomFloats(N));
        NDArray[] out = new NDArray[2];
        NDArray[] view = new NDArray[1];
        try (Graph g = Nd.capture(() -> {
            try (Scope s = Nd.scope()) {
                NDArray t = x.mul(2).add(1);
                out[0] = s.keep(Nd.sqrt(Nd.abs(t)));
            }
            NDArray u = x.sub(1);
            view[0] = u.reshape(32, 32); // the view outlives its base, closed below
            u.close();
            out[1] = view[0].cumsum(); // not joinable: the chain is written first, u through its view
        })) {
            g.launch();
        }
        float[] xs = x.toFloatArray();
        float[] r = new float[N], u = new float[N], scan = new float[N];
        float acc = 0;
        for (int k = 0; k < N; k++) {
            r[k] = (float) Math.sqrt(Math.abs(xs[k] * 2 + 1));
            u[k] = xs[k] - 1;
            acc += u[k];
            scan[k] = acc;
        }
        assertClose(r, out[0].toFloatArray(), 1e-6, "kept");
        assertClose(u, view[0].toFloatArray(), 1e-6, "the view of a closed array");
        assertClose(scan, out[1].toFloatArray(), 1e-4, "the scan of the view");
    }

    @Test
    void withoutFusionEveryOperationIsItsOwnKernel() {
        Device dev = device();
        NDArray x = Nd.array(randomFloats(N));
        NDArray[] out = new NDArray[1];
        long before = dev.launchCount();
        try (Graph g = Nd.capture(
                () -> out[0] = x.mul(2).add(1).sub(3), CaptureOptions.defaults().withFuse(false))) {
            assertEquals(3, dev.launchCount() - before);
            g.launch();
        }
        long fused = dev.launchCount();
        try (Graph g = Nd.capture(() -> out[0] = x.mul(2).add(1).sub(3))) {
            assertEquals(1, dev.launchCount() - fused);
            g.launch();
        }
        assertThrows(NullPointerException.class, () -> Nd.capture(() -> {}, null));
    }

    @Test
    void errorsInTheChainAreTheUnfusedCallsAndDiscardTheCapture() {
        NDArray x = Nd.array(randomFloats(N)), y = Nd.array(randomFloats(6));
        DTypeException d = assertThrows(
                DTypeException.class, () -> Nd.capture(() -> x.mul(2).bitwiseAnd(3)));
        NDArray eager = Nd.array(randomFloats(4));
        DTypeException unfused = assertThrows(DTypeException.class, () -> eager.bitwiseAnd(3));
        assertEquals(unfused.getMessage(), d.getMessage());
        ShapeException s = assertThrows(
                ShapeException.class, () -> Nd.capture(() -> x.mul(2).add(y)));
        assertTrue(s.getMessage().contains("add"), s.getMessage());
        NDArray[] out = new NDArray[1];
        try (Graph g = Nd.capture(() -> out[0] = x.add(1))) { // the thread captures again as usual
            g.launch();
        }
        float[] xs = x.toFloatArray(), r = out[0].toFloatArray();
        for (int k = 0; k < N; k++) assertEquals(xs[k] + 1, r[k]);
    }

    @Test
    void aLongChainOfSmallArraysInALoopIsOneKernel() {
        Device dev = device();
        NDArray t0 = Nd.array(randomFloats(4096)), o = Nd.zeros(DType.FLOAT32, 4096);
        long before = dev.launchCount();
        try (Graph g = Nd.capture(() -> {
            NDArray t = t0;
            for (int k = 0; k < 10; k++) t = t.mul(0.5f).add(0.25f);
            Nd.copyto(o, t);
        })) {
            assertEquals(1, dev.launchCount() - before, "the chain (the copy after it is a device copy, no kernel)");
            g.launch();
        }
        float[] ts = t0.toFloatArray(), os = o.toFloatArray();
        for (int k = 0; k < ts.length; k++) {
            float v = ts[k];
            for (int j = 0; j < 10; j++) v = v * 0.5f + 0.25f;
            assertEquals(v, os[k], 1e-6, "element " + k);
        }
    }

    @Test
    void anInputTheBodyClosesAfterUsingItIsStillReadByTheChainThenRefusedAtLaunch() {
        NDArray x = Nd.array(randomFloats(N));
        NDArray[] out = new NDArray[1];
        Graph g = Nd.capture(() -> {
            NDArray t = x.mul(2);
            x.close(); // the chain holds x until it is enqueued
            out[0] = t.add(1);
        });
        try (g) {
            ArrayClosedException e = assertThrows(ArrayClosedException.class, g::launch);
            assertTrue(e.getMessage().contains("Graph.launch"), e.getMessage());
        }
    }

    @Test
    void twoThreadsCaptureFusedChainsAtOnce() throws Exception {
        NDArray a = Nd.array(randomFloats(N)), b = Nd.array(randomFloats(N));
        NDArray[][] out = new NDArray[2][1];
        Graph[] graphs = new Graph[2];
        Device dev = device();
        Thread[] threads = new Thread[2];
        Throwable[] failed = new Throwable[2];
        for (int k = 0; k < 2; k++) {
            final int id = k;
            threads[k] = new Thread(() -> {
                try (var on = dev.use()) {
                    NDArray in = id == 0 ? a : b;
                    graphs[id] = Nd.capture(
                            () -> out[id][0] = Nd.exp(in.mul(-1)).add(id).sum());
                } catch (Throwable t) {
                    failed[id] = t;
                }
            });
            threads[k].start();
        }
        for (Thread t : threads) t.join();
        for (Throwable t : failed) if (t != null) throw new AssertionError(t);
        for (int k = 0; k < 2; k++) {
            try (Graph g = graphs[k]) {
                g.launch();
                float[] in = (k == 0 ? a : b).toFloatArray();
                double sum = 0;
                for (float v : in) sum += Math.exp(-v) + k;
                assertEquals(sum, out[k][0].toFloatArray()[0], 1e-4 * Math.abs(sum), "thread " + k);
            }
        }
    }
}
