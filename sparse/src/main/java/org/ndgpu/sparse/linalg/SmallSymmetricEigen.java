package org.ndgpu.sparse.linalg;

/**
 * The eigenvalues and eigenvectors of the small symmetric matrix Lanczos projects onto (ncv x ncv,
 * tridiagonal plus the thick-restart arrow), on the host by the cyclic Jacobi method, as CuPy's
 * eigsh solves this matrix on the host with NumPy: it is a few dozen rows, and each Lanczos step
 * already brings its two scalars to the host.
 */
final class SmallSymmetricEigen {
    private SmallSymmetricEigen() {}

    /** Eigenvalues {@code w[j]} and eigenvectors (columns {@code s[i][j]}) of the symmetric {@code a} (not changed). */
    record Result(double[] w, double[][] s) {}

    static Result of(double[][] a0) {
        int n = a0.length;
        double[][] a = new double[n][];
        for (int i = 0; i < n; i++) a[i] = a0[i].clone();
        double[][] v = new double[n][n];
        for (int i = 0; i < n; i++) v[i][i] = 1;
        for (int sweep = 0; sweep < 100; sweep++) {
            double off = 0, total = 0;
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    total += a[i][j] * a[i][j];
                    if (i != j) off += a[i][j] * a[i][j];
                }
            if (off <= 1e-32 * total || off == 0) break;
            for (int p = 0; p < n - 1; p++) {
                for (int q = p + 1; q < n; q++) {
                    double apq = a[p][q];
                    if (apq == 0) continue;
                    double theta = (a[q][q] - a[p][p]) / (2 * apq);
                    double t = Math.copySign(1, theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
                    double c = 1 / Math.sqrt(t * t + 1);
                    double s = t * c;
                    for (int k = 0; k < n; k++) {
                        double akp = a[k][p], akq = a[k][q];
                        a[k][p] = c * akp - s * akq;
                        a[k][q] = s * akp + c * akq;
                    }
                    for (int k = 0; k < n; k++) {
                        double apk = a[p][k], aqk = a[q][k];
                        a[p][k] = c * apk - s * aqk;
                        a[q][k] = s * apk + c * aqk;
                    }
                    for (int k = 0; k < n; k++) {
                        double vkp = v[k][p], vkq = v[k][q];
                        v[k][p] = c * vkp - s * vkq;
                        v[k][q] = s * vkp + c * vkq;
                    }
                }
            }
        }
        double[] w = new double[n];
        for (int i = 0; i < n; i++) w[i] = a[i][i];
        return new Result(w, v);
    }
}
