/**
 * ndgpu's device runtime, below the array (as {@code cupy.cuda} sits below {@code cupy._core}):
 * devices, streams, events, graphs, the memory pool, the program cache, the backend contract, the
 * exceptions and the settings. The backends plug in through ServiceLoader ({@code BackendProvider});
 * optional native libraries tell why they cannot serve a device ({@code OptionalLibrary}).
 */
module org.ndgpu.runtime {
    // the pool's early collections measure the collectors' pauses (MemoryPool, Reclaimer)
    requires java.management;

    exports org.ndgpu.exceptions;
    exports org.ndgpu.config;
    exports org.ndgpu.device;
    // the backend contract is public: a device tells its dialect and facts through it (RawKernel
    // users pick their source by Dialect), and a third-party backend implements BackendProvider
    exports org.ndgpu.backend;

    uses org.ndgpu.backend.BackendProvider;
    uses org.ndgpu.backend.OptionalLibrary;
}
