package org.ndgpu.linalg.impl;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;

/**
 * numpy.linalg.eig and eigvals on the host (complex input through {@link HostComplexEig#eigvals}), for devices whose solver has no general
 * eigensolver (OpenCL; CUDA without cusolverDnXgeev): the stack is copied to the host, each matrix
 * goes through EJML's general (nonsymmetric) eigen decomposition in float64, as NumPy computes in
 * double, and the results are copied back. CUDA devices run {@link GeneralEig}'s cuSOLVER path.
 *
 * <p>As LAPACK's geev: eigenvectors are the columns, each of unit 2-norm, a complex one turned so
 * that its largest component is real, and the vectors of a conjugate pair are conjugates. EJML gives
 * no vectors for complex eigenvalues; those come from inverse iteration on (A - lambda I) in complex
 * arithmetic. As NumPy 2: real results when every eigenvalue of the stack is real, else complex
 * (complex64 for float32 input, complex128 otherwise). The eigenvalues' order is EJML's, which, as
 * in LAPACK, follows the Schur form but need not be LAPACK's order.
 *
 * <pre>{@code
 * Eig r = HostEig.eig(a, true);     // a (..., M, M) float32/float64/integers
 * }</pre>
 */
final class HostEig {
    private HostEig() {}

    private static final int ITERATIONS = 3;

    /**
     * How far (in units of eps * n * |A|) EJML's vector of a real eigenvalue may miss A v = lambda v
     * before inverse iteration replaces it: for a defective matrix (a Jordan block) EJML returned a
     * vector that is no eigenvector at all.
     */
    private static final double TRUST = 1e4;

    static Eig eig(NDArray a, boolean vectors) {
        String op = vectors ? "eig" : "eigvals";
        a.live(op);
        checkSquareStack(op, a);
        long[] s = a.shape();
        DType dt = a.dtype();
        if (dt.isComplex()) return complexEig(a, vectors, op);
        DType real = dt == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
        long[] batch = Arrays.copyOf(s, s.length - 2);
        // the stack and its results are Java arrays (EJML runs on the host): sizes checked before any is made
        Sizes.hostLength(
                op, "elements in the stack (eig runs on the host)", a.size(), Double.BYTES * (vectors ? 3 : 2));
        // an empty stack may have any n: nothing is decomposed, only the result shapes use it
        int n = a.size() == 0 ? 0 : (int) s[s.length - 1];
        int count = n == 0 ? 0 : (int) (a.size() / ((long) n * n));
        double[] all = a.toDoubleArray();
        for (double v : all)
            if (!Double.isFinite(v)) throw new LinAlgException(op + ": Array must not contain infs or NaNs");
        double[] wr = new double[count * n], wi = new double[count * n];
        double[] vr = vectors ? new double[count * n * n] : null, vi = vectors ? new double[count * n * n] : null;
        for (int b = 0; b < count && n > 0; b++) {
            double[] entries = Arrays.copyOfRange(all, b * n * n, (b + 1) * n * n);
            int e2 = scaleExponent(entries, null);
            double back = Math.scalb(1.0, e2);
            DMatrixRMaj m = new DMatrixRMaj(n, n, true, entries);
            EigenDecomposition_F64<DMatrixRMaj> d = DecompositionFactory_DDRM.eig(n, vectors, false);
            if (!d.decompose(m.copy()))
                throw new LinAlgException(
                        op + ": Eigenvalues did not converge" + (count > 1 ? " (matrix " + b + " of the stack)" : ""));
            for (int j = 0; j < n; j++) {
                Complex_F64 e = d.getEigenvalue(j);
                wr[b * n + j] = e.real * back;
                wi[b * n + j] = e.imaginary * back;
                if (!vectors) continue;
                DMatrixRMaj v = e.imaginary == 0 ? d.getEigenVector(j) : null;
                double[][] x;
                if (v != null && residual(m, v.data, e.real) <= TRUST * Math.ulp(1.0) * n * Math.max(1, norm1(m))) {
                    x = new double[][] {Arrays.copyOf(v.data, n), new double[n]};
                } else if (e.imaginary < 0) {
                    // the conjugate of the partner's vector, so a pair's vectors are exact conjugates as LAPACK's
                    x = inverseIteration(m, e.real, -e.imaginary);
                    for (int i = 0; i < n; i++) x[1][i] = -x[1][i];
                } else {
                    x = inverseIteration(m, e.real, e.imaginary);
                }
                normalize(x[0], x[1]);
                for (int i = 0; i < n; i++) {
                    vr[b * n * n + i * n + j] = x[0][i];
                    vi[b * n * n + i * n + j] = x[1][i];
                }
            }
        }
        boolean complex = false;
        for (double v : wi) complex |= v != 0;
        DType out = complex ? (real == DType.FLOAT32 ? DType.COMPLEX64 : DType.COMPLEX128) : real;
        long[] ws = Arrays.copyOf(batch, batch.length + 1);
        ws[batch.length] = s[s.length - 1];
        NDArray w = upload(a.device(), out, wr, wi, ws);
        if (!vectors) return new Eig(w, null);
        long[] vs = Arrays.copyOf(ws, ws.length + 1);
        vs[ws.length] = s[s.length - 1];
        return new Eig(w, upload(a.device(), out, vr, vi, vs));
    }

