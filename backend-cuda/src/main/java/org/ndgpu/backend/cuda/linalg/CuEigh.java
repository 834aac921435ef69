package org.ndgpu.backend.cuda.linalg;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.infos;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.letter;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.ptr;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.transposed;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.NDArray;

/**
 * eigh and eigvalsh with cuSOLVER: syevd (heevd) one call per matrix, or syevjBatched
 * (heevjBatched) for a stack of orders up to {@link #BATCHED}, as CuPy chooses. eigvalsh asks the
 * routine for no vectors (jobz N, as CuPy's eigvalsh): syevd then skips the tridiagonal
 * eigenvectors and their back-transformation, syevjBatched the accumulation of its rotations.
 *
 * <p>'U' of the stored A^T reads A's lower triangle; that matrix is conj(A): same eigenvalues,
 * conjugate vectors. The eigenvectors are the columns of V, stored column-major: read row-major,
 * V^T, so they come back through one transposed copy.
 */
final class CuEigh {
    private CuEigh() {}

    private static final int UPPER = 1; // CUBLAS_FILL_MODE_UPPER
    private static final int NO_VECTOR = 0, VECTOR = 1; // cusolverEigMode_t

    /** The largest order syevjBatched takes: stacks up to it are solved in one call, as CuPy does. */
    static final int BATCHED = 32;

    /** Eigenvalues ascending (b, n) and, when {@code vectors}, eigenvectors as columns (b, n, n); else null. */
    static Eigh eigh(CuSolverHandle h, NDArray a, boolean vectors) {
        try (var _ = h.device.use()) {
            long b = a.shape(0);
            int n = (int) a.shape(1);
            DType dt = a.dtype();
            if (b == 0 || n == 0) return new Eigh(h.empty(dt.real(), b, n), vectors ? h.empty(dt, b, n, n) : null);
            NDArray w = h.empty(dt.real(), b, n);
            try (NDArray v = a.copy();
                    NDArray info = h.empty(DType.INT32, b)) {
                if (n <= BATCHED) batched(h, v, w, info, vectors);
                else oneByOne(h, v, w, info, vectors);
                for (long x : infos(info)) {
                    if (x > 0) throw new LinAlgException("eigh: Eigenvalues did not converge");
                    if (x < 0)
                        throw new DeviceException(h.device.id() + " cuSOLVER eigh: argument " + -x + " was refused");
                }
                return new Eigh(w, vectors ? CuSolverHandle.conjIfComplex(transposed(v)) : null);
            } catch (RuntimeException e) {
                w.close();
                throw e;
            }
        }
    }

    /** syevd (heevd), one call per matrix of the stack; v is overwritten (with the vectors, when asked). */
    private static void oneByOne(CuSolverHandle h, NDArray v, NDArray w, NDArray info, boolean vectors) {
        long b = v.shape(0);
        int n = (int) v.shape(1);
        DType dt = v.dtype();
        String fn = "cusolverDn" + letter(dt) + (dt.isComplex() ? "heevd" : "syevd");
        int jobz = vectors ? VECTOR : NO_VECTOR;
        MemorySegment hd = h.begin();
        int lwork = h.bufferSize(fn + "_bufferSize", hd, jobz, UPPER, n, ptr(v), n, ptr(w));
        try (NDArray work = h.work(dt, lwork)) {
            for (long i = 0; i < b; i++) {
                h.call(fn, hd, jobz, UPPER, n, ptr(v, i * n * n), n, ptr(w, i * n), ptr(work), lwork, ptr(info, i));
            }
        }
    }

    /**
     * syevjBatched (heevjBatched): every matrix of the stack at once, eigenvalues ascending, with
     * cuSOLVER's default tolerance and sweeps (as CuPy's). NaN and inf never reach it: linalg's
     * NonFinite rules decide those matrices above every solver.
     */
    private static void batched(CuSolverHandle h, NDArray v, NDArray w, NDArray info, boolean vectors) {
        long b = v.shape(0);
        int n = (int) v.shape(1);
        DType dt = v.dtype();
        String fn = "cusolverDn" + letter(dt) + (dt.isComplex() ? "heevjBatched" : "syevjBatched");
        int jobz = vectors ? VECTOR : NO_VECTOR;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment hd = h.begin();
            MemorySegment p = arena.allocate(ADDRESS);
            h.call("cusolverDnCreateSyevjInfo", p);
            MemorySegment params = p.get(ADDRESS, 0);
            try {
                h.call("cusolverDnXsyevjSetSortEig", params, 1);
                // lwork comes before params and batchSize here, unlike the queries bufferSize() takes
                MemorySegment lw = arena.allocate(JAVA_INT);
                h.call(fn + "_bufferSize", hd, jobz, UPPER, n, ptr(v), n, ptr(w), lw, params, (int) b);
                int lwork = lw.get(JAVA_INT, 0);
                try (NDArray work = h.work(dt, lwork)) {
                    h.call(fn, hd, jobz, UPPER, n, ptr(v), n, ptr(w), ptr(work), lwork, ptr(info), params, (int) b);
                }
            } finally {
                CuSolverHandle.API.call("cusolverDnDestroySyevjInfo", params);
            }
        }
    }
}
