package org.ndgpu.routines.math;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.poly (roots, conjugate pairs, a square matrix), roots (leading and trailing zeros, complex
 * roots), polyadd, polysub, polymul, polydiv, polyder, polyint (m, k) and sort_complex against
 * NumPy (fixtures/math/polynomials.npz) in float64, float32, integers and complex; and the shapes
 * NumPy refuses.
 */
class PolynomialsTest extends PerDeviceTest {
    private static final Map<String, Function<NDArray, NDArray>> UNARY = Map.ofEntries(
            Map.entry("polyder", Nd::polyder),
            Map.entry("polyder_2", p -> Nd.polyder(p, 2)),
            Map.entry("polyint", Nd::polyint),
            Map.entry("polyint_2_k", p -> Nd.polyint(p, 2, 1.5)),
            Map.entry("poly", Nd::poly),
            Map.entry("poly_conjugate", Nd::poly),
            Map.entry("poly_matrix", Nd::poly),
            Map.entry("roots", PolynomialsTest::sortedRoots),
            Map.entry("roots_complex", PolynomialsTest::sortedRoots),
            Map.entry("sort_complex", Nd::sortComplex));
    private static final Map<String, BiFunction<NDArray, NDArray, NDArray>> BINARY = Map.of(
            "polyadd", Nd::polyadd,
            "polysub", Nd::polysub,
            "polymul", Nd::polymul,
            "polydiv_q", (u, v) -> part(Nd.polydiv(u, v), 0),
            "polydiv_r", (u, v) -> part(Nd.polydiv(u, v), 1));

    private static NDArray sortedRoots(NDArray p) {
        try (NDArray r = Nd.roots(p)) {
            return Nd.sortComplex(r);
        }
    }

    private static NDArray part(NDArray[] qr, int i) {
        qr[1 - i].close();
        return qr[i];
    }

    @Test
    void agreesWithNumPy() {
        int n = 0;
        try (MathFixtures f = MathFixtures.load("polynomials")) {
            for (String c : f.cases()) {
                String name = c.substring(0, c.indexOf('|'));
                NDArray got;
                if (UNARY.containsKey(name)) got = UNARY.get(name).apply(f.get(c, "x"));
                else if (BINARY.containsKey(name)) got = BINARY.get(name).apply(f.get(c, "x"), f.get(c, "y"));
                else continue;
                try (got) {
                    NDArray want = f.get(c, "r");
                    if (name.startsWith("roots") || name.startsWith("poly_matrix")) {
                        // eigenvalues: to the conditioning of the companion matrix
                        MathFixtures.assertDtypeAndShape(want, got, c);
                        try (NDArray d = Nd.sub(got, want);
                                NDArray e = Nd.abs(d);
                                NDArray m = e.max()) {
                            assertTrue(m.doubleValue() < 1e-4, c + ": " + m.doubleValue());
                        }
                    } else {
                        MathFixtures.assertNear(want, got, c);
                    }
                }
                n++;
            }
        }
        assertTrue(n >= 35, "cases run: " + n);
    }

    @Test
    void refusesWhatNumPyRefuses() {
        try (NDArray m = Nd.ones(2, 3);
                NDArray v = Nd.array(new double[] {1, 2})) {
            assertThrows(NdException.class, () -> Nd.poly(Nd.ones(2, 2, 2)));
            assertThrows(NdException.class, () -> Nd.poly(m));
            assertThrows(NdException.class, () -> Nd.roots(m));
            assertThrows(NdException.class, () -> Nd.polyadd(m, v));
            assertThrows(NdException.class, () -> Nd.polyder(v, -1));
            assertThrows(NdException.class, () -> Nd.polyint(v, -1, 0));
            assertThrows(NdException.class, () -> Nd.polydiv(v, Nd.zeros(0)));
            assertThrows(NullPointerException.class, () -> Nd.polymul(null, v));
            assertThrows(NullPointerException.class, () -> Nd.sortComplex(null));
        }
        NDArray closed = Nd.ones(3);
        closed.close();
        assertThrows(NdException.class, () -> Nd.roots(closed));
        assertThrows(NdException.class, () -> Nd.sortComplex(closed));
        assertThrows(NdException.class, () -> Nd.polyder(closed));
    }
}
