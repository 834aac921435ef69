package org.ndgpu.sparse.linalg;

import static org.ndgpu.sparse.linalg.Vectors.dot;
import static org.ndgpu.sparse.linalg.Vectors.norm;
import static org.ndgpu.sparse.linalg.Vectors.replace;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.sparse.linalg.eigsh by thick-restart Lanczos, as CuPy's: the basis V ({@code ncv x n}) lives
 * on the device and each new vector is orthogonalized against all of it (full reorthogonalization,
 * two matrix-vector products with V); the small projected matrix is solved on the host (as CuPy
 * solves it with NumPy). A Ritz value counts as converged, as ARPACK's, where its residual estimate
 * {@code |beta * s[last, j]|} is at most {@code tol * max(|theta_j|, eps^(2/3))}.
 */
final class Lanczos {
    private Lanczos() {}

    enum Which {
        LM,
        LA,
        SA
    }

    private static final long SEED = 20261128L;

    static EigshResult eigsh(
            org.ndgpu.device.Device device,
            LinearOperator a,
            int k,
            String which,
            Integer ncvArg,
            Integer maxiterArg,
            double tol) {
        String op = "eigsh";
        Objects.requireNonNull(a, op + ": A is null");
        Objects.requireNonNull(which, op + ": which is null");
        long[] s = a.shape();
        if (s[0] != s[1]) throw new ShapeException(op + ": A must be square, got shape (" + s[0] + ", " + s[1] + ")");
        long n = s[0];
        Which w = switch (which) {
            case "LM" -> Which.LM;
            case "LA" -> Which.LA;
            case "SA" -> Which.SA;
            default -> throw new NdException(op + ": which must be 'LM', 'LA' or 'SA', got '" + which + "'");
        };
        if (k <= 0 || k >= n - 1)
            throw new NdException(op + ": k must be in [1, n - 1) = [1, " + (n - 1) + "), got " + k);
        if (!(tol >= 0)) throw new NdException(op + ": tol must be a non-negative number, got " + tol);
        if (maxiterArg != null && maxiterArg <= 0)
            throw new NdException(op + ": maxiter must be positive, got " + maxiterArg);
        if (ncvArg != null && ncvArg <= k)
            throw new NdException(op + ": ncv must be greater than k = " + k + ", got " + ncvArg);
        int ncv = (int) (ncvArg == null ? Math.min(Math.max(2L * k, k + 32L), n - 1) : Math.min(ncvArg, n - 1));
        long maxiter = maxiterArg == null ? 10 * n : maxiterArg;
        DType dtype = a.dtype();
        double eps = Vectors.eps(dtype);
        double tolerance = tol == 0 ? eps : tol;
        double eps23 = Math.pow(eps, 2.0 / 3.0);
        double[] alpha = new double[ncv];
        double[] beta = new double[ncv];
        SplittableRandom random = new SplittableRandom(SEED);
        NDArray v = null;
        NDArray u = null;
        NDArray x = null;
        try {
            v = Vectors.zeros(device, dtype, ncv, n);
            u = randomVector(v, dtype, n, random);
            try (NDArray v0 = u.mul(1 / norm(u))) {
                v.set("0", v0);
            }
            u = replace(u, steps(a, v, alpha, beta, 0, ncv, random));
            long iter = ncv;
            Ritz ritz = Ritz.of(alpha, beta, null, k, w);
            x = ritzVectors(v, ritz, dtype);
            double[] betaK = betaK(beta[ncv - 1], ritz);
            while (!converged(betaK, ritz.w, tolerance, eps23)) {
                if (iter >= maxiter)
                    throw new LinAlgException(op + ": no convergence to tol = " + tolerance + " after " + iter
                            + " Lanczos steps (maxiter = " + maxiter + ")");
                // thick restart: the k Ritz pairs become the first k rows of the basis
                Arrays.fill(beta, 0, k, 0);
                System.arraycopy(ritz.w, 0, alpha, 0, k);
                v.set("0:" + k, x);
                try (NDArray vk = v.get("0:" + k)) {
                    u = replace(u, orthogonalized(u, vk));
                }
                try (NDArray vkRow = u.mul(1 / norm(u))) {
                    v.set(String.valueOf(k), vkRow);
                }
                try (NDArray vk = v.get(String.valueOf(k));
                        NDArray first = v.get("0:" + k);
                        NDArray au = a.matvec(vk);
                        NDArray bk = Vectors.fromHost(v.device(), dtype, betaK, k);
                        NDArray arrow = bk.matmul(first)) {
                    alpha[k] = dot(vk, au);
                    try (NDArray t = Vectors.axpy(au, -alpha[k], vk)) {
                        u = replace(u, t.sub(arrow));
                    }
                }
                try (NDArray vk1 = v.get("0:" + (k + 1))) {
                    u = replace(u, orthogonalized(u, vk1));
                }
                beta[k] = norm(u);
                try (NDArray next = u.mul(1 / beta[k])) {
                    v.set(String.valueOf(k + 1), next);
                }
                u = replace(u, steps(a, v, alpha, beta, k + 1, ncv, random));
                iter += ncv - k;
                ritz = Ritz.of(alpha, beta, betaK, k, w);
                x = replace(x, ritzVectors(v, ritz, dtype));
                betaK = betaK(beta[ncv - 1], ritz);
            }
            Integer[] order = IntStream.range(0, k).boxed().toArray(Integer[]::new);
            double[] wk = ritz.w;
            Arrays.sort(order, Comparator.comparingDouble(j -> wk[j]));
            double[] sorted = new double[k];
            long[] idx = new long[k];
            for (int j = 0; j < k; j++) {
                sorted[j] = wk[order[j]];
                idx[j] = order[j];
            }
            NDArray values = Vectors.fromHost(v.device(), dtype, sorted, k);
            try (NDArray rows = NDArray.fromHost(
                            v.device(), DType.INT64, new long[] {k}, java.lang.foreign.MemorySegment.ofArray(idx));
                    NDArray picked = x.take(rows, 0);
                    NDArray t = picked.T()) {
                return new EigshResult(values, t.copy());
            }
        } finally {
            for (NDArray arr : new NDArray[] {v, u, x}) if (arr != null) arr.close();
        }
    }

