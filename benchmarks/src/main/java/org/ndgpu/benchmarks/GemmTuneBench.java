package org.ndgpu.benchmarks;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.linalg.GemmTiming;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Issue 41 in one call on the GPU host: sweeps CLBlast's GEMM parameters on an OpenCL device
 * ({@code Nd.linalg().tuneGemm}: float32 on 4096^3, float64 on 2048^3), prints each candidate's
 * TFLOP/s and the choice (saved for later runs, see linalg's README), then times float32 and float64
 * matmuls of 8192 with the choice in force, by device events, as GemmProbe does:
 *
 * <pre>
 * JAVA_OPTS="-Dndgpu.device=opencl:gpu -Xmx16g" .device/run org.ndgpu.benchmarks.GemmTuneBench
 * .device/run org.ndgpu.benchmarks.GemmTuneBench opencl:0 4096 2048 8192 3   # device, sweep sizes, final size, repeats
 * </pre>
 *
 * A sweep runs about 20 candidates per dtype, a second or so each on a GPU.
 */
public final class GemmTuneBench {
    private GemmTuneBench() {}

    public static void main(String[] args) {
        Device device = args.length > 0 && !args[0].equals("-") ? Device.get(args[0]) : Device.current();
        long s32 = args.length > 1 ? Long.parseLong(args[1]) : 4096;
        long s64 = args.length > 2 ? Long.parseLong(args[2]) : 2048;
        int n = args.length > 3 ? Integer.parseInt(args[3]) : 8192;
        int repeats = args.length > 4 ? Integer.parseInt(args[4]) : 3;
        System.out.println("GemmTuneBench on " + device + " (" + device.facts().driverVersion() + ")");
        try (var _ = device.use()) {
            List<DType> dtypes = new ArrayList<>(List.of(DType.FLOAT32));
            if (device.facts().fp64()) dtypes.add(DType.FLOAT64);
            for (DType dt : dtypes) {
                long size = dt == DType.FLOAT32 ? s32 : s64;
                long t0 = System.nanoTime();
                List<GemmTiming> rows = Nd.linalg().tuneGemm(device, dt, size, repeats);
                System.out.printf(
                        "%n%s sweep on %d^3 (%d candidates, %.1f s):%n",
                        dt, size, rows.size(), (System.nanoTime() - t0) * 1e-9);
                for (GemmTiming t : rows)
                    System.out.printf(
                            "  %s %-58s %s%n",
                            t.chosen() ? "*" : " ",
                            t.candidate(),
                            t.skipped() == null
                                    ? String.format("%7.2f TFLOP/s", t.tflops())
                                    : "skipped: " + t.skipped());
                rows.stream()
                        .filter(GemmTiming::chosen)
                        .forEach(t -> System.out.println("  chosen: " + t.parameters()));
            }
            System.out.println();
            for (DType dt : dtypes) time(dt, n, 5);
        }
    }

    /** Median TFLOP/s of {@code reps} n^3 matmuls after one untimed, by device events. */
    private static void time(DType dt, int n, int reps) {
        try (NDArray a = Nd.random().seed(1).uniform(0, 1, dt, n, n);
                NDArray b = Nd.random().seed(2).uniform(0, 1, dt, n, n)) {
            a.matmul(b).close();
            System.out.printf(
                    "GemmTuneBench %s %d with the choice: %s%n",
                    dt, n, GemmProbe.summary(GemmProbe.matmulMillis(a, b, reps), n));
        }
    }
}
