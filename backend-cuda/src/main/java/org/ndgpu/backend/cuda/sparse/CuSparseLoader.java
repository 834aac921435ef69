package org.ndgpu.backend.cuda.sparse;

import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.backend.cuda.CudaLibraries;

/**
 * Whether cuSPARSE can serve the CUDA devices. libcusparse is optional, as cuFFT is: it is looked
 * for once, by soname ({@link CudaLibraries#CUSPARSE}), and when it is absent the CUDA devices run
 * ndgpu's own sparse kernels, which is logged once with the reason. Nothing here runs for an OpenCL
 * device: {@link CuSparseProvider} supports CUDA devices only, so PoCL never loads the library.
 */
final class CuSparseLoader {
    private CuSparseLoader() {}

    private static final System.Logger LOG = System.getLogger("org.ndgpu.sparse");
    private static volatile CuSparseApi api;
    private static volatile String problem;

    /** The bound library, or null when libcusparse cannot be loaded (looked for on the first call only). */
    static CuSparseApi api() {
        CuSparseApi a = api;
        return a != null ? a : load();
    }

    private static synchronized CuSparseApi load() {
        if (api != null || problem != null) return api;
        try {
            NativeLibrary lib = CudaLibraries.load("cuSPARSE", CudaLibraries.CUSPARSE);
            api = new CuSparseApi(lib);
        } catch (RuntimeException | LinkageError e) {
            problem = e.getMessage() == null ? e.toString() : e.getMessage();
            LOG.log(
                    System.Logger.Level.INFO,
                    "ndgpu: " + problem + "; sparse products on CUDA devices run on ndgpu's own kernels");
        }
        return api;
    }

    /** Why libcusparse cannot be used (it is looked for now if it was not yet), or null when it loads. */
    static String problem() {
        return api() == null ? problem : null;
    }

    /** "cuSPARSE 12.5.4 (libcusparse.so.12 (dlopen))", or why cuSPARSE is not used. */
    static String describe() {
        CuSparseApi a = api();
        return a == null ? "ndgpu kernels (" + problem + ")" : "cuSPARSE " + a.version() + " (" + a.loadedFrom() + ")";
    }
}
