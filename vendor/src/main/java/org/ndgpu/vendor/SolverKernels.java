package org.ndgpu.vendor;

import java.util.ServiceLoader;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;

/**
 * The elementwise kernels a backend's solver binding runs around the vendor's calls (cuSOLVER's
 * conjugated, triangular, scaled and packed results). The backends sit below the elementwise loop, so
 * module linalg, which calls the solvers, provides these, found once through
 * {@link #get()}.
 */
public interface SolverKernels {
    /** {@code out = conj(x)} for a complex {@code x} of out's dtype and shape. */
    void conjugate(NDArray x, NDArray out);

    /**
     * {@code out = x} where {@code r >= c} ({@code lower}; else {@code c >= r}), zero elsewhere (NaN
     * there included); {@code r} and {@code c} are the row and column indices (int64), broadcast
     * against x's (b, rows, cols).
     */
    void keepTriangle(NDArray x, NDArray r, NDArray c, NDArray out, boolean lower);

    /** {@code out = x * w}: w real, of x's real dtype, broadcast against x (row i of each matrix scaled by w[i]). */
    void scaleRows(NDArray x, NDArray w, NDArray out);

    /** {@code out = x + by} for int32 x and out: LAPACK's 1-based pivots to SciPy's 0-based ones and back. */
    void shiftPivots(NDArray x, int by, NDArray out);

    /**
     * LAPACK's packed real eigenvectors {@code vr} (b, n, n) as complex columns into {@code out}, by the
     * eigenvalues {@code w}: for a real eigenvalue column c is row c of vr; for a pair (positive
     * imaginary part first) the vectors are vr[c] +- i vr[c + 1].
     */
    void unpackEigenvectors(NDArray vr, NDArray w, NDArray out);

    /** The elementwise kernels around a backend's solver calls: module linalg's, looked up once. */
    static SolverKernels get() {
        return Registry.get();
    }

    /** The lookup behind {@link #get}: a missing module linalg is a clear error, not a NullPointerException. */
    final class Registry {
        private Registry() {}

        private static volatile SolverKernels kernels;

        static SolverKernels get() {
            SolverKernels k = kernels;
            if (k == null) {
                kernels = k = ServiceLoader.load(SolverKernels.class, SolverKernels.class.getClassLoader())
                        .findFirst()
                        .orElseThrow(() -> new NdException(SolverKernels.class.getSimpleName()
                                + ": no implementation found; add the ndgpu module 'linalg' (or the aggregate"
                                + " artifact 'ndgpu') to the class path"));
            }
            return k;
        }
    }
}
