import org.ndgpu.Nd;
import org.ndgpu.benchmarks.Bench;
import org.ndgpu.elementwise.UfuncMethods;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;

/**
 * Issue 39's rows nearest 1.0x CuPy, device ms (median of 20 after 3 warm-ups), five rounds:
 * eigvalsh 1024 f32/f64, tensorsolve (32,32,32,32) f64, add.at 2^24 into 2^16 f32. Beside
 * .gpu/cupy_rows39.py.
 */
public class Rows39 {
    public static void main(String[] args) {
        var la = Nd.linalg();
        var rng = Nd.random().seed(3);
        UfuncMethods add = Nd.ufunc(Ufunc.ADD);
        NDArray g = rng.standardNormal(1024, 1024);
        NDArray s64 = g.add(Nd.matrixTranspose(g));
        NDArray s32 = s64.astype(DType.FLOAT32);
        long t = 32, t2 = t * t;
        NDArray a2 = rng.uniform(-1, 1, DType.FLOAT64, t2, t2).add(Nd.eye(t2, t2, 0, DType.FLOAT64).mul((double) t2));
        NDArray a4 = a2.reshape(t, t, t, t);
        NDArray b = rng.uniform(-1, 1, DType.FLOAT64, t, t);
        long n = 1L << 24;
        NDArray x = rng.uniform(-1, 1, DType.FLOAT32, n);
        NDArray bins = rng.integers(0, 1L << 16, DType.INT64, n);
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < 5; r++) {
            out.append(String.format("r%d eigvalsh1024 f32 %.4f%n", r, Bench.deviceMsOf(() -> la.eigvalsh(s32), 20, 3)));
            out.append(String.format("r%d eigvalsh1024 f64 %.4f%n", r, Bench.deviceMsOf(() -> la.eigvalsh(s64), 20, 3)));
            out.append(String.format("r%d tensorsolve f64 %.4f%n", r, Bench.deviceMsOf(() -> la.tensorsolve(a4, b, null), 20, 3)));
            out.append(String.format("r%d add.at 2^24 f32 %.4f%n", r, Bench.deviceMsOf(() -> {
                try (NDArray acc = Nd.zeros(DType.FLOAT32, 1L << 16)) {
                    add.at(acc, bins, x);
                }
                return null;
            }, 20, 3)));
        }
        System.out.print(out);
    }
}
