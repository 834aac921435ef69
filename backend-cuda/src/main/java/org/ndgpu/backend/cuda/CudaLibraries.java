package org.ndgpu.backend.cuda;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.ndgpu.backend.NativeLibrary;

/**
 * Where CUDA's libraries are looked for, and by which sonames, newest major version first. The
 * dynamic loader is always asked first (LD_LIBRARY_PATH, ld.so.cache); these folders come after.
 * NVRTC and the cuBLAS, cuSOLVER (package {@code org.ndgpu.backend.cuda.linalg}), cuFFT (package
 * {@code org.ndgpu.backend.cuda.fft}) and cuSPARSE (package {@code org.ndgpu.backend.cuda.sparse})
 * bindings use {@link #load} with their own sonames;
 * {@link #CURAND} names cuRAND's, though nothing binds it.
 */
public final class CudaLibraries {
    private CudaLibraries() {}

    /** libcuda: the driver's own soname, then the development name. Never the toolkit's stubs folder. */
    public static final List<String> DRIVER = List.of("libcuda.so.1", "libcuda.so");

    public static final List<String> NVRTC =
            List.of("libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2", "libnvrtc.so.11", "libnvrtc.so");
    public static final List<String> CUBLAS =
            List.of("libcublas.so.13", "libcublas.so.12", "libcublas.so.11", "libcublas.so");
    public static final List<String> CUSOLVER = List.of("libcusolver.so.12", "libcusolver.so.11", "libcusolver.so");
    /** cuFFT: CUDA 13 ships libcufft.so.12, CUDA 12 libcufft.so.11. */
    public static final List<String> CUFFT =
            List.of("libcufft.so.12", "libcufft.so.11", "libcufft.so.10", "libcufft.so");

    /** cuSPARSE: CUDA 13 and CUDA 12 ship libcusparse.so.12, CUDA 11 libcusparse.so.11. */
    public static final List<String> CUSPARSE = List.of("libcusparse.so.12", "libcusparse.so.11", "libcusparse.so");

    public static final List<String> CURAND = List.of("libcurand.so.10", "libcurand.so");

    /** Folders where the NVIDIA driver's libcuda.so.1 lives on common installs and containers. */
    public static List<Path> driverFolders() {
        var out = new LinkedHashSet<Path>();
        out.add(Path.of("/usr/local/nvidia/lib64"));
        out.add(Path.of("/usr/local/nvidia/lib"));
        out.add(Path.of("/usr/lib/x86_64-linux-gnu"));
        out.add(Path.of("/usr/lib64"));
        out.add(Path.of("/usr/lib/wsl/lib"));
        out.add(Path.of("/usr/local/cuda/compat"));
        return existing(out);
    }

    /** Folders where the CUDA toolkit's libraries (nvrtc, cublas, ...) live: CUDA_HOME, CUDA_PATH, /usr/local/cuda, pip wheels. */
    public static List<Path> toolkitFolders() {
        var out = new LinkedHashSet<Path>();
        for (String env : new String[] {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"}) {
            String v = System.getenv(env);
            if (v != null && !v.isBlank()) {
                out.add(Path.of(v, "lib64"));
                out.add(Path.of(v, "targets", "x86_64-linux", "lib"));
                out.add(Path.of(v, "lib"));
            }
        }
        out.add(Path.of("/usr/local/cuda/targets/x86_64-linux/lib"));
        out.add(Path.of("/usr/local/cuda/lib64"));
        out.add(Path.of("/usr/local/cuda/lib"));
        out.add(Path.of("/usr/lib/x86_64-linux-gnu"));
        out.add(Path.of("/usr/local/nvidia/lib64"));
        // NVIDIA's pip wheels: nvidia/cu13/lib (CUDA 13 layout), nvidia/<component>/lib (CUDA 12 layout)
        for (Path sp : NativeLibrary.pythonPackageFolders()) {
            Path nv = sp.resolve("nvidia");
            if (!Files.isDirectory(nv)) continue;
            for (String sub : new String[] {
                "cu13/lib", "cu12/lib", "cuda_nvrtc/lib", "cublas/lib", "cusolver/lib", "cusparse/lib", "curand/lib"
            }) {
                out.add(nv.resolve(sub));
            }
        }
        return existing(out);
    }

    /** Loads a toolkit library (nvrtc, cublas, ...) by the given sonames from the dynamic loader's path and {@link #toolkitFolders()}. */
    public static NativeLibrary load(String description, List<String> sonames) {
        return NativeLibrary.load(description, sonames, toolkitFolders());
    }

    @SuppressWarnings("NonApiType") // the search order is the point: callers build it in order
    private static List<Path> existing(LinkedHashSet<Path> paths) {
        List<Path> out = new ArrayList<>();
        for (Path p : paths) if (Files.isDirectory(p)) out.add(p);
        return List.copyOf(out);
    }
}
