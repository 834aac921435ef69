package org.ndgpu.sparse;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.CompressedStorage.Stored;
import org.ndgpu.sparse.OpsKernels.Name;

/**
 * Arithmetic on a matrix's entries, as SciPy's: {@code A + B}, {@code A - B} and
 * {@code A.multiply(B)} of two sparse matrices (each row of the two canonical CSR forms merged by
 * one work-item, zero results dropped, as SciPy's {@code csr_binop_csr}), {@code A.multiply(dense)}
 * by SciPy's broadcasting rules, and the scalar operations on the stored values.
 */
final class Arithmetic {
    private Arithmetic() {}

    static final int ADD = 0, SUB = 1, MUL = 2;

    /** The wider of two value dtypes (float32 with float64 gives float64). */
    static DType wider(DType a, DType b) {
        return a == DType.FLOAT64 || b == DType.FLOAT64 ? DType.FLOAT64 : DType.FLOAT32;
    }

    /** {@code a op b} of one shape: a new canonical CSR matrix without zero results. */
    static CsrMatrix binop(SparseMatrix a, SparseMatrix b, int op, String name) {
        Objects.requireNonNull(b, name + ": other is null");
        NDArray av = Products.liveValues(a, name), bv = Products.liveValues(b, name);
        SparseChecks.sameDevice(name, av, "other", bv);
        if (op == MUL && !Arrays.equals(a.shape, b.shape)) return broadcastMultiply(a, b);
        if (!Arrays.equals(a.shape, b.shape))
            throw new ShapeException(name + ": inconsistent shapes, the matrix has shape " + Products.str(a.shape)
                    + " and other " + Products.str(b.shape) + "; they must be equal");
        DType t = wider(a.dtype, b.dtype);
        CsrMatrix ca = null, cb = null;
        try {
            ca = Canonical.canonicalCsr(a);
            cb = Canonical.canonicalCsr(b);
            DType index = ca.indexDtype() == DType.INT64 || cb.indexDtype() == DType.INT64 ? DType.INT64 : DType.INT32;
            return merge(conform(ca, t, index), conform(cb, t, index), a.shape, t, index, op, ca, cb);
        } finally {
            if (ca != null && ca != a) ca.close();
            if (cb != null && cb != b) cb.close();
        }
    }

    /**
     * {@code A.multiply(B)} where one is a row, a column or one element that broadcasts over the other
     * (or a row against a column): the vector's dense form multiplies the other's entries, as SciPy's
     * product with a diagonal matrix does; zero products dropped, except against one element, where
     * SciPy scales the values and keeps them.
     */
    private static CsrMatrix broadcastMultiply(SparseMatrix a, SparseMatrix b) {
        SparseMatrix big = fits(b.shape, a.shape) || !fits(a.shape, b.shape) ? a : b, small = big == a ? b : a;
        if (small.shape[0] != 1 && small.shape[1] != 1)
            throw new ShapeException("multiply: inconsistent shapes, the matrix has shape " + Products.str(a.shape)
                    + " and other " + Products.str(b.shape) + "; they must be equal or broadcast");
        try (NDArray d = small.toarray();
                CooMatrix p = big.multiply(d);
                CsrMatrix c = p.tocsr()) {
            return small.shape[0] == 1 && small.shape[1] == 1 ? c.copy() : c.eliminateZeros();
        }
    }

    /** Whether a shape broadcasts onto another by NumPy's rules. */
    private static boolean fits(long[] s, long[] onto) {
        return (s[0] == onto[0] || s[0] == 1) && (s[1] == onto[1] || s[1] == 1);
    }

    /** {@code c} with values of {@code t} and indices of {@code index}: {@code c} itself, or a new matrix. */
    private static CsrMatrix conform(CsrMatrix c, DType t, DType index) {
        if (c.dtype == t && c.indexDtype() == index) return c;
        Stored s = c.structure("conform");
        return new CsrMatrix(
                c.dtype == t ? s.data().copy() : s.data().astype(t),
                s.indices().astype(index),
                s.indptr().astype(index),
                c.shape,
                s.nnz(),
                true);
    }

    private static CsrMatrix merge(
            CsrMatrix a, CsrMatrix b, long[] shape, DType t, DType index, int op, CsrMatrix ownA, CsrMatrix ownB) {
        try {
            long m = shape[0];
            Stored as = a.structure("merge"), bs = b.structure("merge");
            var device = as.data().device();
            NDArray indptr;
            try (NDArray counts = NDArray.empty(device, DType.INT64, new long[] {m + 1}, Order.C)) {
                if (m == 0) counts.fill(0);
                SparseKernels.launch(
                        OpsKernels.get(Name.BINOP_COUNT, t, index),
                        m,
                        as.indptr(),
                        as.indices(),
                        as.data(),
                        bs.indptr(),
                        bs.indices(),
                        bs.data(),
                        counts,
                        m,
                        op);
                indptr = Conversions.narrowed(Conversions.scan(counts), index);
            }
            long nnz = Conversions.last(indptr);
            NDArray indices = NDArray.empty(device, index, new long[] {nnz}, Order.C);
            NDArray data = NDArray.empty(device, t, new long[] {nnz}, Order.C);
            SparseKernels.launch(
                    OpsKernels.get(Name.BINOP_FILL, t, index),
                    m,
                    as.indptr(),
                    as.indices(),
                    as.data(),
                    bs.indptr(),
                    bs.indices(),
                    bs.data(),
                    indptr,
                    indices,
                    data,
                    m,
                    op);
            return new CsrMatrix(data, indices, indptr, shape, nnz, true);
        } finally {
            if (a != ownA) a.close();
            if (b != ownB) b.close();
        }
    }

