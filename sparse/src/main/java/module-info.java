/**
 * scipy.sparse on the device, as {@code Nd.sparse()}: CSR, CSC and COO matrices holding device
 * arrays, with products (SpMV, SpMM, SpGEMM) and conversions on ndgpu's own OpenCL C kernels, which
 * run on every backend (on CUDA through the OpenCL-on-CUDA translation of raw-kernels), and on the
 * sparse library a backend brings ({@code SparseProvider}: cuSPARSE from backend-cuda on CUDA) where
 * it loads, unless {@code ndgpu.sparse.library=own}.
 */
module org.ndgpu.sparse {
    requires transitive org.ndgpu.ndarray;
    requires org.ndgpu.vendor;
    requires org.ndgpu.raw;
    requires ejml.core;
    requires ejml.ddense;
    requires ejml.dsparse;

    uses org.ndgpu.vendor.SparseProvider;

    exports org.ndgpu.sparse;
    exports org.ndgpu.sparse.linalg;
}
