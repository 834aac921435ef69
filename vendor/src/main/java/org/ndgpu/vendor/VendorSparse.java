package org.ndgpu.vendor;

import org.ndgpu.ndarray.NDArray;

/**
 * A device's own sparse library (cuSPARSE on CUDA), bound to one device, found through
 * {@link SparseProvider}s. Module sparse runs its products and conversions on it where it is
 * {@link #available()} and the case is one the library takes, and on ndgpu's own kernels
 * everywhere else; module sparse checks the arguments and keeps SciPy's semantics around the calls.
 *
 * <p>Conventions, the same for every implementation: every array is on this library's device,
 * C-contiguous, and open for the whole call; a matrix's values and the dense operands share one
 * dtype (float32 or float64; {@link #solve} also complex64 and complex128); its indices and indptr
 * share one index dtype (int32 or int64); the
 * matrix has at least one row, one column and one stored entry. Work goes to the device's current
 * stream. A method that answers false (or null) ran nothing: the library has no such case (an index
 * dtype it does not take), and the caller runs its own kernels. A failure of the library is an
 * {@code NdException} naming the operation. Calls may come from several threads at once.
 */
public interface VendorSparse {
    /**
     * A CSR matrix of {@code shape} (rows, columns) with {@code nnz} stored entries: row r's column
     * indices are {@code indices[indptr[r]:indptr[r+1]]} and its values the same slice of
     * {@code data}. For SpMV, SpMM and CSR to CSC the indices may be unsorted within a row and may
     * repeat (the products sum them); SpGEMM is given operands in canonical form (each row's indices
     * increasing), as cuSPARSE's SpGEMM needs them.
     */
    record Csr(NDArray data, NDArray indices, NDArray indptr, long[] shape, long nnz) {}

    /**
     * Whether the library can serve the device: it is looked for on the first call (once for all
     * devices); false when it cannot be loaded, and the own kernels then serve the device.
     */
    boolean available();

    /** The library and where it was loaded from, for tests and benchmarks: "cuSPARSE 12.5.4 (libcusparse.so.12 (dlopen))". */
    String describe();

    /**
     * SpMV: {@code y = op(A) x}, op the transpose when {@code transpose} (then x has A's row count and
     * y its column count). {@code y} is written whole (its previous contents are not read).
     */
    boolean spmv(Csr a, boolean transpose, NDArray x, NDArray y);

    /**
     * SpMM: {@code Y = op(A) X} for row-major (C-contiguous) X of shape (k, p) and Y of shape
     * (rows of op(A), p), p at least 1; Y is written whole.
     */
    boolean spmm(Csr a, boolean transpose, NDArray x, NDArray y);

    /**
     * SpGEMM: {@code A B} as a new CSR matrix (its arrays owned by the caller) in the index dtype of
     * the operands, or null when the library takes no such case. The product holds the entries the
     * library forms: its structural nonzeros, which may include sums that came to 0; the caller
     * brings them to its own format.
     */
    Csr spgemm(Csr a, Csr b);

    /**
     * CSR to CSC: {@code A}'s CSC arrays (the CSR arrays of its transpose, shape swapped), new and
     * owned by the caller, each column's row indices ascending; repeated indices stay repeated. Null
     * when the library takes no such case.
     */
    Csr csr2csc(Csr a);

    /** {@link #solve}'s answer when x holds the solution. */
    int SOLVED = -1;

    /** {@link #solve}'s answer when it ran nothing: the library has no sparse solver, or not this case. */
    int NOT_RUN = -2;

    /**
     * The sparse direct solver {@link #solve} runs ("cuSOLVER 12.0.4 csrlsvqr (libcusolver.so.12
     * (dlopen))"), looked for on the first call; null when the library has none (a CUDA host whose
     * libcusolver lacks it), and spsolve then runs on the host.
     */
    String solver();

    /**
     * spsolve's QR solve, as CuPy's {@code cupyx.cusolver.csrlsvqr(A, b)}: x with {@code A x = b} for
     * a square A in canonical form (each row's indices increasing, none repeated) with int32 indices,
     * b and x vectors of A's order in A's dtype (float32, float64, complex64 or complex128); A is
     * singular where R has a pivot of magnitude at most {@code tol}. Answers {@link #SOLVED} with x
     * written, the singularity (the first such pivot, 0 or more) with x undefined, or
     * {@link #NOT_RUN}.
     */
    int solve(Csr a, NDArray b, NDArray x, double tol);
}
