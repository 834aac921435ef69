import org.ndgpu.Nd;
import org.ndgpu.benchmarks.Bench;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * eigvalsh / eigh of stacks of small symmetric matrices, device ms (median of 10 after 2 warm-ups), three
 * rounds; the stacks as BATCHxORDER arguments (default 4096x8 10000x16 10000x32).
 */
public class EighTime {
    public static void main(String[] args) {
        var la = Nd.linalg();
        String[] shapes = args.length > 0 ? args : new String[] {"4096x8", "10000x16", "10000x32"};
        StringBuilder b = new StringBuilder();
        for (String shape : shapes) {
            long[] s = java.util.Arrays.stream(shape.split("x")).mapToLong(Long::parseLong).toArray();
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
