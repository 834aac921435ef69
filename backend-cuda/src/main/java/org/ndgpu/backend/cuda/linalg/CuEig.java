package org.ndgpu.backend.cuda.linalg;

import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.cudaType;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.infos;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.ptr;
import static org.ndgpu.backend.cuda.linalg.CuSolverHandle.transposed;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.vendor.SolverKernels;

/**
 * numpy.linalg.eig on the device: cusolverDnXgeev (cuSOLVER 11.6, CUDA 12.6, and later), one call per
 * matrix of the stack, on a column-major copy (geev overwrites its input). Right eigenvectors only
 * (cuSOLVER computes no left ones), each of unit 2-norm with its largest component real, as LAPACK's.
 *
 * <p>Real input keeps LAPACK's real arithmetic and packing: W is asked for as complex (each
 * eigenvalue, a conjugate pair as both members), VR comes back real with a pair's vector in two
 * columns (re, im), which one small kernel unpacks into complex columns on the device.
 */
final class CuEig {
    private CuEig() {}

    private static final int NO_VECTOR = 0; // CUSOLVER_EIG_MODE_NOVECTOR
    private static final int VECTOR = 1; // CUSOLVER_EIG_MODE_VECTOR

    /** Whether this cuSOLVER has geev (and the 64-bit API it belongs to). */
    static boolean available(CuSolverHandle h) {
        return h.params() != null && CuSolverHandle.API.has("cusolverDnXgeev");
    }

    /** Eigenvalues (b, n) and, when {@code vectors}, eigenvectors as columns (b, n, n), both complex. */
    static Eig eig(CuSolverHandle h, NDArray a, boolean vectors) {
        try (var _ = h.device.use()) {
            long b = a.shape(0), n = a.shape(1);
            DType dt = a.dtype(), ct = dt.isComplex() ? dt : (dt == DType.FLOAT32 ? DType.COMPLEX64 : DType.COMPLEX128);
            NDArray w = h.empty(ct, b, n);
            try (NDArray y = transposed(a);
                    NDArray vr = vectors ? h.empty(dt, b, n, n) : null;
                    NDArray info = h.empty(DType.INT32, b)) {
                geev(h, y, w, vr, info);
                for (long x : infos(info)) {
                    if (x > 0)
                        throw new LinAlgException("eig: Eigenvalues did not converge (cuSOLVER geev info " + x + ")");
                    if (x < 0)
                        throw new DeviceException(h.device.id() + " cuSOLVER geev: argument " + -x + " was refused");
                }
                if (!vectors) return new Eig(w, null);
                // vr read row-major holds V^T: row j is eigenvector j
                return new Eig(w, dt.isComplex() ? transposed(vr) : unpack(h, vr, w));
            } catch (RuntimeException e) {
                w.close();
                throw e;
            }
        }
    }

    private static void geev(CuSolverHandle h, NDArray y, NDArray w, NDArray vr, NDArray info) {
        long b = y.shape(0), n = y.shape(1);
        int ta = cudaType(y.dtype()), tw = cudaType(w.dtype());
        int jobvr = vr != null ? VECTOR : NO_VECTOR;
        long ldvr = vr != null ? n : 1;
        MemorySegment hd = h.begin(), params = h.params();
        long[] ws = h.bufferSize64(
                "cusolverDnXgeev_bufferSize",
                hd,
                params,
                NO_VECTOR,
                jobvr,
                n,
                ta,
                ptr(y),
                n,
                tw,
                ptr(w),
                ta,
                0L,
                1L,
                ta,
                vr != null ? ptr(vr) : 0L,
                ldvr,
                ta);
        try (NDArray work = h.work(DType.UINT8, ws[0]);
                Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(Math.max(1, ws[1]), 16);
            for (long i = 0; i < b; i++) {
                h.call(
                        "cusolverDnXgeev",
                        hd,
                        params,
                        NO_VECTOR,
                        jobvr,
                        n,
                        ta,
                        ptr(y, i * n * n),
                        n,
                        tw,
                        ptr(w, i * n),
                        ta,
                        0L,
                        1L,
                        ta,
                        vr != null ? ptr(vr, i * n * n) : 0L,
                        ldvr,
                        ta,
                        ptr(work),
                        ws[0],
                        host,
                        ws[1],
                        ptr(info, i));
            }
        }
    }

    /**
     * LAPACK's packed real vectors as complex columns: for a real eigenvalue column c of V is row c of
     * vr; for a pair (positive imaginary part first) the vectors are vr[c] +- i vr[c + 1].
     */
    private static NDArray unpack(CuSolverHandle h, NDArray vr, NDArray w) {
        NDArray v = NDArray.empty(h.device, w.dtype(), vr.shape(), Order.C);
        SolverKernels.get().unpackEigenvectors(vr, w, v);
        return v;
    }
}
