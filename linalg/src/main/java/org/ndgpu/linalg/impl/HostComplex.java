package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import org.ndgpu.exceptions.LinAlgException;

/**
 * Complex matrices on the host, for {@link HostSolver} (OpenCL devices, whose backend has no
 * solver library): EJML decomposes real matrices only, so this file brings what complex input
 * needs, in float64, LAPACK's conventions kept where NumPy shows them.
 * <ul>
 * <li>LU with partial pivoting (pivot by |re| + |im|, as LAPACK's izamax): solve, inv, det,
 *     slogdet; an exactly zero pivot is "Singular matrix", as getrf's info.</li>
 * <li>Cholesky of the Hermitian matrix whose lower triangle is given.</li>
 * <li>Householder QR as zgeqrf/zungqr: R's diagonal real.</li>
 * <li>eigh and svd through the real embedding [[Re, -Im], [Im, Re]] (an exact image of complex
 *     arithmetic: each eigenvalue or singular value appears twice, and each complex vector v as the
 *     real pair of v and i v), decomposed by EJML; the complex vectors are read back from the real
 *     ones by a complex Gram-Schmidt within each group of equal values.</li>
 * <li>eigvals/eig: {@link HostComplexEig}.</li>
 * </ul>
 * A matrix is {@code double[2][rows * cols]}: real parts, then imaginary parts, row-major.
 */
final class HostComplex {
    private HostComplex() {}

    static double[][] zeros(int r, int c) {
        return new double[][] {new double[r * c], new double[r * c]};
    }

    // ---------------------------------------------------------------- LU

    /** In-place LU of an n x n matrix: unit L below, U on and above; pivots; whether a pivot is exactly 0. */
    record Lu(double[][] f, int[] piv, boolean singular, int n) {}

    static Lu lu(double[][] a, int n) {
        double[] re = a[0].clone(), im = a[1].clone();
        int[] piv = new int[n];
        boolean singular = false;
        for (int k = 0; k < n; k++) {
            int p = k;
            double best = -1;
            for (int i = k; i < n; i++) {
                double v = Math.abs(re[i * n + k]) + Math.abs(im[i * n + k]);
                if (v > best) {
                    best = v;
                    p = i;
                }
            }
            piv[k] = p;
            if (p != k) {
                for (int j = 0; j < n; j++) {
                    swap(re, k * n + j, p * n + j);
                    swap(im, k * n + j, p * n + j);
                }
            }
            double pr = re[k * n + k], pi = im[k * n + k];
            if (pr == 0 && pi == 0) {
                singular = true;
                continue;
            }
            for (int i = k + 1; i < n; i++) {
                double[] l = div(re[i * n + k], im[i * n + k], pr, pi);
                double lr = l[0], li = l[1];
                re[i * n + k] = lr;
                im[i * n + k] = li;
                for (int j = k + 1; j < n; j++) {
                    re[i * n + j] -= lr * re[k * n + j] - li * im[k * n + j];
                    im[i * n + j] -= lr * im[k * n + j] + li * re[k * n + j];
                }
            }
        }
        return new Lu(new double[][] {re, im}, piv, singular, n);
    }

    /** (ar + i ai) / (br + i bi) by Smith's algorithm, as LAPACK's zladiv: no overflow, and 1 / inf is 0. */
    static double[] div(double ar, double ai, double br, double bi) {
        if (Math.abs(br) >= Math.abs(bi)) {
            double t = bi / br, d = br + bi * t;
            return new double[] {(ar + ai * t) / d, (ai - ar * t) / d};
        }
        double t = br / bi, d = bi + br * t;
        return new double[] {(ar * t + ai) / d, (ai * t - ar) / d};
    }

    private static void swap(double[] x, int i, int j) {
        double t = x[i];
        x[i] = x[j];
        x[j] = t;
    }

