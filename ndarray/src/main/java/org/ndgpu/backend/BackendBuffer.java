package org.ndgpu.backend;

/** A device allocation of a backend: a cl_mem, a CUdeviceptr. Its size is what was asked for. */
public interface BackendBuffer {
    /** Bytes. */
    long size();
}
