package org.ndgpu.sparse;

import java.util.function.UnaryOperator;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.CompressedStorage.Stored;

/**
 * Complex64 and complex128 matrices, as SciPy's: each operation runs the float kernels on the real
 * and imaginary parts (two real matrices over the complex matrix's own index arrays) and puts the
 * results together. Conversions give both parts the same pattern (they keep explicit zeros and
 * order ties by input position), so their values interleave; sums and products of two matrices
 * drop zeros part by part, so their results meet on the union of the two patterns.
 */
final class ComplexParts {
    private ComplexParts() {}

    /** float32 for complex64, float64 for complex128 (and a real dtype itself). */
    static DType partOf(DType t) {
        return t == DType.COMPLEX64 ? DType.FLOAT32 : t == DType.COMPLEX128 ? DType.FLOAT64 : t;
    }

    static DType complexOf(DType part) {
        return part == DType.FLOAT32 ? DType.COMPLEX64 : DType.COMPLEX128;
    }

    /** {@code re + 1j * im} as a new complex array of their shape (both contiguous, of one float dtype). */
    static NDArray interleave(NDArray re, NDArray im) {
        DType part = DType.promote(re.dtype(), im.dtype());
        NDArray r = re.dtype() == part ? Conversions.ready(re) : re.astype(part);
        NDArray i = im.dtype() == part ? Conversions.ready(im) : im.astype(part);
        try {
            NDArray out = NDArray.empty(re.device(), complexOf(part), re.shape(), Order.C);
            SparseKernels.launch(
                    ComplexKernels.get(ComplexKernels.Name.INTERLEAVE, part, DType.INT32),
                    re.size(),
                    r,
                    i,
                    out,
                    re.size());
            return out;
        } finally {
            if (r != re) r.close();
            if (i != im) i.close();
        }
    }

    /** The real and imaginary parts of a matrix as real matrices over its index arrays (zeros for a real one). */
    record Split(SparseMatrix re, SparseMatrix im, NDArray reData, NDArray imData, boolean ownsRe)
            implements AutoCloseable {
        @Override
        public void close() {
            if (ownsRe) reData.close();
            imData.close();
        }
    }

    static Split split(SparseMatrix a, String op) {
        NDArray data = Products.liveValues(a, op);
        boolean complex = data.dtype().isComplex();
        NDArray re = complex ? part(data, false) : data;
        NDArray im = complex
                ? part(data, true)
                : NDArray.empty(data.device(), data.dtype(), data.shape(), Order.C)
                        .fill(0);
        return new Split(over(a, re), over(a, im), re, im, complex);
    }

    /** A matrix of a's format over a's index arrays holding {@code values}: a view, releasing nothing. */
    private static SparseMatrix over(SparseMatrix a, NDArray values) {
        return switch (a) {
            case CsrMatrix c -> {
                Stored s = c.structure("split");
                yield new CsrMatrix(values, s.indices(), s.indptr(), c.shape, s.nnz(), false);
            }
            case CscMatrix c -> {
                Stored s = c.structure("split");
                yield new CscMatrix(values, s.indices(), s.indptr(), c.shape, s.nnz(), false);
            }
            case CooMatrix c -> new CooMatrix(values, c.row, c.col, c.shape, false);
        };
    }

    /**
     * {@code f} of a complex matrix, where f keeps the pattern of a real matrix as it is (a
     * conversion, summing duplicates, sorting): f of each part, their values put together.
     */
    static SparseMatrix samePattern(SparseMatrix a, String op, UnaryOperator<SparseMatrix> f) {
        try (Split s = split(a, op);
                SparseMatrix re = f.apply(s.re());
                SparseMatrix im = f.apply(s.im())) {
            if (re.nnz() != im.nnz())
                throw new NdException(op + ": the parts of a complex matrix came out with different patterns");
            return re.withData(interleave(Products.liveValues(re, op), Products.liveValues(im, op)));
        }
    }

    /** SciPy's {@code A.toarray()} of a complex matrix. */
    static NDArray toarray(SparseMatrix a) {
        try (Split s = split(a, "toarray");
                NDArray re = s.re().toarray();
                NDArray im = s.im().toarray()) {
            return interleave(re, im);
        }
    }

    /** SciPy's {@code csr_matrix(dense)} of a complex dense matrix: the pattern of its nonzeros, then their values. */
    static CsrMatrix denseToCsr(NDArray dense) {
        String op = "csrMatrix";
        // |re| + |im| is 0 exactly where both parts are (NaN and overflow to infinity stay stored)
        try (NDArray re = part(dense, false);
                NDArray im = part(dense, true);
                NDArray ra = re.abs();
                NDArray ia = im.abs();
                NDArray mag = ra.add(ia);
                CsrMatrix p = Conversions.denseToCsr(mag);
                CsrMatrix rs = Conversions.denseToCsr(re);
                CsrMatrix is = Conversions.denseToCsr(im)) {
            return withUnion(p, rs, is, op);
        }
    }

