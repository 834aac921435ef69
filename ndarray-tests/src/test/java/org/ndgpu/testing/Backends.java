package org.ndgpu.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.ndgpu.device.Device;

/**
 * The devices a conformance suite runs on. PoCL (an OpenCL CPU device) is everywhere, CI included;
 * the CUDA and NVIDIA OpenCL devices exist only on the GPU host, where tests tagged "gpu" run.
 * A gpu-tagged test on a machine without that device fails: it was asked to run there.
 */
public final class Backends {
    private Backends() { }

    /** The first OpenCL CPU device (PoCL). */
    public static Device openclCpu() {
        Device d = Device.list().stream().filter(x -> x.backendName().equals("opencl") && !x.isGpu()).findFirst().orElse(null);
        assumeTrue(d != null, "no OpenCL CPU device: " + Device.problems());
        return d;
    }

    /** The first CUDA device; a failure (not a skip) when absent, since only gpu-tagged tests ask. */
    public static Device cuda() {
        return Device.list().stream().filter(x -> x.backendName().equals("cuda")).findFirst()
                .orElseThrow(() -> new AssertionError("no CUDA device: " + Device.problems()));
    }

    /** The first OpenCL GPU (NVIDIA's platform on the GPU host). */
    public static Device openclGpu() {
        return Device.list().stream().filter(x -> x.backendName().equals("opencl") && x.isGpu()).findFirst()
                .orElseThrow(() -> new AssertionError("no OpenCL GPU: " + Device.list() + " " + Device.problems()));
    }
}
