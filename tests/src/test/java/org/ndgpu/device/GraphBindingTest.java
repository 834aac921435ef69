package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Graph.launch(bindings) on every tested device: a graph launched with other arrays in the place of
 * those it binds computes what the body computes on them (checked against eager runs bit for bit
 * and against Java loops), leaves the arrays it was captured with untouched, and launches as
 * captured again afterwards; a binding it cannot take is a clear NdException.
 */
public class GraphBindingTest extends PerDeviceTest {
    private static final int N = 1000;
    private final SplittableRandom random = new SplittableRandom(0x51d3_77a1L);

    private float[] randomFloats(int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) v[i] = (float) (random.nextDouble() * 4 - 2);
        return v;
    }

    private NDArray poisoned() {
        float[] v = new float[N];
        java.util.Arrays.fill(v, Float.NaN);
        return Nd.array(v);
    }

    // out = tanh(x * 1.5 + y) - x, through a contiguous copy into out (a copy node on CUDA)
    private static void body(NDArray x, NDArray y, NDArray out) {
        Nd.copyto(out, Nd.tanh(x.mul(1.5f).add(y)).sub(x));
    }

    private static float[] onHost(float[] x, float[] y) {
        float[] r = new float[x.length];
        for (int i = 0; i < r.length; i++) r[i] = (float) Math.tanh(x[i] * 1.5f + y[i]) - x[i];
        return r;
    }

    private static void assertClose(float[] expected, float[] actual, String what) {
        assertEquals(expected.length, actual.length, what);
        for (int i = 0; i < expected.length; i++)
            assertEquals(expected[i], actual[i], 2e-6 * Math.max(1, Math.abs(expected[i])), what + ", element " + i);
    }

    @Test
    void aLaunchWithOtherArraysComputesOnThemAndLeavesTheCapturedOnesAlone() {
        for (boolean fuse : new boolean[] {false, true}) {
            float[] xs = randomFloats(N), ys = randomFloats(N);
            NDArray x = Nd.array(xs), y = Nd.array(ys), out = poisoned();
            try (Graph g =
                    Nd.capture(() -> body(x, y, out), CaptureOptions.defaults().withFuse(fuse))) {
                for (int round = 0; round < 4; round++) {
                    float[] x2s = randomFloats(N), y2s = randomFloats(N);
                    NDArray x2 = Nd.array(x2s), y2 = Nd.array(y2s), out2 = poisoned();
                    g.launch(Map.of(x, x2, y, y2, out, out2));
                    assertClose(onHost(x2s, y2s), out2.toFloatArray(), "fuse " + fuse + ", round " + round);
                    NDArray eager = poisoned();
                    body(x2, y2, eager);
                    if (!fuse) assertArrayEquals(eager.toFloatArray(), out2.toFloatArray(), "bit for bit with eager");
                    assertArrayEquals(xs, x.toFloatArray(), "the captured input is untouched");
                    // only the input replaced: the result lands in the captured out
                    g.launch(Map.of(x, x2));
                    assertClose(onHost(x2s, ys), out.toFloatArray(), "x replaced, round " + round);
                    // and a plain launch runs on the captured arrays again
                    g.launch();
                    assertClose(onHost(xs, ys), out.toFloatArray(), "as captured, round " + round);
                    assertClose(onHost(x2s, y2s), out2.toFloatArray(), "out2 kept the bound launch's result");
                }
            }
        }
    }

    @Test
    void swappedInputsAndRepeatedBindingsAreEachRight() {
        float[] xs = randomFloats(N), ys = randomFloats(N);
        NDArray x = Nd.array(xs), y = Nd.array(ys), out = poisoned();
        try (Graph g = Nd.capture(() -> body(x, y, out))) {
            Map<NDArray, NDArray> swap = new HashMap<>();
            swap.put(x, y);
            swap.put(y, x);
            for (int i = 0; i < 3; i++) {
                g.launch(swap);
                assertClose(onHost(ys, xs), out.toFloatArray(), "swapped, launch " + i);
            }
            g.launch();
            assertClose(onHost(xs, ys), out.toFloatArray(), "as captured");
        }
    }

    @Test
    void reductionsAndInPlaceUpdatesFollowTheBinding() {
        float[] as = randomFloats(N), bs = randomFloats(N);
        NDArray a = Nd.array(as), b = Nd.array(bs);
        NDArray[] sum = new NDArray[1];
        try (Graph g = Nd.capture(() -> {
            Nd.add(a, 1, a);
            sum[0] = a.mul(a).sum();
        })) {
            g.launch(Map.of(a, b));
            double expected = 0;
            for (int i = 0; i < N; i++) {
                float v = bs[i] + 1;
                assertEquals(v, b.toFloatArray()[i], 0f, "b updated in place, element " + i);
                expected += (double) v * v;
            }
            assertEquals(expected, sum[0].toFloatArray()[0], 1e-4 * expected, "the sum of b's squares");
            assertArrayEquals(as, a.toFloatArray(), "a untouched");
        }
    }

    @Test
    void anInputClosedButReplacedMayBeLaunched() {
        float[] ys = randomFloats(N), x2s = randomFloats(N);
        NDArray x = Nd.array(randomFloats(N)), y = Nd.array(ys), out = poisoned();
        NDArray x2 = Nd.array(x2s);
        try (Graph g = Nd.capture(() -> body(x, y, out))) {
            x.close();
            assertThrows(ArrayClosedException.class, g::launch);
            g.launch(Map.of(x, x2));
            assertClose(onHost(x2s, ys), out.toFloatArray(), "x closed, x2 in its place");
        }
    }

    @Test
    void bindingsTheGraphCannotTakeAreRefusedClearly() {
        NDArray x = Nd.array(randomFloats(N)), y = Nd.array(randomFloats(N)), out = poisoned();
        NDArray[] made = new NDArray[1];
        try (Graph g = Nd.capture(() -> {
            body(x, y, out);
            made[0] = x.add(1);
        })) {
            NDArray stranger = Nd.array(randomFloats(N));
            var e = assertThrows(CaptureException.class, () -> g.launch(Map.of(stranger, x)));
            assertTrue(e.getMessage().contains("not one the graph binds"), e.getMessage());
            var shape = assertThrows(ShapeException.class, () -> g.launch(Map.of(x, Nd.zeros(DType.FLOAT32, N + 1))));
            assertTrue(shape.getMessage().contains("Graph.launch(bindings)"), shape.getMessage());
            assertThrows(
                    ShapeException.class,
                    () -> g.launch(Map.of(x, Nd.zeros(DType.FLOAT32, 2 * N).get("::2"))));
            assertThrows(DTypeException.class, () -> g.launch(Map.of(x, Nd.zeros(DType.FLOAT64, N))));
            NDArray closed = Nd.zeros(DType.FLOAT32, N);
            closed.close();
            assertThrows(ArrayClosedException.class, () -> g.launch(Map.of(x, closed)));
            var own = assertThrows(CaptureException.class, () -> g.launch(Map.of(x, made[0])));
            assertTrue(own.getMessage().contains("one the graph made"), own.getMessage());
            assertThrows(CaptureException.class, () -> g.launch(null));
            // after every refusal the graph still launches as captured
            float[] xs = randomFloats(N), ys = randomFloats(N);
            GraphTest.write(x, xs);
            GraphTest.write(y, ys);
            g.launch();
            assertClose(onHost(xs, ys), out.toFloatArray(), "as captured after the refusals");
        }
    }

    @Test
    void aViewOfABoundArraysMemoryCannotBeMovedAlone() {
        NDArray base = Nd.array(randomFloats(2 * N)), y = Nd.array(randomFloats(N)), out = poisoned();
        NDArray x = base.get("0:" + N);
        try (Graph g = Nd.capture(() -> {
            body(x, y, out);
            Nd.add(base, 0, base);
        })) {
            assertThrows(CaptureException.class, () -> g.launch(Map.of(x, Nd.array(randomFloats(N)))));
        }
    }
}