    /**
     * {@code A.multiply(other)} for a dense {@code other} (0-d, 1-d as a row, or 2-d), by SciPy's
     * rules: of one shape, a row or a column that broadcasts over the matrix, one element; or, where
     * the matrix is one row (column), a dense matrix that repeats it down (across). A COO matrix
     * with one entry per product of a stored entry, as SciPy gives.
     */
    static CooMatrix multiplyDense(SparseMatrix a, NDArray other) {
        String op = "multiply";
        Objects.requireNonNull(other, op + ": other is null");
        NDArray values = Products.liveValues(a, op);
        other.live(op);
        SparseChecks.sameDevice(op, values, "other", other);
        if (other.ndim() > 2)
            throw new ShapeException(
                    op + ": other must have at most 2 dimensions, got shape " + Products.str(other.shape()));
        DType od = other.dtype();
        if (!od.isFloating() && !od.isInteger() && !od.isBool())
            throw new DTypeException(op + ": other must be a real number array, got " + od);
        DType t = DType.promote(a.dtype, od); // NumPy's rule: float32 with int32 gives float64
        long m = a.shape[0], n = a.shape[1];
        long p = other.ndim() == 2 ? other.shape(0) : 1, q = other.ndim() == 0 ? 1 : other.shape(other.ndim() - 1);
        long outM = m, outN = n, reps = 1, rowStep = 0, colStep = 0, rs, cs;
        boolean entryMajor = false;
        if (p * q == 1) {
            rs = 0;
            cs = 0;
        } else if (p == m && q == n) {
            rs = q;
            cs = 1;
        } else if (m == 1 && (q == 1 || q == n)) { // the matrix's row repeated down other's rows
            outM = p;
            reps = p;
            rowStep = 1;
            rs = q;
            cs = q == 1 ? 0 : 1;
        } else if (n == 1 && (p == 1 || p == m)) { // the matrix's column repeated across other's columns
            outN = q;
            reps = q;
            colStep = 1;
            entryMajor = true;
            rs = p == 1 ? 0 : q;
            cs = 1;
        } else if (p == 1 && q == n) {
            rs = 0;
            cs = 1;
        } else if (q == 1 && p == m) {
            rs = 1;
            cs = 0;
        } else {
            throw new ShapeException(op + ": inconsistent shapes, the matrix has shape " + Products.str(a.shape)
                    + " and other " + Products.str(other.shape()));
        }
        // SciPy takes a COO matrix's product through its CSR form: duplicates summed first
        CooMatrix coo = switch (a) {
            case CooMatrix c -> {
                try (CsrMatrix csr = c.tocsr()) {
                    yield csr.tocoo();
                }
            }
            default -> a.tocoo();
        };
        long nnz = coo.nnz(), total = Math.multiplyExact(nnz, reps);
        DType index = SparseChecks.indexFor(outM, outN, total);
        if (coo.row.dtype() == DType.INT64) index = DType.INT64;
        NDArray row = coo.row.dtype() == index ? coo.row : coo.row.astype(index);
        NDArray col = coo.col.dtype() == index ? coo.col : coo.col.astype(index);
        NDArray data = coo.dtype == t ? coo.data : coo.data.astype(t);
        NDArray dense = od == t ? Conversions.ready(other) : other.astype(t);
        try {
            var device = values.device();
            NDArray outRow = NDArray.empty(device, index, new long[] {total}, Order.C);
            NDArray outCol = NDArray.empty(device, index, new long[] {total}, Order.C);
            NDArray outData = NDArray.empty(device, t, new long[] {total}, Order.C);
            SparseKernels.launch(
                    OpsKernels.get(Name.MULTIPLY_DENSE, t, index),
                    total,
                    row,
                    col,
                    data,
                    dense,
                    outRow,
                    outCol,
                    outData,
                    nnz,
                    reps,
                    entryMajor ? 1 : 0,
                    rowStep,
                    colStep,
                    rs,
                    cs);
            return new CooMatrix(outData, outRow, outCol, new long[] {outM, outN}, true);
        } finally {
            if (row != coo.row) row.close();
            if (col != coo.col) col.close();
            if (data != coo.data) data.close();
            if (dense != other) dense.close();
            coo.close();
        }
    }

    /** {@code A.power(n)}: the stored values (duplicates summed first) to the power {@code n}. */
    static SparseMatrix power(SparseMatrix a, Number n) {
        Objects.requireNonNull(n, "power: n is null");
        if (n.doubleValue() == 0)
            throw new NdException("power: zero power is not supported as it would densify the matrix, got n = " + n
                    + "; use Nd.ones(shape) for it");
        return ValueFunctions.apply(a, "power", v -> v.pow(n));
    }

    /** {@code A / value}: SciPy's true division, float64 values (as SciPy's) times {@code 1 / value}. */
    static SparseMatrix div(SparseMatrix a, Number value) {
        Objects.requireNonNull(value, "div: value is null");
        NDArray v = Products.liveValues(a, "div");
        double reciprocal = 1.0 / value.doubleValue();
        // SciPy keeps complex64 and complex128 (and widens float32 to float64)
        if (v.dtype() == DType.FLOAT64 || v.dtype().isComplex()) return a.withData(v.mul(reciprocal));
        try (NDArray wide = v.astype(DType.FLOAT64)) {
            return a.withData(wide.mul(reciprocal));
        }
    }
}
