package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.fuse.Fused;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * GPU throughput of fused functions (issue 7's targets) against the same work unfused, timed with
 * device events (median of 20 after warm-up; results closed each run so the pool reuses memory).
 * Runs on the current device ({@code -Dndgpu.device=cuda:0}).
 *
 * <pre>
 * java -Dndgpu.device=cuda:0 -cp ... org.ndgpu.benchmarks.FuseBench [log2n]      # default 2^28 elements
 * </pre>
 *
 * GB/s counts the bytes the fused kernel must move: 12 per element for {@code sqrt(a*a + b*b) * 0.5 + a}
 * (two float32 reads, one write), 8 for {@code sum((x - y)^2)} (two reads).
 */
public final class FuseBench {
    private FuseBench() {}

    private static final int REPS = 20;

    public static void main(String[] args) {
        int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 28;
        long n = 1L << log2n;
        Bench.header("FuseBench, 2^" + log2n + " float32 elements");
        Nd.random().seed(7);
        Fused<NDArray> hyp =
                Fuse.of((a, b) -> a.mul(a).add(b.mul(b)).sqrt().mul(0.5).add(a)).named("hyp");
        Fused<NDArray> sqdist = Fuse.of((x, y) -> x.sub(y).square().sum()).named("sqdist");
        try (NDArray a = Nd.random().uniform(-1, 1, DType.FLOAT32, n);
                NDArray b = Nd.random().uniform(-1, 1, DType.FLOAT32, n)) {
            long before = Device.current().launchCount();
            hyp.call(a, b).close();
            long hypLaunches = Device.current().launchCount() - before;
            Bench.row(
                    "fused sqrt(a*a + b*b) * 0.5 + a (" + hypLaunches + " launch)",
                    Bench.deviceMs(() -> hyp.call(a, b).close(), REPS),
                    12.0 * n);
            Bench.row(
                    "unfused sqrt(a*a + b*b) * 0.5 + a (6 launches)",
                    Bench.deviceMs(() -> unfusedHyp(a, b), REPS),
                    12.0 * n);

            before = Device.current().launchCount();
            sqdist.call(a, b).close();
            long sumLaunches = Device.current().launchCount() - before;
            Bench.row(
                    "fused sum((x - y)^2) (" + sumLaunches + " launches)",
                    Bench.deviceMs(() -> sqdist.call(a, b).close(), REPS),
                    8.0 * n);
            Bench.row("unfused sum((x - y)^2)", Bench.deviceMs(() -> unfusedSqdist(a, b), REPS), 8.0 * n);
        }
    }

    private static void unfusedHyp(NDArray a, NDArray b) {
        try (NDArray aa = a.mul(a);
                NDArray bb = b.mul(b);
                NDArray s = aa.add(bb);
                NDArray r = s.sqrt();
                NDArray h = r.mul(0.5);
                NDArray _ = h.add(a)) {
            // every intermediate closed here, so the pool hands the same blocks to the next run
        }
    }

    private static void unfusedSqdist(NDArray x, NDArray y) {
        try (NDArray d = x.sub(y);
                NDArray q = d.square();
                NDArray _ = q.sum()) {
            // closed as above
        }
    }
}