    /** Lanczos steps i_start .. i_end - 1 (CuPy's _lanczos); returns the last residual u. */
    private static NDArray steps(
            LinearOperator a, NDArray v, double[] alpha, double[] beta, int start, int end, SplittableRandom random) {
        NDArray u = null;
        for (int i = start; i < end; i++) {
            try (NDArray vi = v.get(String.valueOf(i))) {
                u = replace(u, a.matvec(vi));
                alpha[i] = dot(vi, u);
            }
            try (NDArray basis = v.get("0:" + (i + 1))) {
                u = replace(u, orthogonalized(u, basis));
                beta[i] = norm(u);
                if (i >= end - 1) break;
                if (beta[i] <= Vectors.eps(v.dtype()) * (Math.abs(alpha[i]) + (i > 0 ? beta[i - 1] : 0))) {
                    // an invariant subspace: continue from a random direction orthogonal to the basis
                    beta[i] = 0;
                    try (NDArray r = randomVector(v, v.dtype(), v.shape(1), random)) {
                        u = replace(u, orthogonalized(r, basis));
                    }
                    try (NDArray next = u.mul(1 / norm(u))) {
                        v.set(String.valueOf(i + 1), next);
                    }
                    continue;
                }
            }
            try (NDArray next = u.mul(1 / beta[i])) {
                v.set(String.valueOf(i + 1), next);
            }
        }
        return u;
    }

    /**
     * u with its components along the rows of basis removed, {@code u - (basis @ u) @ basis} twice:
     * one pass of classical Gram-Schmidt leaves errors that grow step by step ("twice is enough").
     */
    private static NDArray orthogonalized(NDArray u, NDArray basis) {
        NDArray once = project(u, basis);
        try (once) {
            return project(once, basis);
        }
    }

    private static NDArray project(NDArray u, NDArray basis) {
        try (NDArray c = basis.matmul(u);
                NDArray along = c.matmul(basis)) {
            return u.sub(along);
        }
    }

    private static NDArray randomVector(NDArray like, DType dtype, long n, SplittableRandom random) {
        double[] r = new double[Math.toIntExact(n)];
        for (int i = 0; i < r.length; i++) r[i] = random.nextDouble();
        return Vectors.fromHost(like.device(), dtype, r, n);
    }

    /** The Ritz vectors as rows, {@code s[:, idx].T @ V}, shape {@code (k, n)}. */
    private static NDArray ritzVectors(NDArray v, Ritz ritz, DType dtype) {
        int k = ritz.w.length;
        int ncv = ritz.s.length;
        double[] st = new double[k * ncv];
        for (int j = 0; j < k; j++) for (int i = 0; i < ncv; i++) st[j * ncv + i] = ritz.s[i][j];
        try (NDArray s = Vectors.fromHost(v.device(), dtype, st, k, ncv)) {
            return s.matmul(v);
        }
    }

    private static double[] betaK(double last, Ritz ritz) {
        int ncv = ritz.s.length;
        double[] b = new double[ritz.w.length];
        for (int j = 0; j < b.length; j++) b[j] = last * ritz.s[ncv - 1][j];
        return b;
    }

    private static boolean converged(double[] betaK, double[] w, double tol, double eps23) {
        for (int j = 0; j < w.length; j++) {
            if (!(Math.abs(betaK[j]) <= tol * Math.max(Math.abs(w[j]), eps23))) return false;
        }
        return true;
    }

    /** The k wanted eigenpairs of the projected matrix (CuPy's _eigsh_solve_ritz). */
    private record Ritz(double[] w, double[][] s) {
        static Ritz of(double[] alpha, double[] beta, double[] betaK, int k, Which which) {
            int ncv = alpha.length;
            double[][] t = new double[ncv][ncv];
            for (int i = 0; i < ncv; i++) {
                t[i][i] = alpha[i];
                if (i + 1 < ncv) {
                    t[i][i + 1] = beta[i];
                    t[i + 1][i] = beta[i];
                }
            }
            if (betaK != null) {
                for (int j = 0; j < k; j++) {
                    t[k][j] = betaK[j];
                    t[j][k] = betaK[j];
                }
            }
            SmallSymmetricEigen.Result e = SmallSymmetricEigen.of(t);
            Integer[] order = IntStream.range(0, ncv).boxed().toArray(Integer[]::new);
            Comparator<Integer> by = switch (which) {
                case LM -> Comparator.comparingDouble(i -> -Math.abs(e.w()[i]));
                case LA -> Comparator.comparingDouble(i -> -e.w()[i]);
                case SA -> Comparator.comparingDouble(i -> e.w()[i]);
            };
            Arrays.sort(order, by);
            double[] w = new double[k];
            double[][] s = new double[ncv][k];
            for (int j = 0; j < k; j++) {
                w[j] = e.w()[order[j]];
                for (int i = 0; i < ncv; i++) s[i][j] = e.s()[i][order[j]];
            }
            return new Ritz(w, s);
        }
    }
}
