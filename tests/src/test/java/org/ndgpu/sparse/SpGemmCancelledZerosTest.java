package org.ndgpu.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseFixtures.Case;
import org.ndgpu.testing.PerDeviceTest;

/**
 * A sparse product whose sums cancel to exactly 0, as the library's SpGEMM returns it (cuSPARSE
 * keeps those sums as stored zeros, CuPy returns them so) and as ndgpu hands it out: with the zeros
 * pending ({@link CompressedStorage}), settled by the first call that shows the structure. On PoCL
 * the own kernels drop the zeros as they sum, so the library's form is built here from the operands
 * by a plain Java loop (every structural product, sums of 0 kept) and wrapped as a product is
 * ({@link Canonical#withCancelledZeros}). Every public view of it must be SciPy's {@code A @ B}:
 * spgemm.txt's "cancel" case (SciPy 1.17) and plain Java loops (the structural product, its zeros
 * dropped) for random integer-valued operands whose sums often cancel. Then the real products of
 * the same operands on the device, which run the library's path on CUDA.
 */
class SpGemmCancelledZerosTest extends PerDeviceTest {
    @TempDir
    Path dir;

    /** A CSR matrix on the host: rows' sorted column indices and values. */
    record Host(int m, int n, long[] indptr, long[] indices, double[] data) {
        /** This matrix without its entries of value 0, as SciPy's {@code A @ B} drops its zero sums. */
        Host pruned() {
            long[] p = new long[m + 1];
            List<Long> idx = new ArrayList<>();
            List<Double> val = new ArrayList<>();
            for (int i = 0; i < m; i++) {
                for (long k = indptr[i]; k < indptr[i + 1]; k++) {
                    if (data[(int) k] != 0) {
                        idx.add(indices[(int) k]);
                        val.add(data[(int) k]);
                    }
                }
                p[i + 1] = idx.size();
            }
            return new Host(
                    m,
                    n,
                    p,
                    idx.stream().mapToLong(Long::longValue).toArray(),
                    val.stream().mapToDouble(Double::doubleValue).toArray());
        }

        double[] dense() {
            double[] d = new double[m * n];
            for (int i = 0; i < m; i++)
                for (long k = indptr[i]; k < indptr[i + 1]; k++) d[i * n + (int) indices[(int) k]] += data[(int) k];
            return d;
        }

        long zeros() {
            long z = 0;
            for (double v : data) if (v == 0) z++;
            return z;
        }

        /** The CSC arrays {indptr, indices} and values of this matrix (each column's rows ascending). */
        Object[] csc() {
            long[] p = new long[n + 1];
            for (long j : indices) p[(int) j + 1]++;
            for (int j = 0; j < n; j++) p[j + 1] += p[j];
            long[] at = p.clone(), rows = new long[indices.length];
            double[] v = new double[indices.length];
            for (int i = 0; i < m; i++) {
                for (long k = indptr[i]; k < indptr[i + 1]; k++) {
                    int q = (int) at[(int) indices[(int) k]]++;
                    rows[q] = i;
                    v[q] = data[(int) k];
                }
            }
            return new Object[] {p, rows, v};
        }
    }

