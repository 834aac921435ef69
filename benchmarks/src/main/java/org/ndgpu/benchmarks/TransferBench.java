package org.ndgpu.benchmarks;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Memory movement through the public API on the current device: a device copy of 2^28 float32
 * (Nd.copyto), host to device and back of 256 MiB (Nd.array(float[]), toFloatArray() into a fresh array and
 * toFloatArray(float[]) into an existing one; Nd.array(MemorySegment) and copyTo(MemorySegment) of native
 * memory), and the
 * host time of one small kernel (fill of 1024 elements) issued back to back.
 *
 * <p>Run on the GPU host: {@code .gpu/bench.sh TransferBench}, or {@code ./nd run org.ndgpu.benchmarks.TransferBench [log2n]}.
 */
public final class TransferBench {
    private TransferBench() {}

    /** Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose). */
    public static void main(String[] args) {
        int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 28;
        long n = 1L << log2n;
        Bench.header("TransferBench");
        // first, before the 256 MiB rows leave the heap to the collector's background threads
        try (NDArray small = Nd.empty(DType.FLOAT32, 1024)) {
            Bench.rowHost("small kernel: fill 1024 f32", () -> small.fill(1.5), 2000);
        }
        Nd.random().seed(7);
        try (NDArray x = Nd.random().uniform(0, 1, DType.FLOAT32, n);
                NDArray z = Nd.empty(DType.FLOAT32, n)) {
            Bench.row(
                    "copy d2d f32 2^" + log2n + " (Nd.copyto)", Bench.deviceMs(() -> Nd.copyto(z, x), 20), 2.0 * 4 * n);
        }
        int m = 1 << 26; // 256 MiB of float32
        float[] host = new float[m];
        for (int i = 0; i < m; i++) host[i] = i * 0.5f;
        NDArray[] dev = new NDArray[1];
        double h2d = Bench.wallMs(
                () -> {
                    if (dev[0] != null) dev[0].close();
                    dev[0] = Nd.array(host);
                },
                5);
        Bench.row("h2d 256MiB Nd.array(float[])", h2d, 4.0 * m);
        float[][] back = new float[1][];
        double d2h = Bench.wallMs(() -> back[0] = dev[0].toFloatArray(), 5);
        Bench.row("d2h 256MiB toFloatArray() fresh", d2h, 4.0 * m);
        // what the fresh-array row cannot go below: the JVM's own allocation (and zeroing) of that array
        float[][] sink = new float[1][];
        double alloc = Bench.wallMs(() -> sink[0] = new float[m], 5);
        Bench.row("  of which the JVM's new float[2^26] alone", alloc, 4.0 * m);
        sink[0] = null;
        // the fast path: into an existing array, no 256 MiB allocation and zeroing on the Java side
        float[] reused = new float[m];
        double d2hInto = Bench.wallMs(() -> dev[0].toFloatArray(reused), 5);
        Bench.row("d2h 256MiB toFloatArray(float[] out)", d2hInto, 4.0 * m);
        for (int i = 0; i < m; i += 9973) {
            if (reused[i] != host[i]) throw new AssertionError("round trip into an existing array differs at " + i);
        }
        for (int i = 0; i < m; i += 9973) {
            if (back[0][i] != host[i]) throw new AssertionError("round trip differs at " + i);
        }
        // the MemorySegment paths, from and into native (off-heap, pageable) memory
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nat = arena.allocate(4L * m, 64).copyFrom(MemorySegment.ofArray(host));
            NDArray[] fromSeg = new NDArray[1];
            double h2dSeg = Bench.wallMs(
                    () -> {
                        if (fromSeg[0] != null) fromSeg[0].close();
                        fromSeg[0] = Nd.array(nat, DType.FLOAT32, m);
                    },
                    5);
            Bench.row("h2d 256MiB Nd.array(MemorySegment native)", h2dSeg, 4.0 * m);
            MemorySegment into = arena.allocate(4L * m, 64);
            double d2hSeg = Bench.wallMs(() -> fromSeg[0].copyTo(into), 5);
            Bench.row("d2h 256MiB copyTo(MemorySegment native)", d2hSeg, 4.0 * m);
            if (into.mismatch(nat) >= 0)
                throw new AssertionError("native round trip differs at byte " + into.mismatch(nat));
            fromSeg[0].close();
        }
        dev[0].close();
    }
}
