import org.ndgpu.Nd;
import org.ndgpu.benchmarks.Bench;

/** RandomBench's rows below CuPy, timed alone: device ms, median of 10 after 2 warm-ups, three rounds. */
public class RngTime {
    public static void main(String[] args) {
        var r = Nd.random().seed(12);
        long n = 1L << 24;
        StringBuilder b = new StringBuilder();
        for (int round = 0; round < 3; round++) {
            b.append(String.format("std_normal=%.4f ", Bench.deviceMsOf(() -> r.standardNormal(n), 10, 2)));
            b.append(String.format("std_exp=%.4f ", Bench.deviceMsOf(() -> r.standardExponential(n), 10, 2)));
            b.append(String.format("random=%.4f ", Bench.deviceMsOf(() -> r.random(n), 10, 2)));
            b.append(String.format("t=%.4f ", Bench.deviceMsOf(() -> r.standardT(5, n), 10, 2)));
            b.append(String.format("vonmises=%.4f ", Bench.deviceMsOf(() -> r.vonmises(0, 4, n), 10, 2)));
            b.append(String.format("ncf=%.4f ", Bench.deviceMsOf(() -> r.noncentralF(5, 10, 2, n), 10, 2)));
            b.append(String.format("gamma=%.4f ", Bench.deviceMsOf(() -> r.standardGamma(2.5, n), 10, 2)));
            b.append(String.format("int64=%.4f%n", Bench.deviceMsOf(() -> r.integers(0, 1000, n), 10, 2)));
        }
        System.out.print(b);
    }
}
