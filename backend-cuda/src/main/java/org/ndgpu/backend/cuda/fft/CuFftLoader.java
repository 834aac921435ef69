package org.ndgpu.backend.cuda.fft;

import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.backend.cuda.CudaLibraries;

/**
 * Whether cuFFT can serve the CUDA devices. libcufft is optional, as cuBLAS is: it is looked for
 * once, by soname ({@link CudaLibraries#CUFFT}), and when it is absent the CUDA devices run ndgpu's
 * own FFT kernels, which is logged once with the reason. Nothing here runs for an OpenCL device:
 * {@link CuFftProvider} supports CUDA devices only, so PoCL never loads the library.
 */
final class CuFftLoader {
    private CuFftLoader() {}

    private static final System.Logger LOG = System.getLogger("org.ndgpu.fft");
    private static volatile CuFftApi api;
    private static volatile String problem;

    /** The bound library, or null when libcufft cannot be loaded (looked for on the first call only). */
    static CuFftApi api() {
        CuFftApi a = api;
        return a != null ? a : load();
    }

    private static synchronized CuFftApi load() {
        if (api != null || problem != null) return api;
        try {
            NativeLibrary lib = CudaLibraries.load("cuFFT", CudaLibraries.CUFFT);
            api = new CuFftApi(lib);
        } catch (RuntimeException | LinkageError e) {
            problem = e.getMessage() == null ? e.toString() : e.getMessage();
            LOG.log(
                    System.Logger.Level.INFO,
                    "ndgpu: " + problem + "; FFTs on CUDA devices run on ndgpu's own kernels");
        }
        return api;
    }

    /** Why libcufft cannot be used (it is looked for now if it was not yet), or null when it loads. */
    static String problem() {
        return api() == null ? problem : null;
    }

    /** "cuFFT 12.0.0 (libcufft.so.12 (dlopen))", or why cuFFT is not used. */
    static String describe() {
        CuFftApi a = api();
        return a == null ? "ndgpu kernels (" + problem + ")" : "cuFFT " + a.version() + " (" + a.loadedFrom() + ")";
    }
}
