package org.ndgpu.benchmarks;

import java.util.function.Supplier;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The random Generator's continuous draws on the current device, beside {@code
 * .gpu/cupy_random_anchors.py} (the same calls on {@code cupy.random.default_rng()}, or on the legacy
 * {@code cupy.random.RandomState} where the Generator lacks the method; rows of the same names):
 * integers of 2^24 int64 and int32 in [0, 1000), standard_normal of 2^24 float32, permutation of
 * 2^24, and each univariate float distribution of issue 39 as 2^24 float64 with typical parameters.
 * Bytes are the output written. Each result's range (and its mean, where the distribution has one)
 * is checked on the device before it is timed. The integer-valued, multivariate and sampling
 * methods are in {@link RandomDiscreteBench}.
 *
 * <p>On the GPU host: {@code .gpu/bench.sh RandomBench}; off it, {@code RandomBench 12} draws 2^12 for
 * a smoke run.
 */
public final class RandomBench {
    private RandomBench() {}

    private static final double INF = Double.POSITIVE_INFINITY;
    /** Issue 39's rows warm up for at most 1 s each (Bench's default is 3 s), so the table stays under a minute. */
    static final long WARM_NANOS = 1_000_000_000L;

    /** Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose); an argument sets log2 of the size. */
    public static void main(String[] args) {
        Bench.header("RandomBench");
        int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 24; // smaller for a smoke run off the GPU
        long n = 1L << log2n;
        String e = " 2^" + log2n;
        var r = Nd.random().seed(12);
        try (NDArray k = r.integers(0, 1000, n);
                NDArray lo = k.min();
                NDArray hi = k.max()) {
            if (lo.toLongArray()[0] < 0 || hi.toLongArray()[0] > 999)
                throw new AssertionError("integers: outside [0, 1000)");
        }
        Bench.row(
                "integers int64 [0, 1000) 2^" + log2n, Bench.deviceMsOf(() -> r.integers(0, 1000, n), 10, 2), 8.0 * n);
        Bench.row(
                "integers int32 [0, 1000) 2^" + log2n,
                Bench.deviceMsOf(() -> r.integers(0, 1000, DType.INT32, n), 10, 2),
                4.0 * n);
        Bench.row(
                "standard_normal f32 2^" + log2n,
                Bench.deviceMsOf(() -> r.standardNormal(DType.FLOAT32, n), 10, 2),
                4.0 * n);
        Bench.row("exponential f64 2^" + log2n, Bench.deviceMsOf(() -> r.exponential(1.0, n), 10, 2), 8.0 * n);
        Bench.row("poisson(4) 2^" + log2n, Bench.deviceMsOf(() -> r.poisson(4.0, n), 10, 2), 8.0 * n);
        Bench.row("permutation 2^" + log2n, Bench.deviceMsOf(() -> r.permutation(n), 5, 1), 8.0 * n);
        // issue 39's float distributions: (range low, high, mean, standard deviation) of each, NaN where it has none
        draw("random f64" + e, n, () -> r.random(n), 0, 1, 0.5, Math.sqrt(1.0 / 12));
        draw("uniform(-2, 3) f64" + e, n, () -> r.uniform(-2, 3, n), -2, 3, 0.5, 5 / Math.sqrt(12));
        draw("normal(2, 3) f64" + e, n, () -> r.normal(2, 3, DType.FLOAT64, n), -INF, INF, 2, 3);
        draw("standard_normal f64" + e, n, () -> r.standardNormal(n), -INF, INF, 0, 1);
        draw("standard_exponential f64" + e, n, () -> r.standardExponential(n), 0, INF, 1, 1);
        draw("standard_gamma(2.5) f64" + e, n, () -> r.standardGamma(2.5, n), 0, INF, 2.5, Math.sqrt(2.5));
        draw("gamma(2.5, 2) f64" + e, n, () -> r.gamma(2.5, 2, n), 0, INF, 5, 2 * Math.sqrt(2.5));
        draw("beta(2, 5) f64" + e, n, () -> r.beta(2, 5, n), 0, 1, 2.0 / 7, Math.sqrt(10.0 / 392));
        draw(
                "lognormal(0, 0.5) f64" + e,
                n,
                () -> r.lognormal(0, 0.5, n),
                0,
                INF,
                Math.exp(0.125),
                Math.sqrt((Math.exp(0.25) - 1) * Math.exp(0.25)));
        draw("chisquare(4) f64" + e, n, () -> r.chisquare(4, n), 0, INF, 4, Math.sqrt(8));
        draw("laplace(0, 1) f64" + e, n, () -> r.laplace(0, 1, n), -INF, INF, 0, Math.sqrt(2));
        draw("standard_t(5) f64" + e, n, () -> r.standardT(5, n), -INF, INF, 0, Math.sqrt(5.0 / 3));
        // Cauchy has no mean: the share of |x| < 1 is 1/2
        try (NDArray x = r.standardCauchy(n);
                NDArray a = x.abs();
                NDArray in = a.lt(1);
                NDArray share = in.astype(DType.FLOAT64)) {
            check("standard_cauchy: share of |x| < 1", share, n, 0, 1, 0.5, 0.5);
        }
        Bench.row("standard_cauchy f64" + e, Bench.deviceMsOf(() -> r.standardCauchy(n), 10, 2, WARM_NANOS), 8.0 * n);
        draw("logistic(0, 1) f64" + e, n, () -> r.logistic(0, 1, n), -INF, INF, 0, Math.PI / Math.sqrt(3));
        draw("gumbel(0, 1) f64" + e, n, () -> r.gumbel(0, 1, n), -INF, INF, 0.5772156649, Math.PI / Math.sqrt(6));
        draw("pareto(5) f64" + e, n, () -> r.pareto(5, n), 0, INF, 0.25, Math.sqrt(5.0 / 48));
        draw("power(3) f64" + e, n, () -> r.power(3, n), 0, 1, 0.75, Math.sqrt(3.0 / 80));
        draw(
                "rayleigh(1) f64" + e,
                n,
                () -> r.rayleigh(1, n),
                0,
                INF,
                Math.sqrt(Math.PI / 2),
                Math.sqrt((4 - Math.PI) / 2));
        draw("wald(1, 1) f64" + e, n, () -> r.wald(1, 1, n), 0, INF, 1, 1);
        draw("weibull(1.5) f64" + e, n, () -> r.weibull(1.5, n), 0, INF, 0.9027452930, Math.sqrt(0.3756772));
        draw("vonmises(0, 4) f64" + e, n, () -> r.vonmises(0, 4, n), -Math.PI, Math.PI, 0, Math.PI);
        draw("triangular(-1, 0, 2) f64" + e, n, () -> r.triangular(-1, 0, 2, n), -1, 2, 1.0 / 3, Math.sqrt(7.0 / 18));
        draw("f(5, 10) f64" + e, n, () -> r.f(5, 10, n), 0, INF, 1.25, Math.sqrt(2600.0 / 1920));
        draw("noncentral_chisquare(4, 2) f64" + e, n, () -> r.noncentralChisquare(4, 2, n), 0, INF, 6, 4);
        draw("noncentral_f(5, 10, 2) f64" + e, n, () -> r.noncentralF(5, 10, 2, n), 0, INF, 1.75, Math.sqrt(2.52));
        // the array-parameter form: loc and scale of 2^n each, broadcast elementwise
        try (NDArray loc = r.uniform(-1, 1, n);
                NDArray scale = r.uniform(1, 2, n)) {
            draw("normal(loc, scale arrays) f64" + e, n, () -> r.normal(loc, scale), -INF, INF, 0, 2);
        }
    }

