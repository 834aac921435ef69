/** ReductionKernel, NumPy's reductions and scans, served through ndarray's ReductionRunner contract. */
module org.ndgpu.reduction {
    requires transitive org.ndgpu.ndarray;
    requires org.ndgpu.elementwise;

    exports org.ndgpu.reduction;

    provides org.ndgpu.spi.ReductionRunner with
            org.ndgpu.reduction.DeviceReductions;
}
