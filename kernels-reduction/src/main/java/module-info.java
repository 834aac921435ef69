/** ReductionKernel, NumPy's reductions and scans, served through ndarray's Reductions contract. */
module org.ndgpu.reduction {
    requires transitive org.ndgpu.ndarray;
    requires org.ndgpu.elementwise;

    exports org.ndgpu.reduction;

    provides org.ndgpu.spi.Reductions with org.ndgpu.reduction.DeviceReductions;
}
