package org.ndgpu.sparse;

import java.util.Locale;
import org.ndgpu.config.Config;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.SparseKernels.Name;

/**
 * {@code y = A x} for CSR arrays on ndgpu's own kernels ({@link SparseKernels}), and the one place
 * that picks among them: {@link #chosen}. A {@link Plan} names a kernel and, for the vector kernel,
 * its lanes per row. {@link #auto} picks by the average row length; the setting {@code
 * ndgpu.sparse.spmv} forces a plan by its name ({@code scalar}, {@code vector8}, {@code stream}), as
 * SparseBench does to measure every plan in one run; tests force plans through {@link #run}.
 */
final class Spmv {
    private Spmv() {}

    /** SpMV's kernels. */
    enum Kernel {
        /** {@code csr_spmv}: a row per work-item. */
        SCALAR,
        /** {@code csr_spmv_vector}: a row per slice of {@code lanes} work-items. */
        VECTOR,
        /** {@code csr_spmv_stream}: 256 rows per work-group, their products staged in local memory. */
        STREAM
    }

    /** A kernel and its lanes per row (1 but for {@link Kernel#VECTOR}: 2 to 32, a power of 2). */
    record Plan(Kernel kernel, int lanes) {
        Plan {
            if (kernel == Kernel.VECTOR ? lanes < 2 || lanes > 256 || Integer.bitCount(lanes) != 1 : lanes != 1)
                throw new IllegalArgumentException("spmv plan: " + kernel + " with " + lanes + " lanes");
        }

        static Plan vector(int lanes) {
            return new Plan(Kernel.VECTOR, lanes);
        }

        /** The plan of a name {@link Config#sparseSpmv} allows, but "auto": "scalar", "stream", "vector8". */
        static Plan of(String name) {
            return switch (name) {
                case "scalar" -> SCALAR;
                case "stream" -> STREAM;
                default -> vector(Integer.parseInt(name.substring("vector".length())));
            };
        }

        @Override
        public String toString() {
            return kernel == Kernel.VECTOR ? "vector" + lanes : kernel.name().toLowerCase(Locale.ROOT);
        }
    }

    static final Plan SCALAR = new Plan(Kernel.SCALAR, 1);
    static final Plan STREAM = new Plan(Kernel.STREAM, 1);

    /** Below this average row length the stream kernel runs; from it on, a warp-wide vector kernel. */
    static final long STREAM_BELOW = 32;

    /**
     * The plan for {@code rows} rows holding {@code nnz} entries, from the shape and nnz alone (no
     * device read): rows shorter than {@value #STREAM_BELOW} entries on average go to the stream
     * kernel, which reads them coalesced whatever their length; longer ones to the vector kernel
     * with {@link Products#lanes} lanes. {@code auto(16_777_216, 83_869_696)} (the 4096^2 Poisson
     * matrix) is the stream kernel.
     */
    static Plan auto(long rows, long nnz) {
        if (rows == 0 || nnz / rows < STREAM_BELOW) return STREAM;
        return Plan.vector(Products.lanes(rows, nnz));
    }

    /** The plan for {@code rows} rows of {@code nnz} entries: {@link #auto}'s, or the one {@code ndgpu.sparse.spmv} names. */
    static Plan chosen(long rows, long nnz) {
        String forced = Config.sparseSpmv();
        return forced.equals("auto") ? auto(rows, nnz) : Plan.of(forced);
    }

    /**
     * {@code y = A x} by {@code plan}, for the CSR arrays of an m-row matrix: values, x and y of
     * dtype {@code t} (float32, float64), x and y contiguous, y of m elements.
     */
    static void run(Plan plan, long m, NDArray indptr, NDArray indices, NDArray data, NDArray x, NDArray y, DType t) {
        DType index = indices.dtype();
        switch (plan.kernel()) {
            case SCALAR ->
                SparseKernels.launch(SparseKernels.get(Name.CSR_SPMV, t, index), m, indptr, indices, data, x, y, m);
            case VECTOR -> {
                long rowsPerGroup = 256 / plan.lanes();
                SparseKernels.launchGroups(
                        SparseKernels.get(Name.CSR_SPMV_VECTOR, t, index),
                        (m + rowsPerGroup - 1) / rowsPerGroup,
                        indptr,
                        indices,
                        data,
                        x,
                        y,
                        m,
                        plan.lanes());
            }
            case STREAM ->
                SparseKernels.launchGroups(
                        SparseKernels.get(Name.CSR_SPMV_STREAM, t, index),
                        (m + 255) / 256,
                        indptr,
                        indices,
                        data,
                        x,
                        y,
                        m);
        }
    }
}
