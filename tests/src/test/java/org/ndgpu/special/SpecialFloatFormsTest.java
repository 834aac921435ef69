package org.ndgpu.special;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The float32 loops of erfinv, erfcinv, ndtri, gammaln, loggamma and i0e compute in float
 * (special-functions.h's float forms): dense sweeps of float32 inputs over each domain, its edges and
 * the places that are hard in float (the roots of gammaln at 1 and 2, the tails of erfinv and ndtri),
 * against the float64 loop on the same values (SciPy's double functions, docs/special.md's 1e-13),
 * within docs/special.md's float32 bound: 2e-6 relative, or 1e-37 absolute; NaN, infinities and the
 * sign of zero exactly.
 */
class SpecialFloatFormsTest extends PerDeviceTest {
    private static final Special S = Nd.special();
    private static final int N = 100_000;

    private static float[] sweep(double lo, double hi, boolean logarithmic, float... edges) {
        var r = new SplittableRandom(40);
        float[] x = new float[N + edges.length];
        for (int i = 0; i < N; i++) {
            double u = (i + r.nextDouble()) / N;
            x[i] = (float)
                    (logarithmic ? Math.exp(Math.log(lo) + u * (Math.log(hi) - Math.log(lo))) : lo + u * (hi - lo));
        }
        System.arraycopy(edges, 0, x, N, edges.length);
        return x;
    }

    // every float from a - k ulps to a + k ulps
    private static float[] around(float a, int k) {
        float[] x = new float[2 * k + 1];
        float v = a;
        for (int i = 0; i < k; i++) v = Math.nextDown(v);
        for (int i = 0; i < x.length; i++, v = Math.nextUp(v)) x[i] = v;
        return x;
    }

    private static float[] concat(float[]... parts) {
        int n = 0;
        for (float[] p : parts) n += p.length;
        float[] all = new float[n];
        int at = 0;
        for (float[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }

    private static void check(String name, UnaryOperator<NDArray> f, float[] x) {
        try (NDArray x32 = Nd.array(x);
                NDArray x64 = x32.astype(DType.FLOAT64);
                NDArray got = f.apply(x32);
                NDArray want = f.apply(x64)) {
            assertEquals(DType.FLOAT32, got.dtype(), name);
            double[] g = got.toDoubleArray(), w = want.toDoubleArray();
            double worst = 0;
            int worstAt = -1;
            for (int i = 0; i < x.length; i++) {
                double wf = (float) w[i];
                if (Double.isNaN(wf) || Double.isInfinite(wf) || wf == 0) {
                    boolean same = Double.isNaN(wf)
                            ? Double.isNaN(g[i])
                            : Double.compare(g[i], wf) == 0 || (wf == 0 && Math.abs(g[i]) <= 1e-37);
                    assertTrue(same, name + "(" + x[i] + "): " + g[i] + ", want " + wf);
                    continue;
                }
                double err = Math.abs(g[i] - w[i]);
                assertTrue(
                        err <= 2e-6 * Math.abs(w[i]) || err <= 1e-37,
                        name + "(" + x[i] + "): " + g[i] + ", want " + w[i] + " (relative " + err / Math.abs(w[i])
                                + ")");
                if (Math.abs(w[i]) >= Float.MIN_NORMAL && err / Math.abs(w[i]) > worst) {
                    worst = err / Math.abs(w[i]);
                    worstAt = i;
                }
            }
            System.out.println(name + ": " + x.length + " float32 inputs, worst relative (normal results) " + worst
                    + (worstAt >= 0 ? " at " + x[worstAt] : ""));
        }
    }

    private static final float[] EDGES = {
        0f,
        -0f,
        Float.NaN,
        Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY,
        1f,
        -1f,
        2f,
        -2f,
        0.5f,
        Float.MIN_VALUE,
        -Float.MIN_VALUE,
        Float.MIN_NORMAL,
        Float.MAX_VALUE,
        -Float.MAX_VALUE,
        1e-30f,
        1e30f
    };

    @Test
    void erfinvOverItsDomainAndTails() {
        float[] tails = new float[2000];
        for (int i = 0; i < 1000; i++) {
            tails[i] = Math.nextDown(1f) - i * Math.ulp(0.75f);
            tails[1000 + i] = -tails[i];
        }
        float[] x =
                concat(sweep(-1, 1, false, EDGES), sweep(1e-40, 1, true), tails, around(0.5f, 500), around(-0.5f, 500));
        check("erfinv", S::erfinv, x);
    }

    @Test
    void erfcinvOverItsDomainAndTails() {
        float[] x = concat(
                sweep(0, 2, false, EDGES),
                sweep(1e-45, 1, true),
                around(1f, 500),
                around(1.5f, 500),
                around(0.5f, 500));
        float[] upper = sweep(1e-7, 1, true);
        for (int i = 0; i < upper.length; i++) upper[i] = 2f - upper[i];
        check("erfcinv", S::erfcinv, concat(x, upper));
    }

    @Test
    void ndtriOverItsDomainAndTails() {
        float[] x = concat(sweep(0, 1, false, EDGES), sweep(1e-45, 0.5, true), around(0.5f, 500), around(0.25f, 500));
        float[] upper = sweep(6e-8, 0.5, true);
        for (int i = 0; i < upper.length; i++) upper[i] = 1f - upper[i];
        check("ndtri", S::ndtri, concat(x, upper));
    }

    @Test
    void gammalnNearItsRootsPolesAndFar() {
        float[] negatives = sweep(-60, 0, false);
        // away from the negative roots, where a float result of a double computation is the whole story
        float[] x = concat(
                sweep(0, 20, false, EDGES),
                sweep(1e-45, 3.4e38, true),
                around(1f, 2000),
                around(2f, 2000),
                around(1.5f, 200),
                around(2.5f, 200),
                around(0.5f, 200),
                around(8f, 200),
                // where the recurrence takes one more step: the float form chooses its factors by selects
                around(3.5f, 200),
                around(4.5f, 200),
                around(5.5f, 200),
                around(6.5f, 200),
                around(7.5f, 200),
                // the benchmark's range, Stirling's and the recurrence's lanes side by side
                sweep(1e-6, 50, false),
                around(1e-30f, 20),
                around(1e30f, 20),
                Arrays.copyOf(negatives, 1000));
        check("gammaln", S::gammaln, x);
        check("loggamma", S::loggamma, x);
    }

    @Test
    void i0eOverTheLine() {
        float[] x = concat(sweep(-60, 60, false, EDGES), sweep(1e-40, 3e38, true), around(8f, 200), around(-8f, 200));
        check("i0e", S::i0e, x);
    }

    @Test
    void float16InputTakesSciPysLoop() {
        // SciPy's loop order: float32 for erfinv, erfcinv and ndtri, float64 for gammaln, loggamma and i0e
        float[] v = sweep(0.001, 0.999, false);
        try (NDArray x32 = Nd.array(Arrays.copyOf(v, 1000));
                NDArray x16 = x32.astype(DType.FLOAT16)) {
            List<UnaryOperator<NDArray>> fs = List.of(S::erfinv, S::erfcinv, S::ndtri, S::gammaln, S::loggamma, S::i0e);
            DType[] loops = {DType.FLOAT32, DType.FLOAT32, DType.FLOAT32, DType.FLOAT64, DType.FLOAT64, DType.FLOAT64};
            for (int k = 0; k < fs.size(); k++) {
                try (NDArray got = fs.get(k).apply(x16);
                        NDArray in = x16.astype(loops[k]);
                        NDArray want = fs.get(k).apply(in)) {
                    assertEquals(loops[k], got.dtype(), "float16 loop " + k);
                    assertArrayEquals(want.toDoubleArray(), got.toDoubleArray(), "float16 as its loop's values " + k);
                }
            }
        }
    }
}
