package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.Stream;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.linalg.SparseLinalg;
import org.ndgpu.testing.Backends;
import org.ndgpu.testing.DeviceTestBase;
import org.ndgpu.vendor.VendorSparse;

/**
 * spsolve on a CUDA GPU (the GPU host) through cuSOLVER's sparse QR (csrlsvqr): it serves the
 * device; its four dtypes agree with the host path (EJML's LU, {@code ndgpu.sparse.library=own}) on
 * random diagonally dominant matrices (fixed seeds) with repeated and unsorted columns, int32 and
 * int64 indices, b a vector, one column or several, b's dtype promoted; singular matrices raise the
 * host path's LinAlgException; NaN and infinity, and every other refusal, give the host path's
 * exception and message. Failure messages name the dtype, the shapes and the largest relative error.
 */
@Tag("gpu")
class CuSolverSpTest extends DeviceTestBase {
    private static final SparseLinalg LIN = Nd.sparse().linalg();
    private static final DType[] DTYPES = {DType.FLOAT32, DType.FLOAT64, DType.COMPLEX64, DType.COMPLEX128};

    @Override
    protected Device device() {
        return Backends.cuda();
    }

    private static boolean single(DType dt) {
        return dt == DType.FLOAT32 || dt == DType.COMPLEX64;
    }

