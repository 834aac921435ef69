import org.ndgpu.Nd;
import org.ndgpu.benchmarks.Bench;
import org.ndgpu.ndarray.DType;

/**
 * The Generator's rows that the twenty-sixth session's fixes touch (uniform's clamp below high, the
 * block counter's carry, dirichlet's stick-breaking branch), device ms, median of 10 after 2 warm-ups,
 * three rounds; beside .gpu/cupy_rng_rows26.py.
 */
public class RngRows26 {
    public static void main(String[] args) {
        var r = Nd.random().seed(12);
        long n = 1L << 24, m = 1L << 20;
        double[] half = {0.5, 0.5, 0.5, 0.5}, small = {0.05, 0.05, 0.05, 0.05};
        StringBuilder b = new StringBuilder();
        for (int round = 0; round < 3; round++) {
            b.append(String.format("random=%.4f ", Bench.deviceMsOf(() -> r.random(n), 10, 2)));
            b.append(String.format("uniform=%.4f ", Bench.deviceMsOf(() -> r.uniform(-1, 1, n), 10, 2)));
            b.append(String.format("uniform32=%.4f ", Bench.deviceMsOf(() -> r.uniform(-1, 1, DType.FLOAT32, n), 10, 2)));
            b.append(String.format("std_normal=%.4f ", Bench.deviceMsOf(() -> r.standardNormal(n), 10, 2)));
            b.append(String.format("normal=%.4f ", Bench.deviceMsOf(() -> r.normal(10, 2, n), 10, 2)));
            b.append(String.format("dirichlet=%.4f ", Bench.deviceMsOf(() -> r.dirichlet(half, m), 10, 2)));
            b.append(String.format("dirichlet_small=%.4f%n", Bench.deviceMsOf(() -> r.dirichlet(small, m), 10, 2)));
        }
        System.out.print(b);
    }
}
