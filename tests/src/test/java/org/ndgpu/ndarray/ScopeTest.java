package org.ndgpu.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Graph;
import org.ndgpu.device.MemoryPool;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Scopes ({@code Nd.scope}): every array made inside one is released when it closes, whatever made
 * it; kept arrays move out; nesting, the returning form, exceptions, threads, views, graphs
 * captured inside a scope, and the hostile uses (closing twice or on another thread, keeping another scope's array or a closed one).
 * Values are checked against plain Java loops.
 */
public class ScopeTest extends PerDeviceTest {

    private static float[] iota(int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) v[i] = i * 0.25f - 3;
        return v;
    }

    /** t = t * 0.5 + 0.25, {@code steps} times, as float32 arithmetic does it. */
    private static float[] halveAndShift(float[] x, int steps) {
        float[] t = x.clone();
        for (int s = 0; s < steps; s++) for (int i = 0; i < t.length; i++) t[i] = t[i] * 0.5f + 0.25f;
        return t;
    }

    @Test
    void closingReleasesEveryArrayMadeInsideAndKeepsWhatWasMadeBefore() {
        MemoryPool pool = device().memoryPool();
        float[] host = iota(1000);
        NDArray x = Nd.array(host);
        NDArray out = Nd.zeros(DType.FLOAT32, 1000);
        long before = pool.usedBytes();
        List<NDArray> made = new ArrayList<>();
        try (Scope scope = Nd.scope()) {
            assertSame(scope, Scope.current());
            NDArray t = x;
            for (int i = 0; i < 10; i++) {
                t = t.mul(0.5f).add(0.25f);
                made.add(t);
            }
            Nd.copyto(out, t);
        }
        assertNull(Scope.current());
        for (NDArray t : made) assertTrue(t.isClosed(), "a temporary of the scope is released");
        assertFalse(x.isClosed());
        assertFalse(out.isClosed());
        assertArrayEquals(host, x.toFloatArray());
        assertArrayEquals(halveAndShift(host, 10), out.toFloatArray());
        // other tests' dropped arrays may come back meanwhile: at most what was held before
        assertTrue(pool.usedBytes() <= before, "in use before " + before + ", now " + pool);
    }

    @Test
    void everyKindOfOperationAllocatesIntoTheScope() {
        NDArray x = Nd.array(iota(64));
        NDArray m = Nd.array(new float[][] {{2, 1}, {1, 3}});
        var twice = new ElementwiseKernel("float32 x", "float32 y", "y = x * 2", "scope_twice");
        var square = Fuse.of((Fuse.Fn1<NDArray>) p -> p.mul(p));
        List<NDArray> made = new ArrayList<>();
        try (var _ = Nd.scope()) {
            made.add(x.add(1)); // ufunc
            made.add(x.sum()); // reduction
            made.add(x.cumsum(0)); // scan
            made.add(twice.call(x)); // ElementwiseKernel
            made.add(square.call(x)); // fuse
            made.add(m.matmul(m)); // linalg
            made.add(Nd.linalg().inv(m));
            made.add(Nd.fft().fft(x)); // fft
            made.add(Nd.sort(x.neg())); // routines
            made.add(Nd.random().uniform(0, 1, DType.FLOAT32, 8)); // random
            made.add(x.astype(DType.FLOAT64)); // copies
            made.add(x.reshape(8, 8).T()); // views
            made.add(Nd.arange(5)); // creation
        }
        for (NDArray a : made) assertTrue(a.isClosed(), a.dtype() + " " + java.util.Arrays.toString(a.shape()));
        // a second FFT in a new scope finds its cached tables alive: caches make theirs outside scopes
        float[] host = iota(64);
        try (var _ = Nd.scope()) {
            float[] re = Nd.fft().fft(x).real().toFloatArray();
            double sum = 0;
            for (float v : host) sum += v;
            assertEquals(sum, re[0], 1e-3);
        }
        try (var _ = Nd.scope()) {
            assertEquals(host.length, Nd.fft().ifft(Nd.fft().fft(x)).size());
        }
    }

    @Test
    void keptArraysMoveToTheEnclosingScopeAndDieWithIt() {
        float[] host = iota(100);
        NDArray x = Nd.array(host);
        NDArray kept;
        NDArray dropped;
        try (Scope outer = Nd.scope("outer")) {
            try (Scope inner = Nd.scope("inner")) {
                dropped = x.mul(0.5f);
                kept = inner.keep(dropped.add(0.25f));
            }
            assertTrue(dropped.isClosed());
            assertFalse(kept.isClosed(), "kept past the inner scope");
            assertArrayEquals(halveAndShift(host, 1), kept.toFloatArray());
            assertSame(outer, Scope.current());
        }
        assertTrue(kept.isClosed(), "the outer scope releases what the inner one kept");
        ArrayClosedException e = assertThrows(ArrayClosedException.class, () -> kept.add(1));
        assertTrue(e.getMessage().contains("'outer'") && e.getMessage().contains("ScopeTest"), e.getMessage());
        // kept in the outermost scope: it belongs to none and lives on
        NDArray free;
        try (Scope only = Nd.scope()) {
            free = only.keep(x.add(1));
        }
        assertFalse(free.isClosed());
        free.close();
    }

    @Test
    void theReturningFormKeepsItsValueAndReleasesTheRest() {
        float[] host = iota(50);
        NDArray x = Nd.array(host);
        List<NDArray> temps = new ArrayList<>();
        NDArray y = Nd.scope(() -> {
            NDArray t = x;
            for (int i = 0; i < 4; i++) {
                t = t.mul(0.5f).add(0.25f);
                temps.add(t);
            }
            return t.mul(1f);
        });
        assertFalse(y.isClosed());
        assertArrayEquals(halveAndShift(host, 4), y.toFloatArray());
        for (NDArray t : temps) assertTrue(t.isClosed());
        // an input returned as it is stays as it was
        assertSame(x, Nd.scope(() -> x));
        assertFalse(x.isClosed());
        // records, lists and arrays of arrays: each array inside is kept
        NDArray m = Nd.array(new double[][] {{4, 1}, {1, 3}});
        Qr qr = Nd.scope(() -> Nd.linalg().qr(m));
        assertFalse(qr.q().isClosed() || qr.r().isClosed());
        double[] qrm = qr.q().matmul(qr.r()).toDoubleArray();
        assertArrayEquals(new double[] {4, 1, 1, 3}, qrm, 1e-12);
        List<NDArray> list = Nd.scope(() -> List.of(x.add(1), x.add(2)));
        NDArray[] arr = Nd.scope(() -> new NDArray[] {x.add(3)});
        assertEquals(host[0] + 2, list.get(1).toFloatArray()[0]);
        assertEquals(host[0] + 3, arr[0].toFloatArray()[0]);
        Fuse.Tuple tuple = Nd.scope(() -> Fuse.Tuple.of(x.add(4), x.add(5)));
        assertEquals(host[0] + 5, tuple.values().get(1).toFloatArray()[0]);
        Pair pair = Nd.scope(() -> new Pair(x.add(6), List.of(x.add(7))));
        assertEquals(host[0] + 7, pair.b().get(0).toFloatArray()[0]);
        assertFalse(pair.a().isClosed());
        Double seven = Nd.scope(() -> x.add(0).size() * 0 + 7.0); // any value: returned as it is
        assertEquals(7.0, seven);
    }

    /** A record of the caller's, not public: its arrays are found all the same. */
    private record Pair(NDArray a, List<NDArray> b) {}

    @Test
    void aThrowingBodyStillReleasesItsArrays() {
        NDArray x = Nd.array(iota(10));
        List<NDArray> made = new ArrayList<>();
        IllegalStateException boom = assertThrows(IllegalStateException.class, () -> {
            try (var _ = Nd.scope()) {
                made.add(x.add(1));
                throw new IllegalStateException("boom");
            }
        });
        assertEquals("boom", boom.getMessage());
        assertThrows(
                ArithmeticException.class,
                () -> Nd.scope(() -> {
                    made.add(x.mul(2));
                    throw new ArithmeticException("inside");
                }));
        // an NdException of an operation inside is the same
        assertThrows(
                NdException.class,
                () -> Nd.scope(() -> {
                    made.add(x.sub(1));
                    return x.reshape(3, 3);
                }));
        assertEquals(3, made.size());
        for (NDArray a : made) assertTrue(a.isClosed());
        assertNull(Scope.current(), "the stack is whole after the throws");
        assertFalse(x.isClosed());
    }

    @Test
    void viewsOfOuterArraysNeverFreeTheirMemoryAndKeptViewsKeepTheirs() {
        MemoryPool pool = device().memoryPool();
        float[] host = iota(1 << 16);
        NDArray outer = Nd.array(host);
        NDArray view;
        try (var _ = Nd.scope()) {
            view = outer.get("::2");
            view.set("0", 100f); // writes through
        }
        assertTrue(view.isClosed());
        assertFalse(outer.isClosed());
        float[] expected = host.clone();
        expected[0] = 100f;
        NDArray again = Nd.array(new float[1 << 16]); // would reuse outer's block, were it freed
        assertArrayEquals(expected, outer.toFloatArray());
        again.close();

        NDArray keptView;
        NDArray base;
        try (Scope s = Nd.scope()) {
            base = outer.add(1);
            keptView = s.keep(base.get("1:3"));
        }
        assertTrue(base.isClosed());
        assertFalse(keptView.isClosed());
        // the base's block is still in use: a new array of its size takes another one
        NDArray other = Nd.full(-7f, DType.FLOAT32, 1 << 16);
        assertArrayEquals(new float[] {expected[1] + 1, expected[2] + 1}, keptView.toFloatArray());
        assertFalse(other.sharesMemory(keptView));
        other.close();
        long held = pool.usedBytes();
        keptView.close();
        assertTrue(pool.usedBytes() <= held - ((long) host.length << 2), "the last view's close returns the block");
    }

    @Test
    void closingAnOuterScopeClosesTheInnerOnesStillOpen() {
        NDArray x = Nd.array(iota(10));
        Scope outer = Nd.scope("o");
        Scope inner = Nd.scope("i");
        NDArray a = x.add(1);
        outer.close();
        assertTrue(inner.isClosed());
        assertTrue(a.isClosed());
        assertNull(Scope.current());
        inner.close(); // already closed: nothing
        assertNull(Scope.current());
    }

    @Test
    void closingTwiceIsANoOpAndNothingIsReleasedTwice() {
        MemoryPool pool = device().memoryPool();
        NDArray x = Nd.array(iota(1000));
        Scope s = Nd.scope();
        NDArray a = x.add(1);
        a.close(); // closed by hand first: the scope must not release it again
        NDArray b = x.add(2);
        s.close();
        long after = pool.usedBytes();
        s.close();
        assertTrue(pool.usedBytes() <= after);
        assertTrue(b.isClosed());
        assertFalse(x.isClosed());
        b.close(); // an array of a closed scope: close() stays idempotent
    }

    @Test
    void aScopeBelongsToTheThreadThatOpenedIt() throws Exception {
        float[] host = iota(20);
        NDArray x = Nd.array(host);
        Scope s = Nd.scope("mine");
        try {
            NDArray a = x.add(1);
            var device = device();
            NdException close = failsOnOtherThread(s::close);
            assertTrue(
                    close.getMessage().contains("Scope.close")
                            && close.getMessage().contains("'mine'")
                            && close.getMessage().contains("thread"),
                    close.getMessage());
            NdException keep = failsOnOtherThread(() -> s.keep(a));
            assertTrue(keep.getMessage().contains("Scope.keep"), keep.getMessage());
            assertFalse(s.isClosed());
            // another thread's arrays are not this scope's, and this scope's arrays work there
            AtomicReference<NDArray> theirs = new AtomicReference<>();
            float[] seen = CompletableFuture.supplyAsync(() -> {
                        try (var _ = device.use()) {
                            theirs.set(x.add(2));
                            return a.toFloatArray();
                        }
                    })
                    .get();
            assertEquals(host[3] + 1, seen[3]);
            assertTrue(s == Scope.current());
            s.close();
            assertTrue(a.isClosed());
            assertFalse(theirs.get().isClosed(), "made on another thread: not this scope's");
            assertEquals(host[0] + 2, theirs.get().toFloatArray()[0]);
        } finally {
            s.close();
        }
    }

    private static NdException failsOnOtherThread(Runnable r) throws InterruptedException {
        try {
            CompletableFuture.runAsync(r).get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof NdException n) return n;
            throw new AssertionError("expected an NdException, got " + e.getCause(), e.getCause());
        }
        throw new AssertionError("expected an NdException, got none");
    }

    @Test
    void keepRefusesWhatIsNotItsToKeep() {
        NDArray unscoped = Nd.array(iota(5));
        try (Scope outer = Nd.scope("outer")) {
            NDArray ofOuter = unscoped.add(1);
            NDArray ofSibling;
            try (var _ = Nd.scope("sibling")) {
                ofSibling = unscoped.add(2);
                NdException e = assertThrows(NdException.class, () -> outer.keep(ofSibling));
                assertTrue(e.getMessage().contains("'outer'") && e.getMessage().contains("'sibling'"), e.getMessage());
            }
            Scope inner = Nd.scope("inner");
            try {
                NdException e = assertThrows(NdException.class, () -> inner.keep(ofOuter));
                assertTrue(
                        e.getMessage().startsWith("Scope.keep: expected an array made inside scope")
                                && e.getMessage().contains("'outer'"),
                        e.getMessage());
                e = assertThrows(NdException.class, () -> inner.keep(unscoped));
                assertTrue(e.getMessage().contains("belongs to no scope"), e.getMessage());
                // an array of a scope already closed
                ArrayClosedException c = assertThrows(ArrayClosedException.class, () -> inner.keep(ofSibling));
                assertTrue(
                        c.getMessage().contains("Scope.keep") && c.getMessage().contains("'sibling'"), c.getMessage());
                NDArray closed = unscoped.add(3);
                closed.close();
                assertThrows(ArrayClosedException.class, () -> inner.keep(closed));
                assertThrows(NullPointerException.class, () -> inner.keep(null));
                NDArray late = unscoped.add(4);
                inner.close();
                NdException after = assertThrows(NdException.class, () -> inner.keep(late));
                assertTrue(after.getMessage().contains("closed"), after.getMessage());
            } finally {
                inner.close();
            }
            assertFalse(ofOuter.isClosed());
        }
        assertFalse(unscoped.isClosed());
    }

    @Test
    void arraysPassedBetweenScopes() {
        float[] host = iota(30);
        NDArray x = Nd.array(host);
        NDArray fromFirst;
        try (Scope first = Nd.scope()) {
            fromFirst = first.keep(x.mul(0.5f));
        }
        NDArray sum;
        try (Scope second = Nd.scope()) {
            // an array of no scope is an input like any other; the result is the second scope's
            NDArray s = fromFirst.add(0.25f);
            sum = second.keep(s.add(fromFirst));
        }
        float[] expected = new float[host.length];
        for (int i = 0; i < host.length; i++) expected[i] = (host[i] * 0.5f + 0.25f) + host[i] * 0.5f;
        assertArrayEquals(expected, sum.toFloatArray());
        assertFalse(fromFirst.isClosed());
    }

    @Test
    void aGraphCapturedInsideAScope() {
        MemoryPool pool = device().memoryPool();
        float[] host = iota(256);
        float[] shifted = host.clone();
        for (int i = 0; i < shifted.length; i++) shifted[i] += 1;
        NDArray x = Nd.array(host);
        long before = pool.usedBytes();
        NDArray[] y = new NDArray[2];
        NDArray input;
        NDArray kept;
        Graph g;
        try (Scope s = Nd.scope("graphs")) {
            input = x.add(1); // the scope's: an array the graph binds
            NDArray bound = input;
            g = Nd.capture(() -> {
                y[0] = bound.mul(0.5f).add(0.25f); // x * 0.5 is dropped
                y[1] = y[0].mul(2f);
            });
            g.launch();
            assertArrayEquals(halveAndShift(shifted, 1), y[0].toFloatArray());
            kept = s.keep(y[1]);
        }
        assertTrue(input.isClosed() && y[0].isClosed(), "the body's arrays are the scope's, as any other");
        assertFalse(kept.isClosed());
        assertFalse(g.isClosed(), "the graph is closed by its own close(), not by the scope");
        // the graph binds an array the scope released: its launch says so, naming the scope
        ArrayClosedException closed = assertThrows(ArrayClosedException.class, g::launch);
        assertTrue(
                closed.getMessage().startsWith("Graph.launch")
                        && closed.getMessage().contains("'graphs'"),
                closed.getMessage());
        g.close();
        kept.close();
        // nothing of the scope, the body or the graph is held, and nothing was released twice
        assertTrue(pool.usedBytes() <= before, "in use before " + before + ", now " + pool);

        // bound to an array made outside, a graph replays after the scope into what it kept; the blocks
        // of the body's released arrays stay the graph's, so a new array never shares one with a replay
        NDArray[] z = new NDArray[1];
        NDArray out;
        Graph g2;
        try (Scope s = Nd.scope()) {
            g2 = Nd.capture(() -> z[0] = x.mul(0.5f).add(0.25f).mul(2f));
            out = s.keep(z[0]);
        }
        try (Graph replayed = g2;
                NDArray other = Nd.full(-9f, DType.FLOAT32, host.length)) {
            Nd.copyto(x, Nd.array(shifted));
            replayed.launch();
            float[] expected = halveAndShift(shifted, 1);
            for (int i = 0; i < expected.length; i++) expected[i] *= 2;
            assertArrayEquals(expected, out.toFloatArray());
            float[] nines = new float[host.length];
            java.util.Arrays.fill(nines, -9f);
            assertArrayEquals(nines, other.toFloatArray(), "a replay wrote a block the pool handed out again");
        }
        out.close();
    }

    @Test
    void aDlpackExportOutlivesTheScopeOfItsArray() {
        float[] host = iota(16);
        NDArray x = Nd.array(host);
        java.lang.foreign.MemorySegment tensor;
        try (var _ = Nd.scope()) {
            tensor = x.add(1).toDlpack(); // the export holds the memory until its deleter runs
        }
        NDArray reuse = Nd.full(-9f, DType.FLOAT32, host.length); // takes the block, were it back in the pool
        NDArray back = Nd.fromDlpack(tensor);
        float[] expected = new float[host.length];
        for (int i = 0; i < host.length; i++) expected[i] = host[i] + 1;
        assertArrayEquals(expected, back.toFloatArray());
        back.close();
        reuse.close();
    }

    @Test
    void unscopedArraysOutliveTheScope() {
        NDArray x = Nd.array(iota(8));
        NDArray cached;
        try (var _ = Nd.scope()) {
            cached = Scope.unscoped(() -> x.add(1));
            assertNotNullScope();
        }
        assertFalse(cached.isClosed());
        cached.close();
    }

    private static void assertNotNullScope() {
        assertTrue(Scope.current() != null, "unscoped puts the thread's scope back");
    }

    @Test
    void aLongLoopInOneScopeHoldsNoDroppedArrayReachable() throws InterruptedException {
        MemoryPool pool = device().memoryPool();
        NDArray x = Nd.array(iota(1 << 14)); // 64 KiB
        try (var _ = Nd.scope()) {
            long before = pool.usedBytes();
            for (int i = 0; i < 400; i++) x.add(i); // 25 MiB dropped inside the scope
            // the Cleaner may release them before the scope closes: the scope does not keep them reachable
            for (int k = 0; k < 100 && pool.usedBytes() > before + (4L << 20); k++) {
                System.gc();
                Thread.sleep(20);
            }
            assertTrue(pool.usedBytes() <= before + (4L << 20), "in use before " + before + ", now " + pool);
        }
    }
}
