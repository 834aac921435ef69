package org.ndgpu.benchmarks;

import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.NDArray;

/**
 * numpy.linalg.eig through the public API (issue 22): wall time of eig with vectors, the eigenvalues
 * read back, median of 5 after one warm-up, float64 and float32 at n = 256, 1024, 2048. On CUDA it is
 * cuSOLVER's geev. CuPy's figures for the same calls: {@code python3 .gpu/cupy_eig_anchors.py}.
 */
public final class EigBench {
    private EigBench() {}

    /** Prints one row per dtype and size. */
    public static void main(String[] args) {
        System.out.println("ndgpu eig on " + org.ndgpu.device.Device.current());
        for (DType dt : new DType[] {DType.FLOAT64, DType.FLOAT32}) {
            for (int n : new int[] {256, 1024, 2048}) {
                NDArray m = Nd.random().uniform(-1, 1, dt, n, n);
                double[] t = new double[5];
                for (int r = -1; r < t.length; r++) {
                    long t0 = System.nanoTime();
                    Eig e = Nd.linalg().eig(m);
                    e.eigenvalues().toDoubleArray();
                    if (r >= 0) t[r] = (System.nanoTime() - t0) / 1e6;
                    e.eigenvalues().close();
                    e.eigenvectors().close();
                }
                java.util.Arrays.sort(t);
                System.out.printf("ndgpu eig %s %d: %.2f ms (median of 5, vectors)%n", dt, n, t[2]);
                m.close();
            }
        }
    }
}
