package org.ndgpu.reliability;

import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.RawKernel;

/**
 * A child JVM for {@link CudaRawKernelFaultTest}: a RawKernel writes far out of bounds on cuda:0;
 * prints what the first error and the next call say. The context is unusable afterwards, which is
 * why this runs in its own process.
 */
public final class RawFaultChild {
    private RawFaultChild() {}

    public static void main(String[] args) {
        Device dev = Device.get("cuda:0");
        int status = 1;
        try (var _ = dev.use()) {
            NDArray x = Nd.zeros(DType.FLOAT32, 16);
            var k = new RawKernel(
                    "extern \"C\" __global__ void rel_wild_write(float* p) {"
                            + " p[(long long)threadIdx.x * 1000000000LL + (1LL << 40)] = 1.0f; }",
                    "rel_wild_write");
            try {
                k.launch(new long[] {4}, new long[] {128}, x);
                dev.synchronize();
                System.out.println("no error?!");
            } catch (NdException e) {
                System.out.println("FIRST " + e.getClass().getSimpleName() + ": " + e.getMessage());
                try {
                    Nd.ones(DType.FLOAT32, 4).sum();
                    System.out.println("work after the fault succeeded?!");
                } catch (NdException e2) {
                    System.out.println("THEN " + e2.getClass().getSimpleName() + ": " + e2.getMessage());
                    status = 0;
                }
            }
        }
        System.out.flush();
        System.exit(status);
    }
}
