package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Parameters at the edge of double arithmetic, where an adversarial run found the draws wrong: binomial
 * with n past 1e16 (the rejection bound's logarithms of ratios near 1 were multiplied by n) and geometric
 * with a subnormal p (a device's log1p flushed to 0 gave a negative count). Moments against the exact
 * ones, sample mean within 6 standard errors and variance within 6 of its own (n = 2^16 draws).
 */
public class GeneratorHugeParametersTest extends PerDeviceTest {
    private static final int N = 1 << 16;

    private static void assertMoments(long[] x, double mean, double var, String what) {
        double m = 0;
        for (long v : x) m += v;
        m /= x.length;
        double s = 0;
        for (long v : x) s += (v - m) * (v - m);
        s /= x.length - 1;
        assertTrue(Math.abs(m - mean) <= 6 * Math.sqrt(var / x.length), what + ": mean " + m + ", want " + mean);
        // the variance's standard error, for a distribution near normal: var sqrt(2 / n)
        assertTrue(Math.abs(s - var) <= 6 * var * Math.sqrt(2.0 / x.length), what + ": var " + s + ", want " + var);
    }

    @Test
    void binomialWithNPastTwoToTheFiftyThree() {
        var r = Nd.random().seed(4401);
        long[][] cases = {{1L << 62, 0}, {Long.MAX_VALUE, 1}, {1_000_000_000_000_000_000L, 2}};
        double[] ps = {1e-15, 1e-17, 0.5};
        for (int c = 0; c < cases.length; c++) {
            long n = cases[c][0];
            double p = ps[(int) cases[c][1]];
            try (NDArray d = r.binomial(n, p, N)) {
                double mean = n * p, var = n * p * (1 - p);
                assertMoments(d.toLongArray(), mean, var, "binomial(" + n + ", " + p + ")");
            }
        }
    }

    @Test
    void geometricOfASubnormalPIsTheLargestCount() {
        var r = Nd.random().seed(4402);
        // NumPy: rng.geometric(5e-324) gives 9223372036854775807 (INT64_MAX)
        try (NDArray g = r.geometric(Double.MIN_VALUE, 8)) {
            for (long v : g.toLongArray()) assertEquals(Long.MAX_VALUE, v);
        }
    }
}
