package org.ndgpu.examples;

import java.io.PrintStream;
import java.util.SplittableRandom;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Svd;

/**
 * Linear algebra with transfers both ways: two 64 x 64 float32 matrices of uniform(-1, 1) values
 * made on the host move to the device, {@code A @ B} and {@code svd(A)} run there, and the results
 * come back; the product is checked against a Java loop, and the SVD by rebuilding
 * {@code U diag(s) Vh} on the host and comparing it with A.
 *
 * <p>Run: {@code ./nd demo MatmulSvd} or {@code ./nd run org.ndgpu.examples.MatmulSvd [n]}
 */
public final class MatmulSvd implements Example {
    private final int n;

    /** 64 x 64, as the tutorial. */
    public MatmulSvd() {
        this(64);
    }

    /** n x n. */
    public MatmulSvd(int n) {
        this.n = n;
    }

    @Override
    public String title() {
        return "matmul and svd of " + n + "x" + n + " uniform(-1, 1) float32, transfers both ways";
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        SplittableRandom rng = new SplittableRandom(64);
        float[] a = new float[n * n], b = new float[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = (float) rng.nextDouble(-1, 1);
            b[i] = (float) rng.nextDouble(-1, 1);
        }
        float[] want = new float[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) s += (double) a[i * n + k] * b[k * n + j];
                want[i * n + j] = (float) s;
            }
        }
        Nd.array(a, DType.FLOAT32, n, n)
                .matmul(Nd.array(b, DType.FLOAT32, n, n))
                .close(); // warm-up
        var mm = Timing.of(() -> {
            NDArray da = Nd.array(a, DType.FLOAT32, n, n), db = Nd.array(b, DType.FLOAT32, n, n);
            return da.matmul(db).toFloatArray();
        });
        var sv = Timing.of(() -> Nd.linalg().svd(Nd.array(a, DType.FLOAT32, n, n), false));
        Svd svd = sv.value();
        float[] u = svd.u().toFloatArray(),
                s = svd.s().toFloatArray(),
                vh = svd.vh().toFloatArray();
        int k = s.length;
        float[] rebuilt = new float[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double acc = 0;
                for (int m = 0; m < k; m++) acc += (double) u[i * k + m] * s[m] * vh[m * n + j];
                rebuilt[i * n + j] = (float) acc;
            }
        }
        boolean descending = true;
        for (int m = 1; m < k; m++) descending &= s[m - 1] >= s[m] && s[m] >= 0;
        out.printf(
                "  s[0] = %.4f, s[%d] = %.4g; |U diag(s) Vh - A| <= %.2e%n",
                s[0], k - 1, s[k - 1], Check.maxAbsError(rebuilt, a));
        return Result.on(name(), device)
                .value("n", n)
                .value("matmul max abs error", Check.maxAbsError(mm.value(), want))
                .value(
                        "svd shapes",
                        java.util.Arrays.toString(svd.u().shape()) + " "
                                + java.util.Arrays.toString(svd.s().shape()) + " "
                                + java.util.Arrays.toString(svd.vh().shape()))
                .value("svd dtype", svd.s().dtype().toString())
                .value("singular values descending", descending)
                .value("largest singular value", (double) s[0])
                .value("|U diag(s) Vh - A| max", Check.maxAbsError(rebuilt, a))
                .millis("matmul (transfers included)", mm.millis())
                .millis("svd", sv.millis());
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(new MatmulSvd(args.length > 0 ? Integer.parseInt(args[0]) : 64));
    }
}
