import org.ndgpu.Nd;
import org.ndgpu.device.Event;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Why the first rounds of eigvalsh 1024 in a fresh JVM are slower: device and host ms of each of
 * its first 80 calls, straight away ("cold") or after 3 s of GPU-bound matmuls ("gpuwarm": the
 * GPU's clocks up, ndgpu's eigvalsh path not yet compiled by the JIT).
 */
public class EigR0 {
    public static void main(String[] args) {
        var la = Nd.linalg();
        NDArray g = Nd.random().seed(3).standardNormal(1024, 1024);
        NDArray s = g.add(Nd.matrixTranspose(g)).astype(DType.FLOAT32);
        if (args.length > 0 && args[0].equals("gpuwarm")) {
            NDArray m = Nd.random().seed(4).standardNormal(8192, 8192).astype(DType.FLOAT32);
            long t0 = System.nanoTime();
            while (System.nanoTime() - t0 < 3_000_000_000L) {
                try (NDArray p = m.matmul(m)) {
                    org.ndgpu.device.Device.current().synchronize();
                }
            }
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 80; i++) {
            try (Event e0 = Event.record()) {
                long h0 = System.nanoTime();
                NDArray w = la.eigvalsh(s);
                double host = (System.nanoTime() - h0) / 1e6;
                try (Event e1 = Event.record()) {
                    b.append(String.format("%d %.3f %.3f%n", i, e0.elapsedMillis(e1), host));
                }
                w.close();
            }
        }
        System.out.print(b);
    }
}
