package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.fft.Fft;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * numpy.fft on the current device, beside {@code .gpu/cupy_fft_anchors.py} (the same calls in
 * CuPy): fft of 2^24 complex64, rfft of 2^24 float32, a batched fft2 of 64 x 1024 x 1024 complex64,
 * and, for the own kernels' split into steps and Bluestein, fft of 2^20 complex128 and of 1,000,003
 * (a prime) complex64. cuFFT on CUDA, ndgpu's own kernels on OpenCL; the GB/s column counts one
 * read and one write of the data. Each transform is checked first: ifft(fft(x)) must give x back.
 *
 * <p>On the GPU host: {@code .gpu/bench.sh FftBench} (CuPy's rows follow).
 */
public final class FftBench {
    private FftBench() {}

    /** Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose); args[0] = log2 of the 1-d length (24). */
    public static void main(String[] args) {
        Bench.header("FftBench");
        Fft fft = Nd.fft();
        int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 24;
        long n = 1L << log2n;
        Nd.random().seed(5);
        try (NDArray re = Nd.random().normal(0, 1, DType.FLOAT32, n);
                NDArray x = complex(fft, re)) {
            check(fft, x);
            Bench.row("fft c64 2^" + log2n, Bench.deviceMsOf(() -> fft.fft(x), 10, 2), 2.0 * 8 * n);
            Bench.row("rfft f32 2^" + log2n, Bench.deviceMsOf(() -> fft.rfft(re), 10, 2), 4.0 * n + 8.0 * (n / 2 + 1));
        }
        long batch = Math.max(1, n / 4 / (1 << 20)) * 16; // 64 for 2^24: 64 x 1024 x 1024 (512 MiB)
        long side = log2n >= 20 ? 1024 : 1L << (log2n / 2);
        try (NDArray re = Nd.random().normal(0, 1, DType.FLOAT32, batch, side, side);
                NDArray x = complex(fft, re)) {
            Bench.Timing t = Bench.timeOf(() -> fft.fft2(x), 5, 1);
            Bench.row("fft2 c64 " + batch + "x" + side + "x" + side, t.deviceMs(), 2.0 * 8 * x.size());
            // the host's share of that row: the call's own time, and the kernels' time with the host's gaps hidden
            System.out.printf(
                    "  (fft2: host %.4f ms per call; %.4f ms per call pipelined)%n",
                    t.hostMs(), Bench.pipelinedMsOf(() -> fft.fft2(x), 20));
        }
        long m = 1L << Math.min(20, log2n);
        try (NDArray re = Nd.random().normal(0, 1, DType.FLOAT64, m);
                NDArray x = re.astype(DType.COMPLEX128)) {
            check(fft, x);
            Bench.row("fft c128 2^" + Math.min(20, log2n), Bench.deviceMsOf(() -> fft.fft(x), 10, 2), 2.0 * 16 * m);
        }
        long p = log2n >= 20 ? 1_000_003 : 10_007;
        try (NDArray re = Nd.random().normal(0, 1, DType.FLOAT32, p);
                NDArray x = re.astype(DType.COMPLEX64)) {
            check(fft, x);
            Bench.row("fft c64 " + p + " (prime)", Bench.deviceMsOf(() -> fft.fft(x), 10, 2), 2.0 * 8 * p);
        }
    }

    /** Random complex64 values of re's shape: the spectrum of the noise re along its last axis (normal in both parts). */
    private static NDArray complex(Fft fft, NDArray re) {
        return fft.fft(re, null, -1, "ortho");
    }

    /** ifft(fft(x)) == x within float tolerance, or an AssertionError: a fast wrong transform is not a result. */
    private static void check(Fft fft, NDArray x) {
        try (NDArray f = fft.fft(x);
                NDArray b = fft.ifft(f);
                NDArray d = b.sub(x);
                NDArray ad = d.abs();
                NDArray err = ad.max();
                NDArray ax = x.abs();
                NDArray mx = ax.max()) {
            double e = err.doubleValue() / mx.doubleValue();
            double tol = x.dtype() == DType.COMPLEX64 ? 1e-4 : 1e-12;
            if (!(e <= tol))
                throw new AssertionError("fft round trip of " + x.size() + " " + x.dtype() + ": relative error " + e);
        }
    }
}
