package org.ndgpu.backend.cuda.sparse;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.ndgpu.backend.cuda.CudaBackend;
import org.ndgpu.backend.cuda.CudaStream;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.vendor.VendorSparse;

/**
 * spsolve's QR solve on one CUDA device through cuSOLVER's sparse API, as CuPy's
 * {@code cupyx.cusolver.csrlsvqr}: one cusolverSp handle and one matrix descriptor (general,
 * zero-based) per device, made on the first solve and used under a lock, bound to the device's
 * current stream when a call comes on another stream than the last. csrlsvqr allocates its own
 * workspace and returns once the singularity is known, so x is ready on the stream when it returns.
 * {@code reorder} is what CuPy passes by default, 1 (symrcm).
 */
final class CuSolverSp {
    /** csrlsvqr's reorder as CuPy's csrlsvqr passes it by default: 1, symrcm. */
    private static final int REORDER = 1;

    private final Device device;
    private final CudaBackend backend;
    /** The device's handle and descriptor, made on the first solve; guarded by this. */
    private MemorySegment handle, descr;
    /** The stream the handle is bound to; guarded by this. */
    private MemorySegment boundStream;

    CuSolverSp(Device device) {
        this.device = device;
        this.backend = (CudaBackend) device.backend();
    }

    /** What {@link VendorSparse#solver()} answers for this device. */
    String solver() {
        return CuSolverSpLoader.describe();
    }

    /** cuSOLVER's letter for the values' dtype, or 0 for a dtype csrlsvqr does not take. */
    private static char letter(DType t) {
        return switch (t) {
            case FLOAT32 -> 'S';
            case FLOAT64 -> 'D';
            case COMPLEX64 -> 'C';
            case COMPLEX128 -> 'Z';
            default -> 0;
        };
    }

    /** The handle, made if it was not, bound to the current stream; called under the lock. */
    private MemorySegment ready(CuSolverSpApi api) {
        backend.makeCurrent();
        if (handle == null) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment h = a.allocate(ADDRESS), d = a.allocate(ADDRESS);
                CuSparseApi.check(api.createMatDescr(d), device.id() + " cusparseCreateMatDescr");
                MemorySegment made = d.get(ADDRESS, 0);
                int st = api.create(h);
                if (st != 0) {
                    api.destroyMatDescr(made);
                    CuSolverSpApi.check(st, device.id() + " cusolverSpCreate");
                }
                descr = made;
                handle = h.get(ADDRESS, 0);
            }
        }
        MemorySegment s = ((CudaStream) device.currentStream().backendStream()).handle();
        if (!s.equals(boundStream)) {
            CuSolverSpApi.check(api.setStream(handle, s), device.id() + " cusolverSpSetStream");
            boundStream = s;
        }
        return handle;
    }

    /** {@link VendorSparse#solve}: csrlsvqr of {@code a} with right-hand side {@code b} into {@code x}. */
    int solve(VendorSparse.Csr a, NDArray b, NDArray x, double tol) {
        DType t = a.data().dtype();
        char letter = letter(t);
        long m = a.shape()[0], nnz = a.nnz();
        if (letter == 0 || b.dtype() != t || x.dtype() != t) return VendorSparse.NOT_RUN;
        if (a.indices().dtype() != DType.INT32 || a.indptr().dtype() != DType.INT32) return VendorSparse.NOT_RUN;
        if (a.shape()[1] != m || m > Integer.MAX_VALUE || nnz > Integer.MAX_VALUE) return VendorSparse.NOT_RUN;
        if (b.size() != m || x.size() != m) return VendorSparse.NOT_RUN;
        CuSolverSpApi api = CuSolverSpLoader.api();
        if (api == null) return VendorSparse.NOT_RUN;
        synchronized (this) {
            MemorySegment h = ready(api);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment singularity = arena.allocate(JAVA_INT);
                singularity.set(JAVA_INT, 0, -1);
                int st = api.csrlsvqr(
                        letter,
                        h,
                        (int) m,
                        (int) nnz,
                        descr,
                        a.data().devicePointer(),
                        a.indptr().devicePointer(),
                        a.indices().devicePointer(),
                        b.devicePointer(),
                        tol,
                        REORDER,
                        x.devicePointer(),
                        singularity);
                if (st != 0) {
                    CuSolverSpApi.check(
                            st,
                            device.id() + " spsolve (cusolverSp" + letter + "csrlsvqr) of " + t + " values, shape (" + m
                                    + ", " + m + "), nnz " + nnz);
                }
                int s = singularity.get(JAVA_INT, 0);
                return s >= 0 ? s : VendorSparse.SOLVED;
            }
        }
    }
}
