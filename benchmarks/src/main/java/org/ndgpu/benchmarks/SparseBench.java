package org.ndgpu.benchmarks;

import java.util.function.Consumer;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.RawModule;
import org.ndgpu.sparse.CooMatrix;
import org.ndgpu.sparse.CsrMatrix;
import org.ndgpu.sparse.SparseMatrix;

/**
 * The sparse rows of issue 38 beside {@code .gpu/cupy_sparse_anchors.py} (the same matrices in
 * {@code cupyx.scipy.sparse}): SpMV on the 5-point Poisson matrix of an N x N grid (N = 4096: 16.8M
 * rows, 84M entries) and on a power-law matrix (10M rows, about 16 entries a row, the longest
 * 100k), SpMM with 32 dense columns, {@code A.T @ x} without the transpose, CSR to CSC, SpGEMM of
 * the Poisson matrix with itself, the duplicates of a COO matrix of 100M entries summed, and cg on
 * the Poisson matrix of a 1024 x 1024 grid to 1e-6. On a
 * CUDA device the product and conversion rows run twice: on cuSPARSE (where it loads), then on
 * ndgpu's own kernels ({@code ndgpu.sparse.library=own}, rows ending in " own"). The matrices are built on the device by the
 * kernels below (no host loops), from a fixed seed; each product is checked once before it is
 * timed. GB/s counts each array read or written once (x and the indices once, however often a
 * kernel reads them through the cache). Where the own kernels run (OpenCL, the " own" rows on
 * CUDA), every SpMV plan is also forced ({@code ndgpu.sparse.spmv}) and timed, rows "SpMV ... [plan]".
 *
 * <p>On the GPU host: {@code .gpu/bench.sh SparseBench}. On PoCL, small:
 * {@code SparseBench 64 20000 100000} (grid side, power-law rows, COO entries; cg on the 64 x 64 grid).
 */
public final class SparseBench {
    private SparseBench() {}

    private static final long SEED = 38;
    private static final long LONGEST = 100_000;

    /** The matrices' builders, OpenCL C for every backend; cupy_sparse_anchors.py does the same arithmetic. */
    private static final String BUILD = """
            #pragma OPENCL EXTENSION cl_khr_fp64 : enable
            /* splitmix64's finalizer: the fixed-seed hash every random choice below comes from */
            ulong mix(ulong z) {
                z += 0x9E3779B97F4A7C15UL;
                z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
                z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
                return z ^ (z >> 31);
            }
            float value(long k) { return (float) (((k * 7919) % 2003) / 2003.0 - 0.5); }
            /* the 5-point Laplacian of an N x N grid: row i = (a, b) = (i / N, i % N), its columns in order */
            __kernel void poisson(__global int* indptr, __global int* indices, __global float* data, long N) {
                long i = get_global_id(0), m = N * N;
                if (i > m) return;
                long a = i / N, b = i % N;
                long at = a * (5 * N - 2) - (a > 0 ? N : 0) - (a > N - 1 ? N : 0)
                        + b * (5 - (a == 0 ? 1 : 0) - (a == N - 1 ? 1 : 0)) - (b > 0 ? 1 : 0);
                indptr[i] = (int) at;
                if (i == m) return;
                if (a > 0) { indices[at] = (int) (i - N); data[at++] = -1; }
                if (b > 0) { indices[at] = (int) (i - 1); data[at++] = -1; }
                indices[at] = (int) i; data[at++] = 4;
                if (b < N - 1) { indices[at] = (int) (i + 1); data[at++] = -1; }
                if (a < N - 1) { indices[at] = (int) (i + N); data[at] = -1; }
            }
            /* counts[r + 1]: Pareto row lengths (tail index 1.5, minimum 5.5: about 16 on average), at most
               longest, row 0 exactly longest; counts[0] = 0, so that cumsum gives indptr */
            __kernel void powerlaw_counts(__global long* counts, long m, long longest, ulong seed) {
                long r = get_global_id(0);
                if (r == 0) counts[0] = 0;
                if (r >= m) return;
                double u = (double) ((mix(seed + (ulong) r) >> 11) + 1) * (1.0 / 9007199254740992.0);
                long l = (long) floor(5.5 * pow(u, -2.0 / 3.0));
                counts[r + 1] = r == 0 ? longest : min(l, longest);
            }
            /* row r's columns (s + 7919 j) mod n from a start s of its own: distinct, scattered over x */
            __kernel void powerlaw_fill(__global const int* indptr, __global int* indices, __global float* data,
                                        long m, long n, ulong seed) {
                long r = get_global_id(0);
                if (r >= m) return;
                long s = (long) (mix(seed + (ulong) (m + r)) % (ulong) n);
                for (long k = indptr[r]; k < indptr[r + 1]; k++) {
                    indices[k] = (int) ((s + (k - indptr[r]) * 7919) % n);
                    data[k] = value(k);
                }
            }
            /* COO entry k at a hashed (row, column), columns in [0, cols): rows of cols columns get duplicates */
            __kernel void coo_fill(__global int* row, __global int* col, __global float* data, long nnz, long m,
                                   long cols, ulong seed) {
                long k = get_global_id(0);
                if (k >= nnz) return;
                ulong h = mix(seed + (ulong) k);
                row[k] = (int) (h % (ulong) m);
                col[k] = (int) ((h >> 32) % (ulong) cols);
                data[k] = value(k);
            }
            """;

