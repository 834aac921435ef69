package org.ndgpu.backend;

/**
 * What ndgpu knows about a device.
 *
 * @param backend           "opencl" or "cuda"
 * @param index             index within its backend (the 1 of "opencl:1")
 * @param name              the device's name
 * @param vendor            the vendor, or the OpenCL platform's name
 * @param isGpu             true for a GPU, false for a CPU or other accelerator
 * @param globalMemoryBytes device memory
 * @param computeUnits      streaming multiprocessors or compute units
 * @param maxBlockSize      the largest work-group or block
 * @param localMemoryBytes  shared / local memory per block
 * @param warpSize          warp or preferred sub-group width (1 if unknown)
 * @param fp64              whether double precision runs natively
 * @param fp16              whether half arithmetic runs natively (storage always works)
 * @param driverVersion     driver and runtime versions, for the program cache key
 * @param architecture      "sm_90" on CUDA, the OpenCL version string elsewhere
 * @param hostCpu           true for an OpenCL device other than a GPU (the host's CPU, through PoCL):
 *                          its kernels run in this process, so a bad access kills it (checked mode is
 *                          on by default there), and it counts work-items in 32 bits per dimension
 */
public record DeviceFacts(
        String backend,
        int index,
        String name,
        String vendor,
        boolean isGpu,
        long globalMemoryBytes,
        int computeUnits,
        int maxBlockSize,
        long localMemoryBytes,
        int warpSize,
        boolean fp64,
        boolean fp16,
        String driverVersion,
        String architecture,
        boolean hostCpu,
        boolean managedMemory) {

    /** The facts of a device without managed memory. */
    public DeviceFacts(
            String backend,
            int index,
            String name,
            String vendor,
            boolean isGpu,
            long globalMemoryBytes,
            int computeUnits,
            int maxBlockSize,
            long localMemoryBytes,
            int warpSize,
            boolean fp64,
            boolean fp16,
            String driverVersion,
            String architecture,
            boolean hostCpu) {
        this(
                backend,
                index,
                name,
                vendor,
                isGpu,
                globalMemoryBytes,
                computeUnits,
                maxBlockSize,
                localMemoryBytes,
                warpSize,
                fp64,
                fp16,
                driverVersion,
                architecture,
                hostCpu,
                false);
    }

    /** "cuda:0", "opencl:1". */
    public String id() {
        return backend + ":" + index;
    }
}