    /** x (n x r) with a x = b (n x r); throws "Singular matrix" at an exactly zero pivot. */
    static double[][] solve(double[][] a, double[][] b, int n, int r, String op) {
        Lu f = lu(a, n);
        if (f.singular) throw new LinAlgException(op + ": Singular matrix");
        double[] re = f.f[0], im = f.f[1];
        double[] xr = b[0].clone(), xi = b[1].clone();
        for (int k = 0; k < n; k++) {
            if (f.piv[k] != k) {
                for (int j = 0; j < r; j++) {
                    swap(xr, k * r + j, f.piv[k] * r + j);
                    swap(xi, k * r + j, f.piv[k] * r + j);
                }
            }
        }
        for (int j = 0; j < r; j++) {
            for (int i = 0; i < n; i++) {
                double sr = xr[i * r + j], si = xi[i * r + j];
                for (int k = 0; k < i; k++) {
                    sr -= re[i * n + k] * xr[k * r + j] - im[i * n + k] * xi[k * r + j];
                    si -= re[i * n + k] * xi[k * r + j] + im[i * n + k] * xr[k * r + j];
                }
                xr[i * r + j] = sr;
                xi[i * r + j] = si;
            }
            for (int i = n - 1; i >= 0; i--) {
                double sr = xr[i * r + j], si = xi[i * r + j];
                for (int k = i + 1; k < n; k++) {
                    sr -= re[i * n + k] * xr[k * r + j] - im[i * n + k] * xi[k * r + j];
                    si -= re[i * n + k] * xi[k * r + j] + im[i * n + k] * xr[k * r + j];
                }
                double[] q = div(sr, si, re[i * n + i], im[i * n + i]);
                xr[i * r + j] = q[0];
                xi[i * r + j] = q[1];
            }
        }
        return new double[][] {xr, xi};
    }

    static double[][] inv(double[][] a, int n) {
        double[][] eye = zeros(n, n);
        for (int i = 0; i < n; i++) eye[0][i * n + i] = 1;
        return solve(a, eye, n, n, "inv");
    }

    /** {sign re, sign im, log|det|, det re, det im}: the pivots' parity times the diagonal; singular gives sign 0, -inf. */
    static double[] slogdet(double[][] a, int n) {
        if (n == 0) return new double[] {1, 0, 0, 1, 0};
        Lu f = lu(a, n);
        double sr = 1, si = 0, log = 0;
        for (int k = 0; k < n; k++) {
            if (f.piv[k] != k) {
                sr = -sr;
                si = -si;
            }
        }
        boolean zero = false;
        for (int k = 0; k < n; k++) {
            double x = f.f[0][k * n + k], y = f.f[1][k * n + k], abs = Math.hypot(x, y);
            if (abs == 0) {
                zero = true;
                continue;
            }
            log += Math.log(abs);
            double ur = x / abs, ui = y / abs;
            double t = sr * ur - si * ui;
            si = sr * ui + si * ur;
            sr = t;
        }
        // det = sign * exp(logabsdet), as NumPy's umath_linalg computes it (an inf pivot gives nan+nanj there too)
        return zero
                ? new double[] {0, 0, Double.NEGATIVE_INFINITY, 0, 0}
                : new double[] {sr, si, log, sr * Math.exp(log), si * Math.exp(log)};
    }

    // ---------------------------------------------------------------- Cholesky, QR

    /** The lower factor L (L L^H = A) of the Hermitian matrix whose lower triangle is a's; null if not positive definite. */
    static double[][] cholesky(double[][] a, int n) {
        double[] re = new double[n * n], im = new double[n * n];
        for (int j = 0; j < n; j++) {
            double d = a[0][j * n + j]; // the diagonal's imaginary part is not read, as LAPACK's
            for (int k = 0; k < j; k++) d -= re[j * n + k] * re[j * n + k] + im[j * n + k] * im[j * n + k];
            if (!(d > 0)) return null;
            double ljj = Math.sqrt(d);
            re[j * n + j] = ljj;
            for (int i = j + 1; i < n; i++) {
                double sr = a[0][i * n + j], si = a[1][i * n + j];
                for (int k = 0; k < j; k++) {
                    // a_ij - sum l_ik conj(l_jk)
                    sr -= re[i * n + k] * re[j * n + k] + im[i * n + k] * im[j * n + k];
                    si -= im[i * n + k] * re[j * n + k] - re[i * n + k] * im[j * n + k];
                }
                re[i * n + j] = sr / ljj;
                im[i * n + j] = si / ljj;
            }
        }
        return new double[][] {re, im};
    }

