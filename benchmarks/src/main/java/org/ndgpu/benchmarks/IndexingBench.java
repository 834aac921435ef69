package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Sorting, gathering and masking on the current device, beside {@code .gpu/cupy_indexing_anchors.py}
 * and {@code .gpu/cupy_sort_anchors.py} (the same work in CuPy): sort, argsort and unique of 2^24
 * float32, sort of 4096 rows of 1024 and of a 4096 x 4096 float32 along its last axis, take of 2^24
 * random indices from 2^26 (and the same as {@code x[idx]}), a histogram of 2^24 float32 into 256 bins,
 * a boolean-mask selection of about half of 2^26, unique of 2^24 small ints,
 * concatenate of two 2^26 arrays. Each result is checked against the host before it is timed.
 *
 * <p>On the GPU host: {@code .gpu/bench.sh IndexingBench} (then {@code python3 .gpu/cupy_indexing_anchors.py}).
 */
public final class IndexingBench {
    private IndexingBench() {}

    /** Prints the table on the current device ({@code -Dndgpu.device=cuda:0} to choose). */
    public static void main(String[] args) {
        Bench.header("IndexingBench");
        Nd.random().seed(11);
        int log2n = args.length > 0 ? Integer.parseInt(args[0]) : 24; // smaller for a smoke run off the GPU
        long n = 1L << log2n;
        try (NDArray x = Nd.random().uniform(0, 1, DType.FLOAT32, n)) {
            try (NDArray s = Nd.sort(x);
                    NDArray d = Nd.diff(s);
                    NDArray neg = d.lt(0);
                    NDArray bad = neg.any()) {
                if (bad.toBooleanArray()[0]) throw new AssertionError("sort: result not ascending");
            }
            Bench.row("sort f32 2^" + log2n, Bench.deviceMsOf(() -> Nd.sort(x), 5, 1), 2.0 * 4 * n);
            Bench.row("argsort f32 2^" + log2n, Bench.deviceMsOf(() -> Nd.argsort(x), 5, 1), 4.0 * n + 8.0 * n);
            try (NDArray uq = Nd.unique(x);
                    NDArray d = Nd.diff(uq);
                    NDArray notUp = d.le(0);
                    NDArray bad = notUp.any()) {
                if (bad.toBooleanArray()[0]) throw new AssertionError("unique: result not strictly ascending");
            }
            Bench.row("unique f32 2^" + log2n, Bench.deviceMsOf(() -> Nd.unique(x), 5, 1), 4.0 * n);
            try (NDArray rows = x.reshape(n / 1024, 1024)) {
                Bench.row(
                        "sort f32 " + n / 1024 + " rows of 1024",
                        Bench.deviceMsOf(() -> Nd.sort(rows, 1), 5, 1),
                        2.0 * 4 * n);
            }
            long side = 1L << (log2n / 2); // 4096 x 4096 for 2^24
            try (NDArray flat = x.get(":" + side * side);
                    NDArray square = flat.reshape(side, side)) {
                try (NDArray s = Nd.sort(square, -1);
                        NDArray d = Nd.diff(s, 1, -1);
                        NDArray neg = d.lt(0);
                        NDArray bad = neg.any()) {
                    if (bad.toBooleanArray()[0]) throw new AssertionError("sort axis -1: a row not ascending");
                }
                Bench.row(
                        "sort f32 " + side + "x" + side + " axis -1",
                        Bench.deviceMsOf(() -> Nd.sort(square, -1), 5, 1),
                        2.0 * 4 * side * side);
            }
        }
        long big = n << 2;
        try (NDArray x = Nd.random().uniform(0, 1, DType.FLOAT32, big);
                NDArray u = Nd.random().uniform(0, (double) big, DType.FLOAT64, n);
                NDArray idx = u.astype(DType.INT64)) {
            Bench.row(
                    "take 2^" + log2n + " of 2^" + (log2n + 2) + " f32",
                    Bench.deviceMsOf(() -> x.take(idx), 10, 2),
                    (4.0 + 8.0 + 4.0) * n);
            try (NDArray g = x.get(idx);
                    NDArray t = x.take(idx);
                    NDArray ne = g.ne(t);
                    NDArray bad = ne.any()) {
                if (bad.toBooleanArray()[0]) throw new AssertionError("x[idx]: differs from take");
            }
            Bench.row(
                    "x[idx] 2^" + log2n + " of 2^" + (log2n + 2) + " f32",
                    Bench.deviceMsOf(() -> x.get(idx), 10, 2),
                    (4.0 + 8.0 + 4.0) * n);
            try (NDArray mask = x.gt(0.5)) {
                Bench.row(
                        "x[x > 0.5] of 2^" + (log2n + 2) + " f32",
                        Bench.deviceMsOf(() -> x.get(mask), 10, 2),
                        5.0 * big + 8.0 * big);
            }
            Bench.row(
                    "concatenate 2 x 2^" + (log2n + 2) + " f32",
                    Bench.deviceMsOf(() -> Nd.concatenate(x, x), 10, 2),
                    4.0 * 4 * big);
        }
        try (NDArray h = Nd.random().uniform(0, 1, DType.FLOAT32, n)) {
            try (org.ndgpu.routines.Histogram hist = Nd.histogram(h, 256);
                    NDArray total = hist.counts().sum()) {
                if (total.toLongArray()[0] != n)
                    throw new AssertionError("histogram: counts sum to " + total.toLongArray()[0] + ", not " + n);
            }
            Bench.row(
                    "histogram f32 2^" + log2n + " (256 bins)",
                    Bench.deviceMsOf(() -> Nd.histogram(h, 256), 10, 2),
                    4.0 * n);
        }
        try (NDArray r = Nd.random().uniform(0, 1000, DType.FLOAT64, n);
                NDArray k = r.astype(DType.INT32)) {
            try (NDArray uq = Nd.unique(k)) {
                if (uq.size() != 1000) throw new AssertionError("unique: expected 1000 values, got " + uq.size());
            }
            Bench.row(
                    "unique int32 2^" + log2n + " (1000 values)", Bench.deviceMsOf(() -> Nd.unique(k), 5, 1), 4.0 * n);
        }
    }
}
