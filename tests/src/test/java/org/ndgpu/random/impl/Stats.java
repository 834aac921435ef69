package org.ndgpu.random.impl;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import java.util.function.LongToDoubleFunction;

/**
 * The oracles of the statistical tests, in plain Java: exact CDFs and PMFs (through the regularized
 * incomplete gamma and beta functions), the Kolmogorov-Smirnov statistic and a binned chi-square.
 * Bounds are set for a false alarm rate near 1e-6, so with fixed seeds a pass is not luck, and a
 * wrong parameter (a scale off by a few percent, a shifted mean) fails.
 */
final class Stats {
    private Stats() {}

    /** log Gamma(x), x > 0 (Lanczos, g = 7, 9 terms; relative error near 1e-15). */
    static double lgamma(double x) {
        double[] c = {
            0.9999999999998099,
            676.5203681218851,
            -1259.1392167224028,
            771.3234287776531,
            -176.6150291621406,
            12.507343278686905,
            -0.13857109526572012,
            9.984369578019572e-06,
            1.5056327351493116e-07
        };
        if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lgamma(1 - x);
        x -= 1;
        double a = c[0], t = x + 7.5;
        for (int i = 1; i < 9; i++) a += c[i] / (x + i);
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
    }

    /** The regularized lower incomplete gamma P(a, x): the series below a + 1, Lentz's continued fraction above. */
    static double gammaP(double a, double x) {
        if (x <= 0) return 0;
        if (Double.isInfinite(x)) return 1;
        double lg = lgamma(a);
        if (x < a + 1) {
            double sum = 1 / a, term = sum;
            for (int n = 1; n < 100_000; n++) {
                term *= x / (a + n);
                sum += term;
                if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
            }
            return sum * Math.exp(-x + a * Math.log(x) - lg);
        }
        double b = x + 1 - a, c = 1e300, d = 1 / b, h = d;
        for (int i = 1; i < 100_000; i++) {
            double an = -i * (i - a);
            b += 2;
            d = an * d + b;
            if (Math.abs(d) < 1e-300) d = 1e-300;
            c = b + an / c;
            if (Math.abs(c) < 1e-300) c = 1e-300;
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < 1e-16) break;
        }
        return 1 - Math.exp(-x + a * Math.log(x) - lg) * h;
    }

    /** The regularized incomplete beta I_x(a, b) (continued fraction, with the symmetry for convergence). */
    static double betaI(double a, double b, double x) {
        if (x <= 0) return 0;
        if (x >= 1) return 1;
        double bt = Math.exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * Math.log(x) + b * Math.log1p(-x));
        if (x < (a + 1) / (a + b + 2)) return bt * betaCf(a, b, x) / a;
        return 1 - bt * betaCf(b, a, 1 - x) / b;
    }

    private static double betaCf(double a, double b, double x) {
        double qab = a + b, qap = a + 1, qam = a - 1, c = 1, d = 1 - qab * x / qap;
        if (Math.abs(d) < 1e-300) d = 1e-300;
        d = 1 / d;
        double h = d;
        for (int m = 1; m < 100_000; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
            d = 1 + aa * d;
            if (Math.abs(d) < 1e-300) d = 1e-300;
            c = 1 + aa / c;
            if (Math.abs(c) < 1e-300) c = 1e-300;
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
            d = 1 + aa * d;
            if (Math.abs(d) < 1e-300) d = 1e-300;
            c = 1 + aa / c;
            if (Math.abs(c) < 1e-300) c = 1e-300;
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < 1e-16) break;
        }
        return h;
    }

    /** The standard normal CDF, as P(1/2, x^2/2). */
    static double normalCdf(double x) {
        double p = 0.5 * gammaP(0.5, x * x / 2);
        return x >= 0 ? 0.5 + p : 0.5 - p;
    }

    /** The Kolmogorov-Smirnov statistic sup |F_n - F| of the sample against the CDF. */
    static double ks(double[] sample, DoubleUnaryOperator cdf) {
        double[] x = sample.clone();
        Arrays.sort(x);
        int n = x.length;
        double d = 0;
        for (int i = 0; i < n; i++) {
            double f = cdf.applyAsDouble(x[i]);
            d = Math.max(d, Math.max(f - (double) i / n, (double) (i + 1) / n - f));
        }
        return d;
    }

    /** The KS bound at a false alarm rate of 1e-6: sqrt(ln(2 / 1e-6) / (2 n)). */
    static double ksBound(int n) {
        return Math.sqrt(Math.log(2 / 1e-6) / (2.0 * n));
    }

    /**
     * The chi-square statistic of integer draws against a PMF, cells with an expected count under 5
     * merged into their neighbours (both tails into one cell each), as the z of Wilson and
     * Hilferty's normal approximation: about N(0, 1) when the PMF is right.
     */
    static double chiSquareZ(long[] draws, LongToDoubleFunction pmf, long lo, long hi) {
        int cells = Math.toIntExact(hi - lo + 1);
        long[] count = new long[cells];
        for (long v : draws) {
            if (v < lo || v > hi) throw new AssertionError("draw " + v + " outside [" + lo + ", " + hi + "]");
            count[(int) (v - lo)]++;
        }
        int n = draws.length;
        double stat = 0, accE = 0;
        long accO = 0;
        int df = -1;
        for (int k = 0; k < cells; k++) {
            accE += n * pmf.applyAsDouble(lo + k);
            accO += count[k];
            if (accE >= 5 || k == cells - 1) {
                if (accE > 0) {
                    stat += (accO - accE) * (accO - accE) / accE;
                    df++;
                } else if (accO > 0) {
                    return Double.POSITIVE_INFINITY; // draws where the PMF says none can fall
                }
                accE = 0;
                accO = 0;
            }
        }
        if (df < 1) throw new AssertionError("too few cells for a chi-square test");
        double t = 2.0 / (9 * df);
        return (Math.cbrt(stat / df) - (1 - t)) / Math.sqrt(t);
    }

    static double mean(double[] x) {
        return Arrays.stream(x).sum() / x.length;
    }

    static double variance(double[] x) {
        double m = mean(x);
        return Arrays.stream(x).map(v -> (v - m) * (v - m)).sum() / (x.length - 1);
    }

    /** The standard error of the sample variance, from the sample's fourth central moment. */
    static double varianceSe(double[] x) {
        double m = mean(x), v = variance(x);
        double m4 = Arrays.stream(x).map(u -> Math.pow(u - m, 4)).sum() / x.length;
        return Math.sqrt(Math.max(m4 - v * v, 0) / x.length);
    }

    static double[] toDouble(long[] x) {
        return Arrays.stream(x).asDoubleStream().toArray();
    }
}
