package org.ndgpu.backend;

/** A device allocation of a backend: a cl_mem, a CUdeviceptr. Its size is what was asked for. */
public interface BackendBuffer {
    /** Bytes. */
    long size();

    /**
     * What other libraries know this buffer by: the CUdeviceptr on CUDA, the cl_mem handle on
     * OpenCL. For interop (NDArray.devicePointer, DLPack); ndgpu itself never needs it.
     */
    long handle();
}
