package org.ndgpu.linalg.impl;

/** The triangular solves' oracle of the SciPy solve suites: forward or back substitution in plain Java. */
final class TriangularOracle {
    private TriangularOracle() {}

    /**
     * The oracle: x = op(t)^-1 b in place for each matrix q of a (count, n, n) read as its lower or
     * upper triangle (unit: ones on the diagonal), op(t) t or t^T; x (count, n, k).
     */
    static void substitute(
            double[] a, double[] x, int count, int n, int k, boolean lower, boolean unit, boolean trans) {
        boolean low = lower != trans;
        for (int q = 0; q < count; q++) {
            int ao = q * n * n, xo = q * n * k;
            for (int c = 0; c < k; c++) {
                for (int s = 0; s < n; s++) {
                    int i = low ? s : n - 1 - s;
                    double v = x[xo + i * k + c];
                    for (int m = low ? 0 : i + 1; m < (low ? i : n); m++) {
                        double t = trans ? a[ao + m * n + i] : a[ao + i * n + m];
                        v -= t * x[xo + m * k + c];
                    }
                    x[xo + i * k + c] = unit ? v : v / a[ao + i * n + i];
                }
            }
        }
    }
}
