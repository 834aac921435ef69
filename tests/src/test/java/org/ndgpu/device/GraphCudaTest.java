package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.DeviceTestBase;
import org.ndgpu.testing.TestDevice;

/**
 * CUDA stream capture: what only the CUDA path does (relaxed capture around a first compile and
 * module load, the driver's own ordering of a graph's launches, cuBLAS in a capture). GraphTest runs
 * the rest on CUDA too, as a conformance suite. Skipped where there is no CUDA device.
 */
@Tag("gpu")
@SuppressWarnings("try") // Stream.use scopes are held by try, not referenced
class GraphCudaTest extends DeviceTestBase {
    @Override
    protected Device device() {
        Optional<Device> cuda = TestDevice.CUDA.find();
        assumeTrue(cuda.isPresent(), "no CUDA device here");
        return cuda.get();
    }

    private static float[] ramp(int n, float scale) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) v[i] = i * scale;
        return v;
    }

    /**
     * A kernel met for the first time inside the body: NVRTC compiles it and cuModuleLoadDataEx loads
     * it during the capture, which the global capture mode would refuse; relaxed mode records it.
     */
    @Test
    void aKernelCompiledInsideTheCaptureIsRecorded() {
        String unique = "graph_first_" + System.nanoTime();
        var k = new ElementwiseKernel("float32 x", "float32 y", "y = x * 3.0f + 0.5f", unique);
        NDArray x = Nd.array(ramp(4096, 0.25f));
        NDArray[] out = new NDArray[1];
        try (Graph g = Nd.capture(() -> out[0] = k.call(x))) {
            for (int round = 0; round < 3; round++) {
                try (NDArray next = Nd.array(ramp(4096, round + 1f))) {
                    Nd.copyto(x, next);
                }
                g.launch();
                float[] xs = x.toFloatArray(), ys = out[0].toFloatArray();
                for (int i = 0; i < xs.length; i++) assertEquals(xs[i] * 3.0f + 0.5f, ys[i], "element " + i);
            }
        }
    }

    /** Many launches queued without a wait, alternating two streams: the driver orders them one after another. */
    @Test
    void launchesOnTwoStreamsRunOneAfterAnother() {
        NDArray counter = Nd.zeros(DType.FLOAT32, 1 << 16);
        int launches = 500;
        try (Graph g = Nd.capture(() -> Nd.add(counter, 1, counter));
                Stream side = Stream.create(device())) {
            for (int i = 0; i < launches; i++) {
                if (i % 2 == 0) {
                    g.launch();
                } else {
                    try (var on = side.use()) {
                        g.launch();
                    }
                }
            }
            side.synchronize();
            device().synchronize();
        }
        float[] want = new float[1 << 16];
        Arrays.fill(want, launches);
        assertArrayEquals(want, counter.toFloatArray());
    }

    /** cuBLAS queues its kernels on the capture's stream (cublasSetStream): a matmul is captured as well. */
    @Test
    void aMatmulThroughCublasIsCaptured() {
        int n = 64;
        NDArray a = Nd.array(ramp(n * n, 0.01f)).reshape(n, n),
                b = Nd.array(ramp(n * n, -0.02f)).reshape(n, n);
        NDArray[] out = new NDArray[1];
        try (Graph g = Nd.capture(() -> out[0] = Nd.matmul(a, b).add(1))) {
            g.launch();
            NDArray eager = Nd.matmul(a, b).add(1);
            assertArrayEquals(eager.toFloatArray(), out[0].toFloatArray());
        }
    }

    /**
     * cuFFT queues on the capture's stream too: a real FFT between two fused chains is captured, its
     * plan made during the capture (a size no earlier call planned), and each launch transforms the
     * data the inputs hold then.
     */
    @Test
    void aFftThroughCufftIsCapturedBetweenFusedChains() {
        int n = 3168; // a length no other test plans
        NDArray x = Nd.array(ramp(n, 0.001f));
        NDArray[] out = new NDArray[1];
        try (Graph g =
                Nd.capture(() -> out[0] = Nd.abs(Nd.fft().rfft(x.mul(2).sub(1))).mul(0.5))) {
            for (int round = 0; round < 3; round++) {
                try (NDArray next = Nd.array(ramp(n, 0.002f * (round + 1)))) {
                    Nd.copyto(x, next);
                }
                g.launch();
                float[] eager = Nd.abs(Nd.fft().rfft(x.mul(2).sub(1))).mul(0.5).toFloatArray();
                float[] got = out[0].toFloatArray();
                assertEquals(eager.length, got.length);
                for (int i = 0; i < eager.length; i++)
                    assertEquals(
                            eager[i], got[i], 1e-4 * Math.max(1, Math.abs(eager[i])), "round " + round + ", bin " + i);
            }
        }
    }
}
