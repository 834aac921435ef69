package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.testing.PerDeviceTest;

/**
 * eigvalsh, svdvals and matrix_norm 'nuc', the routines that ask the solver for values without
 * vectors (on CUDA: syevd with jobz N, or ndgpu's Jacobi kernel for real stacks up to order 64 and
 * syevjBatched for complex ones; gesvdjBatched with jobz N), on fresh random
 * stacks of every float and complex dtype, against EJML in float64 by relative error. A complex
 * matrix is checked through its real embedding [[A, -B], [B, A]], which has each of its eigenvalues
 * (singular values) twice. Freed pool memory is filled with NaN before each call, so an output the
 * library leaves unwritten shows; the upper triangle given to eigvalsh holds NaN, which it must not read.
 */
class ValuesOnlyTest extends PerDeviceTest {
    private static final Linalg LA = Nd.linalg();
    private static final DType[] DTYPES = {DType.FLOAT32, DType.FLOAT64, DType.COMPLEX64, DType.COMPLEX128};

    private final long seed = System.nanoTime();
    private final Random rng = new Random(seed);

    /** The shapes that reach each of CUDA's routes: stacks of order 8 and 32, syevd (past order 64). */
    @Test
    void eigvalshAgainstEjml() {
        for (DType dt : DTYPES) {
            for (long[] shape : new long[][] {{50, 8, 8}, {3, 32, 32}, {2, 70, 70}, {1, 3, 3}}) {
                int b = (int) shape[0], n = (int) shape[1], parts = dt.isComplex() ? 2 : 1;
                double[] h = hostValues(dt, b * n * n * parts);
                // the diagonal real (LAPACK reads its real part only); NaN above it, never read
                for (int q = 0; q < b; q++)
                    for (int i = 0; i < n; i++)
                        for (int j = i; j < n; j++)
                            for (int p = 0; p < parts; p++) {
                                int at = ((q * n + i) * n + j) * parts + p;
                                h[at] = j == i ? (p == 0 ? h[at] : 0) : Double.NaN;
                            }
                String what = "eigvalsh " + dt + " " + Arrays.toString(shape) + " (seed " + seed + ")";
                try (NDArray a = upload(dt, h, shape)) {
                    poison(dt.real(), (long) b * n);
                    try (NDArray w = LA.eigvalsh(a)) {
                        assertEquals(dt.real(), w.dtype(), what);
                        assertArrayEquals(new long[] {b, n}, w.shape(), what);
                        double[] got = values(w);
                        for (int q = 0; q < b; q++) {
                            double[] exp = eigenvalues(h, q, n, parts);
                            close(exp, Arrays.copyOfRange(got, q * n, q * n + n), dt, what + " matrix " + q);
                        }
                    }
                }
            }
        }
    }

    /** Stacks that reach gesvdjBatched (orders to 32), and a single matrix (gesvd). */
    @Test
    void svdvalsAndNuclearNormAgainstEjml() {
        for (DType dt : DTYPES) {
            for (long[] shape : new long[][] {{50, 8, 8}, {6, 9, 5}, {6, 5, 9}, {4, 32, 32}, {1, 12, 7}}) {
                int b = (int) shape[0], m = (int) shape[1], n = (int) shape[2], k = Math.min(m, n);
                int parts = dt.isComplex() ? 2 : 1;
                double[] h = hostValues(dt, b * m * n * parts);
                String what = "svdvals " + dt + " " + Arrays.toString(shape) + " (seed " + seed + ")";
                try (NDArray a = upload(dt, h, shape)) {
                    poison(dt.real(), (long) b * k);
                    try (NDArray s = LA.svdvals(a)) {
                        poison(dt.real(), b);
                        try (NDArray nuc = LA.matrixNorm(a, "nuc", false)) {
                            assertEquals(dt.real(), s.dtype(), what);
                            assertArrayEquals(new long[] {b, k}, s.shape(), what);
                            assertArrayEquals(new long[] {b}, nuc.shape(), what);
                            double[] got = values(s), norms = values(nuc);
                            for (int q = 0; q < b; q++) {
                                double[] exp = singularValues(h, q, m, n, parts);
                                close(exp, Arrays.copyOfRange(got, q * k, q * k + k), dt, what + " matrix " + q);
                                double sum = 0;
                                for (double v : exp) sum += v;
                                close(new double[] {sum}, new double[] {norms[q]}, dt, what + " nuc, matrix " + q);
                            }
                        }
                    }
                }
            }
        }
    }

