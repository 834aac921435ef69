/** The whole of ndgpu in one requirement: {@code requires org.ndgpu;}. */
module org.ndgpu {
    requires transitive org.ndgpu.ndarray;
    requires transitive org.ndgpu.raw;
    requires transitive org.ndgpu.elementwise;
    requires transitive org.ndgpu.reduction;
    requires transitive org.ndgpu.routines;
    requires transitive org.ndgpu.fuse;
    requires org.ndgpu.linalg;
    requires transitive org.ndgpu.nccl;
    requires org.ndgpu.fft;
    requires org.ndgpu.random.impl;
    requires org.ndgpu.backend.opencl;
    requires org.ndgpu.backend.cuda;
}
