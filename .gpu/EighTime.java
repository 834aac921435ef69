import org.ndgpu.Nd;
import org.ndgpu.benchmarks.Bench;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/** eigvalsh / eigh of stacks of small symmetric matrices, device ms (median of 10 after 2 warm-ups), three rounds. */
public class EighTime {
    public static void main(String[] args) {
        var la = Nd.linalg();
        StringBuilder b = new StringBuilder();
        for (long[] s : new long[][] {{4096, 8}, {10000, 16}, {10000, 32}}) {
            for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
                NDArray x = Nd.random().seed(3).standardNormal(s[0], s[1], s[1]).astype(dt);
                NDArray a = x.add(Nd.matrixTranspose(x));
                for (int round = 0; round < 3; round++) {
                    b.append(String.format("eigvalsh %dx%dx%d %s r%d %.4f%n", s[0], s[1], s[1], dt, round,
                            Bench.deviceMsOf(() -> la.eigvalsh(a), 10, 2)));
                    b.append(String.format("eigh %dx%dx%d %s r%d %.4f%n", s[0], s[1], s[1], dt, round,
                            Bench.deviceMsOf(() -> la.eigh(a).eigenvectors(), 10, 2)));
                }
            }
        }
        System.out.print(b);
    }
}
