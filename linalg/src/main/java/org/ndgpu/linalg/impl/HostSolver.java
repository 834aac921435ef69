package org.ndgpu.linalg.impl;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.decomposition.lu.LUDecompositionAlt_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.dense.row.linsol.lu.LinearSolverLu_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.QRDecomposition;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.HostData;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.vendor.Solver;

/**
 * Decompositions on the host with EJML, for devices whose backend has no solver library (OpenCL):
 * the stack is copied to the host, each matrix is decomposed in float64 (float32 input included;
 * results are rounded back to float32), and the results are copied back as device arrays. Both
 * copies are part of every call's time. Complex input (complex64, complex128), which EJML's real
 * decompositions do not take, goes through {@link HostComplex}, also in float64 on the host.
 */
final class HostSolver implements Solver {
    private final Device device;

    HostSolver(Device device) {
        this.device = device;
    }

    @Override
    public boolean supports(DType dtype) {
        return dtype == DType.FLOAT32
                || dtype == DType.FLOAT64
                || dtype == DType.COMPLEX64
                || dtype == DType.COMPLEX128;
    }

    @Override
    public String where() {
        return "EJML (float64) on the host, with copies to and from " + device.id();
    }

    /** Host copies {re, im} of the complex matrices of a (batch, m, n) stack. */
    private static double[][][] cdownload(NDArray a) {
        long[] s = a.shape();
        int b = (int) s[0], mn = (int) (s[1] * s[2]);
        double[] all = HostData.interleaved(a.toBytes(), a.dtype());
        double[][][] r = new double[b][2][mn];
        for (int i = 0; i < b; i++) {
            for (int e = 0; e < mn; e++) {
                r[i][0][e] = all[2 * (i * mn + e)];
                r[i][1][e] = all[2 * (i * mn + e) + 1];
            }
        }
        return r;
    }

    /** A (batch, rows, cols) complex device array of {@code dtype} from host {re, im} matrices. */
    private NDArray cupload(DType dtype, double[][][] ms, int rows, int cols) {
        int mn = rows * cols;
        double[] re = new double[ms.length * mn], im = new double[ms.length * mn];
        for (int i = 0; i < ms.length; i++) {
            System.arraycopy(ms[i][0], 0, re, i * mn, mn);
            System.arraycopy(ms[i][1], 0, im, i * mn, mn);
        }
        return HostEig.upload(device, dtype, re, im, new long[] {ms.length, rows, cols});
    }

    /** Host copies of the matrices of a (batch, m, n) stack. */
    private static DMatrixRMaj[] download(NDArray a) {
        long[] s = a.shape();
        int b = (int) s[0], m = (int) s[1], n = (int) s[2];
        double[] all = a.toDoubleArray();
        DMatrixRMaj[] r = new DMatrixRMaj[b];
        for (int i = 0; i < b; i++)
            r[i] = new DMatrixRMaj(m, n, true, Arrays.copyOfRange(all, i * m * n, (i + 1) * m * n));
        return r;
    }

    /** A (batch, rows, cols) device array of {@code dtype} from host matrices. */
    private NDArray upload(DType dtype, DMatrixRMaj[] ms, int rows, int cols) {
        double[] all = new double[ms.length * rows * cols];
        for (int i = 0; i < ms.length; i++) System.arraycopy(ms[i].data, 0, all, i * rows * cols, rows * cols);
        return upload(dtype, all, ms.length, rows, cols);
    }

