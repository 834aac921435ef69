package org.ndgpu.sparse.linalg;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.sparse.CompressedMatrix;
import org.ndgpu.sparse.CooMatrix;
import org.ndgpu.sparse.CsrMatrix;
import org.ndgpu.sparse.SparseMatrix;
import org.ndgpu.sparse.impl.SparseLibrary;
import org.ndgpu.vendor.VendorSparse;

/**
 * spsolve on the sparse solver of A's device ({@link VendorSparse#solve}: cuSOLVER's csrlsvqr on
 * CUDA), as CuPy's {@code cupyx.scipy.sparse.linalg.spsolve}: A in canonical CSR form with int32
 * indices, one csrlsvqr per column of b (it takes a vector). Two choices differ from CuPy's, to give
 * the host path's answers: the solve runs in float64 (complex128) for every dtype, as the host path
 * factors in float64, and x comes back in {@code promote_types(A.dtype, b.dtype)} (SciPy's x dtype;
 * CuPy casts b to A's dtype and solves float32 in float32); and R's pivots are compared with a
 * tolerance relative to A's scale ({@link #PIVOT_EPSILONS}; CuPy passes 0). The refusals and their
 * messages are the host path's ({@link HostCsr}'s checks, in its order); where the host path would
 * refuse a value (NaN or infinity in A or b) or the device has no solver, this answers null and the
 * host path runs, so that both paths give one answer to one input.
 */
final class VendorSolve {
    private VendorSolve() {}

    /**
     * R's pivots at most this many float64 epsilons times A's largest |entry| make A singular. CuPy
     * passes 0, which finds exactly zero pivots only: Householder QR leaves rounding where LU cancels
     * exactly ({@code [[1, 2], [2, 4]]} gives R's last pivot 2.3e-16, NumPy's qr shows it), and x
     * would then be a silent 1e16, where the host path's LU, and SciPy's, find A singular. Relative
     * to A's scale, so A times any factor is solved alike; only an A whose columns differ in scale by
     * about 1e14 reaches it without being singular.
     */
    private static final double PIVOT_EPSILONS = 10;

    /**
     * x with {@code A x = b} on the device, or null where the host solves: A's device has no sparse
     * solver (OpenCL, a CUDA host without cusolverSp, {@code ndgpu.sparse.library=own}), A is empty
     * or has no stored entries, or A or b holds a value the host path refuses.
     */
    static NDArray spsolve(String op, SparseMatrix a, NDArray b) {
        HostCsr.check(op, a);
        long n = a.shape()[0];
        VendorSparse v = SparseLibrary.of(device(a));
        if (v == null || n == 0 || v.solver() == null) return null;
        List<NDArray> owned = new ArrayList<>();
        try (CsrMatrix raw = a.tocsr();
                CsrMatrix c = raw.sumDuplicates()) {
            HostCsr.checkEntries(op, c.nnz());
            // no entries: singular, which the host path reports; non-finite values: refused there with its message
            if (c.nnz() == 0 || !finite(c.data())) return null;
            HostCsr.checkRhs(op, b, n, c.data().device());
            DType t = DType.promote(a.dtype(), b.dtype());
            DType w = t.isComplex() ? DType.COMPLEX128 : DType.FLOAT64;
            NDArray values = as(c.data(), w, owned);
            VendorSparse.Csr csr = new VendorSparse.Csr(
                    values,
                    as(c.indices(), DType.INT32, owned),
                    as(c.indptr(), DType.INT32, owned),
                    new long[] {n, n},
                    c.nnz());
            // b's columns as the rows of a C-contiguous (k, n) array, so that each is one contiguous vector
            NDArray columns = owned(owned, columns(b, w, n));
            if (!finite(columns)) return null;
            NDArray xs = NDArray.empty(columns.device(), w, columns.shape(), Order.C);
            boolean returned = false;
            try {
                if (!solve(op, v, csr, columns, xs, tolerance(values))) return null;
                if (xs.ndim() == 1 && t == w) {
                    returned = true;
                    return xs;
                }
                if (xs.ndim() == 1) return xs.astype(t);
                try (NDArray xt = xs.T()) {
                    return Copies.copy(xt, t, Order.C);
                }
            } finally {
                if (!returned) xs.close();
            }
        } finally {
            for (NDArray o : owned) o.close();
        }
    }

    /** csrlsvqr of every row of {@code columns} into the same row of {@code xs}: false when the library ran none. */
    private static boolean solve(
            String op, VendorSparse v, VendorSparse.Csr a, NDArray columns, NDArray xs, double tol) {
        long k = columns.ndim() == 1 ? 1 : columns.shape(0);
        for (long j = 0; j < k; j++) {
            int r;
            if (columns.ndim() == 1) r = v.solve(a, columns, xs, tol);
            else {
                try (NDArray bj = columns.get(j);
                        NDArray xj = xs.get(j)) {
                    r = v.solve(a, bj, xj, tol);
                }
            }
            if (r == VendorSparse.NOT_RUN) return false;
            // the host path's answer to a singular A (SciPy warns MatrixRankWarning and returns NaN)
            if (r != VendorSparse.SOLVED) throw new LinAlgException(op + ": Singular matrix");
        }
        return true;
    }

    /** b in dtype {@code t}, C-contiguous: {@code (n,)} for b of shape (n,) or (n, 1), else b's transpose (k, n). */
    private static NDArray columns(NDArray b, DType t, long n) {
        if (b.ndim() == 1) return Copies.copy(b, t, Order.C);
        try (NDArray view = b.shape(1) == 1 ? b.reshape(n) : b.T()) {
            return Copies.copy(view, t, Order.C);
        }
    }

    /** {@code x} itself when it already has dtype {@code t}, else a copy in {@code t} that {@code owned} keeps to close. */
    private static NDArray as(NDArray x, DType t, List<NDArray> owned) {
        return x.dtype() == t ? x : owned(owned, x.astype(t));
    }

    private static NDArray owned(List<NDArray> owned, NDArray x) {
        owned.add(x);
        return x;
    }

    /** {@link #PIVOT_EPSILONS} float64 epsilons times the largest |entry| of A's {@code values}. */
    private static double tolerance(NDArray values) {
        try (NDArray abs = values.abs();
                NDArray max = abs.max()) {
            return PIVOT_EPSILONS * Math.ulp(1d) * ((Number) max.item()).doubleValue();
        }
    }

    /** Whether every value of {@code x} is finite (one reduction on the device, one scalar read). */
    private static boolean finite(NDArray x) {
        try (NDArray f = x.isfinite();
                NDArray all = f.all()) {
            return (Boolean) all.item();
        }
    }

    /** The device A's arrays are on. */
    private static Device device(SparseMatrix a) {
        return switch (a) {
            case CompressedMatrix m -> m.data().device();
            case CooMatrix m -> m.data().device();
        };
    }
}
