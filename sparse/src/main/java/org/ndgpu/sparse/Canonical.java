package org.ndgpu.sparse;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.CompressedStorage.Stored;
import org.ndgpu.sparse.OpsKernels.Name;

/**
 * Canonical form, as SciPy's {@code sum_duplicates}, {@code sort_indices}, {@code eliminate_zeros},
 * {@code has_sorted_indices} and {@code has_canonical_format}: sorted indices in each major line
 * (a CSR row, a CSC column) and no index twice. Each line is sorted by one work-item (insertion
 * sort, stable), then counted, scanned (the core's cumsum) and compacted.
 */
final class Canonical {
    private Canonical() {}

    /** A constructor of CSR or CSC over new arrays: {@code CsrMatrix::new}, {@code CscMatrix::new}. */
    interface Maker<M extends CompressedMatrix> {
        M make(NDArray data, NDArray indices, NDArray indptr, long[] shape, long nnz, boolean owner);
    }

    /**
     * What is known of one set of compressed arrays' canonical form, as SciPy's and CuPy's
     * {@code _has_canonical_format} flag: set where ndgpu made the arrays (sumDuplicates, the
     * conversions from COO and dense, a product), else found by one device check on the first
     * internal need and kept, so that a product does not read its operands' order back at every call.
     * As in SciPy, arrays a matrix was built from stay the caller's: writing them afterwards is not
     * seen (nor is the index range, checked once at construction). Once {@code indices()} or
     * {@code indptr()} has handed the arrays out, nothing is kept: every need checks again.
     * {@code hasCanonicalFormat()} always checks.
     */
    static final class Known {
        private static final int UNKNOWN = 0, CANONICAL = 1, NOT = 2, HANDED_OUT = 3;
        private int state;

        synchronized void set(boolean canonical) {
            if (state != HANDED_OUT) state = canonical ? CANONICAL : NOT;
        }

        synchronized void handedOut() {
            state = HANDED_OUT;
        }

        /** What {@code from} knows, for arrays of the same pattern of one's own. */
        synchronized void copyFrom(Known from) {
            int s = from.get();
            state = s == HANDED_OUT ? UNKNOWN : s;
        }

        synchronized int get() {
            return state;
        }
    }

    /** {@code m}, its arrays made canonical or not by the caller. */
    static <M extends CompressedMatrix> M marked(M m, boolean canonical) {
        m.known.set(canonical);
        return m;
    }

    /**
     * A canonical CSR matrix over a sparse library's product, its sums that cancelled to 0 still
     * stored: they are dropped when its structure is first shown ({@link CompressedStorage}).
     */
    static CsrMatrix withCancelledZeros(NDArray data, NDArray indices, NDArray indptr, long[] shape, long nnz) {
        return marked(
                new CsrMatrix(new CompressedStorage(new Stored(data, indices, indptr, nnz), true), shape, true), true);
    }

    /** {@code m}, a view over {@code from}'s arrays ({@code T()}): what either learns, both know. */
    static <M extends CompressedMatrix> M sharing(M m, CompressedMatrix from) {
        m.known = from.known;
        return m;
    }

    /** {@code m}, over new arrays of {@code from}'s pattern (a copy, astype): what {@code from} knows now. */
    static <M extends CompressedMatrix> M samePattern(M m, CompressedMatrix from) {
        m.known.copyFrom(from.known);
        return m;
    }

    /** {@code m}, {@code from}'s entries rearranged (its transpose's form): canonical where {@code from} is known to be. */
    static <M extends CompressedMatrix> M rearranged(M m, CompressedMatrix from) {
        if (from.known.get() == Known.CANONICAL) m.known.set(true);
        return m;
    }

    /** Whether {@code a} is canonical: from what is known, else one device check, then kept. */
    static boolean canonical(CompressedMatrix a, String op) {
        int s = a.known.get();
        if (s == Known.CANONICAL || s == Known.NOT) return s == Known.CANONICAL;
        boolean c = sorted(a, true, op);
        if (s == Known.UNKNOWN) a.known.set(c);
        return c;
    }

    /** The major lines: CSR's rows, CSC's columns. */
    static long majors(CompressedMatrix a) {
        return a.storage.read(s -> s.indptr().size() - 1);
    }

    /** Whether every line's indices increase (strictly: and none repeats). */
    static boolean sorted(CompressedMatrix a, boolean strict, String op) {
        Stored s = a.structure(op);
        s.data().live(op);
        long majors = s.indptr().size() - 1;
        try (NDArray flag = NDArray.empty(s.data().device(), DType.INT32, new long[] {1}, Order.C)
                .fill(0)) {
            SparseKernels.launch(
                    OpsKernels.get(Name.LINES_UNSORTED, ComplexParts.partOf(a.dtype), a.indexDtype()),
                    majors,
                    s.indptr(),
                    s.indices(),
                    flag,
                    majors,
                    strict ? 1 : 0);
            return flag.toIntArray()[0] == 0;
        }
    }

    /**
     * Whether any of {@code values} (float32 or float64, contiguous) is 0: one read of the values at
     * full width (a few 16-byte loads a work-item, int indices below 2^30 values) and a 4-byte read.
     */
    static boolean anyZero(NDArray values) {
        long n = values.size();
        if (n == 0) return false;
        // int counters where the grid's strides cannot pass int's range
        DType counter = n < (1L << 30) ? DType.INT32 : DType.INT64;
        try (NDArray flag = NDArray.empty(values.device(), DType.INT32, new long[] {1}, Order.C)
                .fill(0)) {
            SparseKernels.launch(
                    OpsKernels.get(Name.ANY_ZERO, values.dtype(), counter),
                    OpsKernels.anyZeroWorkItems(n, values.dtype()),
                    values,
                    flag,
                    n);
            return flag.toIntArray()[0] != 0;
        }
    }

