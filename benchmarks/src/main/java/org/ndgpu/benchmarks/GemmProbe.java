package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A few square matmuls of one dtype and size and nothing else, for a profiler on the GPU host
 * (which kernels cuBLAS picks, and their times), next to the same in CuPy:
 *
 * <pre>
 * ncu --metrics gpu__time_duration.sum .device/run org.ndgpu.benchmarks.GemmProbe float64 8192 3
 * </pre>
 */
public final class GemmProbe {
    private GemmProbe() { }

    public static void main(String[] args) {
        DType dt = DType.of(args.length > 0 ? args[0] : "float64");
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 8192;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        try (NDArray a = Nd.random().seed(1).uniform(-1, 1, dt, n, n); NDArray b = Nd.random().seed(2).uniform(-1, 1, dt, n, n)) {
            for (int i = 0; i < reps; i++) a.matmul(b).close();
            Device.current().synchronize();
        }
        System.out.println("GemmProbe: " + reps + " matmuls " + dt + " " + n + "x" + n + " on " + Device.current());
    }
}
