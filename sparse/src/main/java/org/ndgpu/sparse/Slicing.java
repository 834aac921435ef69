package org.ndgpu.sparse;

import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.OpsKernels.Name;

/**
 * Row selection, as SciPy's {@code A[i:j]} and {@code A[idx]} on a CSR matrix: the picked rows'
 * lengths counted (one work-item per picked row), scanned into the new indptr and copied, their
 * entries in their order (duplicates and unsorted indices kept, as SciPy keeps them).
 */
final class Slicing {
    private Slicing() {}

    /**
     * Rows {@code start, start + step, ...} short of {@code stop}, by Python's slice rules (a negative
     * bound counts from the end, bounds past the matrix are clamped; a negative step walks down).
     */
    static CsrMatrix rows(CsrMatrix a, long start, long stop, long step) {
        return rows(a, start, stop, step, "rows");
    }

    /** As {@link #rows(CsrMatrix, long, long, long)}, named {@code op} (columns pick a transpose's rows). */
    static CsrMatrix rows(CsrMatrix a, long start, long stop, long step, String op) {
        NDArray values = Products.liveValues(a, op);
        if (a.dtype.isComplex())
            return (CsrMatrix) ComplexParts.samePattern(a, op, m -> rows((CsrMatrix) m, start, stop, step, op));
        if (step == 0) throw new NdException(op + ": step must not be zero, got 0");
        long m = a.shape[0];
        // Python's slice.indices(m): the last bound is m for a positive step, -1 for a negative one
        long lo = clamp(start, m, step), hi = clamp(stop, m, step);
        long count = (step > 0 ? hi > lo : lo > hi) ? Math.ceilDiv(hi - lo, step) : 0;
        try (NDArray pick = NDArray.empty(values.device(), DType.INT64, new long[] {count}, Order.C)) {
            SparseKernels.launch(OpsKernels.get(Name.ARANGE, a.dtype, a.indexDtype()), count, pick, lo, step, count);
            return pick(a, pick, op, op);
        }
    }

    private static long clamp(long i, long m, long step) {
        long j = i < 0 ? i + m : i;
        return step > 0 ? Math.max(0, Math.min(m, j)) : Math.max(-1, Math.min(m - 1, j));
    }

    /** The rows {@code index[0], index[1], ...} (an integer array, negative from the end, or a boolean mask). */
    static CsrMatrix rows(CsrMatrix a, NDArray index) {
        return rows(a, index, "rows", "rows");
    }

    /** As {@link #rows(CsrMatrix, NDArray)}, named {@code op}, the major lines called {@code unit} in messages. */
    static CsrMatrix rows(CsrMatrix a, NDArray index, String op, String unit) {
        Objects.requireNonNull(index, op + ": index is null");
        if (a.dtype.isComplex() && !a.isClosed())
            return (CsrMatrix) ComplexParts.samePattern(a, op, m -> rows((CsrMatrix) m, index, op, unit));
        NDArray values = Products.liveValues(a, op);
        index.live(op);
        SparseChecks.sameDevice(op, values, "index", index);
        if (index.ndim() != 1)
            throw new ShapeException(op + ": index must be 1-d, got shape " + Products.str(index.shape()));
        if (index.dtype() == DType.BOOL) {
            try (NDArray places = Indexing.maskPlaces(op, index, a.shape[0], unit.substring(0, unit.length() - 1))) {
                return pick(a, places, op, unit);
            }
        }
        if (!index.dtype().isInteger())
            throw new DTypeException(op + ": index must be an integer or boolean array, got " + index.dtype());
        NDArray pick = index.dtype() == DType.INT64 ? Conversions.ready(index) : index.astype(DType.INT64);
        try {
            return pick(a, pick, op, unit);
        } finally {
            if (pick != index) pick.close();
        }
    }

    private static CsrMatrix pick(CsrMatrix a, NDArray pick, String op, String unit) {
        long m = a.shape[0], count = pick.size();
        DType t = a.dtype, index = a.indexDtype();
        CompressedStorage.Stored s = a.structure(op);
        var device = s.data().device();
        NDArray indptr;
        try (NDArray counts = NDArray.empty(device, DType.INT64, new long[] {count + 1}, Order.C);
                NDArray bad = NDArray.empty(device, DType.INT32, new long[] {1}, Order.C)
                        .fill(0)) {
            if (count == 0) counts.fill(0);
            SparseKernels.launch(
                    OpsKernels.get(Name.PICK_COUNTS, t, index), count, s.indptr(), pick, counts, bad, count, m);
            if (bad.toIntArray()[0] != 0) throw outOfRange(op, pick, m, unit);
            indptr = Conversions.scan(counts);
        }
        long nnz = Conversions.last(indptr);
        if (index == DType.INT32 && nnz > Integer.MAX_VALUE) {
            indptr.close();
            throw new NdException(op + ": the selected " + unit + " hold " + nnz + " entries, past int32 indices");
        }
        indptr = Conversions.narrowed(indptr, index);
        NDArray outIdx = NDArray.empty(device, index, new long[] {nnz}, Order.C);
        NDArray outData = NDArray.empty(device, t, new long[] {nnz}, Order.C);
        SparseKernels.launch(
                OpsKernels.get(Name.PICK_FILL, t, index),
                count,
                s.indptr(),
                s.indices(),
                s.data(),
                pick,
                indptr,
                outIdx,
                outData,
                count,
                m);
        return new CsrMatrix(outData, outIdx, indptr, new long[] {count, a.shape[1]}, nnz, true);
    }

    // only on the error path: the first offending index, read on the host to name it
    private static IndexException outOfRange(String op, NDArray pick, long m, String unit) {
        long[] p = pick.toLongArray();
        for (int i = 0; i < p.length; i++) {
            if (p[i] < -m || p[i] >= m)
                return new IndexException(op + ": index[" + i + "] = " + p[i] + " is out of range for " + m + " " + unit
                        + " (-" + m + " to " + (m - 1) + ")");
        }
        return new IndexException(op + ": an index is out of range for " + m + " " + unit);
    }
}
