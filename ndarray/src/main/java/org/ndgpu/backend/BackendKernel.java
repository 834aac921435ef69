package org.ndgpu.backend;

/** One entry point of a program, ready to launch. */
public interface BackendKernel {
    /** The kernel's name in the source. */
    String name();

    /** The largest block (work-group) this kernel may launch with on its device. */
    int maxBlockSize();

    /** Number of parameters, where the backend can tell; -1 otherwise. */
    int parameterCount();
}
