package org.ndgpu.random.impl;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Generator.multivariate_normal(mean, cov, size): standard normals z of shape size + (k,) drawn on the device,
 * then {@code z @ F^T + mean} there, F = V sqrt(max(w, 0)) from the eigendecomposition cov = V diag(w) V^T. The
 * k x k factorization of the parameter is done on the host by cyclic Jacobi rotations (k is a parameter's
 * length, not the sample's). A cov that is not symmetric positive-semidefinite (within NumPy's tol 1e-8) is
 * refused, as NumPy's check_valid='raise' refuses it (NumPy's default only warns); a negative eigenvalue within
 * the tolerance is taken as 0.
 */
final class MultivariateNormal {
    private MultivariateNormal() {}

    static NDArray draw(Counters c, double[] mean, double[][] cov, long[] size) {
        String op = "random.multivariateNormal";
        Objects.requireNonNull(mean, op + ": mean is null");
        Objects.requireNonNull(cov, op + ": cov is null");
        DistributionLibrary.checkShape(op, size);
        int k = mean.length;
        if (k == 0) throw new NdException(op + ": expected a mean of at least one value, got none");
        if (cov.length != k)
            throw new NdException(
                    op + ": mean and cov must have same length: expected cov of " + k + " rows, got " + cov.length);
        double[][] a = new double[k][];
        for (int i = 0; i < k; i++) {
            Objects.requireNonNull(cov[i], op + ": cov row " + i + " is null");
            if (cov[i].length != k)
                throw new NdException(
                        op + ": expected cov square (" + k + " x " + k + "), got row " + i + " of " + cov[i].length);
            if (!Double.isFinite(mean[i]))
                throw new NdException(op + ": expected finite mean, got mean[" + i + "] = " + mean[i]);
            for (int j = 0; j < k; j++)
                if (!Double.isFinite(cov[i][j]))
                    throw new NdException(op + ": expected finite cov, got cov[" + i + "][" + j + "] = " + cov[i][j]);
            a[i] = cov[i].clone();
        }
        // the symmetric part, as NumPy's SVD of a symmetric cov sees it
        for (int i = 0; i < k; i++) for (int j = i + 1; j < k; j++) a[i][j] = a[j][i] = (a[i][j] + a[j][i]) / 2;
        double[][] v = jacobi(a);
        // NumPy's check_valid with tol 1e-8: cov must equal its factor's V |w| V^T (allclose, rtol = atol = tol); a
        // non-symmetric cov or a negative eigenvalue fails it. NumPy warns and draws by default; ndgpu has no
        // warnings, and a silently clipped factor (zeros for [[-1]]) is not the distribution asked for
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double r = 0;
                for (int l = 0; l < k; l++) r += v[i][l] * Math.abs(a[l][l]) * v[j][l];
                if (!(Math.abs(r - cov[i][j]) <= 1e-8 + 1e-8 * Math.abs(cov[i][j])))
                    throw new NdException(op + ": covariance is not symmetric positive-semidefinite (cov[" + i + "]["
                            + j + "] = " + cov[i][j]
                            + (cov[i][j] != cov[j][i] ? ", cov[" + j + "][" + i + "] = " + cov[j][i] : "")
                            + "; expected cov == cov^T with no negative eigenvalue, as"
                            + " NumPy's check_valid='raise', tol 1e-8)");
            }
        }
        double[] ft = new double[k * k]; // F^T, row-major: ft[j][i] = V[i][j] * sqrt(w_j)
        for (int j = 0; j < k; j++) {
            double s = Math.sqrt(Math.max(a[j][j], 0));
            for (int i = 0; i < k; i++) ft[j * k + i] = v[i][j] * s;
        }
        long[] shape = Arrays.copyOf(size, size.length + 1);
        shape[size.length] = k;
        try (NDArray z = BlockDraws.draw(Continuous.STANDARD_NORMAL, c, DType.FLOAT64, shape, 0, 0);
                NDArray f = Creation.array(ft, DType.FLOAT64, k, k);
                NDArray m = Creation.array(mean);
                NDArray x = z.matmul(f)) {
            return x.add(m);
        }
    }

    /** Cyclic Jacobi: diagonalizes symmetric {@code a} in place (its diagonal ends as the eigenvalues); returns V. */
    private static double[][] jacobi(double[][] a) {
        int n = a.length;
        double[][] v = new double[n][n];
        for (int i = 0; i < n; i++) v[i][i] = 1;
        for (int sweep = 0; sweep < 100; sweep++) {
            double off = 0, scale = 0;
            for (int i = 0; i < n; i++) {
                scale += a[i][i] * a[i][i];
                for (int j = i + 1; j < n; j++) off += a[i][j] * a[i][j];
            }
            if (off <= 1e-32 * scale || off == 0) break;
            for (int p = 0; p < n; p++) {
                for (int q = p + 1; q < n; q++) {
                    if (a[p][q] == 0) continue;
                    double theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
                    double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
                    if (theta == 0) t = 1;
                    double cs = 1 / Math.sqrt(t * t + 1), sn = t * cs;
                    for (int r = 0; r < n; r++) { // columns p, q
                        double arp = a[r][p], arq = a[r][q];
                        a[r][p] = cs * arp - sn * arq;
                        a[r][q] = sn * arp + cs * arq;
                    }
                    for (int r = 0; r < n; r++) { // rows p, q
                        double apr = a[p][r], aqr = a[q][r];
                        a[p][r] = cs * apr - sn * aqr;
                        a[q][r] = sn * apr + cs * aqr;
                    }
                    for (int r = 0; r < n; r++) {
                        double vrp = v[r][p], vrq = v[r][q];
                        v[r][p] = cs * vrp - sn * vrq;
                        v[r][q] = sn * vrp + cs * vrq;
                    }
                }
            }
        }
        return v;
    }
}
