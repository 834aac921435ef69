/** The OpenCL backend (JOCL) and its BLAS (CLBlast): found by ServiceLoader, nothing exported. */
module org.ndgpu.backend.opencl {
    requires org.ndgpu.ndarray;
    requires jocl;
    requires jocl.blast;

    provides org.ndgpu.backend.BackendProvider with org.ndgpu.backend.opencl.OpenClProvider;
    provides org.ndgpu.spi.BlasProvider with org.ndgpu.backend.opencl.blas.ClBlastProvider;
}
