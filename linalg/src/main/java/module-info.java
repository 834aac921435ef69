/**
 * numpy.linalg, as {@code Nd.linalg()}: the {@code Linalg} namespace and its implementation (matmul,
 * contractions, norms and the decompositions) on the device's BLAS and solver, which the backends
 * plug in, or EJML on the host. NDArray's matmul and dot reach it through the core's
 * MatrixProducts.
 */
@SuppressWarnings("module") // the modules named in the qualified export are built after this one
module org.ndgpu.linalg {
    requires org.ndgpu.ndarray;
    requires org.ndgpu.vendor;
    requires org.ndgpu.elementwise;
    requires org.ndgpu.reduction;
    requires ejml.core;
    requires ejml.ddense;

    exports org.ndgpu.linalg;
    // the facade Nd reaches DeviceLinalg directly, and routines for polyfit's least squares
    exports org.ndgpu.linalg.impl to
            org.ndgpu,
            org.ndgpu.routines;

    // the device solver stands in front of the other solver providers (cuSOLVER, the host's)
    uses org.ndgpu.vendor.SolverProvider;

    provides org.ndgpu.spi.MatrixProducts with
            org.ndgpu.linalg.impl.DeviceLinalg;
    provides org.ndgpu.vendor.SolverProvider with
            org.ndgpu.linalg.impl.HostSolverProvider,
            org.ndgpu.linalg.impl.DeviceSolverProvider;
    provides org.ndgpu.vendor.SolverKernels with
            org.ndgpu.linalg.impl.SolverKernelLibrary;
}
