package org.ndgpu.linalg.impl;

import org.ndgpu.exceptions.LinAlgException;

/**
 * The eigenvalues of a general complex matrix on the host, for {@link HostEig} (EJML decomposes
 * real matrices only): Householder reduction to upper Hessenberg form, then single-shift QR steps
 * with Wilkinson shifts; eigenvectors come from {@link HostEig#inverseIteration}. A matrix is
 * {@code double[2][n * n]} as in {@link HostComplex}.
 */
final class HostComplexEig {
    private HostComplexEig() {}

    /**
     * The eigenvalues of a general complex matrix {re, im}: Householder reduction to Hessenberg form,
     * then single-shift QR steps (Wilkinson's shift, an exceptional one every 10 steps without
     * deflation) on the active block, deflating at negligible subdiagonal entries.
     */
    static double[][] eigvals(double[][] a, int n, String op) {
        double[] re = a[0].clone(), im = a[1].clone();
        hessenberg(re, im, n);
        double[] wr = new double[n], wi = new double[n];
        int hi = n - 1, iter = 0, total = 0;
        double eps = Math.ulp(1.0);
        while (hi >= 0) {
            if (hi == 0) {
                wr[0] = re[0];
                wi[0] = im[0];
                break;
            }
            int l = hi;
            while (l > 0) {
                double sub = Math.abs(re[l * n + l - 1]) + Math.abs(im[l * n + l - 1]);
                double diag = Math.abs(re[(l - 1) * n + l - 1])
                        + Math.abs(im[(l - 1) * n + l - 1])
                        + Math.abs(re[l * n + l])
                        + Math.abs(im[l * n + l]);
                if (sub <= eps * diag || sub < Double.MIN_NORMAL) {
                    re[l * n + l - 1] = 0;
                    im[l * n + l - 1] = 0;
                    break;
                }
                l--;
            }
            if (l == hi) {
                wr[hi] = re[hi * n + hi];
                wi[hi] = im[hi * n + hi];
                hi--;
                iter = 0;
                continue;
            }
            if (++total > 60 * n) throw new LinAlgException(op + ": Eigenvalues did not converge");
            iter++;
            double mr, mi;
            if (iter % 10 == 0) {
                // exceptional shift: break a cycle
                mr = re[hi * n + hi] + Math.abs(re[hi * n + hi - 1]) * 1.5;
                mi = im[hi * n + hi];
            } else {
                double[] mu = wilkinson(
                        re[(hi - 1) * n + hi - 1],
                        im[(hi - 1) * n + hi - 1],
                        re[(hi - 1) * n + hi],
                        im[(hi - 1) * n + hi],
                        re[hi * n + hi - 1],
                        im[hi * n + hi - 1],
                        re[hi * n + hi],
                        im[hi * n + hi]);
                mr = mu[0];
                mi = mu[1];
            }
            qrStep(re, im, n, l, hi, mr, mi);
        }
        return new double[][] {wr, wi};
    }

    /** The eigenvalue of [[a, b], [c, d]] nearer d. */
    private static double[] wilkinson(
            double ar, double ai, double br, double bi, double cr, double ci, double dr, double di) {
        // (a + d)/2 +- sqrt(((a - d)/2)^2 + b c)
        double hr = (ar - dr) / 2, hi = (ai - di) / 2;
        double qr = hr * hr - hi * hi + br * cr - bi * ci, qi = 2 * hr * hi + br * ci + bi * cr;
        double mod = Math.hypot(qr, qi);
        double sr = Math.sqrt((mod + qr) / 2), si = Math.copySign(Math.sqrt(Math.max(0, (mod - qr) / 2)), qi);
        double mr = (ar + dr) / 2, mi = (ai + di) / 2;
        double e1r = mr + sr, e1i = mi + si, e2r = mr - sr, e2i = mi - si;
        return Math.hypot(e1r - dr, e1i - di) <= Math.hypot(e2r - dr, e2i - di)
                ? new double[] {e1r, e1i}
                : new double[] {e2r, e2i};
    }

