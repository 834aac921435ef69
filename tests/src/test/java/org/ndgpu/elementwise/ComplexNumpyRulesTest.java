package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.Complex;
import org.ndgpu.ndarray.ComplexParts;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * NumPy 2.4's answers, quoted beside each, where an adversarial run found ndgpu's complex arithmetic
 * different: the order with a NaN imaginary part (NumPy's CGT/CGE: the real parts decide only where
 * neither imaginary part is NaN), 0 to a complex power, cumprod's first element and cumsum's -0.0, sign
 * with an infinite part, emath's complex dtypes, and real/imag as views.
 */
public class ComplexNumpyRulesTest extends PerDeviceTest {
    private static final double NAN = Double.NaN, INF = Double.POSITIVE_INFINITY;

    private static NDArray z(double... parts) {
        double[] re = new double[parts.length / 2], im = new double[parts.length / 2];
        for (int i = 0; i < re.length; i++) {
            re[i] = parts[2 * i];
            im[i] = parts[2 * i + 1];
        }
        // written through the parts' views: i * 1j would turn a NaN imaginary part into NaN + NaN j
        NDArray z = Nd.zeros(DType.COMPLEX128, re.length);
        try (NDArray r = Nd.array(re);
                NDArray i = Nd.array(im);
                NDArray zr = z.real();
                NDArray zi = z.imag()) {
            zr.set("...", r);
            zi.set("...", i);
        }
        return z;
    }

    private static boolean[] bools(NDArray b) {
        try (b) {
            return b.toBooleanArray();
        }
    }

    private static void assertParts(double[] want, NDArray got, String what) {
        try (got) {
            double[] g = ComplexParts.of(got);
            for (int k = 0; k < want.length; k++) {
                assertEquals(Double.isNaN(want[k]), Double.isNaN(g[k]), what + " part " + k + ": " + g[k]);
                if (!Double.isNaN(want[k])) assertEquals(want[k], g[k], 0, what + " part " + k);
            }
        }
    }

    @Test
    void aNanImaginaryPartComparesFalseAndPropagates() {
        for (DType t : new DType[] {DType.COMPLEX128, DType.COMPLEX64}) {
            try (NDArray a0 = z(1, NAN, 1, 1);
                    NDArray b0 = z(2, 1, 2, NAN);
                    NDArray a = a0.astype(t);
                    NDArray b = b0.astype(t)) {
                // np.array([1+nanj, 1+1j]) < [2+1j, 2+nanj]: [False, False]; <=, > too
                assertArrayEquals(new boolean[] {false, false}, bools(a.lt(b)), t + " lt");
                assertArrayEquals(new boolean[] {false, false}, bools(a.le(b)), t + " le");
                assertArrayEquals(new boolean[] {false, false}, bools(a.gt(b)), t + " gt");
            }
            try (NDArray a0 = z(3, 0, 1, 1);
                    NDArray b0 = z(1, NAN, 0, NAN);
                    NDArray a = a0.astype(t);
                    NDArray b = b0.astype(t)) {
                // np.maximum / np.minimum([3+0j, 1+1j], [1+nanj, nanj]): [1+nanj, nanj] both
                assertParts(new double[] {1, NAN, 0, NAN}, Nd.maximum(a, b), t + " maximum");
                assertParts(new double[] {1, NAN, 0, NAN}, Nd.minimum(a, b), t + " minimum");
            }
            try (NDArray a0 = z(1, NAN, 2, NAN);
                    NDArray b0 = z(0, 1, 1, 1);
                    NDArray a = a0.astype(t);
                    NDArray b = b0.astype(t)) {
                // np.fmax([1+nanj, 2+nanj], [1j, 1+1j]): [1j, 1+1j]
                assertParts(new double[] {0, 1, 1, 1}, Nd.fmax(a, b), t + " fmax");
            }
            try (NDArray a0 = z(3, 0, 1, NAN, 2, 5);
                    NDArray a = a0.astype(t)) {
                // np.array([3+0j, 1+nanj, 2+5j]).max() and .min(): 1+nanj (which of several NaNs a tree
                // reduction gives is not NumPy's first: numpy-differences.md)
                assertParts(new double[] {1, NAN}, a.max(), t + " max");
                assertParts(new double[] {1, NAN}, a.min(), t + " min");
            }
        }
    }