    /** Uniform values in [-1, 1), rounded to the dtype's precision so the oracle sees what the device holds. */
    private double[] hostValues(DType dt, int count) {
        double[] h = new double[count];
        boolean single = dt == DType.FLOAT32 || dt == DType.COMPLEX64;
        for (int i = 0; i < count; i++) {
            double v = rng.nextDouble() * 2 - 1;
            h[i] = single ? (float) v : v;
        }
        return h;
    }

    /** Interleaved host values (re, im for complex) as a device array of dtype dt. */
    static NDArray upload(DType dt, double[] h, long[] shape) {
        MemorySegment seg = Arena.ofAuto().allocate((long) h.length * dt.itemsize() / (dt.isComplex() ? 2 : 1), 16);
        boolean single = dt == DType.FLOAT32 || dt == DType.COMPLEX64;
        for (int i = 0; i < h.length; i++) {
            if (single) seg.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) h[i]);
            else seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, h[i]);
        }
        return NDArray.fromHost(Device.current(), dt, shape, seg);
    }

    /** Fills freed pool memory of this size with NaN, so that an output left unwritten shows. */
    private static void poison(DType dt, long elements) {
        NDArray.empty(Device.current(), dt, new long[] {Math.max(elements, 1)}, Order.C)
                .fill(Double.NaN)
                .close();
    }

    /** Matrix q (r x c) of interleaved host values as its real embedding (2r x 2c for complex). */
    private static DMatrixRMaj embedding(double[] h, int q, int r, int c, int parts) {
        DMatrixRMaj e = new DMatrixRMaj(r * parts, c * parts);
        for (int i = 0; i < r; i++)
            for (int j = 0; j < c; j++) {
                int at = ((q * r + i) * c + j) * parts;
                double re = h[at], im = parts == 2 ? h[at + 1] : 0;
                e.set(i, j, re);
                if (parts == 2) {
                    e.set(i, j + c, -im);
                    e.set(i + r, j, im);
                    e.set(i + r, j + c, re);
                }
            }
        return e;
    }

    /** The ascending eigenvalues of the Hermitian matrix that matrix q's lower triangle defines. */
    private static double[] eigenvalues(double[] h, int q, int n, int parts) {
        double[] full = new double[n * n * parts];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                boolean lower = j <= i;
                int from = ((q * n + (lower ? i : j)) * n + (lower ? j : i)) * parts;
                full[(i * n + j) * parts] = h[from];
                if (parts == 2) full[(i * n + j) * parts + 1] = lower ? h[from + 1] : -h[from + 1];
            }
        DMatrixRMaj e = embedding(full, 0, n, n, parts);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(e.numRows, false, true);
        assertTrue(eig.decompose(e), "EJML eig");
        double[] all = new double[e.numRows];
        for (int i = 0; i < all.length; i++) all[i] = eig.getEigenvalue(i).getReal();
        Arrays.sort(all);
        double[] w = new double[n];
        for (int i = 0; i < n; i++) w[i] = all[i * parts];
        return w;
    }

    /** The descending singular values of matrix q (m x n). */
    private static double[] singularValues(double[] h, int q, int m, int n, int parts) {
        DMatrixRMaj e = embedding(h, q, m, n, parts);
        SingularValueDecomposition_F64<DMatrixRMaj> svd =
                DecompositionFactory_DDRM.svd(e.numRows, e.numCols, false, false, true);
        assertTrue(svd.decompose(e), "EJML svd");
        double[] all = svd.getSingularValues().clone();
        Arrays.sort(all);
        int k = Math.min(m, n);
        double[] s = new double[k];
        for (int i = 0; i < k; i++) s[i] = all[all.length - 1 - i * parts];
        return s;
    }

    /** max |got - exp| over max |exp| within the dtype's tolerance; NaN fails. */
    private static void close(double[] exp, double[] got, DType dt, String what) {
        double scale = 1e-300, err = 0;
        for (double v : exp) scale = Math.max(scale, Math.abs(v));
        for (int i = 0; i < exp.length; i++) {
            double d = Math.abs(got[i] - exp[i]);
            err = Double.isNaN(d) ? Double.POSITIVE_INFINITY : Math.max(err, d);
        }
        double tol = dt == DType.FLOAT32 || dt == DType.COMPLEX64 ? 5e-5 : 1e-11;
        assertTrue(
                err <= tol * scale,
                what + ": relative error " + err / scale + " above " + tol + "; expected " + Arrays.toString(exp)
                        + ", got " + Arrays.toString(got));
    }
}