    /** Sorts each line's indices (and their values) in place. */
    static void sortIndices(CompressedMatrix a) {
        Stored s = a.structure("sortIndices");
        s.data().live("sortIndices");
        if (a.dtype.isComplex()) throw ComplexParts.unsupported("sortIndices (use sortedIndices())", a.dtype);
        long majors = s.indptr().size() - 1;
        SparseKernels.launch(
                OpsKernels.get(Name.LINES_SORT, a.dtype, a.indexDtype()),
                majors,
                s.indptr(),
                s.indices(),
                s.data(),
                majors);
    }

    /** A new matrix of {@code a}'s entries, each line sorted and equal indices summed (in their order). */
    static <M extends CompressedMatrix> M sumDuplicates(CompressedMatrix a, Maker<M> make) {
        Stored s = a.structure("sumDuplicates");
        s.data().live("sumDuplicates");
        long majors = s.indptr().size() - 1;
        DType t = a.dtype, index = a.indexDtype();
        var device = s.data().device();
        try (NDArray starts = s.indptr().astype(DType.INT64);
                NDArray idx = s.indices().copy();
                NDArray vals = s.data().copy();
                NDArray unique = NDArray.empty(device, DType.INT64, new long[] {majors + 1}, Order.C)) {
            if (majors == 0) unique.fill(0);
            SparseKernels.launch(
                    OpsKernels.get(Name.LINES_SORT_MERGE, t, index), majors, starts, idx, vals, unique, majors);
            NDArray indptr = Conversions.narrowed(Conversions.scan(unique), index);
            long kept = Conversions.last(indptr);
            NDArray outIdx = NDArray.empty(device, index, new long[] {kept}, Order.C);
            NDArray outData = NDArray.empty(device, t, new long[] {kept}, Order.C);
            SparseKernels.launch(
                    SparseKernels.get(SparseKernels.Name.ROW_COMPACT, t, index),
                    majors,
                    starts,
                    idx,
                    vals,
                    indptr,
                    outIdx,
                    outData,
                    majors);
            return marked(make.make(outData, outIdx, indptr, a.shape, kept, true), true);
        }
    }

    /** A new matrix of {@code a}'s entries whose value is not zero (NaN is kept), in their order. */
    static <M extends CompressedMatrix> M eliminateZeros(CompressedMatrix a, Maker<M> make) {
        Stored s = a.structure("eliminateZeros");
        s.data().live("eliminateZeros");
        if (a.dtype.isComplex()) return ComplexParts.eliminateZeros(a, make);
        Stored kept = eliminateZeros(s, "eliminateZeros");
        return make.make(kept.data(), kept.indices(), kept.indptr(), a.shape, kept.nnz(), true);
    }

    /** New arrays of {@code a}'s real entries whose value is not zero (NaN is kept), in their order. */
    static Stored eliminateZeros(Stored a, String op) {
        NDArray data = a.data().live(op);
        long majors = a.indptr().size() - 1;
        DType t = data.dtype(), index = a.indices().dtype();
        var device = data.device();
        NDArray indptr;
        try (NDArray counts = NDArray.empty(device, DType.INT64, new long[] {majors + 1}, Order.C)) {
            if (majors == 0) counts.fill(0);
            SparseKernels.launch(
                    OpsKernels.get(Name.LINES_COUNT_NONZERO, t, index), majors, a.indptr(), data, counts, majors);
            indptr = Conversions.narrowed(Conversions.scan(counts), index);
        }
        long kept = Conversions.last(indptr);
        NDArray outIdx = NDArray.empty(device, index, new long[] {kept}, Order.C);
        NDArray outData = NDArray.empty(device, t, new long[] {kept}, Order.C);
        SparseKernels.launch(
                OpsKernels.get(Name.LINES_KEEP_NONZERO, t, index),
                majors,
                a.indptr(),
                a.indices(),
                data,
                indptr,
                outIdx,
                outData,
                majors);
        return new Stored(outData, outIdx, indptr, kept);
    }

    /** COO's sum_duplicates: the entries in row-major order, duplicates summed in their order. */
    static CooMatrix sumDuplicates(CooMatrix a) {
        try (CsrMatrix csr = a.tocsr()) {
            return csr.tocoo();
        }
    }

    /** COO's eliminate_zeros: the entries whose value is not zero, in their order. */
    static CooMatrix eliminateZeros(CooMatrix a) {
        a.data.live("eliminateZeros");
        try (NDArray keep = a.data.ne(0)) {
            return new CooMatrix(a.data.get(keep), a.row.get(keep), a.col.get(keep), a.shape, true);
        }
    }

    /**
     * {@code a} with duplicates summed, as SciPy's {@code _deduped_data} before a function of the
     * values: {@code a} itself where it is CSR or CSC in canonical form, else a new matrix.
     */
    static SparseMatrix deduped(SparseMatrix a) {
        return switch (a) {
            case CompressedMatrix c when !c.dtype.isComplex() && canonical(c, "sumDuplicates") -> c;
            default -> a.sumDuplicates();
        };
    }

    /** {@code a} as a canonical CSR matrix: {@code a} itself where it is one, else a new matrix. */
    static CsrMatrix canonicalCsr(SparseMatrix a) {
        return switch (a) {
            case CsrMatrix c when canonical(c, "tocsr") -> c;
            case CsrMatrix c -> c.sumDuplicates();
            case CooMatrix c -> c.tocsr();
            case CscMatrix c -> {
                // SciPy's CSC to CSR keeps repeated entries: summed here where there are any
                CsrMatrix r = c.tocsr();
                if (canonical(r, "tocsr")) yield r;
                try (r) {
                    yield r.sumDuplicates();
                }
            }
        };
    }
}