    @Test
    void powersSignsAndScans() {
        // np.array([0j, -0j]) ** (1.5-2j): [0j, 0j]; np.array([0j]) ** (-1+1j): nan+nanj
        try (NDArray zero = z(0, 0, -0.0, -0.0)) {
            assertParts(new double[] {0, 0, 0, 0}, zero.pow(Complex.of(1.5, -2)), "0 ** (1.5-2j)");
            assertParts(new double[] {NAN, NAN, NAN, NAN}, zero.pow(Complex.of(-1, 1)), "0 ** (-1+1j)");
        }
        // np.reciprocal and ** -1 of [0.5+0j, -1j, 0j, inf+0j, 3+4j]: NumPy's Smith loop, its zeros' signs:
        // [2-0j, 0+1j, nan+nanj, 0-0j, 0.12-0.16j]; 0j ** 2 and (-0-0j) ** 3: 0j; 0j ** -2: nan+nanj
        try (NDArray r = z(0.5, 0, 0, -1, 0, 0, INF, 0, 3, 4);
                NDArray zeros = z(0, 0, -0.0, -0.0)) {
            double[] want = {2, -0.0, 0, 1, NAN, NAN, 0, -0.0, 0.12, -0.16};
            assertClose(want, r.reciprocal(), 1e-15, "reciprocal");
            assertClose(want, r.pow(-1), 1e-15, "** -1");
            assertClose(new double[] {0, 0, 0, 0}, zeros.pow(2), 0, "0 ** 2");
            assertClose(new double[] {0, 0, 0, 0}, zeros.pow(3), 0, "0 ** 3");
            assertClose(new double[] {NAN, NAN, NAN, NAN}, zeros.pow(-2), 0, "0 ** -2");
        }
        // np.sign([inf+1j, inf+nanj, nan+infj, -inf-0j, 0-infj]): [1+0j, 1+0j, 1j, -1+0j, -1j]
        try (NDArray s = z(INF, 1, INF, NAN, NAN, INF, -INF, -0.0, 0, -INF)) {
            assertParts(new double[] {1, 0, 1, 0, 0, 1, -1, 0, 0, -1}, s.sign(), "sign");
        }
        // np.cumprod([inf+0j, 2+0j]): [inf+0j, inf+nanj]; np.cumprod([nan+1j, 2+0j]): [nan+1j, nan+nanj]
        try (NDArray a = z(INF, 0, 2, 0);
                NDArray b = z(NAN, 1, 2, 0)) {
            assertParts(new double[] {INF, 0, INF, NAN}, a.cumprod(0), "cumprod inf");
            assertParts(new double[] {NAN, 1, NAN, NAN}, b.cumprod(0), "cumprod nan");
        }
        // np.cumsum([-0.0-0.0j]) and np.cumsum([-0.0, -0.0]) keep the signs of zero
        try (NDArray c = z(-0.0, -0.0);
                NDArray cs = c.cumsum(0);
                NDArray r = Nd.array(new double[] {-0.0, -0.0});
                NDArray rs = r.cumsum(0)) {
            for (double v : ComplexParts.of(cs))
                assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(v));
            for (double v : rs.toDoubleArray())
                assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(v));
        }
    }

    @Test
    void emathTakesNumpysComplexDtypes() {
        // numpy's _tocomplex: float32, int8, int16, uint8, uint16 to complex64; float16 and the rest to complex128
        DType[][] cases = {
            {DType.FLOAT16, DType.COMPLEX128}, {DType.FLOAT32, DType.COMPLEX64}, {DType.INT8, DType.COMPLEX64},
            {DType.INT16, DType.COMPLEX64}, {DType.INT32, DType.COMPLEX128}, {DType.FLOAT64, DType.COMPLEX128}
        };
        for (DType[] c : cases) {
            try (NDArray x0 = Nd.array(new double[] {-1, 4});
                    NDArray x = x0.astype(c[0]);
                    NDArray r = Nd.emath().sqrt(x)) {
                assertEquals(c[1], r.dtype(), "emath.sqrt of " + c[0]);
                assertArrayEquals(new double[] {0, 1, 2, 0}, ComplexParts.of(r), 1e-6);
            }
        }
        try (NDArray u0 = Nd.array(new double[] {2, 0});
                NDArray u = u0.astype(DType.UINT8);
                NDArray r = Nd.emath().arcsin(u)) {
            assertEquals(DType.COMPLEX64, r.dtype());
        }
    }

    @Test
    void realAndImagAreViews() {
        // r = np.array([1+2j, 3+4j]); r.real[0] = 9; r.imag[1] = -1; np.real(r)[1] = 7: [9+2j, 7-1j]
        try (NDArray r = z(1, 2, 3, 4)) {
            try (NDArray re = r.real();
                    NDArray im = r.imag();
                    NDArray re2 = Nd.real(r)) {
                assertEquals(DType.FLOAT64, re.dtype());
                assertArrayEquals(new double[] {1, 3}, re.toDoubleArray(), 0);
                assertArrayEquals(new double[] {2, 4}, im.toDoubleArray(), 0);
                re.set("0", 9.0);
                im.set("1", -1.0);
                re2.set("1", 7.0);
            }
            assertArrayEquals(new double[] {9, 2, 7, -1}, ComplexParts.of(r), 0);
            // arithmetic on the views reads the parts: r.real * 2 + r.imag == [20, 13]
            try (NDArray re = r.real();
                    NDArray im = r.imag();
                    NDArray twice = re.mul(2);
                    NDArray sum = twice.add(im)) {
                assertArrayEquals(new double[] {20, 13}, sum.toDoubleArray(), 0);
            }
        }
        // a real array's real is a view of it; its imag is zeros, a new array
        try (NDArray x = Nd.array(new float[] {1, 2});
                NDArray re = x.real();
                NDArray im = x.imag()) {
            re.set("0", 5f);
            assertArrayEquals(new double[] {5, 2}, x.toDoubleArray(), 0);
            assertArrayEquals(new double[] {0, 0}, im.toDoubleArray(), 0);
            assertTrue(im.dtype() == DType.FLOAT32);
        }
    }

    // parts equal within rel relative error each (a zero part exactly, with its sign; inf and NaN as they are)
    private static void assertClose(double[] want, NDArray got, double rel, String what) {
        try (got) {
            double[] g = ComplexParts.of(got);
            for (int k = 0; k < want.length; k++) {
                String at = what + " part " + k + ": " + g[k] + " vs " + want[k];
                if (Double.isNaN(want[k])) assertTrue(Double.isNaN(g[k]), at);
                else if (want[k] == 0 || Double.isInfinite(want[k]))
                    assertEquals(Double.doubleToRawLongBits(want[k]), Double.doubleToRawLongBits(g[k]), at);
                else assertTrue(Math.abs(g[k] - want[k]) <= rel * Math.abs(want[k]), at);
            }
        }
    }

    @Test
    void largePartsDoNotOverflowIntoNanAndSmallOnesKeepTheirDigits() {
        // np.sin([1e300j]): [0+infj]; np.cos([1e300j]): [inf-0j]; np.cosh([1e300+0j]): [inf+0j]
        try (NDArray a = z(0, 1e300);
                NDArray b = z(1e300, 0)) {
            assertClose(new double[] {0, INF}, a.sin(), 0, "sin(1e300j)");
            assertClose(new double[] {INF, -0.0}, a.cos(), 0, "cos(1e300j)");
            assertClose(new double[] {INF, 0}, b.cosh(), 0, "cosh(1e300)");
        }
        // np.exp([710+0.5j]): [inf+1.07103414e+308j]
        try (NDArray a = z(710, 0.5)) {
            assertClose(new double[] {INF, 1.07103414e308}, a.exp(), 1e-8, "exp(710+0.5j)");
        }
        // complex64: np.sin(np.complex64([1e-8+100j])): [1.3440586e+35+infj]; sqrt([3e38]): [1.7320508e+19+0j];
        // log([3e38+3e38j]): [88.94342+0.7853982j]
        try (NDArray a0 = z(1e-8, 100, 0, 100);
                NDArray a = a0.astype(DType.COMPLEX64);
                NDArray b0 = z(3e38, 0);
                NDArray b = b0.astype(DType.COMPLEX64);
                NDArray c0 = z(3e38, 3e38);
                NDArray c = c0.astype(DType.COMPLEX64)) {
            assertClose(new double[] {1.3440586e35, INF, 0, INF}, a.sin(), 1e-6, "complex64 sin");
            assertClose(new double[] {1.7320508e19, 0}, b.sqrt(), 1e-6, "complex64 sqrt(3e38)");
            assertClose(new double[] {88.94342, 0.7853982}, c.log(), 1e-6, "complex64 log(3e38+3e38j)");
        }
        // complex128 near 0: np.arcsinh, np.arcsin, np.arctanh of 1e-8+1e-40j, 0.01+0.02j, 1e-5+1e-5j
        try (NDArray a = z(1e-8, 1e-40, 0.01, 0.02, 1e-5, 1e-5, 1e-40, 0)) {
            assertClose(
                    new double[] {
                        1e-08,
                        1e-40,
                        0.01000183364082035,
                        0.020000333048209206,
                        1.0000000000333335e-05,
                        9.999999999666666e-06,
                        1e-40,
                        0
                    },
                    Nd.arcsinh(a),
                    4e-16,
                    "arcsinh");
            assertClose(
                    new double[] {
                        1e-08,
                        1.0000000000000001e-40,
                        0.009998166974179577,
                        0.019999666381790755,
                        9.999999999666666e-06,
                        1.0000000000333335e-05,
                        1e-40,
                        0
                    },
                    Nd.arcsin(a),
                    4e-16,
                    "arcsin");
            assertClose(
                    new double[] {
                        1e-08,
                        1.0000000000000001e-40,
                        0.009996334153374628,
                        0.019999332573730395,
                        9.999999999333333e-06,
                        1.0000000000666667e-05,
                        1e-40,
                        0
                    },
                    Nd.arctanh(a),
                    4e-16,
                    "arctanh");
        }
    }
}
