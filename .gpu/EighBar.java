import org.ndgpu.Nd;
import org.ndgpu.benchmarks.Bench;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/** Issue 41's eigh bar rows through the public API: eigh and eigvalsh of 10000 x 32x32 and 2000 x 64x64, device ms (median of 10 after 2 warm-ups), three rounds. */
public class EighBar {
    public static void main(String[] args) {
        var la = Nd.linalg();
        StringBuilder b = new StringBuilder();
        for (long[] s : new long[][] {{10000, 32}, {2000, 64}}) {
            for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
                NDArray x = Nd.random().seed(3).standardNormal(s[0], s[1], s[1]).astype(dt);
                NDArray a = x.add(Nd.matrixTranspose(x));
                for (int round = 0; round < 3; round++) {
                    b.append(String.format("eigh %dx%dx%d %s r%d %.4f%n", s[0], s[1], s[1], dt, round,
                            Bench.deviceMsOf(() -> la.eigh(a).eigenvectors(), 10, 2)));
                    b.append(String.format("eigvalsh %dx%dx%d %s r%d %.4f%n", s[0], s[1], s[1], dt, round,
                            Bench.deviceMsOf(() -> la.eigvalsh(a), 10, 2)));
                }
            }
        }
        System.out.print(b);
    }
}
