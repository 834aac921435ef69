package org.ndgpu.backend;

/** A compiled program (an OpenCL program, a CUDA module). */
public interface BackendProgram {
    /** Bytes that {@link Backend#load} turns back into this program on the same device and driver; null if none. */
    byte[] binary();

    /** Names of the kernels in the program, where the backend can tell; empty otherwise. */
    java.util.List<String> kernelNames();
}
