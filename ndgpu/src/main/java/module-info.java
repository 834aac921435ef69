/**
 * The whole of ndgpu in one requirement, {@code requires org.ndgpu;}, and its front door: the facade
 * {@code org.ndgpu.Nd}, which calls the operation modules directly.
 */
module org.ndgpu {
    requires transitive org.ndgpu.ndarray;
    requires transitive org.ndgpu.raw;
    requires transitive org.ndgpu.elementwise;
    requires transitive org.ndgpu.reduction;
    requires transitive org.ndgpu.routines;
    requires transitive org.ndgpu.fuse;
    requires transitive org.ndgpu.linalg;
    requires transitive org.ndgpu.nccl;
    requires transitive org.ndgpu.fft;
    requires transitive org.ndgpu.random;
    requires transitive org.ndgpu.sparse;
    requires transitive org.ndgpu.ndimage;
    requires transitive org.ndgpu.special;
    requires transitive org.ndgpu.signal;
    requires org.ndgpu.backend.opencl;
    requires org.ndgpu.backend.cuda;

    exports org.ndgpu;
    exports org.ndgpu.display;
}
