/**
 * The implementation of {@code Nd.linalg()} (org.ndgpu.linalg, in ndarray): matmul, contractions,
 * norms and the decompositions, on the device's BLAS and solver (plugged in by the backends) or
 * EJML on the host. Nothing is exported; ServiceLoader finds it.
 */
module org.ndgpu.linalg {
    requires org.ndgpu.ndarray;
    requires org.ndgpu.elementwise;
    requires org.ndgpu.reduction;
    requires ejml.core;
    requires ejml.ddense;

    provides org.ndgpu.linalg.Linalg with org.ndgpu.linalg.impl.DeviceLinalg;
    provides org.ndgpu.spi.SolverProvider with org.ndgpu.linalg.impl.HostSolverProvider;
}
