package org.ndgpu.fuse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/** Fuse on one device: fused calls equal the same lambda run unfused, in fewer launches. */
class FuseTest extends PerDeviceTest {

    private long launches(Runnable r) {
        long before = device().launchCount();
        r.run();
        return device().launchCount() - before;
    }

    @Test
    void squaredDifferenceIsOneKernelAndEqualsUnfused() {
        var f = Fuse.of((x, y) -> x.sub(y).mul(x.sub(y)));
        NDArray a = FuseTesting.random(DType.FLOAT32, 1, 1000), b = FuseTesting.random(DType.FLOAT32, 2, 1000);
        f.call(a, b); // compile outside the count
        NDArray[] got = new NDArray[1];
        assertEquals(1, launches(() -> got[0] = f.call(a, b)));
        FuseTesting.assertClose(f.unfused(a, b), got[0], "x.sub(y).mul(x.sub(y))");
        assertEquals(1, f.source(a, b).split("ND_KERNEL void", -1).length - 1, "one kernel in the source");
    }

    /** Ufuncs whose device functions come in the kernel's preamble (UfuncInlining.preamble), fused into one kernel and a reduction. */
    @Test
    void ufuncsWithPreambleFunctionsFuseAndEqualUnfused() {
        NDArray a = FuseTesting.random(DType.FLOAT64, 11, 1000), b = FuseTesting.random(DType.FLOAT64, 12, 1000);
        var f = Fuse.of((x, y) -> x.logaddexp(y).add(x.logaddexp2(y)).mul(x.fmod(y)));
        FuseTesting.assertClose(f.unfused(a, b), f.call(a, b), "logaddexp, logaddexp2, fmod fused");
        var g = Fuse.of((x, y) -> x.logaddexp(y).sum());
        FuseTesting.assertClose(g.unfused(a, b), g.call(a, b), "logaddexp fused into a sum");
        NDArray i = FuseTesting.random(DType.FLOAT64, 13, 1000).mul(1000).astype(DType.INT32);
        NDArray j = FuseTesting.random(DType.FLOAT64, 14, 1000).mul(1000).add(1).astype(DType.INT32);
        var h = Fuse.of((x, y) -> x.gcd(y).add(x.lcm(y)));
        assertEquals(
                java.util.Arrays.toString(h.unfused(i, j).toLongArray()),
                java.util.Arrays.toString(h.call(i, j).toLongArray()),
                "gcd + lcm fused");
    }

    /** ldexp (an int64 exponent loop beside a float mantissa) and sinc trace as any ufunc; the two-output ones say they cannot. */
    @Test
    void ldexpAndSincFuseAndTwoOutputUfuncsAreRefused() {
        NDArray a = FuseTesting.random(DType.FLOAT32, 15, 1000);
        NDArray e = FuseTesting.random(DType.FLOAT64, 16, 1000).mul(20).sub(10).astype(DType.INT32);
        var f = Fuse.of((x, y) -> x.ldexp(y).add(x.sinc()).add(x.ldexp(3)));
        NDArray got = f.call(a, e);
        assertEquals(DType.FLOAT32, got.dtype());
        FuseTesting.assertClose(f.unfused(a, e), got, "ldexp and sinc fused");
        var g = Fuse.of(x -> x.divmod(2).quotient());
        var ex = assertThrows(org.ndgpu.exceptions.NdException.class, () -> g.call(a));
        assertTrue(ex.getMessage().contains("divmod"), ex.getMessage());
    }

