package org.ndgpu.reliability;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.RawKernel;

/**
 * A child JVM for {@link PoclKernelCacheProcessTest}: waits for a start file (so two children
 * compile at the same moment), compiles a kernel whose source carries a nonce, runs it, checks the
 * result and prints "CHILD OK". Args: nonce, start-file.
 */
public final class CacheChild {
    private CacheChild() {}

    public static void main(String[] args) throws Exception {
        String nonce = args[0];
        Path start = Path.of(args[1]);
        Device dev = Device.list().stream()
                .filter(d -> d.backendName().equals("opencl") && !d.isGpu())
                .findFirst()
                .orElseThrow();
        try (var _ = dev.use()) {
            NDArray x = Nd.arange(0.0, 64.0, 1.0, DType.FLOAT32); // warms the device before the race
            long deadline = System.currentTimeMillis() + 60_000;
            while (!Files.exists(start) && System.currentTimeMillis() < deadline) Thread.sleep(1);
            String src = "// nonce " + nonce
                    + "\n__kernel void rel_cache_k(__global float* y, __global const float* x, int n) {"
                    + " int i = get_global_id(0); if (i < n) y[i] = x[i] * 3.0f + 1.0f; }\n";
            NDArray y = Nd.zeros(DType.FLOAT32, 64);
            new RawKernel(src, "rel_cache_k").launch(new long[] {1}, new long[] {64}, y, x, 64);
            float[] v = y.toFloatArray();
            for (int i = 0; i < 64; i++) {
                if (v[i] != i * 3.0f + 1.0f) throw new AssertionError("y[" + i + "] = " + v[i]);
            }
        }
        System.out.println("CHILD OK");
        System.exit(0);
    }
}
