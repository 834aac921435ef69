package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.Stream;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.testing.Backends;
import org.ndgpu.testing.DeviceTestBase;

/**
 * cuSPARSE on a CUDA GPU (the GPU host): it serves the device, and its SpMV (both transposes),
 * SpMM (32 columns, both transposes), SpGEMM and CSR to CSC agree with plain Java loops over the
 * same entries and with ndgpu's own kernels on the same device ({@code ndgpu.sparse.library=own}),
 * in float32 and float64, on random patterns with empty rows, a dense row, repeated and unsorted
 * column indices and explicit zeros; fresh values each time, outputs poisoned with NaN in the pool
 * before each run. Failure messages name the operation, dtype, index dtype, shape and the largest
 * relative error.
 */
@Tag("gpu")
class CuSparseTest extends DeviceTestBase {
    private static final String LIBRARY = "ndgpu.sparse.library";

    @Override
    protected Device device() {
        return Backends.cuda();
    }

    /** A CSR matrix on the host: its arrays and the dense matrix they stand for (repeats summed). */
    record HostCsr(int m, int n, double[] data, long[] indices, long[] indptr, double[] dense) {
        int nnz() {
            return data.length;
        }

        String describe() {
            return "(" + m + " x " + n + ", nnz " + nnz() + ")";
        }
    }

    /**
     * A random m x n pattern: a fifth of the rows empty, row {@code m / 3} dense, the rest 0 to 12
     * entries whose columns repeat (about one in eight) and come shuffled, a tenth of the values
     * explicit zeros; values rounded to float32 when {@code single}, so that the loops see what the
     * device sees.
     */
    static HostCsr random(SplittableRandom r, int m, int n, boolean single) {
        List<Double> data = new ArrayList<>();
        List<Long> indices = new ArrayList<>();
        long[] indptr = new long[m + 1];
        double[] dense = new double[m * n];
        for (int i = 0; i < m; i++) {
            List<Long> cols = new ArrayList<>();
            if (i == m / 3) for (long j = 0; j < n; j++) cols.add(j);
            else if (r.nextInt(5) != 0) {
                int k = r.nextInt(13);
                for (int e = 0; e < k; e++) {
                    long c = r.nextInt(n);
                    cols.add(c);
                    if (r.nextInt(8) == 0) cols.add(c); // a repeated column
                }
            }
            java.util.Collections.shuffle(cols, new java.util.Random(r.nextLong()));
            for (long c : cols) {
                double v = r.nextInt(10) == 0 ? 0.0 : r.nextDouble(-1, 1);
                v = single ? (double) (float) v : v;
                data.add(v);
                indices.add(c);
                dense[i * n + (int) c] += v;
            }
            indptr[i + 1] = indices.size();
        }
        return new HostCsr(
                m,
                n,
                data.stream().mapToDouble(Double::doubleValue).toArray(),
                indices.stream().mapToLong(Long::longValue).toArray(),
                indptr,
                dense);
    }

    static double[] vector(SplittableRandom r, int size, boolean single) {
        double[] v = new double[size];
        for (int i = 0; i < size; i++) v[i] = single ? (float) r.nextDouble(-1, 1) : r.nextDouble(-1, 1);
        return v;
    }

    static NDArray device(double[] v, DType dt, long... shape) {
        try (NDArray d = Nd.array(v).reshape(shape)) {
            return d.astype(dt);
        }
    }

    /** The matrix over new device arrays, which it owns (csrMatrix takes them as they are). */
    static CsrMatrix matrix(HostCsr h, DType dt, DType index) {
        NDArray data = device(h.data(), dt, h.nnz()), ind, ptr;
        try (NDArray i = Nd.array(h.indices());
                NDArray p = Nd.array(h.indptr())) {
            ind = i.astype(index);
            ptr = p.astype(index);
        }
        return Nd.sparse().csrMatrix(data, ind, ptr, new long[] {h.m(), h.n()});
    }

    /** C = op(A) B over dense row-major arrays (A m x n; B rows x p), in double. */
    static double[] dense(double[] a, int m, int n, boolean transpose, double[] b, int p) {
        int rows = transpose ? n : m, inner = transpose ? m : n;
        double[] c = new double[rows * p];
        for (int i = 0; i < rows; i++)
            for (int l = 0; l < inner; l++) {
                double av = transpose ? a[l * n + i] : a[i * n + l];
                if (av != 0) for (int j = 0; j < p; j++) c[i * p + j] += av * b[l * p + j];
            }
        return c;
    }

    /** Fills freed pool memory with NaN, so that an output the library leaves unwritten shows. */
    static void poison(long elements, DType dt) {
        NDArray.empty(Device.current(), dt, new long[] {Math.max(elements, 1)}, Order.C)
                .fill(Double.NaN)
                .close();
    }

    static double[] host(NDArray a) {
        try (NDArray d = a.astype(DType.FLOAT64)) {
            return d.toDoubleArray();
        }
    }

