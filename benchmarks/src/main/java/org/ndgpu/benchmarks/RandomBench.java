package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The random Generator on the current device, beside {@code .gpu/cupy_random_anchors.py} (the same
 * calls on {@code cupy.random.default_rng()}): integers of 2^24 int64 and int32 in [0, 1000),
 * standard_normal of 2^24 float32, exponential and poisson of 2^24, permutation of 2^24. Bytes are
 * the output written. Each result's range is checked on the host before it is timed.
 *
 * <p>On the GPU host: {@code .gpu/bench.sh RandomBench}.
 */
public final class RandomBench {
    private RandomBench() {}

    /** Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose); an argument sets log2 of the size. */
    public static void main(String[] args) {
        Bench.header("RandomBench");
        int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 24; // smaller for a smoke run off the GPU
        long n = 1L << log2n;
        var r = Nd.random().seed(12);
        try (NDArray k = r.integers(0, 1000, n);
                NDArray lo = k.min();
                NDArray hi = k.max()) {
            if (lo.toLongArray()[0] < 0 || hi.toLongArray()[0] > 999)
                throw new AssertionError("integers: outside [0, 1000)");
        }
        Bench.row(
                "integers int64 [0, 1000) 2^" + log2n, Bench.deviceMsOf(() -> r.integers(0, 1000, n), 10, 2), 8.0 * n);
        Bench.row(
                "integers int32 [0, 1000) 2^" + log2n,
                Bench.deviceMsOf(() -> r.integers(0, 1000, DType.INT32, n), 10, 2),
                4.0 * n);
        Bench.row(
                "standard_normal f32 2^" + log2n,
                Bench.deviceMsOf(() -> r.standardNormal(DType.FLOAT32, n), 10, 2),
                4.0 * n);
        Bench.row("exponential f64 2^" + log2n, Bench.deviceMsOf(() -> r.exponential(1.0, n), 10, 2), 8.0 * n);
        Bench.row("poisson(4) 2^" + log2n, Bench.deviceMsOf(() -> r.poisson(4.0, n), 10, 2), 8.0 * n);
        Bench.row("permutation 2^" + log2n, Bench.deviceMsOf(() -> r.permutation(n), 5, 1), 8.0 * n);
    }
}
