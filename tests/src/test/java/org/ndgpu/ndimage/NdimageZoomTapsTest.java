package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * zoom and shift at orders 0 and 1 (their per-axis tap tables) against affine_transform with the
 * same transform as a square matrix (the general kernel, which maps each element's coordinate
 * itself) on every tested device: every mode, float64, float32 and uint8, outputs of thousands of
 * elements (many work-groups and a partial last one) and an output axis of length 1.
 * The two compute each coordinate with the same operations, so order 0 picks the same pixel; the
 * sums differ in precision only (float32 taps in float32 here, in float64 there).
 */
class NdimageZoomTapsTest extends PerDeviceTest {
    private static final Ndimage ND = Nd.ndimage();

    @Test
    void zoomEqualsTheGeneralKernel() {
        compare(new long[] {37, 53}, new double[] {2.6, 1.35});
        compare(new long[] {5, 1, 31}, new double[] {1.4, 1, 1.2});
        compare(new long[] {41, 29}, new double[] {0.45, 0.8});
    }

    @Test
    void shiftEqualsTheGeneralKernel() {
        for (DType dt : new DType[] {DType.FLOAT64, DType.FLOAT32, DType.UINT8}) {
            try (NDArray x = image(dt, 67, 45)) {
                double[] s = {3.37, -12.6};
                for (Mode mode : Mode.values()) {
                    for (int order = 0; order <= 1; order++) {
                        try (NDArray m = Nd.eye(2);
                                NDArray got = ND.shift(x, s, order, mode, 1.75, true);
                                NDArray want = ND.affineTransform(
                                        x, m, new double[] {-s[0], -s[1]}, null, order, mode, 1.75, true)) {
                            check(got, want, dt, order, "shift " + mode + " order " + order + " " + dt);
                        }
                    }
                }
            }
        }
    }

    private static void compare(long[] shape, double[] zoom) {
        int nd = shape.length;
        for (DType dt : new DType[] {DType.FLOAT64, DType.FLOAT32, DType.UINT8}) {
            try (NDArray x = image(dt, shape)) {
                long[] out = new long[nd];
                double[] diag = new double[nd * nd];
                for (int d = 0; d < nd; d++) {
                    out[d] = Math.round(shape[d] * zoom[d]);
                    diag[d * nd + d] = out[d] > 1 ? (double) (shape[d] - 1) / (out[d] - 1) : 1.0;
                }
                for (Mode mode : Mode.values()) {
                    for (int order = 0; order <= 1; order++) {
                        String what =
                                "zoom " + java.util.Arrays.toString(shape) + " " + mode + " order " + order + " " + dt;
                        try (NDArray m = Nd.array(diag).reshape(nd, nd);
                                NDArray got = ND.zoom(x, zoom, order, mode, -0.5, true, false);
                                NDArray want = ND.affineTransform(x, m, new double[nd], out, order, mode, -0.5, true)) {
                            check(got, want, dt, order, what);
                        }
                    }
                }
            }
        }
    }

    private static NDArray image(DType dt, long... shape) {
        try (NDArray u = Nd.random().seed(4042).uniform(-3, 3, DType.FLOAT64, shape)) {
            if (dt != DType.UINT8) return u.astype(dt);
            try (NDArray v = Nd.random().seed(4043).uniform(0, 250, DType.FLOAT64, shape)) {
                return v.astype(dt);
            }
        }
    }

    private static void check(NDArray got, NDArray want, DType dt, int order, String what) {
        assertArrayEquals(want.shape(), got.shape(), what);
        double[] g = got.astype(DType.FLOAT64).toDoubleArray();
        double[] w = want.astype(DType.FLOAT64).toDoubleArray();
        double scale = dt == DType.UINT8 ? 250 : 3;
        double tol = switch (dt) {
            case FLOAT64 -> 1e-12;
            case FLOAT32 -> 1e-6;
            default -> order == 0 ? 0 : 1;
        };
        for (int i = 0; i < g.length; i++) {
            double bound = dt == DType.UINT8 ? tol : tol * (Math.abs(w[i]) + scale);
            assertTrue(Math.abs(g[i] - w[i]) <= bound, what + ": element " + i + ": " + g[i] + ", general " + w[i]);
        }
    }
}