    static double tolerance(DType dt) {
        return dt == DType.FLOAT32 ? 1e-5 : 1e-12;
    }

    /** Largest |got - expected| over the largest |expected| (1 at least), and where; NaN counts as infinite. */
    static void close(String what, DType dt, double[] got, double[] expected) {
        assertEquals(expected.length, got.length, what + ": length");
        double scale = 1, err = 0;
        int at = -1;
        for (double e : expected) scale = Math.max(scale, Math.abs(e));
        for (int i = 0; i < got.length; i++) {
            double d = Double.isNaN(got[i]) ? Double.POSITIVE_INFINITY : Math.abs(got[i] - expected[i]);
            if (at < 0 || d > err) {
                err = d;
                at = i;
            }
        }
        double rel = err / scale, tol = tolerance(dt);
        assertTrue(
                rel <= tol,
                what + " " + dt + ": max relative error " + rel + " > " + tol + " at " + at + " (got "
                        + (at >= 0 ? got[at] : Double.NaN) + ", expected " + (at >= 0 ? expected[at] : Double.NaN)
                        + ")");
    }

    /** {@code run} with ndgpu's own kernels forced ({@code ndgpu.sparse.library=own}). */
    static <T> T own(Supplier<T> run) {
        String before = System.getProperty(LIBRARY);
        System.setProperty(LIBRARY, "own");
        try {
            return run.get();
        } finally {
            if (before == null) System.clearProperty(LIBRARY);
            else System.setProperty(LIBRARY, before);
        }
    }

    @Test
    void cuSparseServesTheDevice() {
        String d = VendorLibrary.describe(device());
        assertTrue(d.startsWith("cuSPARSE"), "the sparse library of " + device().id() + ": " + d);
        assertEquals("ndgpu kernels", own(() -> VendorLibrary.describe(device())), "ndgpu.sparse.library=own");
    }

