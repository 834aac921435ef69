import java.util.function.Supplier;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.RandomMatrices_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Issue 41's PoCL bar ("no slower than EJML on the host for n >= 512"): the default device's matmul,
 * solve, inv, cholesky and qr (PoCL where there is no GPU) against EJML's on the host, float64 of
 * orders 512-2048, ms (best of 3 after 1 warm-up; the device's result read back, one element); and
 * ndgpu's host solver (EJML with the copies to and from the device: what the device would give
 * with its kernels off) for the factorizations.
 *   java --enable-native-access=ALL-UNNAMED -cp "$(cat target/nd-classpath.txt)" [-Donly=cholesky,qr] tools/PoclLinalg.java [orders...]
 */
public class PoclLinalg {
    static double best(Runnable r) {
        double best = 1e99;
        for (int i = 0; i < 4; i++) {
            long t0 = System.nanoTime();
            r.run();
            double ms = (System.nanoTime() - t0) / 1e6;
            if (i > 0) best = Math.min(best, ms);
        }
        return best;
    }

    static Runnable dev(Supplier<NDArray> f) {
        return () -> {
            try (NDArray z = f.get();
                    NDArray e = z.reshape(-1).get(0)) {
                e.item();
            }
        };
    }

    static Object hostSolver;

    static Object call(String name, NDArray... args) {
        try {
            for (var m : hostSolver.getClass().getDeclaredMethods())
                if (m.getName().equals(name) && m.getParameterCount() == args.length) {
                    m.setAccessible(true);
                    return m.invoke(hostSolver, (Object[]) args);
                }
            throw new IllegalArgumentException(name);
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e);
        }
    }

    public static void main(String[] args) throws Exception {
        var ctor = Class.forName("org.ndgpu.linalg.impl.HostSolver").getDeclaredConstructor(org.ndgpu.device.Device.class);
        ctor.setAccessible(true);
        hostSolver = ctor.newInstance(org.ndgpu.device.Device.current());
        java.util.Random r = new java.util.Random(1);
        int[] orders = args.length > 0 ? java.util.Arrays.stream(args).mapToInt(Integer::parseInt).toArray() : new int[] {512, 1024, 2048};
        var la = Nd.linalg();
        for (int n : orders) {
            DMatrixRMaj a = RandomMatrices_DDRM.rectangle(n, n, r), b = RandomMatrices_DDRM.rectangle(n, n, r);
            DMatrixRMaj spd = new DMatrixRMaj(n, n);
            CommonOps_DDRM.multTransA(a, a, spd);
            for (int i = 0; i < n; i++) spd.add(i, i, n);
            DMatrixRMaj rhs = RandomMatrices_DDRM.rectangle(n, 1, r), out = new DMatrixRMaj(n, n), x1 = new DMatrixRMaj(n, 1);
            NDArray x = Nd.array(a.data, DType.FLOAT64, n, n), y = Nd.array(b.data, DType.FLOAT64, n, n);
            NDArray s = Nd.array(spd.data, DType.FLOAT64, n, n), v = Nd.array(rhs.data, DType.FLOAT64, n, 1);
            String[] names = {"matmul", "solve", "inv", "cholesky", "qr"};
            Runnable[] ours = {dev(() -> Nd.matmul(x, y)), dev(() -> la.solve(x, v)), dev(() -> la.inv(x)),
                    dev(() -> la.cholesky(s)), dev(() -> la.qr(x).r())};
            Runnable[] ejml = {() -> CommonOps_DDRM.mult(a, b, out), () -> CommonOps_DDRM.solve(a, rhs, x1),
                    () -> CommonOps_DDRM.invert(a, out),
                    () -> DecompositionFactory_DDRM.chol(n, true).decompose(spd.copy()),
                    () -> {
                        var q = DecompositionFactory_DDRM.qr(n, n);
                        q.decompose(a.copy());
                        q.getQ(null, true);
                        q.getR(null, true);
                    }};
            NDArray x3 = x.reshape(1, n, n), s3 = s.reshape(1, n, n), v3 = v.reshape(1, n, 1);
            Runnable[] host = {null, dev(() -> (NDArray) call("solve", x3, v3)), dev(() -> (NDArray) call("inv", x3)),
                    dev(() -> (NDArray) call("cholesky", s3)), dev(() -> ((org.ndgpu.ndarray.Qr) call("qr", x3)).r())};
            for (int k = 0; k < names.length; k++) {
                if (System.getProperty("only") != null && !System.getProperty("only").contains(names[k])) continue;
                double d = best(ours[k]), e = best(ejml[k]), h = host[k] == null ? Double.NaN : best(host[k]);
                System.out.printf("n=%d %-8s device %.1f ms, EJML %.1f ms, host solver %.1f ms: EJML / device %.2f, host solver / device %.2f%n",
                        n, names[k], d, e, h, e / d, h / d);
            }
        }
    }
}
