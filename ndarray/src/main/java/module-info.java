/**
 * ndgpu's core: the array, dtypes, views, devices, streams, memory, the backend contract and kernel
 * generation. The backends and the operation modules plug in through ServiceLoader; the packages
 * they need (the backend contract, code generation, the service interfaces) are exported to them
 * only.
 */
@SuppressWarnings("module") // the modules named in the qualified exports are built after this one
module org.ndgpu.ndarray {
    // the pool's early collections measure the collectors' pauses (MemoryPool, Reclaimer)
    requires java.management;

    exports org.ndgpu.exceptions;
    exports org.ndgpu.config;
    exports org.ndgpu.ndarray;
    exports org.ndgpu.device;
    // the backend contract is public: a device tells its dialect and facts through it (RawKernel
    // users pick their source by Dialect), and a third-party backend implements BackendProvider
    exports org.ndgpu.backend;
    exports org.ndgpu.codegen to
            org.ndgpu.backend.opencl,
            org.ndgpu.backend.cuda,
            org.ndgpu.raw,
            org.ndgpu.elementwise,
            org.ndgpu.reduction,
            org.ndgpu.routines,
            org.ndgpu.fuse,
            org.ndgpu.linalg,
            org.ndgpu.fft,
            org.ndgpu.random,
            org.ndgpu;
    exports org.ndgpu.spi to
            org.ndgpu.backend.opencl,
            org.ndgpu.backend.cuda,
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
            org.ndgpu.sparse,
            org.ndgpu;

    uses org.ndgpu.backend.BackendProvider;
    uses org.ndgpu.spi.UfuncRunner;
    uses org.ndgpu.spi.ReductionRunner;
    uses org.ndgpu.spi.Routines;
    uses org.ndgpu.spi.BlasProvider;
    uses org.ndgpu.spi.SolverProvider;
    uses org.ndgpu.spi.MatrixProducts;
    uses org.ndgpu.spi.OptionalLibrary;
    uses org.ndgpu.spi.RealFft;
}
