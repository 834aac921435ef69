package org.ndgpu.benchmarks;

import java.util.function.Supplier;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.NDArray;

/**
 * The random Generator's integer-valued, multivariate and sampling methods on the current device,
 * beside {@code .gpu/cupy_random_discrete_anchors.py} (the same calls on {@code
 * cupy.random.default_rng()}, or on the legacy {@code cupy.random.RandomState} where the Generator
 * lacks the method; rows of the same names): the discrete distributions as 2^24 int64 draws,
 * multivariate_normal, dirichlet, multinomial and multivariate_hypergeometric of dimension 8 and 2^20
 * samples, choice, permutation of a 4096 x 4096 array's rows, permuted along axis 1 of it, shuffle of
 * 2^24 float64 and bytes of 2^24. Bytes are the output written. Each result is checked once (range,
 * mean, sums that the method preserves) before it is timed. The float distributions are in {@link
 * RandomBench}.
 *
 * <p>On the GPU host: {@code .gpu/bench.sh RandomDiscreteBench}; off it, {@code RandomDiscreteBench 12}
 * draws 2^12 (2^8 samples, 64 x 64) for a smoke run.
 */
public final class RandomDiscreteBench {
    private RandomDiscreteBench() {}

    private static final double INF = Double.POSITIVE_INFINITY;
    private static final long WARM_NANOS = RandomBench.WARM_NANOS;

    /** Prints the table on the current device; an argument sets log2 of the size (default 24). */
    public static void main(String[] args) {
        Bench.header("RandomDiscreteBench");
        int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 24;
        long n = 1L << log2n, m = 1L << (log2n - 4), side = 1L << (log2n / 2);
        String e = " 2^" + log2n, ms = " 2^" + (log2n - 4), sq = " " + side + "^2";
        var r = Nd.random().seed(12);
        draw("geometric(0.2) int64" + e, n, () -> r.geometric(0.2, n), 1, INF, 5, Math.sqrt(20));
        draw("negative_binomial(5, 0.3) int64" + e, n, () -> r.negativeBinomial(5, 0.3, n), 0, INF, 35.0 / 3, 6.24);
        draw("logseries(0.6) int64" + e, n, () -> r.logseries(0.6, n), 1, INF, 1.6370, 1.1886);
        draw("zipf(4) int64" + e, n, () -> r.zipf(4, n), 1, INF, 1.1106, 0.535);
        draw(
                "hypergeometric(100, 200, 50) int64" + e,
                n,
                () -> r.hypergeometric(100, 200, 50, n),
                0,
                50,
                50.0 / 3,
                3.048);
        draw("binomial(100, 0.3) int64" + e, n, () -> r.binomial(100, 0.3, n), 0, 100, 30, Math.sqrt(21));
        draw("choice(1000) int64" + e, n, () -> r.choice(1000, n), 0, 999, 499.5, 288.7);
        double[] p = new double[1000];
        double total = 0, mean = 0;
        for (int i = 0; i < p.length; i++) {
            p[i] = i + 1;
            total += p[i];
        }
        for (int i = 0; i < p.length; i++) mean += i * (p[i] /= total);
        draw("choice(1000, p) int64" + e, n, () -> r.choice(1000, new long[] {n}, true, p), 0, 999, mean, 300);
        try (NDArray x = r.choice(n, m, false);
                NDArray u = Nd.unique(x)) {
            RandomBench.check("choice no replace", x, m, 0, (double) (n - 1), Double.NaN, 0);
            if (u.shape(0) != m) throw new AssertionError("choice(replace=False): " + u.shape(0) + " distinct of " + m);
        }
        Bench.row(
                "choice(2^" + log2n + ", replace=False)" + ms,
                Bench.deviceMsOf(() -> r.choice(n, m, false), 5, 1, WARM_NANOS),
                8.0 * m);

        // the multivariate draws: dimension 8
        double[] pvals = new double[8], alpha = new double[8], mu = new double[8];
        double[][] cov = new double[8][8];
        long[] colors = new long[8];
        for (int i = 0; i < 8; i++) {
            pvals[i] = 1.0 / 8;
            alpha[i] = i + 1;
            colors[i] = 10L * (i + 1);
            for (int j = 0; j < 8; j++) cov[i][j] = Math.pow(0.5, Math.abs(i - j));
        }
        try (NDArray x = r.multinomial(100, pvals, m)) {
            sums("multinomial", x, 0, 100, 100.0 * m, 0);
        }
        Bench.row(
                "multinomial(100, 8 pvals) int64" + ms,
                Bench.deviceMsOf(() -> r.multinomial(100, pvals, m), 10, 2, WARM_NANOS),
                64.0 * m);
        try (NDArray x = r.multivariateHypergeometric(colors, 20, m)) {
            sums("multivariate_hypergeometric", x, 0, 80, 20.0 * m, 0);
        }
        Bench.row(
                "multivariate_hypergeometric(8 colors, 20) int64" + ms,
                Bench.deviceMsOf(() -> r.multivariateHypergeometric(colors, 20, m), 10, 2, WARM_NANOS),
                64.0 * m);
        try (NDArray x = r.dirichlet(alpha, m)) {
            sums("dirichlet", x, 0, 1, (double) m, 1e-9 * m);
        }
        Bench.row(
                "dirichlet(1..8) f64" + ms, Bench.deviceMsOf(() -> r.dirichlet(alpha, m), 10, 2, WARM_NANOS), 64.0 * m);
        try (NDArray x = r.multivariateNormal(mu, cov, m);
                NDArray xt = x.T();
                NDArray gram = xt.matmul(x)) {
            // the sample covariance against cov, each entry within 6 standard errors (a product's variance is at most
            // 2)
            double[] g = gram.toDoubleArray();
            for (int i = 0; i < 64; i++)
                if (Math.abs(g[i] / m - cov[i / 8][i % 8]) > 6 * Math.sqrt(2.0 / m))
                    throw new AssertionError("multivariate_normal: covariance " + g[i] / m + " at " + i + ", expected "
                            + cov[i / 8][i % 8]);
        }
        Bench.row(
                "multivariate_normal(8, AR(0.5)) f64" + ms,
                Bench.deviceMsOf(() -> r.multivariateNormal(mu, cov, m), 10, 2, WARM_NANOS),
                64.0 * m);

        // the sampling methods: they move elements, so the sums are the oracle
        try (NDArray a = r.uniform(0, 1, side, side);
                NDArray x = r.uniform(0, 1, n)) {
            try (NDArray pm = r.permutation(a)) {
                same("permutation of rows", a.sum(), pm.sum());
            }
            Bench.row(
                    "permutation(rows) f64" + sq,
                    Bench.deviceMsOf(() -> r.permutation(a), 5, 1, WARM_NANOS),
                    16.0 * side * side);
            try (NDArray pd = r.permuted(a, 1)) {
                same("permuted axis 1", a.sum(1), pd.sum(1));
            }
            Bench.row(
                    "permuted(axis=1) f64" + sq,
                    Bench.deviceMsOf(() -> r.permuted(a, 1), 5, 1, WARM_NANOS),
                    16.0 * side * side);
            NDArray before = x.sum(); // same() closes it
            r.shuffle(x);
            same("shuffle", before, x.sum());
            Bench.row(
                    "shuffle f64" + e,
                    Bench.deviceMsOf(
                            () -> {
                                r.shuffle(x);
                                return null;
                            },
                            5,
                            1,
                            WARM_NANOS),
                    16.0 * n);
        }
        byte[] b = r.bytes((int) n);
        double bm = 0;
        for (byte v : b) bm += v & 0xff;
        if (b.length != n || Math.abs(bm / n - 127.5) > 6 * 73.9 / Math.sqrt((double) n))
            throw new AssertionError("bytes: " + b.length + " bytes of mean " + bm / n);
        Bench.row(
                "bytes" + e,
                Bench.deviceMsOf(
                        () -> {
                            r.bytes((int) n);
                            return null;
                        },
                        10,
                        2,
                        WARM_NANOS),
                (double) n);
    }

