import java.lang.reflect.Method;
import org.ndgpu.Nd;
import org.ndgpu.benchmarks.Bench;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.NDArray;

/**
 * Issue 41's batched eigh row on the current device: SmallEigh's kernel with a matrix row to one
 * thread or to two (R), eigh with the rotations in local memory and eigvalsh, and the public
 * eigh/eigvalsh (the device's own choice), device ms (median of 10 after 2 warm-ups), three rounds;
 * each variant's eigenvalues checked against the public eigh's first.
 */
public class EighLocal {
    static Method m;

    static NDArray run(NDArray a, boolean vectors, int rows) {
        try {
            Eigh e = (Eigh) m.invoke(null, a, vectors, vectors ? "eigh" : "eigvalsh", vectors, rows);
            return vectors ? e.eigenvectors() : e.eigenvalues();
        } catch (ReflectiveOperationException ex) {
            throw new RuntimeException(ex);
        }
    }

    public static void main(String[] args) throws Exception {
        m = Class.forName("org.ndgpu.linalg.impl.SmallEigh")
                .getDeclaredMethod("eigh", NDArray.class, boolean.class, String.class, boolean.class, int.class);
        m.setAccessible(true);
        var la = Nd.linalg();
        StringBuilder b = new StringBuilder();
        for (int n : new int[] {32, 64}) {
            long batch = Long.getLong("batch", n == 32 ? 10000 : 2000);
            for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
                NDArray x = Nd.random().seed(3).standardNormal(batch, n, n).astype(dt);
                NDArray a = x.add(Nd.matrixTranspose(x));
                NDArray ref = la.eigvalsh(a);
                String s = batch + "x" + n + "x" + n + " " + dt;
                boolean cuda = a.device().toString().startsWith("cuda");
                for (int round = 0; round < 2; round++) {
                    if (!cuda)
                        b.append(String.format("eigh %s public r%d %.4f%n", s, round, Bench.deviceMsOf(() -> la.eigh(a).eigenvectors(), 10, 2)));
                    b.append(String.format("eigvalsh %s public r%d %.4f%n", s, round, Bench.deviceMsOf(() -> la.eigvalsh(a), 10, 2)));
                    for (int rows = 1; rows <= 4; rows *= 2) {
                        int r = rows;
                        try {
                            if (!cuda)
                                b.append(String.format("eigh %s local rows=%d r%d %.4f%n", s, rows, round, Bench.deviceMsOf(() -> run(a, true, r), 10, 2)));
                            if (round == 0) {
                                Object err = Nd.max(Nd.abs(run(a, false, r).sub(ref))).item();
                                b.append(String.format("check eigvalsh %s rows=%d max |w - w_public| %s%n", s, rows, err));
                            }
                            b.append(String.format("eigvalsh %s rows=%d r%d %.4f%n", s, rows, round, Bench.deviceMsOf(() -> run(a, false, r), 10, 2)));
                        } catch (RuntimeException ex) {
                            b.append(String.format("%s rows=%d: %s%n", s, rows, ex.getCause() == null ? ex : ex.getCause().getCause()));
                        }
                    }
                }
            }
        }
        System.out.print(b);
    }
}
