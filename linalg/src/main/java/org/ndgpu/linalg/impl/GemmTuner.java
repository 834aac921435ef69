package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.linalg.GemmTiming;
import org.ndgpu.ndarray.DType;
import org.ndgpu.vendor.Blas;

/**
 * {@code Nd.linalg().tuneGemm}: checks the request and runs the device BLAS's parameter sweep
 * ({@link Blas#tuneGemm}), which only a BLAS with tunable kernels (CLBlast) offers.
 */
final class GemmTuner {
    private GemmTuner() {}

    static List<GemmTiming> tune(Device device) {
        Objects.requireNonNull(device, "tuneGemm: device is null");
        Blas blas = blasOf(device);
        List<GemmTiming> out = new ArrayList<>(tune(device, blas, DType.FLOAT32, 4096, 3));
        if (blas.supports(DType.FLOAT64)) out.addAll(tune(device, blas, DType.FLOAT64, 2048, 3));
        return out;
    }

    static List<GemmTiming> tune(Device device, DType dtype, long size, int repeats) {
        Objects.requireNonNull(device, "tuneGemm: device is null");
        Objects.requireNonNull(dtype, "tuneGemm: dtype is null");
        if (size < 1 || size > 65536) throw new NdException("tuneGemm: expected a size from 1 to 65536, got " + size);
        if (repeats < 1 || repeats > 1000)
            throw new NdException("tuneGemm: expected repeats from 1 to 1000, got " + repeats);
        Blas blas = blasOf(device);
        if (!List.of(DType.FLOAT32, DType.FLOAT64, DType.COMPLEX64, DType.COMPLEX128)
                        .contains(dtype)
                || !blas.supports(dtype))
            throw new DTypeException("tuneGemm: expected float32, float64, complex64 or complex128 that " + device.id()
                    + " multiplies, got " + dtype);
        return tune(device, blas, dtype, size, repeats);
    }

    private static Blas blasOf(Device device) {
        Blas blas = Blas.forDevice(device);
        if (blas == null || !blas.tunesGemm())
            throw new NdException("tuneGemm: expected an OpenCL device (CLBlast's GEMM parameters), got " + device.id()
                    + ", whose BLAS chooses its own kernels");
        return blas;
    }

    private static List<GemmTiming> tune(Device device, Blas blas, DType dtype, long size, int repeats) {
        List<GemmTiming> out = new ArrayList<>();
        try (var _ = device.use()) {
            for (Blas.GemmTiming t : blas.tuneGemm(dtype, size, repeats, true))
                out.add(new GemmTiming(dtype, t.candidate(), t.parameters(), t.tflops(), t.skipped(), t.chosen()));
        }
        return out;
    }
}