    /** Checks one draw of {@code op}, then prints its row: 10 timed calls after 2 warm-ups, bytes of float64 written. */
    private static void draw(String name, long n, Supplier<NDArray> op, double lo, double hi, double mean, double sd) {
        try (NDArray x = op.get()) {
            check(name, x, n, lo, hi, mean, sd);
        }
        Bench.row(name, Bench.deviceMsOf(op, 10, 2, WARM_NANOS), 8.0 * n);
    }

    /**
     * The oracle: every draw within [lo, hi] (finite when the bounds are infinite), and the mean
     * within 6 standard errors of the distribution's (skipped where mean is NaN).
     */
    static void check(String name, NDArray x, long n, double lo, double hi, double mean, double sd) {
        try (NDArray mn = x.min();
                NDArray mx = x.max();
                NDArray av = x.mean()) {
            double a = mn.toDoubleArray()[0], b = mx.toDoubleArray()[0], m = av.toDoubleArray()[0];
            if (!(a >= lo && b <= hi && Double.isFinite(a) && Double.isFinite(b)))
                throw new AssertionError(
                        name + ": draws in [" + a + ", " + b + "], expected within [" + lo + ", " + hi + "]");
            if (!Double.isNaN(mean) && Math.abs(m - mean) > 6 * sd / Math.sqrt((double) n) + 1e-12)
                throw new AssertionError(
                        name + ": mean " + m + ", expected " + mean + " within " + 6 * sd / Math.sqrt((double) n));
        }
    }
}
