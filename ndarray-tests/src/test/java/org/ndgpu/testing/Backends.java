package org.ndgpu.testing;

import org.ndgpu.device.Device;

/**
 * The devices of tests that hold to one device (a conformance suite runs on each tested device
 * through {@link PerDeviceTest} instead). PoCL (an OpenCL CPU device) is everywhere, CI included;
 * the CUDA and NVIDIA OpenCL devices exist only on the GPU host, where tests tagged "gpu" run.
 * A gpu-tagged test on a machine without that device fails: it was asked to run there.
 */
public final class Backends {
    private Backends() {}

    /** The first OpenCL CPU device (PoCL); the test is aborted where there is none. */
    public static Device openclCpu() {
        return TestDevice.POCL.device();
    }

    /** The first CUDA device; a failure (not a skip) when absent, since only gpu-tagged tests ask. */
    public static Device cuda() {
        return TestDevice.CUDA.find().orElseThrow(() -> new AssertionError("no CUDA device: " + Device.problems()));
    }

    /** The first OpenCL GPU (NVIDIA's platform on the GPU host); a failure when absent, as {@link #cuda()}. */
    public static Device openclGpu() {
        return TestDevice.OPENCL_GPU
                .find()
                .orElseThrow(() -> new AssertionError("no OpenCL GPU: " + Device.list() + " " + Device.problems()));
    }
}