    /**
     * Complex input: eigenvalues from {@link HostComplexEig#eigvals} (EJML decomposes real matrices only),
     * vectors by inverse iteration, normalized as LAPACK's zgeev; results in the input's dtype.
     */
    private static Eig complexEig(NDArray a, boolean vectors, String op) {
        long[] s = a.shape();
        DType dt = a.dtype();
        int n = Math.toIntExact(s[s.length - 1]);
        long[] batch = Arrays.copyOf(s, s.length - 2);
        int count = Math.toIntExact(Shapes.size(batch));
        double[] all = org.ndgpu.ndarray.HostData.interleaved(a.toBytes(), dt);
        for (double v : all)
            if (!Double.isFinite(v)) throw new LinAlgException(op + ": Array must not contain infs or NaNs");
        double[] wr = new double[count * n], wi = new double[count * n];
        double[] vr = vectors ? new double[count * n * n] : null, vi = vectors ? new double[count * n * n] : null;
        for (int b = 0; b < count && n > 0; b++) {
            double[][] m = new double[2][n * n];
            for (int e = 0; e < n * n; e++) {
                m[0][e] = all[2 * (b * n * n + e)];
                m[1][e] = all[2 * (b * n * n + e) + 1];
            }
            double back = Math.scalb(1.0, scaleExponent(m[0], m[1]));
            double[][] w = HostComplexEig.eigvals(m, n, op);
            for (int j = 0; j < n; j++) {
                wr[b * n + j] = w[0][j] * back;
                wi[b * n + j] = w[1][j] * back;
                if (!vectors) continue;
                double[][] x = inverseIteration(m[0], m[1], n, w[0][j], w[1][j]);
                normalize(x[0], x[1]);
                for (int i = 0; i < n; i++) {
                    vr[b * n * n + i * n + j] = x[0][i];
                    vi[b * n * n + i * n + j] = x[1][i];
                }
            }
        }
        long[] ws = Arrays.copyOf(batch, batch.length + 1);
        ws[batch.length] = n;
        NDArray w = upload(a.device(), dt, wr, wi, ws);
        if (!vectors) return new Eig(w, null);
        long[] vs = Arrays.copyOf(ws, ws.length + 1);
        vs[ws.length] = n;
        return new Eig(w, upload(a.device(), dt, vr, vi, vs));
    }

    /**
     * Scales a matrix (real parts, and imaginary parts unless null) in place by the power of two
     * nearest 1 / max |a_ij| and returns that power's negated exponent: the eigenvalues of the
     * scaled matrix times 2^e are A's, and its eigenvectors are A's. The scaling is exact, and it
     * keeps the Hessenberg QR's products and inverse iteration's pivots inside double's range, where
     * entries near 1e-150 or 1e155 made their squares underflow or overflow (NaN vectors, or no
     * convergence), as LAPACK's geev scales a matrix whose norm is outside its safe range.
     */
    private static int scaleExponent(double[] re, double[] im) {
        double max = 0;
        for (double v : re) max = Math.max(max, Math.abs(v));
        if (im != null) for (double v : im) max = Math.max(max, Math.abs(v));
        if (max == 0) return 0;
        int e = Math.getExponent(max);
        if (e == 0) return 0;
        // two steps, as 2^-e alone may not be representable for e near the exponent range's ends
        double f1 = Math.scalb(1.0, -e / 2), f2 = Math.scalb(1.0, -e - (-e / 2));
        for (int i = 0; i < re.length; i++) re[i] = re[i] * f1 * f2;
        if (im != null) for (int i = 0; i < im.length; i++) im[i] = im[i] * f1 * f2;
        return e;
    }