    /**
     * A loop that uses its value twice per round is a DAG of 2^rounds paths: tracing, hashing and
     * code generation must walk it by node (this once hung in the records' own hashCode).
     */
    @Test
    void aDeepLoopThatReusesItsValueTracesInLinearTimeAndMatchesJava() {
        int rounds = 48;
        var f = Fuse.of((NDArray x) -> {
            NDArray y = x;
            for (int r = 0; r < rounds; r++) y = y.sin().mul(y.cos()).add(x).tanh();
            return y;
        });
        NDArray a = FuseTesting.random(DType.FLOAT64, 21, 1000);
        NDArray got = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofMinutes(3),
                () -> f.call(a),
                "a 48-round loop must trace in time linear in its nodes");
        double[] in = a.toDoubleArray(), out = got.toDoubleArray();
        double worst = 0;
        for (int i = 0; i < in.length; i++) {
            double y = in[i];
            for (int r = 0; r < rounds; r++) y = Math.tanh(Math.sin(y) * Math.cos(y) + in[i]);
            worst = Math.max(worst, Math.abs(out[i] - y) / Math.max(1e-300, Math.abs(y)));
        }
        assertTrue(worst < 1e-12, "relative error against Java's loop " + worst);
        assertEquals(1, f.kernelCount(a), "one kernel for the whole loop");
    }

    @Test
    void tenOpsAndSumAreOneOrTwoLaunchesWhereUnfusedIsEleven() {
        Fuse.Fn2<NDArray> chain = (x, y) -> x.mul(2)
                .add(y)
                .sub(1.5)
                .abs()
                .add(1)
                .sqrt()
                .mul(x)
                .maximum(y)
                .minimum(3)
                .div(2)
                .sum();
        var f = Fuse.of(chain);
        NDArray a = FuseTesting.random(DType.FLOAT32, 3, 1 << 16), b = FuseTesting.random(DType.FLOAT32, 4, 1 << 16);
        f.call(a, b);
        long unfused = launches(() -> chain.apply(a, b));
        NDArray[] got = new NDArray[1];
        long fused = launches(() -> got[0] = f.call(a, b));
        assertTrue(unfused >= 11, "unfused launches " + unfused);
        assertTrue(fused >= 1 && fused <= 2, "fused launches " + fused);
        assertEquals(1, f.kernelCount(a, b));
        FuseTesting.assertClose(chain.apply(a, b), got[0], "chain + sum");
    }

    @Test
    void reductionsOverAxesWithKeepdimsFuseWithTheirProducer() {
        NDArray x = FuseTesting.random(DType.FLOAT64, 5, 6, 7, 8), y = FuseTesting.random(DType.FLOAT64, 6, 1, 8);
        java.util.List<Fuse.Fn2<NDArray>> fns = java.util.List.of(
                (p, q) -> p.sub(q).square().sum(),
                (p, q) -> p.sub(q).mul(p.sub(q)).sum(1),
                (p, q) -> p.mul(q).add(1).sum(new int[] {0, 2}, true),
                (p, q) -> p.add(q).mean(new int[] {-1}, false),
                (p, q) -> p.sub(q).abs().max(new int[] {1, 2}, true),
                (p, q) -> p.mul(q).min(0),
                (p, q) -> p.mul(0.5).add(q).prod(2),
                (p, q) -> p.gt(q).all(1),
                (p, q) -> p.gt(q).any(new int[] {0, 1, 2}, true),
                (p, q) -> p.gt(0).astype(DType.INT32).sum(2));
        for (int k = 0; k < fns.size(); k++) {
            var f = Fuse.of(fns.get(k));
            f.call(x, y);
            NDArray[] got = new NDArray[1];
            long n = launches(() -> got[0] = f.call(x, y));
            assertTrue(n >= 1 && n <= 2, "reduction " + k + ": " + n + " launches");
            FuseTesting.assertClose(fns.get(k).apply(x, y), got[0], "reduction " + k);
        }
    }

    @Test
    void anElementwiseOpAfterAReductionIsASecondKernel() {
        Fuse.Fn1<NDArray> center = x -> x.sub(x.mean(new int[] {1}, true))
                .div(x.std(new int[] {1}, true).add(1));
        NDArray x = FuseTesting.random(DType.FLOAT32, 7, 33, 65);
        var e = assertThrows(FuseException.class, () -> Fuse.of(center).call(x));
        assertTrue(e.getMessage().contains("std cannot be fused"), e.getMessage());
        Fuse.Fn1<NDArray> demean = v -> v.sub(v.mean(new int[] {1}, true))
                .mul(v.max(new int[] {1}, true).sqrt());
        var f = Fuse.of(demean);
        assertEquals(3, f.kernelCount(x));
        FuseTesting.assertClose(demean.apply(x), f.call(x), "demean");
    }

    @Test
    void severalOutputsAreOneKernel() {
        var f = Fuse.of((x, y) -> Fuse.Tuple.of(x.add(y), x.sub(y).mul(y), Nd.where(x.gt(y), x, y)));
        NDArray a = FuseTesting.random(DType.FLOAT32, 6, 40, 50), b = FuseTesting.random(DType.FLOAT32, 7, 50);
        f.call(a, b);
        Fuse.Tuple[] got = new Fuse.Tuple[1];
        assertEquals(1, launches(() -> got[0] = f.call(a, b)));
        Fuse.Tuple want = f.unfused(a, b);
        for (int k = 0; k < 3; k++) FuseTesting.assertClose(want.get(k), got[0].get(k), "output " + k);

        var g = Fuse.of(x -> new NDArray[] {x.exp(), x.neg(), x.exp()});
        NDArray[] r = g.call(a);
        assertEquals(3, r.length);
        assertSame(r[0], r[2], "a node returned twice is one array");
        FuseTesting.assertClose(a.neg(), r[1], "neg");
    }

    @Test
    void numberArgumentsAreWeakScalars() {
        var f = Fuse.of((x, s) -> x.mul(s).add(s));
        NDArray a = FuseTesting.random(DType.FLOAT32, 8, 100);
        NDArray r = f.call(a, 2.5);
        assertEquals(DType.FLOAT32, r.dtype(), "a float32 array times a Java double stays float32");
        FuseTesting.assertClose(a.mul(2.5).add(2.5), r, "x*s+s");
        NDArray r2 = f.call(a, 3.0); // same trace, new value
        FuseTesting.assertClose(a.mul(3.0).add(3.0), r2, "x*3+3");

        var g = Fuse.of((x, s) -> x.add(s));
        NDArray u8 = Nd.array(new long[] {1, 2, 250}, DType.UINT8, 3);
        FuseTesting.assertClose(u8.add(5), g.call(u8, 5), "uint8 + 5");
        var e = assertThrows(DTypeException.class, () -> g.call(u8, 300));
        assertTrue(e.getMessage().contains("300"), e.getMessage());
    }

    /**
     * (a + b) * c over uint32 arrays wraps modulo 2^32 fused as unfused and as a Java loop; over uint64 with values
     * above 2^63 modulo 2^64; their sum is uint64 (NumPy's sum of unsigned input); a comparison with a Java number
     * out of the dtype's range is by value (NumPy 2: uint32_array &lt; -1 is all False) whatever value the trace saw.
     */
    @Test
    void unsignedArithmeticWrapsFusedAsUnfusedAndJava() {
        var r = new java.util.SplittableRandom(33);
        int n = 1000;
        int[] a32 = new int[n], b32 = new int[n], c32 = new int[n];
        long[] a64 = new long[n], b64 = new long[n], c64 = new long[n];
        for (int i = 0; i < n; i++) {
            a32[i] = r.nextInt();
            b32[i] = r.nextInt();
            c32[i] = r.nextInt(1, 1000);
            a64[i] = r.nextLong();
            b64[i] = r.nextLong();
            c64[i] = r.nextLong();
        }
        a32[0] = -1; // 2^32 - 1
        b32[0] = 2;
        a64[0] = -1; // 2^64 - 1
        b64[0] = Long.MIN_VALUE + 5;
        var f = Fuse.of((x, y, z) -> x.add(y).mul(z));
        for (DType d : new DType[] {DType.UINT32, DType.UINT64}) {
            boolean wide = d == DType.UINT64;
            NDArray a = wide ? Nd.array(a64, d, n) : Nd.array(a32, d, n);
            NDArray b = wide ? Nd.array(b64, d, n) : Nd.array(b32, d, n);
            NDArray c = wide ? Nd.array(c64, d, n) : Nd.array(c32, d, n);
            NDArray got = f.call(a, b, c);
            assertEquals(d, got.dtype());
            long[] g = got.toLongArray();
            assertArrayEquals(f.unfused(a, b, c).toLongArray(), g, "(a + b) * c unfused, " + d);
            for (int i = 0; i < n; i++) {
                long want = wide ? (a64[i] + b64[i]) * c64[i] : Integer.toUnsignedLong((a32[i] + b32[i]) * c32[i]);
                assertEquals(want, g[i], "(a + b) * c at " + i + ", " + d);
            }
        }
        NDArray a = Nd.array(a32, DType.UINT32, n), b = Nd.array(b32, DType.UINT32, n);
        var sum = Fuse.of((x, y) -> x.add(y).sum());
        NDArray s = sum.call(a, b);
        assertEquals(DType.UINT64, s.dtype());
        long want = 0;
        for (int i = 0; i < n; i++) want += Integer.toUnsignedLong(a32[i] + b32[i]);
        assertEquals(want, s.toLongArray()[0], "sum of the wrapped uint32 sums");

        var lt = Fuse.of((x, v) -> x.lt(v));
        boolean[] five = lt.call(a, 5).toBooleanArray(),
                minus = lt.call(a, -1).toBooleanArray(); // one trace, two values
        boolean[] big = lt.call(a, 1L << 32).toBooleanArray();
        for (int i = 0; i < n; i++) {
            assertEquals(Integer.compareUnsigned(a32[i], 5) < 0, five[i], "a < 5 at " + i);
            assertEquals(false, minus[i], "a < -1 at " + i);
            assertEquals(true, big[i], "a < 2^32 at " + i);
        }
        var e = assertThrows(
                DTypeException.class,
                () -> Fuse.of((x, v) -> x.add(v)).call(a, -1)); // arithmetic: NumPy's OverflowError
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
    }

    @Test
    void tracedOncePerDtypesAndShapes() {
        AtomicInteger traces = new AtomicInteger();
        var f = Fuse.of((x, y) -> {
            traces.incrementAndGet();
            return x.add(y).mul(x);
        });
        NDArray a = FuseTesting.random(DType.FLOAT32, 9, 10), b = FuseTesting.random(DType.FLOAT32, 10, 10);
        f.call(a, b);
        f.call(b, a);
        assertEquals(1, traces.get());
        f.call(a.astype(DType.FLOAT64), b);
        assertEquals(2, traces.get());
    }

    @Test
    void allArities() {
        NDArray[] v = new NDArray[6];
        for (int k = 0; k < 6; k++) v[k] = FuseTesting.random(DType.FLOAT64, 20 + k, 4, 5);
        FuseTesting.assertClose(
                v[0].add(v[1]).add(v[2]), Fuse.of((a, b, c) -> a.add(b).add(c)).call(v[0], v[1], v[2]), "3");
        FuseTesting.assertClose(
                v[0].mul(v[1]).sub(v[2].mul(v[3])),
                Fuse.of((a, b, c, d) -> a.mul(b).sub(c.mul(d))).call(v[0], v[1], v[2], v[3]),
                "4");
        FuseTesting.assertClose(
                v[0].add(v[1]).add(v[2]).add(v[3]).add(v[4]),
                Fuse.of((a, b, c, d, e) -> a.add(b).add(c).add(d).add(e)).call(v[0], v[1], v[2], v[3], v[4]),
                "5");
        FuseTesting.assertClose(
                v[0].add(v[1]).add(v[2]).add(v[3]).add(v[4]).add(v[5]),
                Fuse.of((a, b, c, d, e, g) -> a.add(b).add(c).add(d).add(e).add(g))
                        .call((Object[]) v),
                "6");
        var va = Fuse.varargs(xs -> {
            NDArray s = xs[0];
            for (int k = 1; k < xs.length; k++) s = s.maximum(xs[k]);
            return s;
        });
        FuseTesting.assertClose(v[0].maximum(v[1]).maximum(v[2]), va.call(v[0], v[1], v[2]), "varargs");
        var e = assertThrows(
                org.ndgpu.exceptions.NdException.class,
                () -> Fuse.of((a, b) -> a.add(b)).call(v[0]));
        assertTrue(e.getMessage().contains("takes 2 arguments, got 1"), e.getMessage());
    }

    @Test
    void hostReadsAndControlFlowOnValuesCannotBeTraced() {
        NDArray a = FuseTesting.random(DType.FLOAT32, 11, 10);
        var item = Fuse.of(x -> x.add((Double) x.sum().item())).named("norm");
        var e = assertThrows(FuseException.class, () -> item.call(a));
        assertTrue(e.getMessage().contains("fuse 'norm': item() reads array elements on the host"), e.getMessage());
        assertTrue(e.getMessage().contains("FuseTest.java"), "names the lambda's line: " + e.getMessage());

        var branch = Fuse.of(x -> x.gt(0).all().toBooleanArray()[0] ? x : x.neg());
        e = assertThrows(FuseException.class, () -> branch.call(a));
        assertTrue(e.getMessage().contains("toBooleanArray() reads array elements on the host"), e.getMessage());

        var toArr = Fuse.of(x -> Nd.array(x.toDoubleArray()));
        e = assertThrows(FuseException.class, () -> toArr.call(a));
        assertTrue(e.getMessage().contains("toDoubleArray()"), e.getMessage());

        var view = Fuse.of(x -> x.reshape(2, 5).add(1));
        e = assertThrows(FuseException.class, () -> view.call(a));
        assertTrue(e.getMessage().contains("reshape is not supported in a fused function"), e.getMessage());

        NDArray captured = FuseTesting.random(DType.FLOAT32, 12, 10);
        var cap = Fuse.of(x -> x.add(captured));
        e = assertThrows(FuseException.class, () -> cap.call(a));
        assertTrue(e.getMessage().contains("captured"), e.getMessage());
    }

    @Test
    void shapeErrorsAreTheUfuncsOwn() {
        var f = Fuse.of((x, y) -> x.add(y));
        var e = assertThrows(
                ShapeException.class,
                () -> f.call(FuseTesting.random(DType.FLOAT32, 1, 3), FuseTesting.random(DType.FLOAT32, 2, 4)));
        assertTrue(e.getMessage().startsWith("add"), e.getMessage());
    }

    @Test
    void randomExpressionsEqualUnfusedOverDtypesAndBroadcasts() {
        var rnd = new java.util.Random(42);
        DType[] dtypes = {
            DType.FLOAT32, DType.FLOAT64, DType.INT32, DType.INT64, DType.INT16, DType.UINT8, DType.BOOL, DType.FLOAT16
        };
        for (int trial = 0; trial < 16; trial++) {
            DType da = dtypes[rnd.nextInt(dtypes.length)], db = dtypes[rnd.nextInt(dtypes.length)];
            long[][] shapes = FuseTesting.broadcastPair(rnd);
            NDArray a = FuseTesting.random(da, 100 + trial, shapes[0]),
                    b = FuseTesting.random(db, 200 + trial, shapes[1]);
            for (var entry : FuseTesting.EXPRESSIONS.entrySet()) {
                Fuse.Fn2<NDArray> fn = entry.getValue();
                String what = entry.getKey() + " on " + da + FuseTesting.str(shapes[0]) + ", " + db
                        + FuseTesting.str(shapes[1]);
                NDArray want;
                try {
                    want = fn.apply(a, b);
                } catch (DTypeException ex) { // no loop for these dtypes: fused must say the same
                    var fe =
                            assertThrows(DTypeException.class, () -> Fuse.of(fn).call(a, b), what);
                    assertEquals(ex.getMessage(), fe.getMessage(), what);
                    continue;
                }
                FuseTesting.assertClose(want, Fuse.of(fn).call(a, b), what);
            }
        }
    }

    @Test
    void sourceIsVisible() {
        var f = Fuse.of((x, y) -> x.mul(x).add(y.mul(y)).sqrt().mul(0.5).add(x)).named("hyp");
        NDArray a = FuseTesting.random(DType.FLOAT32, 13, 64), b = FuseTesting.random(DType.FLOAT32, 14, 64);
        String src = f.source(a, b);
        assertTrue(src.contains("ND_KERNEL void fused_hyp_0("), src);
        assertTrue(src.contains("sqrt("), src);
        String red = Fuse.of((x, y) -> x.sub(y).square().sum()).source(a, b);
        assertTrue(red.contains("nd_fused_map("), red);
        assertArrayEquals(
                new long[0],
                Fuse.of((x, y) -> x.sub(y).square().sum()).call(a, b).shape());
    }
}