    private static RawModule module;

    private static void launch(String kernel, long items, Object... args) {
        if (module == null) module = new RawModule(BUILD);
        module.function(kernel).launch(new long[] {(items + 255) / 256}, new long[] {256}, args);
    }

    /** The 5-point Poisson matrix of an N x N grid in float32: 4 on the diagonal, -1 to each neighbour. */
    static CsrMatrix poisson(long side) {
        long m = side * side, nnz = 5 * m - 4 * side;
        NDArray indptr = Nd.empty(DType.INT32, m + 1),
                indices = Nd.empty(DType.INT32, nnz),
                data = Nd.empty(DType.FLOAT32, nnz);
        launch("poisson", m + 1, indptr, indices, data, side);
        return Nd.sparse().csrMatrix(data, indices, indptr, new long[] {m, m});
    }

    /** The power-law matrix of m x m in float32 (see powerlaw_counts), the same on every device. */
    static CsrMatrix powerLaw(long m) {
        long longest = Math.min(LONGEST, m);
        NDArray indptr;
        try (NDArray counts = Nd.empty(DType.INT64, m + 1)) {
            launch("powerlaw_counts", m, counts, m, longest, SEED);
            try (NDArray sums = Nd.cumsum(counts)) {
                indptr = sums.astype(DType.INT32);
            }
        }
        long nnz;
        try (NDArray last = indptr.get("-1:")) {
            nnz = last.toLongArray()[0];
        }
        NDArray indices = Nd.empty(DType.INT32, nnz), data = Nd.empty(DType.FLOAT32, nnz);
        launch("powerlaw_fill", m, indptr, indices, data, m, m, SEED);
        return Nd.sparse().csrMatrix(data, indices, indptr, new long[] {m, m});
    }

    /** A COO matrix of {@code nnz} hashed entries in float32 over 2^22 x 64: at 100M, about 1 in 6 is a duplicate. */
    static CooMatrix cooWithDuplicates(long nnz) {
        long m = 1L << 22, cols = 64;
        NDArray row = Nd.empty(DType.INT32, nnz), col = Nd.empty(DType.INT32, nnz), data = Nd.empty(DType.FLOAT32, nnz);
        launch("coo_fill", nnz, row, col, data, nnz, m, cols, SEED);
        return Nd.sparse().cooMatrix(data, row, col, new long[] {m, cols});
    }

    /** Bytes of one SpMV (or SpMM of p columns): the matrix, x and y once each. */
    static double productBytes(CsrMatrix a, long p, int valueBytes) {
        long m = a.shape()[0], n = a.shape()[1];
        return a.nnz() * (valueBytes + 4.0) + (m + 1) * 4.0 + (n + m) * (double) p * valueBytes;
    }