    /** Checks one draw of {@code op}, then prints its row: 10 timed calls after 2 warm-ups, bytes of int64 written. */
    private static void draw(String name, long n, Supplier<NDArray> op, double lo, double hi, double mean, double sd) {
        try (NDArray x = op.get()) {
            RandomBench.check(name, x, n, lo, hi, mean, sd);
        }
        Bench.row(name, Bench.deviceMsOf(op, 10, 2, WARM_NANOS), 8.0 * n);
    }

    /** A multivariate draw: every element in [lo, hi] and the whole sum {@code total} within {@code tol} (rows of fixed sums). */
    private static void sums(String name, NDArray x, double lo, double hi, double total, double tol) {
        RandomBench.check(name, x, x.size(), lo, hi, Double.NaN, 0);
        try (NDArray s = x.sum()) {
            double got = s.toDoubleArray()[0];
            if (Math.abs(got - total) > tol) throw new AssertionError(name + ": sum " + got + ", expected " + total);
        }
    }

    /** Sums (or rows of sums) before and after a method that only moves elements: equal up to rounding. Closes both. */
    private static void same(String name, NDArray before, NDArray after) {
        try (before;
                after) {
            double[] u = before.toDoubleArray(), v = after.toDoubleArray();
            for (int i = 0; i < u.length; i++)
                if (Math.abs(u[i] - v[i]) > 1e-9 * Math.max(1, Math.abs(u[i])))
                    throw new AssertionError(name + ": sum " + v[i] + " where the input's is " + u[i]);
        }
    }
}
