package org.ndgpu.fft.impl;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.NativeLibrary;
import org.ndgpu.backend.cuda.CudaLibraries;
import org.ndgpu.device.Device;

/**
 * Whether cuFFT can serve a CUDA device. libcufft is optional, as cuBLAS is: it is looked for once,
 * by soname (CUDA 13 ships libcufft.so.12, CUDA 12 libcufft.so.11), and when it is absent the CUDA
 * device runs ndgpu's own kernels, which is logged once with the reason. Nothing here runs for an
 * OpenCL device: {@link Engine#of} asks only for a device whose backend is "cuda", so PoCL never
 * loads the library (or the CUDA backend's classes).
 */
final class CuFftEngines {
    private CuFftEngines() { }

    static final List<String> SONAMES = List.of("libcufft.so.12", "libcufft.so.11", "libcufft.so.10", "libcufft.so");

    private static final System.Logger LOG = System.getLogger("org.ndgpu.fft");
    private static volatile CuFftApi api;
    private static volatile String problem;
    private static final Map<Device, CuFft> ENGINES = new ConcurrentHashMap<>();

    private static synchronized CuFftApi api() {
        if (api != null || problem != null) return api;
        try {
            NativeLibrary lib = CudaLibraries.load("cuFFT", SONAMES);
            api = new CuFftApi(lib);
        } catch (RuntimeException | LinkageError e) {
            problem = e.getMessage() == null ? e.toString() : e.getMessage();
            LOG.log(System.Logger.Level.INFO, "ndgpu: " + problem + "; FFTs on CUDA devices run on ndgpu's own kernels");
        }
        return api;
    }

    /** The cuFFT engine of a CUDA device, or null when libcufft is absent. */
    static Engine forDevice(Device device) {
        CuFftApi a = api();
        return a == null ? null : ENGINES.computeIfAbsent(device, d -> new CuFft(d, a));
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