    /** Bytes of a conversion that reads and writes the matrix once. */
    static double convertBytes(CsrMatrix a, int valueBytes) {
        return 2 * (a.nnz() * (valueBytes + 4.0) + (a.shape()[0] + 1) * 4.0);
    }

    /** Throws unless {@code got} is within {@code tol} of {@code want}, relative. */
    static void check(String what, double want, double got, double tol) {
        if (!(Math.abs(got - want) <= tol * Math.max(1, Math.abs(want))))
            throw new AssertionError("SparseBench: " + what + " is " + got + ", expected " + want);
    }

    /** sum(A x) against (A^T 1) . x in float64: the CSR kernels against the CSC one. */
    static void checkProduct(String name, CsrMatrix a32) {
        long n = a32.shape()[1], m = a32.shape()[0];
        try (CsrMatrix a = a32.astype(DType.FLOAT64);
                NDArray x = Nd.random().seed(3).uniform(0, 1, DType.FLOAT64, n);
                NDArray ones = Nd.ones(DType.FLOAT64, m);
                NDArray y = a.matmul(x);
                NDArray ys = y.sum();
                NDArray colSums = a.T().matmul(ones);
                NDArray dot = Nd.dot(colSums, x)) {
            check(name + " sum(A x)", dot.toDoubleArray()[0], ys.toDoubleArray()[0], 1e-9);
        }
    }

    private static void spmvRows(String name, CsrMatrix a32, String tag) {
        for (DType t : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            int size = t == DType.FLOAT32 ? 4 : 8;
            String suffix = (t == DType.FLOAT32 ? " f32" : " f64") + tag;
            try (CsrMatrix a = a32.astype(t);
                    NDArray x = Nd.random().seed(4).uniform(0, 1, t, a.shape()[1]);
                    NDArray xt = Nd.random().seed(5).uniform(0, 1, t, a.shape()[0])) {
                Bench.row(
                        "SpMV " + name + suffix, Bench.deviceMsOf(() -> a.matmul(x), 20, 3), productBytes(a, 1, size));
                if (!tag.isEmpty() || Device.current().backend().dialect() != Dialect.CUDA)
                    spmvVariantRows(name + suffix, a, x, t, productBytes(a, 1, size));
                Bench.row(
                        "A.T @ x " + name + suffix,
                        Bench.deviceMsOf(() -> a.T().matmul(xt), 10, 2),
                        productBytes(a, 1, size));
            }
        }
    }

    private static final String SPMV = "ndgpu.sparse.spmv";
    private static final String[] SPMV_PLANS = {
        "scalar", "vector2", "vector4", "vector8", "vector16", "vector32", "stream", "auto"
    };

    /**
     * Each own SpMV kernel forced by {@code ndgpu.sparse.spmv} (scalar, vector2 to vector32, stream,
     * auto), rows "SpMV ... [plan]"; each checked once against the auto plan's y before it is timed.
     */
    private static void spmvVariantRows(String name, CsrMatrix a, NDArray x, DType t, double bytes) {
        String before = System.getProperty(SPMV);
        try (NDArray want = a.matmul(x)) {
            for (String plan : SPMV_PLANS) {
                System.setProperty(SPMV, plan);
                try (NDArray got = a.matmul(x);
                        NDArray diff = got.sub(want);
                        NDArray dn = Nd.linalg().norm(diff);
                        NDArray wn = Nd.linalg().norm(want)) {
                    check(
                            "SpMV " + name + " [" + plan + "] |y - y_auto| / |y_auto|",
                            0,
                            dn.toDoubleArray()[0] / wn.toDoubleArray()[0],
                            t == DType.FLOAT32 ? 1e-5 : 1e-12);
                }
                Bench.row("SpMV " + name + " [" + plan + "]", Bench.deviceMsOf(() -> a.matmul(x), 20, 3), bytes);
            }
        } finally {
            if (before == null) System.clearProperty(SPMV);
            else System.setProperty(SPMV, before);
        }
    }

    private static final String LIBRARY = "ndgpu.sparse.library";

