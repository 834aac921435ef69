/**
 * The elementwise loop and kernel generation ({@code org.ndgpu.codegen}: the loop plan, the kernel
 * sources, the launch-argument builder), ElementwiseKernel and the NumPy ufunc library, served to
 * NDArray and Nd through ndarray's UfuncRunner and CoreKernels contracts. Code generation is
 * exported to the ndgpu modules that write kernels only.
 */
@SuppressWarnings("module") // the modules named in the qualified export are built after this one
module org.ndgpu.elementwise {
    requires transitive org.ndgpu.ndarray;

    exports org.ndgpu.elementwise;
    exports org.ndgpu.codegen to
            org.ndgpu.raw,
            org.ndgpu.reduction,
            org.ndgpu.routines,
            org.ndgpu.fuse,
            org.ndgpu.linalg,
            org.ndgpu.fft,
            org.ndgpu.random,
            org.ndgpu.sparse,
            org.ndgpu.ndimage,
            org.ndgpu.special,
            org.ndgpu.signal,
            org.ndgpu;

    provides org.ndgpu.spi.UfuncRunner with
            org.ndgpu.elementwise.UfuncLibrary;
    provides org.ndgpu.spi.CoreKernels with
            org.ndgpu.elementwise.CoreKernelLibrary;
}
