package org.ndgpu.fft.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.Stream;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.testing.Backends;
import org.ndgpu.testing.DeviceTestBase;

/**
 * cuFFT on a CUDA GPU (the GPU host): it is the engine there, and agrees with ndgpu's own kernels
 * (run on the same device) for every path the binding has: C2C and Z2Z, R2C and C2R, the
 * advanced layout of a strided axis, a batched 2-d plan, a non-default stream, and plans reused
 * from the cache. FftParityTest checks both against NumPy on [cuda].
 */
@Tag("gpu")
class CudaFftTest extends DeviceTestBase {
    @Override
    protected Device device() {
        return Backends.cuda();
    }

    private static NDArray own(NDArray rows, boolean inverse) {
        NDArray out = NDArray.empty(rows.device(), rows.dtype(), rows.shape(), Order.C);
        long n = rows.shape(rows.ndim() - 1);
        OwnFft.c2c(rows, out, rows.size() / n, n, inverse, 1.0);
        return out;
    }

    private static void close(NDArray expected, NDArray got, DType dt, double n) {
        double err = FftFixtures.relativeError(FftFixtures.values(got), FftFixtures.values(expected));
        double tol = FftFixtures.tolerance(dt, n);
        assertTrue(err <= tol, "relative error " + err + " > " + tol);
    }

    @Test
    void cuFftIsTheEngine() {
        assertTrue(FftLibrary.engineName(device()).startsWith("cuFFT"), FftLibrary.engineName(device()));
    }

    @Test
    void agreesWithTheOwnKernels() {
        for (DType dt : new DType[] {DType.COMPLEX64, DType.COMPLEX128}) {
            for (long n : new long[] {1, 7, 97, 1024, 1009, 4096 * 3, 1 << 20}) {
                try (NDArray re = Nd.random().normal(0, 1, DType.FLOAT64, 3, n);
                        NDArray x = re.astype(dt);
                        NDArray mine = own(x, false);
                        NDArray cu = Nd.fft().fft(x);
                        NDArray back = Nd.fft().ifft(cu)) {
                    close(mine, cu, dt, (double) n);
                    close(x, back, dt, (double) n);
                }
            }
        }
    }

    @Test
    void realTransformsAndStridedAxes() {
        try (NDArray x = Nd.random().normal(0, 1, DType.FLOAT32, 8, 1000);
                NDArray c = x.astype(DType.COMPLEX64);
                NDArray full = own(c, false);
                NDArray r = Nd.fft().rfft(x);
                NDArray half = full.get(":, :501")) {
            close(half, r, DType.COMPLEX64, 1000);
            try (NDArray back = Nd.fft().irfft(r, 1000L, -1, null)) {
                close(x, back, DType.FLOAT32, 1000);
            }
        }
        // axis 0 of a C-contiguous array: one advanced-layout plan, no copy
        try (NDArray x = Nd.random().normal(0, 1, DType.FLOAT64, 512, 6);
                NDArray c = x.astype(DType.COMPLEX128);
                NDArray t = c.T();
                NDArray tc = t.copy();
                NDArray mine = own(tc, false);
                NDArray cu = Nd.fft().fft(c, null, 0, null);
                NDArray cuT = cu.T()) {
            close(mine, cuT, DType.COMPLEX128, 512);
        }
    }

    @Test
    void batchedFft2AndAStream() {
        try (NDArray x = Nd.random().normal(0, 1, DType.FLOAT32, 4, 64, 48);
                NDArray c = x.astype(DType.COMPLEX64)) {
            NDArray expected;
            try (NDArray rows = own(c, false);
                    NDArray t = rows.swapaxes(1, 2);
                    NDArray tc = t.copy();
                    NDArray cols = own(tc, false)) {
                expected = cols.swapaxes(1, 2).copy();
            }
            try (Stream s = Stream.create();
                    var _ = s.use();
                    NDArray got = Nd.fft().fft2(c)) {
                assertEquals(s, Stream.current()); // the transform was queued on s
                s.synchronize();
                close(expected, got, DType.COMPLEX64, 64 * 48);
                assertArrayEquals(new long[] {4, 64, 48}, got.shape());
            }
            expected.close();
        }
    }

    @Test
    void plansAreReusedAndEvicted() {
        try (NDArray x = Nd.random().normal(0, 1, DType.FLOAT32, 2, 256);
                NDArray first = Nd.fft().fft(x)) {
            // more plans than cuFFT's per-thread cache holds (16: backend-cuda's CuFft.PLANS)
            for (int n = 2; n < 2 + 2 * 16; n++) Nd.fft().fft(x, n).close();
            try (NDArray again = Nd.fft().fft(x)) {
                assertEquals(0.0, FftFixtures.relativeError(FftFixtures.values(again), FftFixtures.values(first)));
            }
        }
    }
}