    /**
     * {@code rows} as the settings have it (on CUDA: cuSPARSE where it loads), then, on a CUDA device,
     * again with ndgpu's own kernels ({@code ndgpu.sparse.library=own}): those rows end in " own".
     */
    static void withBothLibraries(Consumer<String> rows) {
        String before = System.getProperty(LIBRARY);
        boolean own = before != null && before.strip().equalsIgnoreCase("own");
        rows.accept(own ? " own" : "");
        if (own || Device.current().backend().dialect() != Dialect.CUDA) return;
        System.setProperty(LIBRARY, "own");
        try {
            rows.accept(" own");
        } finally {
            if (before == null) System.clearProperty(LIBRARY);
            else System.setProperty(LIBRARY, before);
        }
    }

    /**
     * SpGEMM {@code A @ A} in float32; its bytes: A read twice, the product written once. Two rows:
     * what a user's {@code A.matmul(A)} costs (cuSPARSE's product returns with its cancelled sums
     * pending), and the same followed by {@code nnz()}, which settles them as SciPy's {@code A @ B}
     * drops them (on the own kernels the two are the same work).
     */
    private static void spgemmRow(String name, CsrMatrix a, String tag) {
        long productNnz;
        try (SparseMatrix c = a.matmul(a)) {
            productNnz = c.nnz();
        }
        double bytes = 2 * a.nnz() * 8.0 + productNnz * 8.0;
        Bench.row("SpGEMM " + name + " @ itself f32" + tag, Bench.deviceMsOf(() -> a.matmul(a), 5, 1), bytes);
        Bench.row(
                "SpGEMM " + name + " @ itself f32, then nnz()" + tag,
                Bench.deviceMsOf(
                        () -> {
                            SparseMatrix c = a.matmul(a);
                            c.nnz();
                            return c;
                        },
                        5,
                        1),
                bytes);
    }

    // ---------------------------------------------------------------- cg (issue 38's solver row)

    /**
     * {@code cg} on the float64 Poisson matrix of a side x side grid, b all ones, to rtol 1e-6 (SciPy's
     * default atol 0), as the anchor's {@code cupyx.scipy.sparse.linalg.cg}; the iterations printed
     * beside it, to be compared with CuPy's (its callback count).
     */
    static void cgRow(long side) {
        try (CsrMatrix a32 = poisson(side);
                CsrMatrix a = a32.astype(DType.FLOAT64);
                NDArray b = Nd.ones(DType.FLOAT64, a.shape()[0])) {
            var linalg = Nd.sparse().linalg();
            var options = org.ndgpu.sparse.linalg.SolveOptions.defaults().withRtol(1e-6);
            int iterations;
            try (var r = linalg.cg(a, b, options)) {
                iterations = r.iterations();
                System.out.printf("  cg Poisson %d^2 f64: %d iterations, info %d%n", side, iterations, r.info());
            }
            Bench.row(
                    "cg Poisson " + side + "^2 f64 to 1e-6", Bench.deviceMsOf(() -> linalg.cg(a, b, options), 3, 1), 0);
        }
    }

    // ---------------------------------------------------------------- spsolve (issue 38)

    /**
     * spsolve on the Poisson matrix of a {@code side} x {@code side} grid in float64, b uniform: on
     * CUDA cuSOLVER's csrlsvqr (CuPy's spsolve, .gpu/cupy_sparse_anchors.py's last row), in the
     * " own" row and on OpenCL EJML's LU on the host. The residual is checked once before the timing.
     */
    private static void spsolveRows(long side) {
        String name = "spsolve Poisson " + side + "^2 f64";
        try (CsrMatrix p32 = poisson(side);
                CsrMatrix a = p32.astype(DType.FLOAT64);
                NDArray b = Nd.random().seed(7).uniform(0, 1, DType.FLOAT64, a.shape()[0])) {
            withBothLibraries(tag -> {
                try (NDArray x = Nd.sparse().linalg().spsolve(a, b);
                        NDArray ax = a.matmul(x);
                        NDArray r = ax.sub(b);
                        NDArray rn = Nd.linalg().norm(r);
                        NDArray bn = Nd.linalg().norm(b)) {
                    check(name + tag + " |A x - b| / |b|", 0, rn.toDoubleArray()[0] / bn.toDoubleArray()[0], 1e-9);
                }
                // the solve above warmed up; the host's LU takes seconds at 256^2, so it is timed once
                boolean host = !tag.isEmpty() || Device.current().backend().dialect() != Dialect.CUDA;
                Bench.row(
                        name + tag, Bench.deviceMsOf(() -> Nd.sparse().linalg().spsolve(a, b), host ? 1 : 3, 0), 0);
            });
        }
    }