    /** Reduced QR of an m x n matrix: q (m x k), r (k x n), k = min(m, n), as zgeqrf then zungqr. */
    static double[][][] qr(double[][] a, int m, int n) {
        int k = Math.min(m, n);
        double[] re = a[0].clone(), im = a[1].clone();
        double[][] vs = new double[k][], taus = new double[k][];
        for (int j = 0; j < k; j++) {
            // zlarfg on x = a[j:, j]: beta = -sign(Re alpha) |x|, tau = (beta - alpha) / beta, v = x / (alpha - beta)
            double ar = re[j * n + j], ai = im[j * n + j], xnorm = 0;
            for (int i = j + 1; i < m; i++) xnorm = Math.hypot(xnorm, Math.hypot(re[i * n + j], im[i * n + j]));
            double[] v = new double[2 * (m - j)];
            v[0] = 1;
            if (xnorm == 0 && ai == 0) {
                vs[j] = v;
                taus[j] = new double[] {0, 0};
                continue;
            }
            double beta = -Math.copySign(Math.hypot(Math.hypot(ar, ai), xnorm), ar);
            double tr = (beta - ar) / beta, ti = -ai / beta;
            double dr = ar - beta, di = ai, dd = dr * dr + di * di;
            for (int i = j + 1; i < m; i++) {
                double xr = re[i * n + j], xi = im[i * n + j];
                v[2 * (i - j)] = (xr * dr + xi * di) / dd;
                v[2 * (i - j) + 1] = (xi * dr - xr * di) / dd;
            }
            vs[j] = v;
            taus[j] = new double[] {tr, ti};
            // A[j:, j:] := (I - conj(tau) v v^H) A[j:, j:]
            applyReflector(re, im, n, j, m, j, n, v, tr, -ti);
        }
        double[][] r = zeros(k, n);
        for (int i = 0; i < k; i++) {
            for (int j = i; j < n; j++) {
                r[0][i * n + j] = re[i * n + j];
                r[1][i * n + j] = im[i * n + j];
            }
        }
        // Q = H_0 ... H_{k-1} applied to the first k columns of the identity, last reflector first
        double[] qr = new double[m * k], qi = new double[m * k];
        for (int i = 0; i < k; i++) qr[i * k + i] = 1;
        for (int j = k - 1; j >= 0; j--) applyReflector(qr, qi, k, j, m, 0, k, vs[j], taus[j][0], taus[j][1]);
        return new double[][][] {{qr, qi}, r};
    }

    /** Rows r0..r1-1, columns c0..c1-1 of a (cols wide) := (I - tau v v^H) of them, v starting at row r0. */
    static void applyReflector(
            double[] re, double[] im, int cols, int r0, int r1, int c0, int c1, double[] v, double tr, double ti) {
        for (int c = c0; c < c1; c++) {
            // w = v^H a[:, c]
            double wr = 0, wi = 0;
            for (int i = r0; i < r1; i++) {
                double vr = v[2 * (i - r0)], vi = v[2 * (i - r0) + 1], xr = re[i * cols + c], xi = im[i * cols + c];
                wr += vr * xr + vi * xi;
                wi += vr * xi - vi * xr;
            }
            // a[:, c] -= tau w v
            double sr = tr * wr - ti * wi, si = tr * wi + ti * wr;
            for (int i = r0; i < r1; i++) {
                double vr = v[2 * (i - r0)], vi = v[2 * (i - r0) + 1];
                re[i * cols + c] -= sr * vr - si * vi;
                im[i * cols + c] -= sr * vi + si * vr;
            }
        }
    }

    // ---------------------------------------------------------------- the real embedding: eigh, svd