    /** A device array of a real dtype (float32 or float64) from host doubles. */
    NDArray upload(DType dtype, double[] data, long... shape) {
        MemorySegment seg = Arena.ofAuto()
                .allocate(Math.max(1, (long) data.length * dtype.itemsize()), 16)
                .asSlice(0, (long) data.length * dtype.itemsize());
        if (dtype == DType.FLOAT32) {
            for (int i = 0; i < data.length; i++) seg.setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i, (float) data[i]);
        } else {
            MemorySegment.copy(data, 0, seg, ValueLayout.JAVA_DOUBLE_UNALIGNED, 0, data.length);
        }
        return NDArray.fromHost(device, dtype, shape, seg);
    }

    @Override
    public Svd svd(NDArray a, boolean full) {
        if (a.dtype().isComplex()) return complexSvd(a, full);
        DMatrixRMaj[] ms = download(a);
        int m = (int) a.shape(1), n = (int) a.shape(2), k = Math.min(m, n);
        int uc = full ? m : k, vr = full ? n : k;
        DMatrixRMaj[] us = new DMatrixRMaj[ms.length], vhs = new DMatrixRMaj[ms.length];
        double[] s = new double[ms.length * k];
        for (int i = 0; i < ms.length; i++) {
            SingularValueDecomposition_F64<DMatrixRMaj> d = DecompositionFactory_DDRM.svd(m, n, true, true, !full);
            if (!d.decompose(ms[i]))
                throw new LinAlgException("svd: SVD did not converge (matrix " + i + " of the stack)");
            DMatrixRMaj u = d.getU(null, false), v = d.getV(null, false);
            double[] sv = d.getSingularValues().clone();
            SingularOps_DDRM.descendingOrder(u, false, sv, d.numberOfSingularValues(), v, false);
            us[i] = k == 0 && !full ? new DMatrixRMaj(m, 0) : u;
            vhs[i] = CommonOps_DDRM.transpose(v, null);
            System.arraycopy(sv, 0, s, i * k, k);
        }
        return new Svd(upload(a.dtype(), us, m, uc), upload(a.dtype(), s, ms.length, k), upload(a.dtype(), vhs, vr, n));
    }

    private Svd complexSvd(NDArray a, boolean full) {
        double[][][] ms = cdownload(a);
        int m = (int) a.shape(1), n = (int) a.shape(2), k = Math.min(m, n);
        int uc = full ? m : k, vr = full ? n : k;
        double[][][] us = new double[ms.length][][], vhs = new double[ms.length][][];
        double[] s = new double[ms.length * k];
        for (int i = 0; i < ms.length; i++) {
            double[][][] r = HostComplex.svd(ms[i], m, n, true, full);
            System.arraycopy(r[0][0], 0, s, i * k, k);
            us[i] = r[1];
            vhs[i] = r[2];
        }
        return new Svd(
                cupload(a.dtype(), us, m, uc),
                upload(a.dtype().real(), s, ms.length, k),
                cupload(a.dtype(), vhs, vr, n));
    }

    @Override
    public Qr qr(NDArray a) {
        if (a.dtype().isComplex()) {
            double[][][] ms = cdownload(a);
            int m = (int) a.shape(1), n = (int) a.shape(2), k = Math.min(m, n);
            double[][][] qs = new double[ms.length][][], rs = new double[ms.length][][];
            for (int i = 0; i < ms.length; i++) {
                double[][][] f = HostComplex.qr(ms[i], m, n);
                qs[i] = f[0];
                rs[i] = f[1];
            }
            return new Qr(cupload(a.dtype(), qs, m, k), cupload(a.dtype(), rs, k, n));
        }
        DMatrixRMaj[] ms = download(a);
        int m = (int) a.shape(1), n = (int) a.shape(2), k = Math.min(m, n);
        DMatrixRMaj[] qs = new DMatrixRMaj[ms.length], rs = new DMatrixRMaj[ms.length];
        for (int i = 0; i < ms.length; i++) {
            QRDecomposition<DMatrixRMaj> d = DecompositionFactory_DDRM.qr(m, n);
            d.decompose(ms[i]);
            qs[i] = d.getQ(null, true);
            rs[i] = d.getR(null, true);
        }
        return new Qr(upload(a.dtype(), qs, m, k), upload(a.dtype(), rs, k, n));
    }

    /**
     * An LU of a square matrix; throws "Singular matrix" where LAPACK's getrf reports one, at an
     * exactly zero pivot. An inf or NaN pivot is no error there: the arithmetic carries it into the
     * result, as LAPACK's does (NaN input never gets here: see NonFinite).
     */
    private static LinearSolverLu_DDRM lu(DMatrixRMaj m, String op) {
        var solver = new LinearSolverLu_DDRM(new LUDecompositionAlt_DDRM());
        solver.setA(m);
        DMatrixRMaj lu = solver.getDecomposition().getLU();
        for (int j = 0; j < lu.numRows; j++) {
            if (lu.get(j, j) == 0) throw new LinAlgException(op + ": Singular matrix");
        }
        return solver;
    }

    @Override
    public NDArray solve(NDArray a, NDArray rhs) {
        if (a.dtype().isComplex()) {
            double[][][] as = cdownload(a), bs = cdownload(rhs);
            int n = (int) a.shape(1), r = (int) rhs.shape(2);
            double[][][] xs = new double[as.length][][];
            for (int i = 0; i < as.length; i++) xs[i] = HostComplex.solve(as[i], bs[i], n, r, "solve");
            return cupload(a.dtype(), xs, n, r);
        }
        DMatrixRMaj[] as = download(a), bs = download(rhs);
        int n = (int) a.shape(1), r = (int) rhs.shape(2);
        DMatrixRMaj[] xs = new DMatrixRMaj[as.length];
        for (int i = 0; i < as.length; i++) {
            xs[i] = new DMatrixRMaj(n, r);
            lu(as[i], "solve").solve(bs[i], xs[i]);
        }
        return upload(a.dtype(), xs, n, r);
    }

    @Override
    public NDArray inv(NDArray a) {
        if (a.dtype().isComplex()) {
            double[][][] as = cdownload(a);
            int n = (int) a.shape(1);
            double[][][] xs = new double[as.length][][];
            for (int i = 0; i < as.length; i++) xs[i] = HostComplex.inv(as[i], n);
            return cupload(a.dtype(), xs, n, n);
        }
        DMatrixRMaj[] as = download(a);
        int n = (int) a.shape(1);
        DMatrixRMaj[] xs = new DMatrixRMaj[as.length];
        for (int i = 0; i < as.length; i++) {
            xs[i] = new DMatrixRMaj(n, n);
            lu(as[i], "inv").invert(xs[i]);
        }
        return upload(a.dtype(), xs, n, n);
    }

    /** {sign, log|det|} of one matrix from its LU: the pivots' parity and the diagonal. */
    private static double[] slogdet(DMatrixRMaj m) {
        int n = m.numRows;
        if (n == 0) return new double[] {1, 0};
        var d = new LUDecompositionAlt_DDRM();
        d.decompose(m);
        DMatrixRMaj lu = d.getLU();
        double sign = parity(d.getPivot(), n), log = 0;
        for (int j = 0; j < n; j++) {
            double v = lu.get(j, j);
            if (v == 0) return new double[] {0, Double.NEGATIVE_INFINITY};
            if (v < 0) sign = -sign;
            log += Math.log(Math.abs(v));
        }
        return new double[] {sign, log};
    }

    private static double parity(int[] perm, int n) {
        boolean[] seen = new boolean[n];
        int swaps = 0;
        for (int i = 0; i < n; i++) {
            if (seen[i]) continue;
            int len = 0;
            for (int j = i; !seen[j]; j = perm[j]) {
                seen[j] = true;
                len++;
            }
            swaps += len - 1;
        }
        return swaps % 2 == 0 ? 1 : -1;
    }

    /** {sign re, sign im, log|det|, det re, det im} of each complex matrix. */
    private static double[][] complexSlogdet(NDArray a) {
        double[][][] as = cdownload(a);
        int n = (int) a.shape(1);
        double[][] r = new double[5][as.length];
        for (int i = 0; i < as.length; i++) {
            double[] d = HostComplex.slogdet(as[i], n);
            for (int p = 0; p < 5; p++) r[p][i] = d[p];
        }
        return r;
    }

    @Override
    public NDArray det(NDArray a) {
        if (a.dtype().isComplex()) {
            double[][] r = complexSlogdet(a);
            return HostEig.upload(device, a.dtype(), r[3], r[4], new long[] {r[3].length});
        }
        DMatrixRMaj[] as = download(a);
        double[] r = new double[as.length];
        for (int i = 0; i < as.length; i++) {
            double[] sl = slogdet(as[i]);
            r[i] = sl[0] * Math.exp(sl[1]);
        }
        return upload(a.dtype(), r, as.length);
    }

    @Override
    public Slogdet slogdet(NDArray a) {
        if (a.dtype().isComplex()) {
            double[][] r = complexSlogdet(a);
            return new Slogdet(
                    HostEig.upload(device, a.dtype(), r[0], r[1], new long[] {r[0].length}),
                    upload(a.dtype().real(), r[2], r[2].length));
        }
        DMatrixRMaj[] as = download(a);
        double[] sign = new double[as.length], log = new double[as.length];
        for (int i = 0; i < as.length; i++) {
            double[] sl = slogdet(as[i]);
            sign[i] = sl[0];
            log[i] = sl[1];
        }
        return new Slogdet(upload(a.dtype(), sign, as.length), upload(a.dtype(), log, as.length));
    }

    /** The symmetric matrix whose lower triangle is m's (the upper is ignored, as LAPACK's 'L'). */
    private static DMatrixRMaj fromLower(DMatrixRMaj m) {
        DMatrixRMaj s = m.copy();
        for (int i = 0; i < m.numRows; i++) for (int j = i + 1; j < m.numCols; j++) s.set(i, j, m.get(j, i));
        return s;
    }

    @Override
    public NDArray cholesky(NDArray a) {
        int n = (int) a.shape(1);
        if (a.dtype().isComplex()) {
            double[][][] as = cdownload(a), ls = new double[as.length][][];
            for (int i = 0; i < as.length; i++) {
                ls[i] = HostComplex.cholesky(as[i], n);
                if (ls[i] == null) {
                    throw new LinAlgException("cholesky: Matrix is not positive definite"
                            + (as.length > 1 ? " (matrix " + i + " of the stack)" : ""));
                }
            }
            return cupload(a.dtype(), ls, n, n);
        }
        DMatrixRMaj[] as = download(a);
        DMatrixRMaj[] ls = new DMatrixRMaj[as.length];
        for (int i = 0; i < as.length; i++) {
            CholeskyDecomposition_F64<DMatrixRMaj> d = DecompositionFactory_DDRM.chol(n, true);
            if (!d.decompose(fromLower(as[i]))) {
                throw new LinAlgException("cholesky: Matrix is not positive definite"
                        + (as.length > 1 ? " (matrix " + i + " of the stack)" : ""));
            }
            ls[i] = d.getT(null);
            for (int r = 0; r < n; r++) for (int c = r + 1; c < n; c++) ls[i].set(r, c, 0);
        }
        return upload(a.dtype(), ls, n, n);
    }

    @Override
    public NDArray eigvalsh(NDArray a) {
        if (!a.dtype().isComplex()) return Solver.super.eigvalsh(a);
        double[][][] as = cdownload(a);
        int n = (int) a.shape(1);
        double[] w = new double[as.length * n];
        for (int i = 0; i < as.length; i++)
            System.arraycopy(HostComplex.eigh(HostComplex.hermitianFromLower(as[i], n), n, false)[0], 0, w, i * n, n);
        return upload(a.dtype().real(), w, as.length, n);
    }

    @Override
    public Eigh eigh(NDArray a) {
        int n = (int) a.shape(1);
        if (a.dtype().isComplex()) {
            double[][][] as = cdownload(a), vs = new double[as.length][][];
            double[] w = new double[as.length * n];
            for (int i = 0; i < as.length; i++) {
                double[][] r = HostComplex.eigh(HostComplex.hermitianFromLower(as[i], n), n, true);
                System.arraycopy(r[0], 0, w, i * n, n);
                vs[i] = new double[][] {r[1], r[2]};
            }
            return new Eigh(upload(a.dtype().real(), w, as.length, n), cupload(a.dtype(), vs, n, n));
        }
        DMatrixRMaj[] as = download(a);
        double[] w = new double[as.length * n];
        DMatrixRMaj[] vs = new DMatrixRMaj[as.length];
        for (int i = 0; i < as.length; i++) {
            EigenDecomposition_F64<DMatrixRMaj> d = DecompositionFactory_DDRM.eig(n, true, true);
            if (!d.decompose(fromLower(as[i]))) throw new LinAlgException("eigh: Eigenvalues did not converge");
            Integer[] order = new Integer[n];
            double[] val = new double[n];
            for (int j = 0; j < n; j++) {
                order[j] = j;
                val[j] = d.getEigenvalue(j).real;
            }
            Arrays.sort(order, (x, y) -> Double.compare(val[x], val[y]));
            vs[i] = new DMatrixRMaj(n, n);
            for (int j = 0; j < n; j++) {
                w[i * n + j] = val[order[j]];
                DMatrixRMaj vec = d.getEigenVector(order[j]);
                for (int r = 0; r < n; r++) vs[i].set(r, j, vec.get(r, 0));
            }
        }
        return new Eigh(upload(a.dtype(), w, as.length, n), upload(a.dtype(), vs, n, n));
    }

    /** Complex least squares through HostComplex's SVD: x = V diag(1/s) U^H b over s above NumPy's cutoff. */
    private Lstsq complexLstsq(NDArray a, NDArray rhs) {
        double[][] am = cdownload(a)[0], bm = cdownload(rhs)[0];
        int m = (int) a.shape(1), n = (int) a.shape(2), r = (int) rhs.shape(2), k = Math.min(m, n);
        double[][][] d = HostComplex.svd(am, m, n, true, false);
        double[] sv = d[0][0], ur = d[1][0], ui = d[1][1], vhr = d[2][0], vhi = d[2][1];
        double eps = a.dtype() == DType.COMPLEX64 ? Math.ulp(1.0f) : Math.ulp(1.0);
        double cutoff = eps * Math.max(m, n) * (k > 0 ? sv[0] : 0);
        int rank = 0;
        double[] xr = new double[n * r], xi = new double[n * r];
        for (int q = 0; q < k; q++) {
            if (!(sv[q] > cutoff)) continue;
            rank++;
            for (int c = 0; c < r; c++) {
                // t = (u_q^H b_c) / s_q
                double tr = 0, ti = 0;
                for (int i = 0; i < m; i++) {
                    double pr = ur[i * k + q], pi = ui[i * k + q], br = bm[0][i * r + c], bi = bm[1][i * r + c];
                    tr += pr * br + pi * bi;
                    ti += pr * bi - pi * br;
                }
                tr /= sv[q];
                ti /= sv[q];
                // x_c += conj(vh[q, :]) t
                for (int j = 0; j < n; j++) {
                    double vr = vhr[q * n + j], vi = -vhi[q * n + j];
                    xr[j * r + c] += vr * tr - vi * ti;
                    xi[j * r + c] += vr * ti + vi * tr;
                }
            }
        }
        double[] res = new double[rank == n && m > n ? r : 0];
        for (int c = 0; c < res.length; c++) {
            for (int i = 0; i < m; i++) {
                double sr = -bm[0][i * r + c], si = -bm[1][i * r + c];
                for (int j = 0; j < n; j++) {
                    double pr = am[0][i * n + j], pi = am[1][i * n + j];
                    sr += pr * xr[j * r + c] - pi * xi[j * r + c];
                    si += pr * xi[j * r + c] + pi * xr[j * r + c];
                }
                res[c] += sr * sr + si * si;
            }
        }
        return new Lstsq(
                HostEig.upload(device, a.dtype(), xr, xi, new long[] {n, r}),
                upload(a.dtype().real(), res, res.length),
                rank,
                upload(a.dtype().real(), sv, k));
    }

    @Override
    public Lstsq lstsq(NDArray a, NDArray rhs) {
        if (a.dtype().isComplex()) return complexLstsq(a, rhs);
        DMatrixRMaj am = download(a)[0], bm = download(rhs)[0];
        int m = am.numRows, n = am.numCols, r = bm.numCols, k = Math.min(m, n);
        SingularValueDecomposition_F64<DMatrixRMaj> d = DecompositionFactory_DDRM.svd(m, n, true, true, true);
        if (!d.decompose(am.copy())) throw new LinAlgException("lstsq: SVD did not converge in Linear Least Squares");
        DMatrixRMaj u = d.getU(null, false), v = d.getV(null, false);
        double[] sv = d.getSingularValues().clone();
        SingularOps_DDRM.descendingOrder(u, false, sv, d.numberOfSingularValues(), v, false);
        double eps = a.dtype() == DType.FLOAT32 ? Math.ulp(1.0f) : Math.ulp(1.0);
        double cutoff = eps * Math.max(m, n) * (k > 0 ? sv[0] : 0);
        int rank = 0;
        // x = V diag(1/s) U^T b over the singular values above the cutoff
        DMatrixRMaj utb = new DMatrixRMaj(k, r);
        CommonOps_DDRM.multTransA(u, bm, utb);
        for (int i = 0; i < k; i++) {
            boolean keep = sv[i] > cutoff;
            if (keep) rank++;
            for (int j = 0; j < r; j++) utb.set(i, j, keep ? utb.get(i, j) / sv[i] : 0);
        }
        DMatrixRMaj x = new DMatrixRMaj(n, r);
        CommonOps_DDRM.mult(v, utb, x);
        double[] res;
        if (rank == n && m > n) {
            DMatrixRMaj ax = new DMatrixRMaj(m, r);
            CommonOps_DDRM.mult(am, x, ax);
            res = new double[r];
            for (int j = 0; j < r; j++) for (int i = 0; i < m; i++) res[j] += Math.pow(ax.get(i, j) - bm.get(i, j), 2);
        } else {
            res = new double[0];
        }
        return new Lstsq(
                upload(a.dtype(), x.data, n, r),
                upload(a.dtype(), res, res.length),
                rank,
                upload(a.dtype(), Arrays.copyOf(sv, k), k));
    }
}