    /**
     * Prints the table; arguments: the Poisson grid's side (4096), the power-law rows (10M), the COO
     * entries (100M), cg's grid side (1024, or the Poisson side where smaller).
     */
    // -Dsparse.bench=spgemm: the Poisson matrix's SpGEMM rows alone (a short call on the GPU host)
    private static final boolean SPGEMM_ONLY = "spgemm".equals(System.getProperty("sparse.bench"));

    public static void main(String[] args) {
        long side = args.length > 0 ? Long.parseLong(args[0]) : 4096;
        long rows = args.length > 1 ? Long.parseLong(args[1]) : 10_000_000;
        long entries = args.length > 2 ? Long.parseLong(args[2]) : 100_000_000;
        Bench.header("SparseBench");
        String pname = "Poisson " + side + "^2";
        try (CsrMatrix a = poisson(side)) {
            try (NDArray ones = Nd.ones(DType.FLOAT32, a.shape()[1]);
                    NDArray y = a.matmul(ones);
                    NDArray s = y.sum()) {
                check(pname + " row sums", 4.0 * side, s.toDoubleArray()[0], 1e-6);
            }
            checkProduct(pname, a);
            if (SPGEMM_ONLY) {
                spgemmRow(pname, a, "");
                return;
            }
            withBothLibraries(tag -> {
                spmvRows(pname, a, tag);
                try (NDArray x = Nd.random().seed(6).uniform(0, 1, DType.FLOAT32, a.shape()[1], 32)) {
                    Bench.row(
                            "SpMM " + pname + " x 32 f32" + tag,
                            Bench.deviceMsOf(() -> a.matmul(x), 10, 2),
                            productBytes(a, 32, 4));
                }
                Bench.row("tocsc " + pname + " f32" + tag, Bench.deviceMsOf(a::tocsc, 5, 1), convertBytes(a, 4));
                spgemmRow(pname, a, tag);
            });
        }
        String lname = "power-law " + rows;
        try (CsrMatrix a = powerLaw(rows)) {
            System.out.printf("  %s: %d entries, %.2f a row%n", lname, a.nnz(), (double) a.nnz() / rows);
            checkProduct(lname, a);
            withBothLibraries(tag -> {
                spmvRows(lname, a, tag);
                // SpMM on a skewed pattern too: the own kernel gives a row to a work-item per column, cuSPARSE balances
                try (NDArray x = Nd.random().seed(6).uniform(0, 1, DType.FLOAT32, a.shape()[1], 32)) {
                    Bench.row(
                            "SpMM " + lname + " x 32 f32" + tag,
                            Bench.deviceMsOf(() -> a.matmul(x), 10, 2),
                            productBytes(a, 32, 4));
                }
                Bench.row("tocsc " + lname + " f32" + tag, Bench.deviceMsOf(a::tocsc, 5, 1), convertBytes(a, 4));
            });
        }
        try (CooMatrix c = cooWithDuplicates(entries)) {
            try (CooMatrix once = c.sumDuplicates()) {
                System.out.printf("  COO %d entries: %d after sumDuplicates%n", entries, once.nnz());
            }
            Bench.row(
                    "COO sumDuplicates " + entries + " f32",
                    Bench.deviceMsOf(c::sumDuplicates, 5, 1),
                    2 * entries * 12.0);
        }
        cgRow(args.length > 3 ? Long.parseLong(args[3]) : Math.min(1024, side));
        // spsolve: the Poisson matrix of a 256 x 256 grid (65,536 unknowns), of the smaller grid on a smaller run
        spsolveRows(Math.min(side, 256));
    }
}