    /**
     * A complex matrix on the pattern of canonical CSR {@code p} whose real parts are canonical CSR
     * {@code re}'s and imaginary parts {@code im}'s (0 where they store nothing).
     */
    private static CsrMatrix withUnion(CsrMatrix p, CsrMatrix re, CsrMatrix im, String op) {
        try (NDArray r = gather(p, re, op);
                NDArray i = gather(p, im, op)) {
            return p.withData(interleave(r, i));
        }
    }

    private static NDArray gather(CsrMatrix p, CsrMatrix r, String op) {
        DType index = p.indexDtype();
        Stored ps = p.structure(op), rs = r.structure(op);
        NDArray rptr = rs.indptr().dtype() == index ? rs.indptr() : rs.indptr().astype(index);
        NDArray ridx =
                rs.indices().dtype() == index ? rs.indices() : rs.indices().astype(index);
        try {
            NDArray out = NDArray.empty(ps.data().device(), r.dtype, new long[] {ps.nnz()}, Order.C);
            SparseKernels.launch(
                    ComplexKernels.get(ComplexKernels.Name.UNION_GATHER, r.dtype, index),
                    p.shape[0],
                    ps.indptr(),
                    ps.indices(),
                    rptr,
                    ridx,
                    Products.liveValues(r, op),
                    out,
                    p.shape[0]);
            return out;
        } finally {
            if (rptr != rs.indptr()) rptr.close();
            if (ridx != rs.indices()) ridx.close();
        }
    }

    /** The complex CSR matrix {@code re + 1j * im} of two canonical real CSR matrices of one shape. */
    private static CsrMatrix union(CsrMatrix re, CsrMatrix im, String op) {
        try (CsrMatrix ra = (CsrMatrix) re.abs();
                CsrMatrix ia = (CsrMatrix) im.abs();
                CsrMatrix p = ra.add(ia)) {
            return withUnion(p, re, im, op);
        }
    }

    /** SciPy's {@code A + B}, {@code A - B}, {@code A.multiply(B)} where either is complex: a canonical CSR matrix. */
    static CsrMatrix binop(SparseMatrix a, SparseMatrix b, int kind, String op) {
        java.util.Objects.requireNonNull(b, op + ": other is null");
        Products.liveValues(b, op);
        try (Split x = split(a, op);
                Split y = split(b, op)) {
            if (kind != Arithmetic.MUL) {
                try (CsrMatrix re = Arithmetic.binop(x.re(), y.re(), kind, op);
                        CsrMatrix im = Arithmetic.binop(x.im(), y.im(), kind, op)) {
                    return union(re, im, op);
                }
            }
            try (CsrMatrix rr = Arithmetic.binop(x.re(), y.re(), kind, op);
                    CsrMatrix ii = Arithmetic.binop(x.im(), y.im(), kind, op);
                    CsrMatrix ri = Arithmetic.binop(x.re(), y.im(), kind, op);
                    CsrMatrix ir = Arithmetic.binop(x.im(), y.re(), kind, op);
                    CsrMatrix re = rr.sub(ii);
                    CsrMatrix im = ri.add(ir)) {
                return union(re, im, op);
            }
        }
    }

    /** SciPy's {@code A @ B} of two sparse matrices, either complex: CSC where A is CSC, else CSR. */
    static SparseMatrix spgemm(SparseMatrix a, SparseMatrix b) {
        String op = "matmul";
        java.util.Objects.requireNonNull(b, op + ": other is null");
        Products.liveValues(b, op);
        CsrMatrix out;
        try (Split x = split(a, op);
                Split y = split(b, op);
                SparseMatrix rr0 = x.re().matmul(y.re());
                SparseMatrix ii0 = x.im().matmul(y.im());
                SparseMatrix ri0 = x.re().matmul(y.im());
                SparseMatrix ir0 = x.im().matmul(y.re());
                CsrMatrix rr = rr0.tocsr();
                CsrMatrix ii = ii0.tocsr();
                CsrMatrix ri = ri0.tocsr();
                CsrMatrix ir = ir0.tocsr();
                CsrMatrix re = rr.sub(ii);
                CsrMatrix im = ri.add(ir)) {
            out = union(re, im, op);
        }
        if (!(a instanceof CscMatrix)) return out;
        try (out) {
            return out.tocsc();
        }
    }