    /** One shifted QR step on rows and columns l..hi of an upper Hessenberg matrix, by Givens rotations. */
    private static void qrStep(double[] re, double[] im, int n, int l, int hi, double mr, double mi) {
        for (int k = l; k <= hi; k++) {
            re[k * n + k] -= mr;
            im[k * n + k] -= mi;
        }
        int steps = hi - l;
        double[] cs = new double[steps], snr = new double[steps], sni = new double[steps];
        for (int k = l; k < hi; k++) {
            // G = [[c, s], [-conj(s), c]] with G [x; y] = [r; 0]
            double xr = re[k * n + k], xi = im[k * n + k], yr = re[(k + 1) * n + k], yi = im[(k + 1) * n + k];
            double ax = Math.hypot(xr, xi), nrm = Math.hypot(ax, Math.hypot(yr, yi));
            double c, sr, si;
            if (nrm == 0) {
                c = 1;
                sr = 0;
                si = 0;
            } else if (ax == 0) {
                c = 0;
                sr = yr / nrm; // s = conj(y) / |y| keeps r real
                si = -yi / nrm;
            } else {
                c = ax / nrm;
                // s = (x / |x|) conj(y) / nrm
                double ur = xr / ax, ui = xi / ax;
                sr = (ur * yr + ui * yi) / nrm;
                si = (ui * yr - ur * yi) / nrm;
            }
            cs[k - l] = c;
            snr[k - l] = sr;
            sni[k - l] = si;
            for (int j = k; j <= hi; j++) {
                double pr = re[k * n + j], pi = im[k * n + j], qr = re[(k + 1) * n + j], qi = im[(k + 1) * n + j];
                re[k * n + j] = c * pr + sr * qr - si * qi;
                im[k * n + j] = c * pi + sr * qi + si * qr;
                re[(k + 1) * n + j] = -(sr * pr + si * pi) + c * qr;
                im[(k + 1) * n + j] = -(sr * pi - si * pr) + c * qi;
            }
        }
        // R G_l^H G_{l+1}^H ...: columns k, k+1 times G^H
        for (int k = l; k < hi; k++) {
            double c = cs[k - l], sr = snr[k - l], si = sni[k - l];
            for (int i = l; i <= Math.min(k + 2, hi); i++) {
                double pr = re[i * n + k], pi = im[i * n + k], qr = re[i * n + k + 1], qi = im[i * n + k + 1];
                // [p, q] [[c, -s], [conj(s), c]]
                re[i * n + k] = c * pr + sr * qr + si * qi;
                im[i * n + k] = c * pi + sr * qi - si * qr;
                re[i * n + k + 1] = -(sr * pr - si * pi) + c * qr;
                im[i * n + k + 1] = -(sr * pi + si * pr) + c * qi;
            }
        }
        for (int k = l; k <= hi; k++) {
            re[k * n + k] += mr;
            im[k * n + k] += mi;
        }
    }

    /** In-place similarity reduction to upper Hessenberg form by Householder reflectors. */
    private static void hessenberg(double[] re, double[] im, int n) {
        for (int j = 0; j < n - 2; j++) {
            int len = n - j - 1;
            double alr = re[(j + 1) * n + j], ali = im[(j + 1) * n + j], xnorm = 0;
            for (int i = j + 2; i < n; i++) xnorm = Math.hypot(xnorm, Math.hypot(re[i * n + j], im[i * n + j]));
            if (xnorm == 0) continue;
            double beta = -Math.copySign(Math.hypot(Math.hypot(alr, ali), xnorm), alr);
            double tr = (beta - alr) / beta, ti = -ali / beta;
            double dr = alr - beta, di = ali, dd = dr * dr + di * di;
            double[] v = new double[2 * len];
            v[0] = 1;
            for (int i = j + 2; i < n; i++) {
                double xr = re[i * n + j], xi = im[i * n + j];
                v[2 * (i - j - 1)] = (xr * dr + xi * di) / dd;
                v[2 * (i - j - 1) + 1] = (xi * dr - xr * di) / dd;
            }
            // H^H from the left on rows j+1.., then H from the right on columns j+1..
            HostComplex.applyReflector(re, im, n, j + 1, n, 0, n, v, tr, -ti);
            for (int i = 0; i < n; i++) {
                // w = a[i, j+1:] v ; a[i, j+1:] -= tau w v^H
                double wr = 0, wi = 0;
                for (int c = 0; c < len; c++) {
                    double ar = re[i * n + j + 1 + c], ai = im[i * n + j + 1 + c], vr = v[2 * c], vi = v[2 * c + 1];
                    wr += ar * vr - ai * vi;
                    wi += ar * vi + ai * vr;
                }
                double sr = tr * wr - ti * wi, si = tr * wi + ti * wr;
                for (int c = 0; c < len; c++) {
                    double vr = v[2 * c], vi = -v[2 * c + 1];
                    re[i * n + j + 1 + c] -= sr * vr - si * vi;
                    im[i * n + j + 1 + c] -= sr * vi + si * vr;
                }
            }
        }
    }
}