    /** eig's checks on every device: a stack of square matrices (at least 2 dimensions), not float16. */
    static void checkSquareStack(String op, NDArray a) {
        long[] s = a.shape();
        if (a.ndim() < 2)
            throw new ShapeException(op + ": expected an array of at least 2 dimensions, got " + a.ndim() + " (shape "
                    + Shapes.str(s) + ")");
        if (s[s.length - 1] != s[s.length - 2]) {
            throw new ShapeException(
                    op + ": the last 2 dimensions of the array must be square, got shape " + Shapes.str(s));
        }
        if (a.dtype() == DType.FLOAT16)
            throw new DTypeException(op + ": array type float16 is unsupported in linalg; use astype(float32)");
    }

    /** |A v - lambda v| / |v| of a real pair. */
    private static double residual(DMatrixRMaj a, double[] v, double lambda) {
        int n = a.numRows;
        double r = 0, len = 0;
        for (int i = 0; i < n; i++) {
            double s = -lambda * v[i];
            for (int j = 0; j < n; j++) s += a.get(i, j) * v[j];
            r += s * s;
            len += v[i] * v[i];
        }
        return len == 0 || !Double.isFinite(len) ? Double.POSITIVE_INFINITY : Math.sqrt(r / len);
    }

    /** The largest absolute row sum. */
    private static double norm1(DMatrixRMaj a) {
        double norm = 0;
        for (int i = 0; i < a.numRows; i++) {
            double row = 0;
            for (int j = 0; j < a.numCols; j++) row += Math.abs(a.get(i, j));
            norm = Math.max(norm, row);
        }
        return norm;
    }

    /**
     * A vector x with (A - lambda I) x close to 0, lambda = lr + i li: a few solves with the LU of
     * the shifted matrix, whose tiny pivots are raised to eps * |A| so that the exactly singular
     * shift still solves (LAPACK's dlaein perturbs pivots the same way).
     */
    static double[][] inverseIteration(DMatrixRMaj a, double lr, double li) {
        return inverseIteration(a.data, new double[a.data.length], a.numRows, lr, li);
    }

