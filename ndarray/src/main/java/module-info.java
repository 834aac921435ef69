/**
 * ndgpu's core: the array, dtypes, views, copies and index strings, above the device runtime
 * ({@code org.ndgpu.runtime}: devices, memory, the backend contract, the exceptions, the settings),
 * which it passes on to every module that requires it. The core plans no loop and writes no kernel:
 * the operation modules (kernels-elementwise holds the loop and kernel generation) plug in through
 * ServiceLoader, by the service interfaces of {@code org.ndgpu.spi}, exported to them only.
 */
@SuppressWarnings("module") // the modules named in the qualified exports are built after this one
module org.ndgpu.ndarray {
    requires transitive org.ndgpu.runtime;

    exports org.ndgpu.ndarray;
    exports org.ndgpu.spi to
            org.ndgpu.raw,
            org.ndgpu.elementwise,
            org.ndgpu.reduction,
            org.ndgpu.routines,
            org.ndgpu.fuse,
            org.ndgpu.linalg,
            org.ndgpu.nccl,
            org.ndgpu.fft,
            org.ndgpu.random,
            org.ndgpu.special,
            org.ndgpu;

    uses org.ndgpu.spi.UfuncRunner;
    uses org.ndgpu.spi.ReductionRunner;
    uses org.ndgpu.spi.Routines;
    uses org.ndgpu.spi.MatrixProducts;
    uses org.ndgpu.spi.RealFft;
    uses org.ndgpu.spi.CoreKernels;
}
