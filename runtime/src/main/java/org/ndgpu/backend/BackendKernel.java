package org.ndgpu.backend;

/** One entry point of a program, ready to launch. */
public interface BackendKernel {
    /** The kernel's name in the source. */
    String name();

    /** The largest block (work-group) this kernel may launch with on its device. */
    int maxBlockSize();

    /** Number of parameters, where the backend can tell; -1 otherwise. */
    int parameterCount();

    /**
     * How many blocks of {@code blockThreads} threads (no dynamic local memory) one compute unit
     * runs at once, as the device's occupancy calculator says; 0 where the backend cannot tell
     * (OpenCL has no such query). Kernels that size a grid to exactly one wave of resident blocks
     * use it (the reductions' first pass): one block more than fits is a second wave that runs alone.
     */
    default int residentBlocksPerUnit(int blockThreads) {
        return 0;
    }
}
