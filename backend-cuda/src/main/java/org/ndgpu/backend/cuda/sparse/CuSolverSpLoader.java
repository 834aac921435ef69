package org.ndgpu.backend.cuda.sparse;

import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.backend.cuda.CudaLibraries;

/**
 * Whether cuSOLVER's sparse solver can serve spsolve on the CUDA devices. libcusolver and
 * libcusparse are looked for once, by soname ({@link CudaLibraries#CUSOLVER},
 * {@link CudaLibraries#CUSPARSE}), and every symbol {@link CuSolverSpApi} needs is bound then:
 * where a library or a symbol is missing (cusolverSp is deprecated and may leave a future CUDA),
 * spsolve runs on the host, which is logged once with the reason and listed by
 * {@code Device.problems()} ({@link CuSolverSpCheck}). Nothing here runs for an OpenCL device.
 */
final class CuSolverSpLoader {
    private CuSolverSpLoader() {}

    private static final System.Logger LOG = System.getLogger("org.ndgpu.sparse");
    private static volatile CuSolverSpApi api;
    private static volatile String problem;

    /** The bound functions, or null when they cannot be loaded (looked for on the first call only). */
    static CuSolverSpApi api() {
        CuSolverSpApi a = api;
        return a != null ? a : load();
    }

    private static synchronized CuSolverSpApi load() {
        if (api != null || problem != null) return api;
        try {
            NativeLibrary solver = CudaLibraries.load("cuSOLVER", CudaLibraries.CUSOLVER);
            NativeLibrary sparse = CudaLibraries.load("cuSPARSE", CudaLibraries.CUSPARSE);
            api = new CuSolverSpApi(solver, sparse);
        } catch (RuntimeException | LinkageError e) {
            problem = e.getMessage() == null ? e.toString() : e.getMessage();
            LOG.log(System.Logger.Level.INFO, "ndgpu: " + problem + "; spsolve on CUDA devices runs on the host");
        }
        return api;
    }

    /** Why cusolverSp cannot be used (it is looked for now if it was not yet), or null when it loads. */
    static String problem() {
        return api() == null ? problem : null;
    }

    /** "cuSOLVER 12.0.4 csrlsvqr (libcusolver.so.12 (dlopen))", or null when it cannot be used. */
    static String describe() {
        CuSolverSpApi a = api();
        return a == null ? null : "cuSOLVER " + a.version() + " csrlsvqr (" + a.loadedFrom() + ")";
    }
}
