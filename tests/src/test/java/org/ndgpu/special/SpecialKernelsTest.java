package org.ndgpu.special;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.elementwise.SpecialFunctions;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.reduction.ReductionKernel;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The special functions are one device implementation each: an ElementwiseKernel, a ReductionKernel
 * and a fused kernel calling {@code special_*} compute exactly what Nd.special()'s ufuncs compute.
 */
class SpecialKernelsTest extends PerDeviceTest {
    private static final Special S = Nd.special();

    private static double[] probabilities(int n) {
        double[] p = new double[n];
        for (int i = 0; i < n; i++) p[i] = (i + 0.5) / n;
        return p;
    }

    @Test
    void elementwiseKernelCallsTheSameFunctions() {
        try (NDArray p = Nd.array(probabilities(1000));
                NDArray x = p.mul(8).sub(4)) {
            var probit = new ElementwiseKernel("T p", "T y", "y = special_ndtri(p)", "probit");
            var mix = new ElementwiseKernel(
                    "T x",
                    "T y",
                    "y = special_erfcx(x) + special_gammaln(x) + special_xlogy(x, x * x) + special_expit(x)",
                    "special_mix");
            try (NDArray want = S.ndtri(p);
                    NDArray got = probit.call(p);
                    NDArray g2 = mix.call(x);
                    NDArray e = S.erfcx(x);
                    NDArray l = S.gammaln(x);
                    NDArray xl = S.xlogy(x, x.mul(x));
                    NDArray ex = S.expit(x);
                    NDArray w2 = e.add(l).add(xl).add(ex)) {
                assertArrayEquals(want.toDoubleArray(), got.toDoubleArray(), "ElementwiseKernel special_ndtri");
                assertArrayEquals(
                        w2.toDoubleArray(), g2.toDoubleArray(), 1e-12, "four special functions in one kernel");
            }
            // float32 arguments convert to double and the result rounds once; the ufunc's float32 loop runs
            // special_ndtrif, within docs/special.md's float32 bound of it
            try (NDArray p32 = p.astype(DType.FLOAT32);
                    NDArray got = new ElementwiseKernel("T p", "T y", "y = special_ndtri(p)", "probit").call(p32);
                    NDArray want = S.ndtri(p32);
                    NDArray gotf = new ElementwiseKernel("T p", "T y", "y = special_ndtrif(p)", "probitf").call(p32)) {
                assertEquals(DType.FLOAT32, got.dtype());
                double[] g = got.toDoubleArray(), w = want.toDoubleArray();
                for (int i = 0; i < g.length; i++) {
                    assertEquals(w[i], g[i], 2e-6 * Math.abs(g[i]), "float32 special_ndtri");
                }
                assertArrayEquals(w, gotf.toDoubleArray(), "float32 special_ndtrif is the ufunc's float32 loop");
            }
        }
    }

    @Test
    void reductionKernelMapsThroughASpecialFunction() {
        try (NDArray p = Nd.array(probabilities(4096));
                NDArray want = S.entr(p);
                NDArray total = want.sum()) {
            var entropy = new ReductionKernel("T p", "T y", "special_entr(p)", "a + b", "y = a", "0", "entropy");
            try (NDArray got = entropy.call(p)) {
                assertEquals(
                        total.toDoubleArray()[0], got.toDoubleArray()[0], 1e-12 * Math.abs(total.toDoubleArray()[0]));
            }
        }
    }

    @Test
    void fusedKernelTracesTheSpecialUfuncs() {
        try (NDArray p = Nd.array(probabilities(1000));
                NDArray x = p.mul(6).sub(3)) {
            var f = Fuse.of((a, b) -> S.erf(a).add(S.ndtri(b)).mul(S.expit(a)).add(S.gammaln(b)));
            try (NDArray got = f.call(x, p);
                    NDArray want = f.unfused(x, p)) {
                assertArrayEquals(want.toDoubleArray(), got.toDoubleArray(), 1e-13);
                assertEquals(1, f.kernelCount(x, p), "one fused kernel");
            }
            var g = Fuse.of(a -> S.logExpit(a).sum());
            try (NDArray got = g.call(x);
                    NDArray want = g.unfused(x)) {
                assertEquals(want.toDoubleArray()[0], got.toDoubleArray()[0], 1e-12);
            }
        }
    }

    @Test
    void theHeaderComesOnlyWhereAKernelNamesAFunction() {
        assertEquals("", SpecialFunctions.headerFor("y = erf(x)", null, ""));
        assertTrue(SpecialFunctions.headerFor("y = special_erf(x)").contains("special_ndtri"));
        // guarded: a kernel that holds it twice (a user's preamble and the automatic one) still compiles
        var twice = new ElementwiseKernel(
                "T x",
                "T y",
                "y = special_erf(x)",
                "twice",
                ElementwiseKernel.Options.defaults().withPreamble(SpecialFunctions.header()));
        try (NDArray x = Nd.array(new double[] {0.5, -1});
                NDArray got = twice.call(x);
                NDArray want = S.erf(x)) {
            assertArrayEquals(want.toDoubleArray(), got.toDoubleArray());
        }
    }
}
