package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.math.MathFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The array API's linalg names and NumPy 2's vector products against NumPy (fixtures/math/linalg.npz):
 * vector_norm (orders, several axes, keepdims), matrix_norm (every order), svdvals, vecdot (axis),
 * matrix_transpose, tensorinv (ind), tensorsolve (axes), Nd.vecdot, Nd.matvec and Nd.vecmat, in
 * float64, float32, int64 and complex; and the shapes and arguments NumPy refuses.
 */
class ArrayApiLinalgTest extends PerDeviceTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    private static Map<String, Function<NDArray, NDArray>> unary(Linalg la) {
        return Map.ofEntries(
                Map.entry("vector_norm", la::vectorNorm),
                Map.entry("vector_norm_1_ax02", x -> la.vectorNorm(x, 1, new int[] {0, 2}, false)),
                Map.entry("vector_norm_inf_last_keep", x -> la.vectorNorm(x, INF, new int[] {-1}, true)),
                Map.entry("vector_norm_half_ax1", x -> la.vectorNorm(x, 0.5, new int[] {1}, false)),
                Map.entry("vector_norm_neginf_all", x -> la.vectorNorm(x, -INF, null, false)),
                Map.entry("vector_norm_3_ax20_keep", x -> la.vectorNorm(x, 3, new int[] {2, 0}, true)),
                Map.entry("vector_norm_0_all_keep", x -> la.vectorNorm(x, 0, null, true)),
                Map.entry("matrix_norm_fro", la::matrixNorm),
                Map.entry("matrix_norm_nuc", x -> la.matrixNorm(x, "nuc", false)),
                Map.entry("matrix_norm_1", x -> la.matrixNorm(x, 1, false)),
                Map.entry("matrix_norm_-1", x -> la.matrixNorm(x, -1, false)),
                Map.entry("matrix_norm_2", x -> la.matrixNorm(x, 2, false)),
                Map.entry("matrix_norm_-2", x -> la.matrixNorm(x, -2, false)),
                Map.entry("matrix_norm_inf", x -> la.matrixNorm(x, INF, false)),
                Map.entry("matrix_norm_-inf", x -> la.matrixNorm(x, -INF, false)),
                Map.entry("matrix_norm_fro_keep", x -> la.matrixNorm(x, null, true)),
                Map.entry("svdvals", la::svdvals),
                Map.entry("svdvals_square", la::svdvals),
                Map.entry("matrix_transpose", la::matrixTranspose),
                Map.entry("tensorinv", x -> la.tensorinv(x, 2)),
                Map.entry("tensorinv_ind1", x -> la.tensorinv(x, 1)));
    }

    private static Map<String, BiFunction<NDArray, NDArray, NDArray>> binary(Linalg la) {
        return Map.of(
                "vecdot", Nd::vecdot,
                "vecdot_axis0", (a, b) -> la.vecdot(a, b, 0),
                "tensorsolve", (a, b) -> la.tensorsolve(a, b, null),
                "tensorsolve_axes0", (a, b) -> la.tensorsolve(a, b, new int[] {0}),
                "matvec", Nd::matvec,
                "matvec_broadcast", Nd::matvec,
                "vecmat", Nd::vecmat);
    }

    @Test
    void agreesWithNumPy() {
        Linalg la = Nd.linalg();
        var unary = unary(la);
        var binary = binary(la);
        int n = 0;
        try (MathFixtures f = MathFixtures.load("linalg")) {
            for (String c : f.cases()) {
                String name = c.substring(0, c.indexOf('|'));
                NDArray x = f.get(c, "x");
                NDArray got = f.has(c, "y")
                        ? binary.get(name).apply(x, f.get(c, "y"))
                        : unary.get(name).apply(x);
                try (got) {
                    // products, inverses and SVDs: float32 to a few ulps of their sums, float64 to the
                    // conditioning of a random 24 x 24 inverse
                    if (got.dtype().isInexact()) {
                        boolean single = got.dtype() == DType.FLOAT32 || got.dtype() == DType.COMPLEX64;
                        try (NDArray w = f.get(c, "r").astype(DType.promote(DType.FLOAT64, got.dtype()));
                                NDArray g = got.astype(w.dtype())) {
                            assertEquals(f.get(c, "r").dtype(), got.dtype(), c + ": dtype");
                            assertArrayEquals(f.get(c, "r").shape(), got.shape(), c + ": shape");
                            assertTrue(Nd.allclose(g, w, single ? 2e-4 : 1e-9, single ? 1e-5 : 1e-12, false), c);
                        }
                    } else {
                        MathFixtures.assertMatches(f.get(c, "r"), got, c);
                    }
                }
                n++;
            }
        }
        assertTrue(n >= 60, "cases run: " + n);
    }

    @Test
    void refusesWhatNumPyRefuses() {
        Linalg la = Nd.linalg();
        try (NDArray v = Nd.arange(4.0);
                NDArray m = Nd.ones(3, 4);
                NDArray sq = Nd.ones(2, 3, 2, 3)) {
            NdException e = assertThrows(NdException.class, () -> Nd.vecdot(m, Nd.ones(3)));
            assertTrue(e.getMessage().startsWith("vecdot: the core dimensions must be equal"), e.getMessage());
            assertThrows(NdException.class, () -> Nd.matvec(v, v));
            assertThrows(NdException.class, () -> Nd.vecmat(v, m));
            assertThrows(NdException.class, () -> la.matrixTranspose(v));
            assertThrows(NdException.class, () -> la.matrixNorm(v));
            assertThrows(NdException.class, () -> la.matrixNorm(m, "bad", false));
            assertThrows(NdException.class, () -> la.vectorNorm(m, 2, new int[] {2}, false));
            assertThrows(NdException.class, () -> la.tensorinv(sq, 0));
            assertThrows(NdException.class, () -> la.tensorinv(m, 1)); // inv's non-square error
            assertThrows(LinAlgException.class, () -> la.tensorsolve(m, v, null));
            assertThrows(LinAlgException.class, () -> la.tensorinv(sq, 2)); // all ones: singular
            assertThrows(NullPointerException.class, () -> la.svdvals(null));
            assertThrows(NullPointerException.class, () -> Nd.vecdot(null, v));
        }
        NDArray closed = Nd.ones(2, 2);
        closed.close();
        assertThrows(NdException.class, () -> la.svdvals(closed));
        assertThrows(NdException.class, () -> la.vectorNorm(closed));
        assertThrows(NdException.class, () -> Nd.matvec(closed, closed));
    }

    @Test
    void emptyAndZeroD() {
        Linalg la = Nd.linalg();
        try (NDArray e = Nd.zeros(DType.FLOAT32, 0, 3);
                NDArray n = la.vectorNorm(e);
                NDArray rows = la.vectorNorm(e, 2, new int[] {1}, false);
                NDArray s = Nd.array(new double[] {-3}).reshape();
                NDArray ns = la.vectorNorm(s)) {
            assertEquals(0.0, n.doubleValue());
            assertArrayEquals(new long[] {0}, rows.shape());
            assertEquals(3.0, ns.doubleValue());
        }
    }
}
