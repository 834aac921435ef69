/**
 * The contracts of the devices' own libraries, between the core and the backends, as CuPy keeps
 * {@code cupy_backends} and {@code cupy.cuda.cublas} apart from {@code cupy._core}: BLAS, the dense
 * solvers, FFT and sparse. A backend brings its device's libraries behind these providers (cuBLAS,
 * cuSOLVER, cuFFT and cuSPARSE in backend-cuda; CLBlast in backend-opencl), and the operation modules
 * (linalg, fft, sparse) ask for them by device.
 */
@SuppressWarnings("module") // the modules named in the qualified export are built after this one
module org.ndgpu.vendor {
    requires transitive org.ndgpu.ndarray;

    exports org.ndgpu.vendor to
            org.ndgpu.backend.opencl,
            org.ndgpu.backend.cuda,
            org.ndgpu.linalg,
            org.ndgpu.fft,
            org.ndgpu.sparse;

    uses org.ndgpu.vendor.BlasProvider;
    uses org.ndgpu.vendor.SolverProvider;
    uses org.ndgpu.vendor.SolverKernels;
}
