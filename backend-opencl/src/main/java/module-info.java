/**
 * The OpenCL backend (JOCL) and its BLAS (CLBlast): found by ServiceLoader. Nothing is exported to
 * applications; the benchmarks' driver floors see the backend's handles.
 */
@SuppressWarnings("module") // org.ndgpu.benchmarks is built after this module
module org.ndgpu.backend.opencl {
    requires org.ndgpu.ndarray;
    requires org.ndgpu.vendor;
    requires jocl;
    requires jocl.blast;

    exports org.ndgpu.backend.opencl to
            org.ndgpu.benchmarks;

    provides org.ndgpu.backend.BackendProvider with
            org.ndgpu.backend.opencl.OpenClProvider;
    provides org.ndgpu.vendor.BlasProvider with
            org.ndgpu.backend.opencl.blas.ClBlastProvider;
}
