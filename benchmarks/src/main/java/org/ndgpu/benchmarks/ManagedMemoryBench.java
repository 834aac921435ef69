package org.ndgpu.benchmarks;

import java.util.Arrays;
import java.util.Locale;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.device.MemoryLocation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Managed memory past the device, beside {@code .gpu/cupy_managed_anchors.py} (CuPy with {@code
 * cupy.cuda.MemoryPool(cupy.cuda.malloc_managed)} as its allocator): a float32 array of 1.5 times
 * the device's memory, made in managed memory ({@code Nd.managedMemory()}) and filled with ones, is
 * summed and added to in place ({@code a += 1}), whole (the driver pages on demand) and in eight
 * chunks, each prefetched to the device before its kernel ({@code prefetch}: one bulk migration
 * instead of page faults). A row gives the median wall milliseconds of the reps (each ends with a
 * synchronize) and the GB/s of the bytes the operation reads and writes; the sums are checked.
 *
 * <p>On the GPU host: {@code .gpu/bench.sh ManagedMemoryBench}. The arguments, both optional: the
 * size as a multiple of the device's memory (1.5) and the reps (3). Run it on a GPU given to it
 * alone: oversubscribed managed memory can stall a GPU that other work shares. It needs host memory
 * for the part that does not fit (half the device's memory at 1.5).
 */
public final class ManagedMemoryBench {
    private ManagedMemoryBench() {}

    private static final int CHUNKS = 8;

    /** Prints the rows on the current device ({@code -Dndgpu.device=cuda:0} to choose). */
    public static void main(String[] args) {
        double factor = args.length > 0 ? Double.parseDouble(args[0]) : 1.5;
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Bench.header("ManagedMemoryBench");
        Device d = Device.current();
        if (!d.facts().managedMemory()) {
            System.out.println(d.id() + " has no managed memory: nothing to measure");
            return;
        }
        long n = (long) (d.facts().globalMemoryBytes() * factor) / 4;
        System.out.printf(
                Locale.ROOT,
                "float32 array of %d elements: %.2fx the device's memory (%.1f GiB)%n",
                n,
                factor,
                n * 4.0 / (1L << 30));
        try (var _ = Nd.managedMemory();
                NDArray a = Nd.ones(DType.FLOAT32, n)) {
            double[] expected = {n};
            Bench.row("managed f32 sum", wallMs(() -> check(a.sum(), expected[0]), reps), n * 4.0);
            Bench.row("managed f32 add in place", wallMs(() -> addOne(a, expected), reps), n * 8.0);
            Bench.row(
                    "managed f32 sum, chunks prefetched",
                    wallMs(() -> check(chunkedSum(a), expected[0]), reps),
                    n * 4.0);
            Bench.row(
                    "managed f32 add in place, chunks prefetched",
                    wallMs(() -> chunkedAddOne(a, expected), reps),
                    n * 8.0);
        }
    }

    private static void addOne(NDArray a, double[] expected) {
        Nd.add(a, 1f, a); // returns a itself
        expected[0] += a.size();
    }

    private static NDArray chunkedSum(NDArray a) {
        long n = a.size(), step = (n + CHUNKS - 1) / CHUNKS;
        double total = 0;
        for (long s = 0; s < n; s += step) {
            try (NDArray chunk = a.get(s + ":" + Math.min(n, s + step))) {
                chunk.prefetch(MemoryLocation.DEVICE);
                try (NDArray part = chunk.sum()) {
                    total += part.doubleValue();
                }
            }
        }
        return Nd.array(total);
    }

    private static void chunkedAddOne(NDArray a, double[] expected) {
        long n = a.size(), step = (n + CHUNKS - 1) / CHUNKS;
        for (long s = 0; s < n; s += step) {
            try (NDArray chunk = a.get(s + ":" + Math.min(n, s + step))) {
                chunk.prefetch(MemoryLocation.DEVICE);
                Nd.add(chunk, 1f, chunk);
            }
        }
        expected[0] += n;
    }

    // float32 sums of this size are exact to about 1e-6; a wrong one means a paging or indexing bug
    private static void check(NDArray sum, double expected) {
        try (sum) {
            double got = sum.doubleValue();
            if (Math.abs(got - expected) > 1e-3 * expected) {
                throw new IllegalStateException("sum " + got + ", expected " + expected);
            }
        }
    }

    // median wall time of reps calls after one untimed call, each followed by a synchronize
    private static double wallMs(Runnable op, int reps) {
        op.run();
        Device.current().synchronize();
        double[] ms = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            op.run();
            Device.current().synchronize();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return ms[reps / 2];
    }
}