    /** [[Re, -Im], [Im, Re]] of an r x c matrix: (2r) x (2c). */
    static DMatrixRMaj embed(double[][] a, int r, int c) {
        DMatrixRMaj e = new DMatrixRMaj(2 * r, 2 * c);
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < c; j++) {
                double x = a[0][i * c + j], y = a[1][i * c + j];
                e.set(i, j, x);
                e.set(i, j + c, -y);
                e.set(i + r, j, y);
                e.set(i + r, j + c, x);
            }
        }
        return e;
    }

    /** The Hermitian matrix whose lower triangle is a's (the diagonal's imaginary part dropped, as LAPACK's). */
    static double[][] hermitianFromLower(double[][] a, int n) {
        double[][] h = {a[0].clone(), a[1].clone()};
        for (int i = 0; i < n; i++) {
            h[1][i * n + i] = 0;
            for (int j = i + 1; j < n; j++) {
                h[0][i * n + j] = a[0][j * n + i];
                h[1][i * n + j] = -a[1][j * n + i];
            }
        }
        return h;
    }

    /** Eigenvalues ascending (n) and, if wanted, eigenvectors as columns (n x n) of a Hermitian matrix. */
    static double[][] eigh(double[][] h, int n, boolean vectors) {
        EigenDecomposition_F64<DMatrixRMaj> d = DecompositionFactory_DDRM.eig(2 * n, vectors, true);
        if (!d.decompose(embed(h, n, n))) throw new LinAlgException("eigh: Eigenvalues did not converge");
        Integer[] order = new Integer[2 * n];
        double[] val = new double[2 * n];
        for (int j = 0; j < 2 * n; j++) {
            order[j] = j;
            val[j] = d.getEigenvalue(j).real;
        }
        Arrays.sort(order, (x, y) -> Double.compare(val[x], val[y]));
        double[] w = new double[n];
        if (!vectors) {
            for (int j = 0; j < n; j++) w[j] = val[order[2 * j]]; // each value twice
            return new double[][] {w};
        }
        double[] keys = new double[2 * n];
        double[][] cand = new double[2 * n][];
        for (int j = 0; j < 2 * n; j++) {
            keys[j] = val[order[j]];
            cand[j] = d.getEigenVector(order[j]).data;
        }
        List<double[]> basis = new ArrayList<>();
        double[] picked = pick(cand, keys, n, n, basis, scale(keys));
        double[] vr = new double[n * n], vi = new double[n * n];
        for (int j = 0; j < n; j++) {
            w[j] = picked[j];
            double[] v = basis.get(j);
            for (int i = 0; i < n; i++) {
                vr[i * n + j] = v[i];
                vi[i * n + j] = v[n + i];
            }
        }
        return new double[][] {w, vr, vi};
    }

    private static double scale(double[] keys) {
        double s = 0;
        for (double k : keys) s = Math.max(s, Math.abs(k));
        return s;
    }

    /**
     * Picks {@code count} complex orthonormal vectors (each as re then im, length 2p) out of the real
     * candidates of an embedding, sorted by key (ascending or descending), appending them to basis and
     * returning their keys. Within each group of equal keys (the copies of one value), the candidate
     * furthest from the span of those picked so far goes first: one complex vector per pair of real ones.
     */
    static double[] pick(double[][] cand, double[] keys, int p, int count, List<double[]> basis, double scale) {
        double tol = 1e-8 * Math.max(scale, Double.MIN_NORMAL);
        double[] out = new double[count];
        int got = 0;
        boolean[] used = new boolean[cand.length];
        int start = 0;
        while (got < count && start < cand.length) {
            int end = start + 1;
            while (end < cand.length && Math.abs(keys[end] - keys[start]) <= tol) end++;
            while (got < count) {
                int best = -1;
                double bestNorm = 0.05;
                double[] bestV = null;
                for (int c = start; c < end; c++) {
                    if (used[c]) continue;
                    double[] v = residual(cand[c], p, basis);
                    double nrm = norm(v);
                    if (nrm > bestNorm) {
                        bestNorm = nrm;
                        best = c;
                        bestV = v;
                    }
                }
                if (best < 0) break;
                used[best] = true;
                double[] v = residual(bestV, p, basis); // twice is enough (Kahan)
                double nrm = norm(v);
                for (int i = 0; i < v.length; i++) v[i] /= nrm;
                basis.add(v);
                out[got++] = keys[best];
            }
            start = end;
        }
        if (got < count)
            throw new LinAlgException("linalg: complex basis incomplete (" + got + " of " + count + " vectors)");
        return out;
    }

    /** x minus its complex projections on the basis (x^H as the inner product's left side). */
    private static double[] residual(double[] x, int p, List<double[]> basis) {
        double[] v = x.clone();
        for (double[] b : basis) {
            double cr = 0, ci = 0; // c = b^H v
            for (int i = 0; i < p; i++) {
                cr += b[i] * v[i] + b[p + i] * v[p + i];
                ci += b[i] * v[p + i] - b[p + i] * v[i];
            }
            for (int i = 0; i < p; i++) {
                v[i] -= cr * b[i] - ci * b[p + i];
                v[p + i] -= cr * b[p + i] + ci * b[i];
            }
        }
        return v;
    }

    private static double norm(double[] v) {
        double s = 0;
        for (double x : v) s += x * x;
        return Math.sqrt(s);
    }

    /**
     * The SVD of an m x n matrix: s (k) descending; with vectors, u (m x uc) and vh (vr x n), uc = vr = k
     * or (full) m and n. Right vectors come from the embedding's; left ones are A v / s where s is
     * well above zero, else (and to fill a full u) from the embedding's left vectors.
     */
    static double[][][] svd(double[][] a, int m, int n, boolean vectors, boolean full) {
        int k = Math.min(m, n);
        SingularValueDecomposition_F64<DMatrixRMaj> d =
                DecompositionFactory_DDRM.svd(2 * m, 2 * n, vectors, vectors, false);
        if (!d.decompose(embed(a, m, n))) throw new LinAlgException("svd: SVD did not converge");
        DMatrixRMaj u = vectors ? d.getU(null, false) : null, v = vectors ? d.getV(null, false) : null;
        double[] sv = d.getSingularValues().clone();
        SingularOps_DDRM.descendingOrder(u, false, sv, d.numberOfSingularValues(), v, false);
        double[] s = new double[k];
        for (int j = 0; j < k; j++) s[j] = sv[2 * j];
        if (!vectors) return new double[][][] {{s}};
        int uc = full ? m : k, vr = full ? n : k;
        double smax = k == 0 ? 0 : sv[0];
        // right vectors, by descending singular value; values past 2k (full, n > m) are 0
        double[] keys = new double[2 * n];
        double[][] cand = new double[2 * n][];
        for (int j = 0; j < 2 * n; j++) {
            keys[j] = j < sv.length ? -sv[j] : 0;
            cand[j] = column(v, j);
        }
        List<double[]> right = new ArrayList<>();
        pick(cand, keys, n, vr, right, smax);
        // left vectors: A v / s while s is well above rounding, then the embedding's left vectors
        List<double[]> left = new ArrayList<>();
        double small = smax * Math.max(m, n) * Math.ulp(1.0) * 1e3;
        for (int j = 0; j < Math.min(k, uc) && s[j] > small; j++) {
            double[] av = times(a, m, n, right.get(j));
            for (int i = 0; i < av.length; i++) av[i] /= s[j];
            left.add(av);
        }
        if (left.size() < uc) {
            int have = left.size();
            double[] lk = new double[2 * m];
            double[][] lc = new double[2 * m][];
            for (int j = 0; j < 2 * m; j++) {
                lk[j] = 0; // one group: any order fills the rest
                lc[j] = column(u, j);
            }
            pick(lc, lk, m, uc - have, left, 1);
        }
        double[][] uo = zeros(m, uc), vh = zeros(vr, n);
        for (int j = 0; j < uc; j++) {
            double[] x = left.get(j);
            for (int i = 0; i < m; i++) {
                uo[0][i * uc + j] = x[i];
                uo[1][i * uc + j] = x[m + i];
            }
        }
        for (int j = 0; j < vr; j++) {
            double[] x = right.get(j);
            for (int i = 0; i < n; i++) { // vh = v^H
                vh[0][j * n + i] = x[i];
                vh[1][j * n + i] = -x[n + i];
            }
        }
        return new double[][][] {{s}, uo, vh};
    }

    private static double[] column(DMatrixRMaj m, int j) {
        double[] c = new double[m.numRows];
        for (int i = 0; i < m.numRows; i++) c[i] = m.get(i, j);
        return c;
    }

    /** A x for an m x n matrix and x as re then im (length 2n); the result as re then im (2m). */
    private static double[] times(double[][] a, int m, int n, double[] x) {
        double[] y = new double[2 * m];
        for (int i = 0; i < m; i++) {
            double sr = 0, si = 0;
            for (int j = 0; j < n; j++) {
                double ar = a[0][i * n + j], ai = a[1][i * n + j];
                sr += ar * x[j] - ai * x[n + j];
                si += ar * x[n + j] + ai * x[j];
            }
            y[i] = sr;
            y[m + i] = si;
        }
        return y;
    }
}
