/** Fuse: a Java lambda over arrays traced into one kernel, as cupy.fuse. */
module org.ndgpu.fuse {
    requires transitive org.ndgpu.ndarray;
    requires org.ndgpu.elementwise;
    requires org.ndgpu.reduction;

    exports org.ndgpu.fuse;
}
