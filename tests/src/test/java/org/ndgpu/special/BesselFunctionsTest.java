package org.ndgpu.special;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.elementwise.SpecialFunctions;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Nd.special()'s Bessel functions against SciPy 1.17 (fixtures/special/bessel.txt, made by
 * make_bessel_fixtures.py): real orders to 100 and arguments to 1e5, both signs, the integer orders of yn,
 * kn and the spherical functions, and every pair of the edge values, in float64 and float32 (and int32,
 * which takes SciPy's float64 loop). The tolerances are docs/special.md's.
 */
class BesselFunctionsTest extends PerDeviceTest {
    private static final Special S = Nd.special();

    private static final Map<String, BiFunction<NDArray, NDArray, NDArray>> CALLS = Map.ofEntries(
            Map.entry("jv", S::jv),
            Map.entry("jn", S::jn),
            Map.entry("yv", S::yv),
            Map.entry("iv", S::iv),
            Map.entry("kv", S::kv),
            Map.entry("jve", S::jve),
            Map.entry("yve", S::yve),
            Map.entry("ive", S::ive),
            Map.entry("kve", S::kve),
            Map.entry("yn", S::yn),
            Map.entry("kn", S::kn),
            Map.entry("spherical_jn", S::sphericalJn),
            Map.entry("spherical_yn", S::sphericalYn),
            Map.entry("spherical_in", S::sphericalIn),
            Map.entry("spherical_kn", S::sphericalKn),
            Map.entry("spherical_jn_d", (n, z) -> S.sphericalJn(n, z, true)),
            Map.entry("spherical_yn_d", (n, z) -> S.sphericalYn(n, z, true)),
            Map.entry("spherical_in_d", (n, z) -> S.sphericalIn(n, z, true)),
            Map.entry("spherical_kn_d", (n, z) -> S.sphericalKn(n, z, true)));

    private static final SpecialFunctionsTest.Tolerance F32 = new SpecialFunctionsTest.Tolerance(2e-6, 1e-37);

    /**
     * float64, set by SciPy's own error (measured against mpmath; ndgpu's stays near 1e-15 at these points):
     * J and Y oscillate, so besides 2e-13 relative error an absolute one scaled by their amplitude
     * sqrt(2 / (pi z)) is allowed near their roots, (5e-14 + 4e-16 z) times it, as SciPy's AMOS results
     * drift (2e-12 at z = 1e4, 4e-14 of the amplitude at z = 20; 1.2e-13 relative at order -94). I and K:
     * 3e-13 relative (the uniform expansion past order 50, in both libraries), 2e-12 for ive past order 50
     * (AMOS: 1e-12 at order -86); SciPy flushes iv below about 1e-160 to 0.
     */
    private static SpecialFunctionsTest.Tolerance tolerance(String name, double v, double z) {
        double az = Math.abs(z);
        return switch (name) {
            case "jv",
                    "jn",
                    "jve",
                    "yv",
                    "yve",
                    "yn",
                    "spherical_jn",
                    "spherical_yn",
                    "spherical_jn_d",
                    "spherical_yn_d" -> {
                double amp = az > 1 ? Math.sqrt(2 / (Math.PI * az)) : 1;
                yield new SpecialFunctionsTest.Tolerance(2e-13, (5e-14 + 4e-16 * az) * amp);
            }
            case "spherical_kn", "spherical_kn_d" ->
                // at z < 0, -pi i_n(|z|) and k_n(|z|) cancel (SciPy's complex k_n as much as ndgpu's sum)
                new SpecialFunctionsTest.Tolerance(1e-13, z < 0 ? 2e-15 * Math.PI * Math.exp(az) / az : 1e-300);
            case "iv", "ive", "spherical_in", "spherical_in_d" ->
                new SpecialFunctionsTest.Tolerance(name.equals("ive") && Math.abs(v) > 50 ? 2e-12 : 3e-13, 1e-150);
            default -> new SpecialFunctionsTest.Tolerance(1e-13, 1e-300);
        };
    }

    @Test
    void matchesScipy() {
        List<SpecialFixtures.Case> cases = SpecialFixtures.cases("bessel.txt");
        var failures = new StringBuilder();
        int checked = 0;
        for (SpecialFixtures.Case c : cases) {
            DType dt = DType.of(c.dtype());
            try (NDArray v0 = Nd.array(c.inputs().get(0));
                    NDArray z0 = Nd.array(c.inputs().get(1));
                    NDArray v = v0.astype(dt);
                    NDArray z = z0.astype(dt);
                    NDArray y = CALLS.get(c.name()).apply(v, z)) {
                assertEquals(DType.of(c.out()), y.dtype(), c + ": the result's dtype");
                double[] got = y.toDoubleArray();
                int bad = 0;
                for (int i = 0; i < got.length; i++) {
                    double want = c.expected()[i], zi = c.inputs().get(1)[i];
                    var t = y.dtype() == DType.FLOAT32
                            ? F32
                            : tolerance(c.name(), c.inputs().get(0)[i], zi);
                    if (nearOverflow(got[i], want) || SpecialFunctionsTest.close(got[i], want, t)) continue;
                    if (bad++ < 5) {
                        failures.append(c)
                                .append(" at v=")
                                .append(c.inputs().get(0)[i])
                                .append(" z=")
                                .append(zi)
                                .append(": got ")
                                .append(got[i])
                                .append(", SciPy ")
                                .append(want)
                                .append('\n');
                    }
                }
                if (bad > 5) failures.append(c).append(": ").append(bad).append(" values off\n");
                checked += got.length;
            }
        }
        if (!failures.isEmpty()) fail("against SciPy:\n" + failures);
        assertTrue(checked > 5_000, "values checked: " + checked);
    }

    /**
     * docs/special.md's known difference: AMOS reports overflow (SciPy's inf) a little before DBL_MAX, where
     * ndgpu still has the finite value, of the same sign.
     */
    private static boolean nearOverflow(double got, double want) {
        return Double.isInfinite(want) && Math.abs(got) > 1e300 && Math.signum(got) == Math.signum(want);
    }

    @Test
    void broadcastsOrderAgainstArgument() {
        try (NDArray v = Nd.array(new double[][] {{0.5}, {1.5}, {2.5}});
                NDArray z = Nd.array(new double[] {0.25, 1.0, 4.0, 9.0});
                NDArray j = S.jv(v, z);
                NDArray k = S.kv(1.5, z)) {
            assertArrayEquals(new long[] {3, 4}, j.shape());
            // J_1/2(z) = sqrt(2 / (pi z)) sin z and K_3/2(z) = sqrt(pi / (2 z)) exp(-z) (1 + 1/z)
            double[] jj = j.toDoubleArray(), kk = k.toDoubleArray();
            double[] zs = {0.25, 1.0, 4.0, 9.0};
            for (int i = 0; i < 4; i++) {
                double want = Math.sqrt(2 / (Math.PI * zs[i])) * Math.sin(zs[i]);
                assertEquals(want, jj[i], 1e-15 + 1e-14 * Math.abs(want));
                double wk = Math.sqrt(Math.PI / (2 * zs[i])) * Math.exp(-zs[i]) * (1 + 1 / zs[i]);
                assertEquals(wk, kk[i], 1e-14 * wk);
            }
        }
    }

    @Test
    void sphericalModifiedAndDerivativesHaveTheirClosedForms() {
        double[] zs = {0.25, 1.0, 4.0, 9.0};
        try (NDArray z = Nd.array(zs);
                NDArray i0 = S.sphericalIn(0, z);
                NDArray k0 = S.sphericalKn(0, z);
                NDArray j0d = S.sphericalJn(0, z, true);
                NDArray y0d = S.sphericalYn(0, z, true);
                NDArray i0d = S.sphericalIn(0, z, true);
                NDArray k0d = S.sphericalKn(0, z, true)) {
            for (int i = 0; i < zs.length; i++) {
                double x = zs[i], e = Math.exp(-x);
                // i_0 = sinh(z)/z, k_0 = pi/(2z) e^-z, and their derivatives; j_0' = -j_1, y_0' = -y_1
                assertEquals(Math.sinh(x) / x, i0.toDoubleArray()[i], 1e-14 * Math.sinh(x) / x);
                assertEquals(Math.PI / (2 * x) * e, k0.toDoubleArray()[i], 1e-14 * Math.PI / (2 * x) * e);
                assertEquals(Math.cos(x) / x - Math.sin(x) / (x * x), j0d.toDoubleArray()[i], 1e-14);
                assertEquals(Math.sin(x) / x + Math.cos(x) / (x * x), y0d.toDoubleArray()[i], 1e-13);
                double i1 = (x * Math.cosh(x) - Math.sinh(x)) / (x * x);
                assertEquals(i1, i0d.toDoubleArray()[i], 1e-14 * i1);
                double k0p = -Math.PI / 2 * e * (1 / x + 1 / (x * x));
                assertEquals(k0p, k0d.toDoubleArray()[i], -1e-14 * k0p);
            }
        }
    }

    @Test
    void hostileInputsNameTheFunction() {
        try (NDArray x = Nd.array(new double[] {0.25, 0.5});
                NDArray c = Nd.zeros(DType.COMPLEX128, 2);
                NDArray three = Nd.ones(3);
                NDArray wrongDtype = Nd.zeros(DType.INT32, 2)) {
            var e = assertThrows(NullPointerException.class, () -> S.jv(null, x));
            assertTrue(e.getMessage().startsWith("jv:"), e.getMessage());
            var e2 = assertThrows(NdException.class, () -> S.yv(x, c));
            assertTrue(e2.getMessage().startsWith("yv:") && e2.getMessage().contains("complex128"), e2.getMessage());
            var e3 = assertThrows(NdException.class, () -> S.iv(x, three));
            assertTrue(e3.getMessage().startsWith("iv:"), e3.getMessage());
            var e4 = assertThrows(NdException.class, () -> S.kv(x, 2.0, wrongDtype));
            assertTrue(e4.getMessage().startsWith("kv:"), e4.getMessage());
            NDArray closed = Nd.ones(2);
            closed.close();
            var e5 = assertThrows(NdException.class, () -> S.kve(closed, x));
            assertTrue(e5.getMessage().contains("kve"), e5.getMessage());
            var e6 = assertThrows(NullPointerException.class, () -> S.sphericalIn(null, x));
            assertTrue(e6.getMessage().startsWith("spherical_in:"), e6.getMessage());
            var e7 = assertThrows(NdException.class, () -> S.sphericalKn(x, c, true));
            assertTrue(
                    e7.getMessage().startsWith("spherical_kn")
                            && e7.getMessage().contains("complex128"),
                    e7.getMessage());
            var e8 = assertThrows(NdException.class, () -> S.sphericalJn(x, three, true));
            assertTrue(e8.getMessage().startsWith("spherical_jn"), e8.getMessage());
            var e9 = assertThrows(NdException.class, () -> S.sphericalYn(x, 2.0, true, wrongDtype));
            assertTrue(e9.getMessage().startsWith("spherical_yn"), e9.getMessage());
            // numbers, 0-d, empty, NaN and the float32 loop of a weak scalar
            try (NDArray r = S.ive(0.0, 0.0);
                    NDArray z = Nd.zeros(DType.FLOAT32, 0, 2);
                    NDArray e0 = S.jve(1.5, z);
                    NDArray n = S.yve(Double.NaN, x);
                    NDArray kd = S.sphericalKn(2, z, true);
                    NDArray in = S.sphericalIn(Double.NaN, x)) {
                assertArrayEquals(new long[] {0, 2}, kd.shape());
                assertEquals(DType.FLOAT32, kd.dtype());
                assertTrue(Double.isNaN(in.toDoubleArray()[0]));
                assertEquals(0, r.ndim());
                assertEquals(1.0, r.toDoubleArray()[0]);
                assertArrayEquals(new long[] {0, 2}, e0.shape());
                assertEquals(DType.FLOAT32, e0.dtype());
                assertTrue(Double.isNaN(n.toDoubleArray()[1]));
            }
        }
    }

    @Test
    void kernelsAndFuseCallTheSameDeviceFunctions() {
        // the Bessel file comes only to kernels that name one of its functions
        assertTrue(!SpecialFunctions.headerFor("y = special_erf(x)").contains("special_kv"));
        assertTrue(SpecialFunctions.headerFor("y = special_kv(v, x)").contains("special_ndtri"));
        try (NDArray z = Nd.linspace(0.1, 30.0, 200);
                NDArray v = z.mul(0.5).sub(3)) {
            var k = new ElementwiseKernel(
                    "T v, T z", "T y", "y = special_jv(v, z) + special_kve(v, z) + special_erf(z)", "bessel_mix");
            try (NDArray got = k.call(v, z);
                    NDArray j = S.jv(v, z);
                    NDArray kk = S.kve(v, z);
                    NDArray e = S.erf(z);
                    NDArray want = j.add(kk).add(e)) {
                assertArrayEquals(want.toDoubleArray(), got.toDoubleArray(), 1e-13);
            }
            var f = Fuse.of((a, b) -> S.iv(a, b).mul(S.kv(a, b)).add(S.yv(a, b)));
            try (NDArray got = f.call(v, z);
                    NDArray want = f.unfused(v, z)) {
                assertArrayEquals(want.toDoubleArray(), got.toDoubleArray(), 1e-13);
                assertEquals(1, f.kernelCount(v, z), "one fused kernel");
            }
            // the spherical functions and their derivatives by their device names, and fused
            try (NDArray n = z.floor()) {
                var ks = new ElementwiseKernel(
                        "T n, T z", "T y", "y = special_spherical_kn_d(n, z) + special_spherical_in(n, z)", "sph_mix");
                var fs = Fuse.of((a, b) -> S.sphericalIn(a, b, true).add(S.sphericalJn(a, b, true)));
                try (NDArray got = ks.call(n, z);
                        NDArray kd = S.sphericalKn(n, z, true);
                        NDArray in = S.sphericalIn(n, z);
                        NDArray want = kd.add(in);
                        NDArray fused = fs.call(n, z);
                        NDArray unfused = fs.unfused(n, z)) {
                    assertArrayEquals(want.toDoubleArray(), got.toDoubleArray(), 1e-13);
                    assertArrayEquals(unfused.toDoubleArray(), fused.toDoubleArray(), 1e-13);
                    assertEquals(1, fs.kernelCount(n, z), "one fused kernel");
                }
            }
        }
    }
}