    /**
     * SciPy's {@code A.multiply(dense)} of a complex A (the dense operand real or complex): the real
     * products of the parts, one entry per stored entry in each, so their values line up.
     */
    static CooMatrix multiplyDense(SparseMatrix a, NDArray other) {
        String op = "multiply";
        java.util.Objects.requireNonNull(other, op + ": other is null");
        other.live(op);
        try (Split x = split(a, op)) {
            if (!other.dtype().isComplex()) {
                try (CooMatrix re = Arithmetic.multiplyDense(x.re(), other);
                        CooMatrix im = Arithmetic.multiplyDense(x.im(), other)) {
                    return re.withData(interleave(re.data, im.data));
                }
            }
            try (NDArray dr = part(other, false);
                    NDArray di = part(other, true);
                    CooMatrix rr = Arithmetic.multiplyDense(x.re(), dr);
                    CooMatrix ii = Arithmetic.multiplyDense(x.im(), di);
                    CooMatrix ri = Arithmetic.multiplyDense(x.re(), di);
                    CooMatrix ir = Arithmetic.multiplyDense(x.im(), dr);
                    NDArray re = rr.data.sub(ii.data);
                    NDArray im = ri.data.add(ir.data)) {
                return rr.withData(interleave(re, im));
            }
        }
    }

    /** SciPy's {@code A @ x} where A or x is complex: four (or two) real products put together. */
    static NDArray matmul(SparseMatrix a, NDArray x) {
        String op = "matmul";
        java.util.Objects.requireNonNull(x, op + ": x is null");
        x.live(op);
        boolean ac = a.dtype.isComplex(), xc = x.dtype().isComplex();
        if (!ac) {
            try (NDArray xr = part(x, false);
                    NDArray xi = part(x, true);
                    NDArray yr = a.matmul(xr);
                    NDArray yi = a.matmul(xi)) {
                return interleave(yr, yi);
            }
        }
        try (Split s = split(a, op)) {
            if (!xc) {
                try (NDArray yr = s.re().matmul(x);
                        NDArray yi = s.im().matmul(x)) {
                    return interleave(yr, yi);
                }
            }
            try (NDArray xr = part(x, false);
                    NDArray xi = part(x, true);
                    NDArray rr = s.re().matmul(xr);
                    NDArray ii = s.im().matmul(xi);
                    NDArray ri = s.re().matmul(xi);
                    NDArray ir = s.im().matmul(xr);
                    NDArray yr = rr.sub(ii);
                    NDArray yi = ri.add(ir)) {
                return interleave(yr, yi);
            }
        }
    }

    /** SciPy's {@code A.sum(axis)} of a complex matrix. */
    static NDArray sum(SparseMatrix a, int axis) {
        try (Split s = split(a, "sum");
                NDArray re = s.re().sum(axis);
                NDArray im = s.im().sum(axis)) {
            return interleave(re, im);
        }
    }

    /** astype's values: complex to complex or real to complex; complex to real is refused (use real()). */
    static NDArray valuesAs(NDArray data, DType dtype) {
        if (!dtype.isComplex())
            throw new DTypeException("astype: " + data.dtype() + " to " + dtype
                    + " would discard the imaginary parts; take real() or imag() first");
        data.live("astype");
        return data.dtype() == dtype ? data.copy() : data.astype(dtype);
    }

    /** SciPy's {@code A[i, j]} of a complex matrix (indices already checked and made non-negative). */
    static NDArray get(CompressedMatrix a, long i, long j, boolean csr) {
        try (Split s = split(a, "get");
                NDArray re = Indexing.get((CompressedMatrix) s.re(), i, j, csr);
                NDArray im = Indexing.get((CompressedMatrix) s.im(), i, j, csr)) {
            return interleave(re, im);
        }
    }

    /** SciPy's {@code A.diagonal(k)} of a complex matrix. */
    static NDArray diagonal(SparseMatrix a, long k) {
        try (Split s = split(a, "diagonal");
                NDArray re = s.re().diagonal(k);
                NDArray im = s.im().diagonal(k)) {
            return interleave(re, im);
        }
    }

    /**
     * SciPy's {@code A.eliminate_zeros()} of a complex matrix: the pattern of the entries that are not
     * 0 + 0j (a real matrix of 1 and 0 over A's indices, its zeros eliminated), and their values
     * picked in their order.
     */
    static <M extends CompressedMatrix> M eliminateZeros(CompressedMatrix a, Canonical.Maker<M> make) {
        String op = "eliminateZeros";
        NDArray data = Products.liveValues(a, op);
        try (NDArray keep = data.ne(0);
                NDArray flag = keep.astype(partOf(a.dtype));
                SparseMatrix view = over(a, flag);
                M pattern = Canonical.eliminateZeros((CompressedMatrix) view, make)) {
            Stored s = pattern.structure(op);
            return make.make(data.get(keep), s.indices().copy(), s.indptr().copy(), a.shape, s.nnz(), true);
        }
    }

    /** The refusal of an operation that has no complex form yet. */
    static DTypeException unsupported(String op, DType t) {
        return new DTypeException(op + ": " + t + " matrices are not supported by this operation yet (float32 or"
                + " float64 only; issue 38)");
    }

    /**
     * A complex array's real or imaginary parts as a C-contiguous array of their own: the sparse kernels
     * read their values as consecutive elements, where {@code x.real()} is a strided view of x.
     */
    static NDArray part(NDArray x, boolean imag) {
        try (NDArray v = imag ? x.imag() : x.real()) {
            return v.copy();
        }
    }
}