    /** As {@link #inverseIteration(DMatrixRMaj, double, double)} for a complex matrix {ar, ai} (n x n, row-major). */
    static double[][] inverseIteration(double[] mr, double[] mi, int n, double lr, double li) {
        double norm = 0;
        for (int i = 0; i < n; i++) {
            double row = 0;
            for (int j = 0; j < n; j++) row += Math.hypot(mr[i * n + j], mi[i * n + j]);
            norm = Math.max(norm, row);
        }
        double tiny = Math.ulp(1.0) * Math.max(norm, Math.hypot(lr, li)) + Double.MIN_NORMAL;
        double[] re = new double[n * n], im = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                re[i * n + j] = mr[i * n + j];
                im[i * n + j] = mi[i * n + j];
            }
            re[i * n + i] -= lr;
            im[i * n + i] -= li;
        }
        int[] piv = new int[n];
        for (int k = 0; k < n; k++) {
            int p = k;
            for (int i = k + 1; i < n; i++)
                if (Math.hypot(re[i * n + k], im[i * n + k]) > Math.hypot(re[p * n + k], im[p * n + k])) p = i;
            piv[k] = p;
            if (p != k) {
                for (int j = 0; j < n; j++) {
                    double tr = re[k * n + j], ti = im[k * n + j];
                    re[k * n + j] = re[p * n + j];
                    im[k * n + j] = im[p * n + j];
                    re[p * n + j] = tr;
                    im[p * n + j] = ti;
                }
            }
            if (Math.hypot(re[k * n + k], im[k * n + k]) < tiny) {
                re[k * n + k] = tiny;
                im[k * n + k] = 0;
            }
            double pr = re[k * n + k], pi = im[k * n + k], pd = pr * pr + pi * pi;
            for (int i = k + 1; i < n; i++) {
                // l = a[i][k] / a[k][k]
                double ar = re[i * n + k], ai = im[i * n + k];
                double lr2 = (ar * pr + ai * pi) / pd, li2 = (ai * pr - ar * pi) / pd;
                re[i * n + k] = lr2;
                im[i * n + k] = li2;
                for (int j = k + 1; j < n; j++) {
                    re[i * n + j] -= lr2 * re[k * n + j] - li2 * im[k * n + j];
                    im[i * n + j] -= lr2 * im[k * n + j] + li2 * re[k * n + j];
                }
            }
        }
        double[] xr = new double[n], xi = new double[n];
        // a start with no special direction: an eigenvector orthogonal to all-ones would be missed
        for (int i = 0; i < n; i++) xr[i] = 1.0 + 0.1 * i / Math.max(1, n);
        for (int it = 0; it < ITERATIONS; it++) {
            for (int k = 0; k < n; k++) {
                int p = piv[k];
                double tr = xr[k], ti = xi[k];
                xr[k] = xr[p];
                xi[k] = xi[p];
                xr[p] = tr;
                xi[p] = ti;
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < i; j++) {
                    xr[i] -= re[i * n + j] * xr[j] - im[i * n + j] * xi[j];
                    xi[i] -= re[i * n + j] * xi[j] + im[i * n + j] * xr[j];
                }
            }
            for (int i = n - 1; i >= 0; i--) {
                double sr = xr[i], si = xi[i];
                for (int j = i + 1; j < n; j++) {
                    sr -= re[i * n + j] * xr[j] - im[i * n + j] * xi[j];
                    si -= re[i * n + j] * xi[j] + im[i * n + j] * xr[j];
                }
                double pr = re[i * n + i], pi = im[i * n + i], pd = pr * pr + pi * pi;
                xr[i] = (sr * pr + si * pi) / pd;
                xi[i] = (si * pr - sr * pi) / pd;
            }
            normalize(xr, xi);
        }
        return new double[][] {xr, xi};
    }

    /**
     * Unit 2-norm; a complex vector is turned so that its largest component is real and positive.
     * Applied to the conjugate of a vector, this gives exactly the conjugate of its result.
     */
    static void normalize(double[] xr, double[] xi) {
        int n = xr.length, big = 0;
        double ss = 0, scale = 0;
        for (int i = 0; i < n; i++) scale = Math.max(scale, Math.hypot(xr[i], xi[i]));
        if (scale == 0) return;
        for (int i = 0; i < n; i++) {
            double r = xr[i] / scale, m = xi[i] / scale;
            ss += r * r + m * m;
            if (Math.hypot(xr[i], xi[i]) > Math.hypot(xr[big], xi[big])) big = i;
        }
        double len = scale * Math.sqrt(ss);
        boolean complex = false;
        for (double v : xi) complex |= v != 0;
        // multiply by conj(x[big]) / |x[big]| / len: x[big] becomes real and positive
        double cr = 1, ci = 0;
        if (complex) {
            double h = Math.hypot(xr[big], xi[big]);
            cr = xr[big] / h;
            ci = -xi[big] / h;
        }
        for (int i = 0; i < n; i++) {
            double r = xr[i], m = xi[i];
            xr[i] = (r * cr - m * ci) / len;
            xi[i] = (r * ci + m * cr) / len;
        }
    }

    /** A device array of dtype from host real parts and (complex dtypes) imaginary parts. */
    static NDArray upload(Device device, DType dt, double[] re, double[] im, long[] shape) {
        int parts = dt.isComplex() ? 2 : 1;
        long bytes = (long) re.length * dt.itemsize();
        MemorySegment seg = Arena.ofAuto().allocate(Math.max(1, bytes), 16).asSlice(0, bytes);
        boolean single = dt == DType.FLOAT32 || dt == DType.COMPLEX64;
        for (int i = 0; i < re.length; i++) {
            for (int part = 0; part < parts; part++) {
                double v = part == 0 ? re[i] : im[i];
                long at = (long) i * parts + part;
                if (single) seg.setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, at, (float) v);
                else seg.setAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, at, v);
            }
        }
        return NDArray.fromHost(device, dt, shape, seg);
    }
}
