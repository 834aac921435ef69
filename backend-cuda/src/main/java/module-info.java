/**
 * The CUDA backend through java.lang.foreign (driver API, NVRTC) and the bindings of cuBLAS,
 * cuSOLVER (dense, and sparse for spsolve), cuFFT and cuSPARSE: found by ServiceLoader, nothing exported. Run with
 * {@code --enable-native-access=org.ndgpu.backend.cuda,org.ndgpu.runtime} on the module path (README lists
 * the whole set). The cuBLAS/cuSOLVER bindings are exported to the benchmarks alone, for their driver floors.
 */
@SuppressWarnings("module") // org.ndgpu.benchmarks is built after this module
module org.ndgpu.backend.cuda {
    requires org.ndgpu.ndarray;
    requires org.ndgpu.vendor;

    exports org.ndgpu.backend.cuda.linalg to
            org.ndgpu.benchmarks;

    provides org.ndgpu.backend.BackendProvider with
            org.ndgpu.backend.cuda.CudaProvider;
    provides org.ndgpu.vendor.BlasProvider with
            org.ndgpu.backend.cuda.linalg.CuBlasProvider;
    provides org.ndgpu.vendor.SolverProvider with
            org.ndgpu.backend.cuda.linalg.CuSolverProvider;
    provides org.ndgpu.vendor.FftProvider with
            org.ndgpu.backend.cuda.fft.CuFftProvider;
    provides org.ndgpu.vendor.SparseProvider with
            org.ndgpu.backend.cuda.sparse.CuSparseProvider;
    provides org.ndgpu.backend.OptionalLibrary with
            org.ndgpu.backend.cuda.fft.CuFftCheck,
            org.ndgpu.backend.cuda.sparse.CuSparseCheck,
            org.ndgpu.backend.cuda.sparse.CuSolverSpCheck;
}