    @Test
    void spmvAndSpmmMatchLoopsAndOwnKernels() {
        SplittableRandom r = new SplittableRandom(3801);
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            for (DType index : new DType[] {DType.INT32, DType.INT64}) {
                boolean single = dt == DType.FLOAT32;
                HostCsr h = random(r, 700, 450, single);
                try (CsrMatrix a = matrix(h, dt, index)) {
                    for (boolean transpose : new boolean[] {false, true}) {
                        int inner = transpose ? h.m() : h.n(), rows = transpose ? h.n() : h.m();
                        for (int p : new int[] {0, 32}) {
                            double[] xv = vector(r, inner * Math.max(p, 1), single);
                            double[] expected = dense(h.dense(), h.m(), h.n(), transpose, xv, Math.max(p, 1));
                            String what = (p == 0 ? "SpMV" : "SpMM (32 columns)") + (transpose ? " of A.T()" : "") + " "
                                    + index + " indices " + h.describe();
                            try (NDArray x = p == 0 ? device(xv, dt, inner) : device(xv, dt, inner, p)) {
                                poison((long) rows * Math.max(p, 1), dt);
                                try (NDArray y = transpose ? a.T().matmul(x) : a.matmul(x);
                                        NDArray mine = own(() -> transpose ? a.T().matmul(x) : a.matmul(x))) {
                                    assertEquals(dt, y.dtype(), what);
                                    assertArrayEquals(
                                            p == 0 ? new long[] {rows} : new long[] {rows, p}, y.shape(), what);
                                    close(what + " vs loops", dt, host(y), expected);
                                    close(what + " vs own kernels", dt, host(y), host(mine));
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * SpGEMM of canonical operands (cuSPARSE's case) and of operands with repeated and unsorted indices
     * (left to the own kernels, which sum them in SciPy's order): the same product either way.
     */
    @Test
    void spgemmMatchesLoopsAndOwnKernels() {
        SplittableRandom r = new SplittableRandom(3802);
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            boolean single = dt == DType.FLOAT32;
            HostCsr ha = random(r, 300, 220, single), hb = random(r, 220, 260, single);
            double[] expected = dense(ha.dense(), ha.m(), ha.n(), false, hb.dense(), hb.n());
            for (boolean canonical : new boolean[] {true, false}) {
                String what = "SpGEMM A " + ha.describe() + " @ B " + hb.describe()
                        + (canonical ? ", canonical operands" : ", repeated and unsorted indices");
                try (CsrMatrix a0 = matrix(ha, dt, DType.INT32);
                        CsrMatrix b0 = matrix(hb, dt, DType.INT32);
                        CsrMatrix a = canonical ? a0.sumDuplicates() : a0.copy();
                        CsrMatrix b = canonical ? b0.sumDuplicates() : b0.copy()) {
                    assertEquals(canonical, a.hasCanonicalFormat() && b.hasCanonicalFormat(), what + ": operands");
                    poison(300L * 260, dt);
                    try (SparseMatrix c = a.matmul(b);
                            SparseMatrix mine = own(() -> a.matmul(b));
                            NDArray cd = c.toarray();
                            NDArray md = mine.toarray()) {
                        CsrMatrix cc = (CsrMatrix) c, mc = (CsrMatrix) mine;
                        close(what + " vs loops", dt, host(cd), expected);
                        close(what + " vs own kernels", dt, host(cd), host(md));
                        assertTrue(cc.hasCanonicalFormat(), what + " " + dt + ": rows sorted and unique");
                        assertEquals(DType.INT32, cc.indexDtype(), what + " " + dt + ": index dtype");
                        assertEquals(
                                mc.nnz(), cc.nnz(), what + " " + dt + ": nnz as the own kernels (zero sums dropped)");
                        assertArrayEquals(
                                mc.indptr().toLongArray(), cc.indptr().toLongArray(), what + " " + dt + ": indptr");
                        assertArrayEquals(
                                mc.indices().toLongArray(), cc.indices().toLongArray(), what + " " + dt + ": indices");
                    }
                }
            }
        }
    }

    /** Sums that come to 0 are dropped, as SciPy drops them (cuSPARSE keeps them as structural entries). */
    @Test
    void spgemmDropsZeroSums() {
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            try (NDArray ad = Nd.array(new double[][] {{2, 3}, {1, 0}}).astype(dt);
                    NDArray bd = Nd.array(new double[][] {{1.5, 1}, {-1, 2}}).astype(dt);
                    CsrMatrix a = Nd.sparse().csrMatrix(ad);
                    CsrMatrix b = Nd.sparse().csrMatrix(bd);
                    SparseMatrix c = a.matmul(b);
                    NDArray cd = c.toarray()) {
                // row 0: 2 * 1.5 + 3 * -1 = 0 (dropped), 2 * 1 + 3 * 2 = 8; row 1: 1.5, 1
                assertEquals(3, c.nnz(), "SpGEMM " + dt + ": the zero sum dropped");
                assertArrayEquals(new double[] {0, 8, 1.5, 1}, host(cd), 0, "SpGEMM " + dt);
            }
        }
    }

    @Test
    void tocscMatchesOwnKernels() {
        SplittableRandom r = new SplittableRandom(3803);
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            for (DType index : new DType[] {DType.INT32, DType.INT64}) {
                HostCsr h = random(r, 500, 380, dt == DType.FLOAT32);
                String what = "tocsc " + index + " indices " + h.describe();
                try (CsrMatrix a = matrix(h, dt, index)) {
                    poison(h.nnz(), dt);
                    try (CscMatrix c = a.tocsc();
                            CscMatrix mine = own(a::tocsc);
                            NDArray cd = c.toarray()) {
                        close(what + " vs loops", dt, host(cd), h.dense());
                        assertTrue(c.hasSortedIndices(), what + " " + dt + ": columns sorted, repeats kept");
                        assertEquals(index, c.indexDtype(), what + " " + dt + ": index dtype");
                        assertEquals(mine.nnz(), c.nnz(), what + " " + dt + ": nnz as the own kernels");
                        assertArrayEquals(
                                mine.indptr().toLongArray(), c.indptr().toLongArray(), what + " " + dt + ": indptr");
                        assertArrayEquals(
                                mine.indices().toLongArray(), c.indices().toLongArray(), what + " " + dt + ": indices");
                        close(what + " data vs own kernels", dt, host(c.data()), host(mine.data()));
                    }
                }
            }
        }
    }

    /** A product on a non-default stream runs there (the handle is bound to the current stream). */
    @Test
    void runsOnTheCurrentStream() {
        SplittableRandom r = new SplittableRandom(3804);
        HostCsr h = random(r, 400, 300, false);
        double[] xv = vector(r, 300, false);
        try (CsrMatrix a = matrix(h, DType.FLOAT64, DType.INT32);
                NDArray x = device(xv, DType.FLOAT64, 300);
                Stream s = Stream.create()) {
            try (var _ = s.use();
                    NDArray y = a.matmul(x)) {
                s.synchronize();
                close(
                        "SpMV on a new stream " + h.describe(),
                        DType.FLOAT64,
                        host(y),
                        dense(h.dense(), 400, 300, false, xv, 1));
            }
        }
    }

    @Test
    void emptyOperandsRunOnTheOwnKernels() {
        try (NDArray z = Nd.zeros(DType.FLOAT64, 3, 4);
                CsrMatrix a = Nd.sparse().csrMatrix(z);
                NDArray x = Nd.ones(DType.FLOAT64, 4);
                NDArray y = a.matmul(x);
                CscMatrix c = a.tocsc()) {
            assertArrayEquals(new double[] {0, 0, 0}, y.toDoubleArray(), 0, "SpMV of an empty matrix");
            assertEquals(0, c.nnz(), "tocsc of an empty matrix");
            assertNotNull(c.indptr());
        }
    }
}