    /**
     * A random n x n CSR matrix over new device arrays: 0 to 8 off-diagonal entries per row, their
     * columns shuffled and one in eight repeated, then the diagonal entry, larger than the row's sum
     * of magnitudes, so that A is well conditioned; values rounded to float32 for a single dtype.
     */
    static CsrMatrix random(SplittableRandom r, int n, DType dt, DType index) {
        boolean complex = dt.isComplex();
        List<Double> values = new ArrayList<>();
        List<Long> indices = new ArrayList<>();
        long[] indptr = new long[n + 1];
        for (int i = 0; i < n; i++) {
            List<Long> cols = new ArrayList<>();
            int k = r.nextInt(9);
            for (int e = 0; e < k; e++) {
                long c = r.nextInt(n);
                if (c == i) continue;
                cols.add(c);
                if (r.nextInt(8) == 0) cols.add(c);
            }
            cols.add((long) i);
            java.util.Collections.shuffle(cols, new java.util.Random(r.nextLong()));
            double sum = 0;
            int diagonalAt = -1;
            for (long c : cols) {
                if (c == i) {
                    diagonalAt = values.size();
                    values.add(0.0);
                    if (complex) values.add(0.0);
                } else {
                    double re = round(r.nextDouble(-1, 1), dt), im = complex ? round(r.nextDouble(-1, 1), dt) : 0;
                    sum += Math.hypot(re, im);
                    values.add(re);
                    if (complex) values.add(im);
                }
                indices.add(c);
            }
            values.set(diagonalAt, round(sum + 1 + r.nextDouble(), dt));
            if (complex) values.set(diagonalAt + 1, round(r.nextDouble(-0.5, 0.5), dt));
            indptr[i + 1] = indices.size();
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        NDArray data = complex
                ? SparseComplexTest.complexArray(v, dt, indices.size())
                : CuSparseTest.device(v, dt, indices.size());
        NDArray ind, ptr;
        try (NDArray i = Nd.array(indices.stream().mapToLong(Long::longValue).toArray());
                NDArray p = Nd.array(indptr)) {
            ind = i.astype(index);
            ptr = p.astype(index);
        }
        return Nd.sparse().csrMatrix(data, ind, ptr, new long[] {n, n});
    }

    private static double round(double v, DType dt) {
        return single(dt) ? (float) v : v;
    }

    /** A random b of {@code shape} in dtype {@code dt}. */
    static NDArray vector(SplittableRandom r, DType dt, long... shape) {
        long size = 1;
        for (long s : shape) size *= s;
        double[] v = new double[(int) size * (dt.isComplex() ? 2 : 1)];
        for (int i = 0; i < v.length; i++) v[i] = round(r.nextDouble(-1, 1), dt);
        return dt.isComplex() ? SparseComplexTest.complexArray(v, dt, shape) : CuSparseTest.device(v, dt, shape);
    }

    /** Largest |got - expected| over the largest |expected| (1 at least), re im pairs for complex; NaN counts as infinite. */
    static void close(String what, double tol, NDArray got, NDArray expected) {
        assertEquals(expected.dtype(), got.dtype(), what + ": dtype");
        assertArrayEquals(expected.shape(), got.shape(), what + ": shape");
        double[] g = SparseComplexTest.pairs(got), e = SparseComplexTest.pairs(expected);
        double scale = 1, err = 0;
        for (double x : e) scale = Math.max(scale, Math.abs(x));
        for (int i = 0; i < g.length; i++)
            err = Math.max(err, Double.isNaN(g[i]) ? Double.POSITIVE_INFINITY : Math.abs(g[i] - e[i]));
        assertTrue(err / scale <= tol, what + ": max relative error " + err / scale + " > " + tol);
    }

    @Test
    void cuSolverServesSpsolve() {
        VendorSparse v = VendorLibrary.of(device());
        assertNotNull(v, "the sparse library of " + device().id() + ": " + Device.problems());
        String s = v.solver();
        assertNotNull(s, "cusolverSp on " + device().id() + ": " + Device.problems());
        assertTrue(s.startsWith("cuSOLVER") && s.contains("csrlsvqr"), s);
        assertNull(CuSparseTest.own(() -> VendorLibrary.of(device())), "ndgpu.sparse.library=own");
    }

    /** The contract's solve in each dtype (csrlsvqr S, D, C, Z) against the host path's x. */
    @Test
    void contractSolvesEachDtype() {
        SplittableRandom r = new SplittableRandom(3811);
        VendorSparse v = VendorLibrary.of(device());
        for (DType dt : DTYPES) {
            String what = "csrlsvqr " + dt + " (300 x 300)";
            try (CsrMatrix a0 = random(r, 300, dt, DType.INT32);
                    CsrMatrix a = a0.sumDuplicates();
                    NDArray b = vector(r, dt, 300);
                    NDArray x = NDArray.empty(device(), dt, new long[] {300}, Order.C);
                    NDArray host = CuSparseTest.own(() -> LIN.spsolve(a, b))) {
                x.fill(Double.NaN);
                VendorSparse.Csr csr = VendorLibrary.csr(a.data(), a.indices(), a.indptr(), a.shape(), a.nnz());
                assertEquals(VendorSparse.SOLVED, v.solve(csr, b, x, 0), what);
                // single precision: csrlsvqr factors in float32, the host path in float64
                close(what + " vs the host path", single(dt) ? 1e-4 : 1e-11, x, host);
            }
        }
    }

    @Test
    void spsolveMatchesTheHostPath() {
        SplittableRandom r = new SplittableRandom(3812);
        for (DType dt : DTYPES) {
            for (DType index : new DType[] {DType.INT32, DType.INT64}) {
                for (long[] bShape : new long[][] {{400}, {400, 1}, {400, 3}}) {
                    for (DType bt : new DType[] {dt, DType.FLOAT64}) {
                        String what = "spsolve A " + dt + " " + index + " indices (400 x 400), b " + bt + " "
                                + java.util.Arrays.toString(bShape);
                        try (CsrMatrix a = random(r, 400, dt, index);
                                NDArray b = vector(r, bt, bShape);
                                NDArray x = LIN.spsolve(a, b);
                                NDArray host = CuSparseTest.own(() -> LIN.spsolve(a, b))) {
                            // both solve in float64 and round to x's dtype
                            close(what, single(x.dtype()) ? 1e-6 : 1e-11, x, host);
                            assertTrue(!a.isClosed() && !b.isClosed(), what + ": A and b stay open");
                        }
                    }
                }
            }
        }
    }

    /** A COO matrix with duplicates, and a CSC matrix, are solved as their CSR form. */
    @Test
    void otherFormatsAreSolved() {
        SplittableRandom r = new SplittableRandom(3813);
        try (CsrMatrix a = random(r, 200, DType.FLOAT64, DType.INT32);
                CooMatrix coo = a.tocoo();
                CscMatrix csc = a.tocsc();
                NDArray b = vector(r, DType.FLOAT64, 200);
                NDArray x = LIN.spsolve(a, b);
                NDArray xc = LIN.spsolve(coo, b);
                NDArray xs = LIN.spsolve(csc, b)) {
            close("spsolve of the COO form", 1e-12, xc, x);
            close("spsolve of the CSC form", 1e-12, xs, x);
        }
    }

    private static void singular(double[][] dense, String what) {
        for (DType dt : DTYPES) {
            try (NDArray d0 = Nd.array(dense);
                    NDArray d = d0.astype(dt);
                    CsrMatrix a = Nd.sparse().csrMatrix(d);
                    NDArray b = Nd.ones(dense.length)) {
                LinAlgException e = assertThrows(LinAlgException.class, () -> LIN.spsolve(a, b), what + " " + dt);
                assertEquals("spsolve: Singular matrix", e.getMessage(), what + " " + dt);
            }
        }
    }

    @Test
    void singularMatricesRaiseTheHostPathsException() {
        singular(new double[][] {{1, 2}, {2, 4}}, "rows in proportion");
        singular(new double[][] {{1e-30, 2e-30}, {2e-30, 4e-30}}, "rows in proportion, scaled by 1e-30");
        singular(new double[][] {{0, 1}, {0, 1}}, "a zero column");
        singular(new double[][] {{1, 0, 0}, {0, 0, 0}, {0, 0, 2}}, "a zero row and column");
        singular(new double[][] {{1, 2, 0}, {0, 1, 3}, {2, 5, 3}}, "row 2 = 2 row 0 + row 1");
        // columns 1e8 apart in scale: not singular (the pivot tolerance is 10 eps times the largest |entry|)
        try (NDArray d = Nd.array(new double[][] {{1e-4, 0}, {0, 1e4}});
                CsrMatrix a = Nd.sparse().csrMatrix(d);
                NDArray b = Nd.ones(2);
                NDArray x = LIN.spsolve(a, b)) {
            double[] v = x.toDoubleArray();
            assertEquals(1e4, v[0], 1e-8, "badly scaled A, x[0]");
            assertEquals(1e-4, v[1], 1e-16, "badly scaled A, x[1]");
        }
    }

    /** The exception of the host path (its class and message) and of the device path for one call. */
    private static void sameRefusal(String what, Executable call) {
        NdException device = assertThrows(NdException.class, call, what);
        NdException host = CuSparseTest.own(() -> assertThrows(NdException.class, call, what + " (host)"));
        assertEquals(host.getClass(), device.getClass(), what);
        assertEquals(host.getMessage(), device.getMessage(), what);
    }

    @Test
    void nonFiniteValuesAndOtherRefusalsAreTheHostPaths() {
        for (DType dt : DTYPES) {
            for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY}) {
                try (NDArray d0 = Nd.array(new double[][] {{2, 1}, {0, bad}});
                        NDArray d = d0.astype(dt);
                        CsrMatrix a = Nd.sparse().csrMatrix(d);
                        NDArray eye = Nd.eye(2);
                        CsrMatrix e = Nd.sparse().csrMatrix(eye);
                        NDArray b = Nd.ones(2);
                        NDArray nb0 = Nd.array(new double[] {1, bad});
                        NDArray nb = nb0.astype(dt)) {
                    sameRefusal("A " + dt + " holding " + bad, () -> LIN.spsolve(a, b));
                    sameRefusal("b " + dt + " holding " + bad, () -> LIN.spsolve(e, nb));
                    sameRefusal("A holding " + bad + ", b too", () -> LIN.spsolve(a, nb));
                }
            }
        }
        try (NDArray eye = Nd.eye(3);
                CsrMatrix e = Nd.sparse().csrMatrix(eye);
                NDArray rect = Nd.ones(2, 3);
                CsrMatrix r = Nd.sparse().csrMatrix(rect);
                NDArray b2 = Nd.ones(2);
                NDArray b3d = Nd.ones(3, 1, 1);
                NDArray b3 = Nd.ones(3)) {
            sameRefusal("b of 2 rows", () -> LIN.spsolve(e, b2));
            sameRefusal("b 3-d", () -> LIN.spsolve(e, b3d));
            sameRefusal("A rectangular", () -> LIN.spsolve(r, b3));
        }
    }

    @Test
    void emptyMatrixGivesEmptyX() {
        try (NDArray d = Nd.zeros(0, 0);
                CsrMatrix a = Nd.sparse().csrMatrix(d);
                NDArray b = Nd.zeros(0);
                NDArray x = LIN.spsolve(a, b)) {
            assertArrayEquals(new long[] {0}, x.shape());
        }
    }

    /** A solve on a non-default stream runs there (the handle is bound to the current stream). */
    @Test
    void runsOnTheCurrentStream() {
        SplittableRandom r = new SplittableRandom(3814);
        try (CsrMatrix a = random(r, 300, DType.FLOAT64, DType.INT32);
                NDArray b = vector(r, DType.FLOAT64, 300);
                NDArray host = CuSparseTest.own(() -> LIN.spsolve(a, b));
                Stream s = Stream.create()) {
            try (var _ = s.use();
                    NDArray x = LIN.spsolve(a, b)) {
                s.synchronize();
                close("spsolve on a new stream", 1e-11, x, host);
            }
        }
    }
}
