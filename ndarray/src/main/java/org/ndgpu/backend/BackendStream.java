package org.ndgpu.backend;

/** An in-order queue of device work: an OpenCL command queue, a CUDA stream. */
public interface BackendStream {
    /** Releases the queue; the default stream is never closed by users. */
    void close();
}
