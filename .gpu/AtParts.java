package org.ndgpu.elementwise;

import org.ndgpu.Nd;
import org.ndgpu.benchmarks.Bench;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;

/** add.at 2^24 into 2^16 f32, in parts: the whole call, the add kernel alone (checked), a flag's read, zeros. */
public class AtParts {
    public static void main(String[] args) {
        var rng = Nd.random().seed(5);
        long n = 1L << 24, m = 1L << 16;
        NDArray x = rng.uniform(-1, 1, DType.FLOAT32, n);
        NDArray bins = rng.integers(0, m, DType.INT64, n);
        UfuncMethods add = Nd.ufunc(Ufunc.ADD);
        NDArray flag = IndexBounds.zeroFlag(x);
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < 3; r++) {
            b.append(String.format("r%d whole add.at        %.4f%n", r, Bench.deviceMsOf(() -> {
                try (NDArray acc = Nd.zeros(DType.FLOAT32, m)) { add.at(acc, bins, x); }
                return null;
            }, 20, 3)));
            b.append(String.format("r%d kernel (checked)    %.4f%n", r, Bench.deviceMsOf(() -> {
                try (NDArray acc = Nd.zeros(DType.FLOAT32, m)) {
                    ScatterAdd.add("add.at", acc, bins, x, new long[] {n}, m, 1, true);
                }
                return null;
            }, 20, 3)));
            b.append(String.format("r%d zeros 2^16          %.4f%n", r, Bench.deviceMsOf(() -> Nd.zeros(DType.FLOAT32, m), 20, 3)));
            b.append(String.format("r%d flag read           %.4f%n", r, Bench.deviceMsOf(() -> {
                IndexBounds.flagged(flag);
                return null;
            }, 20, 3)));
        }
        System.out.print(b);
    }
}