    /** The structural product of dense row-major a (m x k) and b (k x n): every reached column kept, sums of 0 too. */
    static Host structural(double[] a, double[] b, int m, int k, int n) {
        long[] p = new long[m + 1];
        List<Long> idx = new ArrayList<>();
        List<Double> val = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            TreeMap<Integer, Double> row = new TreeMap<>();
            for (int l = 0; l < k; l++) {
                if (a[i * k + l] == 0) continue;
                for (int j = 0; j < n; j++)
                    if (b[l * n + j] != 0) row.merge(j, a[i * k + l] * b[l * n + j], Double::sum);
            }
            row.forEach((j, v) -> {
                idx.add((long) j);
                val.add(v);
            });
            p[i + 1] = idx.size();
        }
        return new Host(
                m,
                n,
                p,
                idx.stream().mapToLong(Long::longValue).toArray(),
                val.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The product in the library's form, its cancelled sums pending, over new device arrays. */
    static CsrMatrix pending(Host h, DType t) {
        int[] idx = new int[h.indices.length], ptr = new int[h.indptr.length];
        for (int i = 0; i < idx.length; i++) idx[i] = (int) h.indices[i];
        for (int i = 0; i < ptr.length; i++) ptr[i] = (int) h.indptr[i];
        return Canonical.withCancelledZeros(
                Nd.array(h.data, t, h.data.length),
                Nd.array(idx, DType.INT32, idx.length),
                Nd.array(ptr, DType.INT32, ptr.length),
                new long[] {h.m, h.n},
                h.data.length);
    }

    /** Operands and SciPy's product: spgemm.txt's "cancel" case. */
    record Operands(double[] a, double[] b, int m, int k, int n, Host expected) {}

    static Operands scipyCancel() {
        Case c = BuildFixtures.cases("spgemm.txt").stream()
                .filter(x -> x.name().equals("cancel"))
                .findFirst()
                .orElseThrow();
        long[] as = c.longs("a_shape"), bs = c.longs("b_shape"), os = c.longs("out_shape");
        double[] a = new Host((int) as[0], (int) as[1], c.longs("a_indptr"), c.longs("a_indices"), c.doubles("a_data"))
                .dense();
        double[] b = new Host((int) bs[0], (int) bs[1], c.longs("b_indptr"), c.longs("b_indices"), c.doubles("b_data"))
                .dense();
        Host out = new Host(
                (int) os[0], (int) os[1], c.longs("out_indptr"), c.longs("out_indices"), c.doubles("out_data"));
        return new Operands(a, b, (int) as[0], (int) as[1], (int) bs[1], out);
    }

    /** Integer-valued operands: exact sums, many of them 0; row 0 of A is B's row 0 minus its row 1 where B's rows 0 and 1 are equal. */
    static Operands randomCancelling(long seed, boolean positive) {
        SplittableRandom r = new SplittableRandom(seed);
        int m = 40, k = 30, n = 35;
        double[] a = new double[m * k], b = new double[k * n];
        double[] values = positive ? new double[] {1, 2, 3} : new double[] {-2, -1, 1, 2};
        for (int i = 0; i < a.length; i++) if (r.nextDouble() < 0.15) a[i] = values[r.nextInt(values.length)];
        for (int i = 0; i < b.length; i++) if (r.nextDouble() < 0.15) b[i] = values[r.nextInt(values.length)];
        if (!positive) {
            // a row whose every product cancels: A[0] = e0 - e1 over equal rows 0 and 1 of B
            System.arraycopy(b, 0, b, n, n);
            java.util.Arrays.fill(a, 0, k, 0);
            a[0] = 1;
            a[1] = -1;
            b[5] = b[n + 5] = 2; // so that row 0 of the structural product is not empty
        }
        return new Operands(a, b, m, k, n, structural(a, b, m, k, n).pruned());
    }

    static List<Operands> cases() {
        return List.of(scipyCancel(), randomCancelling(3801, false));
    }

    private static long[] longs(NDArray a) {
        return a.toLongArray();
    }

    private static void assertStructure(Host want, CompressedMatrix got, String what) {
        assertEquals(want.indices.length, got.nnz(), what + ": nnz");
        assertArrayEquals(want.indptr, longs(got.indptr()), what + ": indptr");
        assertArrayEquals(want.indices, longs(got.indices()), what + ": indices");
        assertArrayEquals(want.data, got.data().toDoubleArray(), what + ": data");
    }

    /** Each public view on a fresh pending product: SciPy's result, the zeros dropped. */
    @Test
    void everyViewOfTheStructureIsScipys() {
        for (DType t : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
            for (Operands o : cases()) {
                Host lib = structural(o.a, o.b, o.m, o.k, o.n), want = o.expected;
                assertTrue(lib.zeros() > 0, "the case has cancelled sums");
                String w = t + " " + o.m + "x" + o.n;
                check(lib, t, m -> m.nnz(), got -> assertEquals((long) want.indices.length, got, w + " nnz"));
                check(lib, t, CompressedMatrix::data, got -> assertArrayEquals(want.data, got.toDoubleArray(), w));
                check(lib, t, CompressedMatrix::indices, got -> assertArrayEquals(want.indices, longs(got), w));
                check(lib, t, CompressedMatrix::indptr, got -> assertArrayEquals(want.indptr, longs(got), w));
                check(
                        lib,
                        t,
                        Object::toString,
                        got -> assertEquals(
                                "<Compressed Sparse Row sparse matrix of dtype '" + t + "'\n\twith "
                                        + want.indices.length + " stored elements and shape (" + o.m + ", " + o.n
                                        + ")>",
                                got));
                check(lib, t, CompressedMatrix::hasCanonicalFormat, got -> assertTrue(got, w));
                check(lib, t, CsrMatrix::copy, got -> assertStructure(want, got, w + " copy"));
                check(lib, t, m -> m.astype(DType.FLOAT64), got -> assertStructure(want, got, w + " astype"));
                check(lib, t, CsrMatrix::eliminateZeros, got -> assertStructure(want, got, w + " eliminateZeros"));
                check(lib, t, CsrMatrix::sumDuplicates, got -> assertStructure(want, got, w + " sumDuplicates"));
                check(
                        lib,
                        t,
                        m -> {
                            m.sortIndices();
                            return m;
                        },
                        got -> assertStructure(want, got, w + " sortIndices"));
                Object[] csc = want.csc();
                check(lib, t, CsrMatrix::tocsc, got -> {
                    assertEquals(want.indices.length, got.nnz(), w + " tocsc nnz");
                    assertArrayEquals((long[]) csc[0], longs(got.indptr()), w + " tocsc indptr");
                    assertArrayEquals((long[]) csc[1], longs(got.indices()), w + " tocsc indices");
                    assertArrayEquals((double[]) csc[2], got.data().toDoubleArray(), w + " tocsc data");
                });
                check(lib, t, CsrMatrix::tocoo, got -> {
                    assertEquals(want.indices.length, got.nnz(), w + " tocoo nnz");
                    assertArrayEquals(want.indices, longs(got.col()), w + " tocoo col");
                    assertArrayEquals(want.data, got.data().toDoubleArray(), w + " tocoo data");
                });
                check(lib, t, m -> m.T().nnz(), got -> assertEquals((long) want.indices.length, got, w + " T().nnz"));
                check(lib, t, m -> m.rows(0, 2), got -> {
                    long[] p = {0, want.indptr[1], want.indptr[2]};
                    assertArrayEquals(p, longs(got.indptr()), w + " rows(0, 2)");
                    assertEquals(want.indptr[2], got.nnz(), w + " rows(0, 2) nnz");
                });
                check(lib, t, m -> m.rows(Nd.array(new long[] {0})), got -> {
                    assertEquals(want.indptr[1], got.nnz(), w + " rows([0]) nnz");
                });
                check(lib, t, m -> m.mul(Double.POSITIVE_INFINITY), got -> {
                    // SciPy's A * inf: inf at each stored entry, nothing where the zeros were dropped
                    assertEquals(want.indices.length, got.nnz(), w + " mul(inf) nnz");
                    for (double v : got.data().toDoubleArray()) assertTrue(Double.isInfinite(v), w + " mul(inf)");
                });
                long off = 0; // setdiag keeps the entries off the diagonal and stores each diagonal element
                for (int i = 0; i < o.m; i++)
                    for (long q = want.indptr[i]; q < want.indptr[i + 1]; q++) if (want.indices[(int) q] != i) off++;
                long withDiagonal = off + Math.min(o.m, o.n);
                check(lib, t, m -> m.setdiag(0.0, 0), got -> assertEquals(withDiagonal, got.nnz(), w + " setdiag"));
                check(lib, t, m -> m.add(m), got -> assertEquals(want.indices.length, got.nnz(), w + " add nnz"));
                Path file = dir.resolve("p" + t + o.m + ".npz");
                check(
                        lib,
                        t,
                        m -> {
                            Nd.sparse().saveNpz(file, m);
                            return Nd.sparse().loadNpz(file);
                        },
                        got -> assertStructure(want, (CompressedMatrix) got, w + " saveNpz round trip"));
                Path mtx = dir.resolve("p" + t + o.m + ".mtx");
                check(
                        lib,
                        t,
                        m -> {
                            Nd.sparse().mmwrite(mtx, m);
                            return Nd.sparse().mmread(mtx);
                        },
                        got -> assertEquals(want.indices.length, got.nnz(), w + " mmwrite nnz"));
            }
        }
    }

    /** A dense x with inf where the product holds only cancelled sums: SciPy's A @ x has nothing there, not NaN. */
    @Test
    void productWithInfinityIsScipys() {
        Operands o = scipyCancel();
        Host lib = structural(o.a, o.b, o.m, o.k, o.n);
        // column 0 of the "cancel" product holds only cancelled sums
        try (CsrMatrix p = pending(lib, DType.FLOAT64);
                NDArray x = Nd.array(new double[] {Double.POSITIVE_INFINITY, 1});
                NDArray y = p.matmul(x)) {
            double[] want = new double[o.m];
            for (int i = 0; i < o.m; i++)
                for (long q = o.expected.indptr[i]; q < o.expected.indptr[i + 1]; q++)
                    want[i] += o.expected.data[(int) q]
                            * (o.expected.indices[(int) q] == 0 ? Double.POSITIVE_INFINITY : 1);
            assertArrayEquals(want, y.toDoubleArray());
            assertFalse(p.storage.pending(), "SpMV with a user's x settles");
        }
    }

    /** toarray, sum and mean read an explicit 0 as an implicit one: SciPy's values, the zeros left pending. */
    @Test
    void denseResultsLeaveTheZerosPending() {
        for (Operands o : cases()) {
            Host lib = structural(o.a, o.b, o.m, o.k, o.n);
            double[] dense = o.expected.dense();
            double total = 0;
            double[] rowSums = new double[o.m], colSums = new double[o.n];
            for (int i = 0; i < o.m; i++)
                for (int j = 0; j < o.n; j++) {
                    total += dense[i * o.n + j];
                    rowSums[i] += dense[i * o.n + j];
                    colSums[j] += dense[i * o.n + j];
                }
            try (CsrMatrix p = pending(lib, DType.FLOAT64)) {
                try (NDArray d = p.toarray();
                        NDArray s = p.sum();
                        NDArray s0 = p.sum(0);
                        NDArray s1 = p.sum(1);
                        NDArray mean = p.mean();
                        CscMatrix view = p.T();
                        NDArray dt = view.toarray()) {
                    assertArrayEquals(dense, d.toDoubleArray());
                    assertEquals(total, s.toDoubleArray()[0], 1e-12);
                    assertArrayEquals(colSums, s0.toDoubleArray(), 1e-12);
                    assertArrayEquals(rowSums, s1.toDoubleArray(), 1e-12);
                    assertEquals(total / (o.m * o.n), mean.toDoubleArray()[0], 1e-12);
                    assertEquals((long) o.n * o.m, dt.size());
                    assertTrue(p.storage.pending(), "nothing above showed the structure");
                    assertTrue(view.storage.pending());
                    // a view shares the storage: its nnz settles both
                    assertEquals(o.expected.indices.length, view.nnz());
                    assertFalse(p.storage.pending());
                }
            }
        }
    }

    /** The first call settles; later calls do no work: the arrays stay the same objects, one elimination. */
    @Test
    void settlesOnce() {
        Operands o = randomCancelling(3802, false);
        Host lib = structural(o.a, o.b, o.m, o.k, o.n);
        try (CsrMatrix p = pending(lib, DType.FLOAT64)) {
            NDArray before = p.storage.read(CompressedStorage.Stored::data);
            assertTrue(p.storage.pending());
            assertEquals(0, p.storage.eliminations());
            assertEquals(o.expected.indices.length, p.nnz());
            assertFalse(p.storage.pending());
            assertEquals(1, p.storage.eliminations());
            assertTrue(before.isClosed(), "the arrays with the zeros were released");
            NDArray data = p.data();
            assertEquals(o.expected.indices.length, p.nnz());
            assertEquals(o.expected.indices.length, p.nnz());
            assertSame(data, p.data(), "no new arrays at a second call");
            assertEquals(1, p.storage.eliminations(), "eliminated once");
        }
    }

    /** Without cancelled sums settling looks and finds nothing: the product's own arrays stay. */
    @Test
    void productWithoutCancellationsKeepsItsArrays() {
        Operands o = randomCancelling(3803, true);
        Host lib = structural(o.a, o.b, o.m, o.k, o.n);
        assertEquals(0, lib.zeros());
        try (CsrMatrix p = pending(lib, DType.FLOAT32)) {
            NDArray before = p.storage.read(CompressedStorage.Stored::data);
            assertStructure(lib, p, "no cancellations");
            assertSame(before, p.data());
            assertEquals(0, p.storage.eliminations());
            assertFalse(p.storage.pending());
        }
    }

    /** Two threads that read one pending product: one elimination, both see SciPy's result. */
    @Test
    void settlingFromTwoThreads() throws Exception {
        Operands o = randomCancelling(3804, false);
        Host lib = structural(o.a, o.b, o.m, o.k, o.n);
        var device = org.ndgpu.device.Device.current();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (CsrMatrix p = pending(lib, DType.FLOAT64)) {
            List<Callable<double[]>> jobs = List.of(
                    () -> {
                        try (var _ = device.use();
                                NDArray d = p.toarray()) {
                            return d.toDoubleArray();
                        }
                    },
                    () -> {
                        try (var _ = device.use()) {
                            return new double[] {p.nnz()};
                        }
                    });
            for (int round = 0; round < 3; round++) {
                List<Future<double[]>> done = pool.invokeAll(jobs);
                assertArrayEquals(o.expected.dense(), done.get(0).get());
                assertEquals(o.expected.indices.length, (long) done.get(1).get()[0]);
            }
            assertEquals(1, p.storage.eliminations());
        } finally {
            pool.shutdown();
        }
    }

    /** A closed pending product: a clear error naming the call, not a settle over released arrays. */
    @Test
    void closedPendingProduct() {
        Operands o = scipyCancel();
        CsrMatrix p = pending(structural(o.a, o.b, o.m, o.k, o.n), DType.FLOAT64);
        CscMatrix view = p.T();
        p.close();
        ArrayClosedException e = assertThrows(ArrayClosedException.class, p::nnz);
        assertTrue(e.getMessage().contains("nnz"), e.getMessage());
        assertThrows(ArrayClosedException.class, view::indices);
        assertThrows(ArrayClosedException.class, p::toarray);
        assertTrue(p.isClosed());
    }

    /** The real product of the same operands on the device (the library's path on CUDA): SciPy's. */
    @Test
    void deviceProductsAreScipys() {
        for (Operands o : List.of(scipyCancel(), randomCancelling(3805, false), randomCancelling(3806, true))) {
            try (NDArray da = Nd.array(o.a, DType.FLOAT64, o.m, o.k);
                    NDArray db = Nd.array(o.b, DType.FLOAT64, o.k, o.n);
                    CsrMatrix a = Nd.sparse().csrMatrix(da);
                    CsrMatrix b = Nd.sparse().csrMatrix(db);
                    SparseMatrix p = a.matmul(b);
                    NDArray d = p.toarray()) {
                assertArrayEquals(o.expected.dense(), d.toDoubleArray());
                assertStructure(o.expected, (CompressedMatrix) p, "device product");
                try (SparseMatrix q = a.matmul(b);
                        CscMatrix c = ((CsrMatrix) q).tocsc()) {
                    assertArrayEquals((long[]) o.expected.csc()[0], longs(c.indptr()), "device product tocsc");
                }
            }
        }
    }

    private static <R> void check(Host lib, DType t, Function<CsrMatrix, R> view, java.util.function.Consumer<R> test) {
        try (CsrMatrix p = pending(lib, t)) {
            assertTrue(p.storage.pending());
            R got = view.apply(p);
            // a result of its own (a new matrix) is released with the product; the product's own arrays are not
            try (AutoCloseable _ = got instanceof SparseMatrix m && got != p ? m : () -> {}) {
                test.accept(got);
                assertFalse(p.storage.pending(), "the call settled the product");
                assertEquals(1, p.storage.eliminations());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
