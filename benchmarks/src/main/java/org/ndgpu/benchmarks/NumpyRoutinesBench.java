package org.ndgpu.benchmarks;

import java.util.List;
import java.util.function.Supplier;
import org.ndgpu.Nd;
import org.ndgpu.elementwise.UfuncMethods;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;

/**
 * Issue 39's NumPy-completeness routines that CuPy also has, beside {@code .gpu/cupy_routines_anchors.py}
 * (the same calls in CuPy, rows of the same names): 2^24 float32 elements for the elementwise-like
 * routines, 2^22 for the sort-based ones, 4096 x 4096 for the 2-D ones, inputs made on the device
 * from a fixed seed. Device time of one call, median after warm-up; GB/s of the inputs read once and
 * the output written once. delete and insert have rows too, though CuPy may lack them (its script
 * then says so).
 *
 * <p>On the GPU host: {@code .gpu/bench.sh NumpyRoutinesBench}; off it, {@code NumpyRoutinesBench 8}
 * divides the lengths by 2^8 (the sides by 2^4) for a smoke run.
 */
public final class NumpyRoutinesBench {
    private NumpyRoutinesBench() {}

    private static final int REPS = 10, WARM = 2;

    /** Prints the table on the current device; an argument scales the lengths down by 2^k (default 0). */
    public static void main(String[] args) {
        int shrink = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        Bench.header("NumpyRoutinesBench");
        int le = 24 - shrink, ls = 22 - shrink, lside = 12 - shrink / 2;
        long n = 1L << le, ns = 1L << ls, side = 1L << lside;
        String e = "2^" + le, s = "2^" + ls, sq = side + "^2";
        var rng = Nd.random().seed(39);
        UfuncMethods add = Nd.ufunc(Ufunc.ADD);
        try (NDArray x = rng.uniform(-1, 1, DType.FLOAT32, n);
                NDArray y = rng.uniform(-1, 1, DType.FLOAT32, n);
                NDArray xs = rng.uniform(-1, 1, DType.FLOAT32, ns);
                NDArray m = rng.uniform(-1, 1, DType.FLOAT32, side, side);
                NDArray k0 = rng.integers(0, 1024, DType.INT32, ns);
                NDArray k1 = rng.integers(0, 1024, DType.INT32, ns);
                NDArray sorted = rng.uniform(-1, 1, DType.FLOAT32, 1L << (20 - shrink));
                NDArray table = Nd.sort(sorted);
                NDArray idx2 = rng.integers(0, side, DType.INT64, side, side);
                NDArray shifted = rng.uniform(-0.1, 1, DType.FLOAT32, n);
                NDArray withNan = shifted.sqrt();
                NDArray shiftedM = rng.uniform(-0.1, 1, DType.FLOAT32, side, side);
                NDArray withNanM = shiftedM.sqrt();
                NDArray shiftedS = rng.uniform(-0.1, 1, DType.FLOAT32, ns);
                NDArray withNanS = shiftedS.sqrt();
                NDArray phase = rng.uniform(-20, 20, DType.FLOAT32, n);
                NDArray a1 = rng.integers(0, 1L << (ls + 1), DType.INT32, ns);
                NDArray b1 = rng.integers(0, 1L << (ls + 1), DType.INT32, ns);
                NDArray sample = rng.uniform(0, 1, DType.FLOAT32, ns, 3);
                NDArray bools = x.gt(0);
                NDArray bytes = rng.integers(0, 256, DType.UINT8, n / 8);
                NDArray c1 = x.lt(-0.5);
                NDArray c2 = x.gt(0.5);
                NDArray c3 = y.gt(0);
                NDArray row = rng.uniform(-1, 1, DType.FLOAT32, side);
                NDArray bins16 = rng.integers(0, 1L << 16, DType.INT64, n);
                NDArray starts = Nd.arange(0, n, 256);
                NDArray small = rng.integers(0, 1024, DType.INT64, n);
                NDArray edges = Nd.linspace(-1, 1, 257);
                NDArray edges32 = edges.astype(DType.FLOAT32)) {
            long[] counts = new long[(int) side];
            for (int i = 0; i < counts.length; i++) counts[i] = i % 3;
            long[] at = new long[1 << (20 - shrink)];
            for (int i = 0; i < at.length; i++) at[i] = (long) i * 16;
            double[] q5 = {0.05, 0.25, 0.5, 0.75, 0.95};
            double[] p5 = {5, 25, 50, 75, 95};

            row("lexsort 2 int32 keys " + s, () -> Nd.lexsort(List.of(k0, k1)), 2 * 4.0 * ns + 8.0 * ns);
            row("searchsorted " + s + " into 2^" + (20 - shrink) + " f32", () -> Nd.searchsorted(table, xs), 12.0 * ns);
            row("take_along_axis " + sq + " axis -1 f32", () -> Nd.takeAlongAxis(m, idx2, -1), 16.0 * side * side);
            row(
                    "put_along_axis " + sq + " axis -1 f32",
                    () -> {
                        Nd.putAlongAxis(m, idx2, 1.0f, -1);
                        return null;
                    },
                    12.0 * side * side);
            row("nan_to_num " + e + " f32", () -> Nd.nanToNum(withNan), 8.0 * n);
            row(
                    "gradient " + sq + " f32",
                    () -> {
                        List<NDArray> g = Nd.gradient(m);
                        return () -> g.forEach(NDArray::close);
                    },
                    12.0 * side * side);
            row("trapezoid " + sq + " axis -1 f32", () -> Nd.trapezoid(m, 1.0, -1), 4.0 * side * side);
            row("ediff1d " + e + " f32", () -> Nd.ediff1d(x), 8.0 * n);
            // CuPy's row deletes at a device array (cp.arange * 16): the same here, so neither times an upload
            try (NDArray atDevice = Nd.array(at)) {
                row("delete " + e + " f32 at 2^" + (20 - shrink), () -> Nd.delete(x, atDevice), 8.0 * n);
            }
            row("insert " + e + " f32 at 2^" + (20 - shrink), () -> Nd.insert(x, at, 0.0f), 8.0 * n);
            row(
                    "rot90 " + sq + " f32 + copy",
                    () -> {
                        try (NDArray r = Nd.rot90(m)) {
                            return r.copy();
                        }
                    },
                    8.0 * side * side);
            row("vander " + s + " N=8 f32", () -> Nd.vander(xs, 8, false), 4.0 * ns + 32.0 * ns);
            row("unwrap " + e + " f32", () -> Nd.unwrap(phase), 8.0 * n);
            row("nanmedian " + sq + " axis -1 f32", () -> Nd.nanmedian(withNanM, -1, false), 4.0 * side * side);
            row("nanquantile 5 q " + s + " f32", () -> Nd.nanquantile(withNanS, q5, null, false), 4.0 * ns);
            row("nanpercentile 5 q " + s + " f32", () -> Nd.nanpercentile(withNanS, p5, null, false), 4.0 * ns);
            row("percentile 50 " + s + " f32", () -> Nd.percentile(xs, 50, 0, false), 4.0 * ns);
            row("setxor1d 2x " + s + " int32", () -> Nd.setxor1d(a1, b1), 8.0 * ns);
            row("histogramdd " + s + "x3 32 bins f32", () -> Nd.histogramdd(sample, 32), 12.0 * ns);
            row("packbits " + e + " bool", () -> Nd.packbits(bools), n + n / 8.0);
            row("unpackbits " + e + " bits", () -> Nd.unpackbits(bytes), n + n / 8.0);
            row(
                    "select 3 conditions " + e + " f32",
                    () -> Nd.select(List.of(c1, c2, c3), List.of(x, y, 0.5f)),
                    3.0 * n + 12.0 * n);
            row("repeat " + sq + " counts axis 0 f32", () -> Nd.repeat(m, counts, 0), 8.0 * side * side);
            row("cumsum dtype f64 " + e + " f32", () -> Nd.cumsum(x, null, DType.FLOAT64), 12.0 * n);
            row("histogram weights " + e + " f32 256 bins", () -> Nd.histogram(x, 256, null, y, false), 8.0 * n);
            row("histogram density " + e + " f32 256 bins", () -> Nd.histogram(x, 256, null, null, true), 4.0 * n);
            row(
                    "sliding_window_view " + s + " window 16 mean f32",
                    () -> {
                        try (NDArray w = Nd.slidingWindowView(xs, 16)) {
                            return w.mean(-1);
                        }
                    },
                    8.0 * ns);
            row("unique return_counts " + s + " int32", () -> Nd.unique(k0, false, false, true), 4.0 * ns);
            row(
                    "meshgrid ij " + side + " x " + side + " f32",
                    () -> {
                        NDArray[] g = Nd.meshgrid("ij", false, row, row);
                        return () -> {
                            for (NDArray a : g) a.close();
                        };
                    },
                    8.0 * side * side);
            row("add.outer " + side + " x " + side + " f32", () -> add.outer(row, row), 4.0 * side * side);
            row(
                    "add.at " + e + " into 2^16 f32",
                    () -> {
                        try (NDArray acc = Nd.zeros(DType.FLOAT32, 1L << 16)) {
                            add.at(acc, bins16, x);
                        }
                        return null;
                    },
                    12.0 * n);
            row("add.reduceat " + e + " every 256 f32", () -> add.reduceat(x, starts, 0), 4.0 * n);
            row("bincount " + e + " int64 < 1024", () -> Nd.bincount(small), 8.0 * n);
            row("digitize " + e + " f32 256 bins", () -> Nd.digitize(x, edges32), 12.0 * n);
            row("round " + e + " f32 decimals 2", () -> Nd.round(x, 2), 8.0 * n);
            row("einsum ij,ij->i " + sq + " f32", () -> Nd.einsum("ij,ij->i", m, m), 4.0 * side * side);
        }
    }

    /** One row; a routine that throws gets a row saying so, and the table goes on. */
    private static void row(String name, Supplier<? extends AutoCloseable> op, double bytes) {
        try {
            Bench.row(name, Bench.deviceMsOf(op, REPS, WARM), bytes);
        } catch (RuntimeException ex) {
            System.out.printf("%-44s FAILED %s%n", name, ex);
        }
    }
}
