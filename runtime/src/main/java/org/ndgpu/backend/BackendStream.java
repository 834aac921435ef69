package org.ndgpu.backend;

/** An in-order queue of device work: an OpenCL command queue, a CUDA stream. */
public interface BackendStream {
    /**
     * The native queue as an address (a CUstream, a cl_command_queue), for libraries that take one:
     * NCCL, cuFFT, CuPy's {@code Stream.ptr}. 0 is CUDA's default stream.
     */
    long ptr();

    /** Releases the queue; the default stream is never closed by users. */
    void close();
}
