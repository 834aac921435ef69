package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ndgpu.linalg.impl.Fixtures.values;

import java.util.Arrays;
import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import org.junit.jupiter.api.Test;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.testing.PerDeviceTest;

/**
 * SmallSvd's one-launch Jacobi svdvals (GPUs' route for stacks up to 32 x 32), on every device
 * kind, against EJML's SVD in float64 by relative error: fresh random stacks of tall, wide and
 * square shapes up to 32, vectors of one row or column, rank-deficient and zero matrices, and
 * entries near float32's overflow and underflow (the kernel's power-of-two scaling). Freed pool
 * memory is filled with NaN first, so an output left unwritten shows. Also through DeviceSolver
 * with the GPU kernels chosen, as CUDA and NVIDIA OpenCL route svdvals.
 */
class SmallSvdTest extends PerDeviceTest {
    private final long seed = System.nanoTime();
    private final Random rng = new Random(seed);

    @Test
    void randomStacksAgainstEjml() {
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            if (!SmallSvd.fits(device(), dt, 32, 32)) continue;
            for (long[] shape : new long[][] {
                {64, 8, 8}, {6, 9, 5}, {6, 5, 9}, {4, 32, 32}, {3, 32, 3}, {3, 1, 7}, {3, 7, 1}, {2, 1, 1}, {5, 17, 17}
            }) {
                double[] h = random(dt, (int) (shape[0] * shape[1] * shape[2]), 1);
                check(dt, h, shape, "random");
            }
        }
    }

    @Test
    void rankDeficientZeroAndScaledMatrices() {
        for (DType dt : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
            if (!SmallSvd.fits(device(), dt, 32, 32)) continue;
            int m = 12, n = 8;
            double[] h = random(dt, 4 * m * n, 1);
            // matrix 0: columns 3 and 5 equal (rank 7); matrix 1: zero; matrix 2: rank one; matrix 3 random
            for (int i = 0; i < m; i++) h[i * n + 5] = h[i * n + 3];
            Arrays.fill(h, m * n, 2 * m * n, 0);
            for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) h[2 * m * n + i * n + j] = (i + 1) * (j - 3.5) / 8;
            check(dt, round(dt, h), new long[] {4, m, n}, "rank-deficient and zero");
            // near the largest and smallest normal values: unscaled squared norms would overflow or underflow
            double big = dt == DType.FLOAT32 ? 1e36 : 1e300, small = dt == DType.FLOAT32 ? 1e-36 : 1e-300;
            check(dt, random(dt, 3 * 8 * 8, big), new long[] {3, 8, 8}, "near overflow");
            check(dt, random(dt, 3 * 8 * 8, small), new long[] {3, 8, 8}, "near underflow");
        }
    }

    @Test
    void deviceSolverRoutesSmallStacksHere() {
        Device d = device();
        DeviceSolver gpu = new DeviceSolver(d, new HostSolver(d), false, true);
        double[] h = random(DType.FLOAT32, 10 * 6 * 4, 1);
        assertTrue(gpu.smallSvdvals(DType.FLOAT32, 6, 4) && !gpu.smallSvdvals(DType.FLOAT32, 33, 4));
        assertTrue(!gpu.smallSvdvals(DType.COMPLEX64, 6, 4), "complex stays on the fallback");
        try (NDArray a = ValuesOnlyTest.upload(DType.FLOAT32, h, new long[] {10, 6, 4})) {
            poison(DType.FLOAT32, 40);
            try (NDArray s = gpu.svdvals(a)) {
                compare(DType.FLOAT32, h, new long[] {10, 6, 4}, values(s), "DeviceSolver");
            }
        }
    }

    private double[] random(DType dt, int count, double scale) {
        double[] h = new double[count];
        for (int i = 0; i < count; i++) h[i] = (rng.nextDouble() * 2 - 1) * scale;
        return round(dt, h);
    }

    private static double[] round(DType dt, double[] h) {
        if (dt == DType.FLOAT32) for (int i = 0; i < h.length; i++) h[i] = (float) h[i];
        return h;
    }

    private static void poison(DType dt, long elements) {
        NDArray.empty(Device.current(), dt, new long[] {Math.max(elements, 1)}, Order.C)
                .fill(Double.NaN)
                .close();
    }

    private void check(DType dt, double[] h, long[] shape, String what) {
        int b = (int) shape[0], k = (int) Math.min(shape[1], shape[2]);
        try (NDArray a = ValuesOnlyTest.upload(dt, h, shape)) {
            poison(dt, (long) b * k);
            try (NDArray s = SmallSvd.svdvals(a)) {
                assertArrayEquals(new long[] {b, k}, s.shape(), what);
                compare(dt, h, shape, values(s), what);
            }
        }
    }

    private void compare(DType dt, double[] h, long[] shape, double[] got, String what) {
        int b = (int) shape[0], m = (int) shape[1], n = (int) shape[2], k = Math.min(m, n);
        for (int q = 0; q < b; q++) {
            DMatrixRMaj e = new DMatrixRMaj(m, n);
            double mx = 0;
            for (int i = 0; i < m * n; i++) mx = Math.max(mx, Math.abs(h[q * m * n + i]));
            // EJML in float64 on the matrix scaled to about 1 (the reference must not overflow either)
            double unit = mx > 0 ? mx : 1;
            for (int i = 0; i < m * n; i++) e.data[i] = h[q * m * n + i] / unit;
            SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(m, n, false, false, true);
            assertTrue(svd.decompose(e), "EJML svd");
            double[] exp = svd.getSingularValues().clone();
            Arrays.sort(exp);
            double err = 0, top = exp[k - 1];
            for (int j = 0; j < k; j++) {
                double g = got[q * k + j] / unit, x = exp[k - 1 - j];
                double d = Math.abs(g - x);
                err = Double.isNaN(d) || err == Double.POSITIVE_INFINITY ? Double.POSITIVE_INFINITY : Math.max(err, d);
                if (j > 0) assertTrue(got[q * k + j - 1] >= got[q * k + j], what + ": descending");
            }
            double tol = dt == DType.FLOAT32 ? 2e-5 : 1e-12;
            assertTrue(
                    err <= tol * Math.max(top, 1e-300) || (top == 0 && err == 0),
                    what + " " + dt + " " + Arrays.toString(shape) + " matrix " + q + " (seed " + seed
                            + "): relative error " + err / top + "; got "
                            + Arrays.toString(Arrays.copyOfRange(got, q * k, q * k + k)));
        }
    }
}
