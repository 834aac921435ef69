package org.ndgpu.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.Backends;

/**
 * The same work on every device of the GPU host (CUDA, NVIDIA OpenCL, PoCL) must give the same
 * bytes: copies, casts, views and creation (module random's GeneratorDevicesTest does the random
 * numbers).
 */
@Tag("gpu")
class BackendParityGpuTest {

    private static long[] onEach(Supplier<NDArray> work, Device... devices) {
        long[] first = null;
        for (Device d : devices) {
            try (var _ = d.use();
                    NDArray a = work.get()) {
                long[] bits = a.astype(DType.FLOAT64).toLongArray();
                double[] vals = a.astype(DType.FLOAT64).toDoubleArray();
                long[] asBits = new long[vals.length];
                for (int i = 0; i < vals.length; i++) asBits[i] = Double.doubleToRawLongBits(vals[i]);
                if (first == null) first = asBits;
                else assertArrayEquals(first, asBits, "differs on " + d);
                assertEquals(vals.length, bits.length);
            }
        }
        return first;
    }

    private static Device[] all() {
        return new Device[] {Backends.cuda(), Backends.openclGpu(), Backends.openclCpu()};
    }

    @Test
    void viewsCopiesAndCastsAgree() {
        for (DType t : DType.values()) {
            onEach(
                    () -> Nd.arange(0, 60, 1)
                            .reshape(3, 4, 5)
                            .astype(t)
                            .transpose(2, 0, 1)
                            .get("::-1, 1:, ::2")
                            .copy(),
                    all());
        }
    }

    @Test
    void creationAgrees() {
        onEach(() -> Nd.linspace(-3, 7, 101), all());
        onEach(() -> Nd.eye(7, 9, 2, DType.FLOAT32), all());
        onEach(() -> Nd.arange(-5.5, 9.25, 0.75, DType.FLOAT32), all());
        onEach(() -> Nd.full(3.5, DType.FLOAT16, 5, 3), all());
        onEach(() -> Nd.array(new double[][] {{1.5, -2}, {3, 1e300}}).astype(DType.COMPLEX64), all());
    }
}
