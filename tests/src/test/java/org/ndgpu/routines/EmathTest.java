package org.ndgpu.routines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.ComplexParts;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/** numpy.emath against NumPy 2.4: each expected value is NumPy's for the call in its comment. */
public class EmathTest extends PerDeviceTest {

    @Test
    void complexOnlyWhereTheRealFunctionHasNoAnswer() {
        var em = Nd.emath();
        try (NDArray neg = Nd.array(new double[] {-1, 4});
                NDArray four32 = Nd.array(new float[] {4});
                NDArray neg32 = Nd.array(new float[] {-4});
                NDArray r1 = em.sqrt(neg);
                NDArray r2 = em.sqrt(four32);
                NDArray r3 = em.sqrt(neg32)) {
            // np.emath.sqrt([-1., 4.]); of float32 [4]: real; of float32 [-4]: complex64
            assertEquals(DType.COMPLEX128, r1.dtype());
            assertArrayEquals(new double[] {0, 1, 2, 0}, ComplexParts.of(r1), 1e-15);
            assertEquals(DType.FLOAT32, r2.dtype());
            assertArrayEquals(new double[] {2}, r2.toDoubleArray());
            assertEquals(DType.COMPLEX64, r3.dtype());
            assertArrayEquals(new double[] {0, 2}, ComplexParts.of(r3), 1e-6);
        }
        try (NDArray x = Nd.array(new double[] {-1, Math.E});
                NDArray l = em.log(x);
                NDArray ten = Nd.array(new long[] {-10});
                NDArray l10 = em.log10(ten);
                NDArray eight = Nd.array(new long[] {8});
                NDArray l2 = em.log2(eight);
                NDArray two = Nd.array(new double[] {2});
                NDArray m8 = Nd.array(new double[] {-8});
                NDArray ln = em.logn(two, m8)) {
            // np.emath.log([-1., e]); log10([-10]); log2([8]) stays real; logn(2, -8)
            assertArrayEquals(new double[] {0, Math.PI, 1, 0}, ComplexParts.of(l), 1e-15);
            assertArrayEquals(new double[] {1, 1.3643763538418414}, ComplexParts.of(l10), 1e-15);
            assertEquals(DType.FLOAT64, l2.dtype());
            assertArrayEquals(new double[] {3}, l2.toDoubleArray(), 1e-15);
            assertArrayEquals(new double[] {3, 4.532360141827194}, ComplexParts.of(ln), 1e-14);
        }
        try (NDArray m2 = Nd.array(new double[] {-2});
                NDArray p2 = Nd.array(new long[] {2});
                NDArray pw = em.power(m2, p2);
                NDArray i2 = Nd.array(new long[] {2});
                NDArray im2 = Nd.array(new long[] {-2});
                NDArray quarter = em.power(i2, im2);
                NDArray m8 = Nd.array(new double[] {-8});
                NDArray third = Nd.array(new double[] {1 / 3.0});
                NDArray cube = em.power(m8, third)) {
            // np.emath.power([-2.], [2]) is complex 4-0j; power([2], [-2]) is 0.25; power([-8.], [1/3])
            assertEquals(DType.COMPLEX128, pw.dtype());
            assertEquals(4, ComplexParts.of(pw)[0], 1e-14);
            assertArrayEquals(new double[] {0.25}, quarter.toDoubleArray());
            assertArrayEquals(new double[] {1, 1.7320508075688772}, ComplexParts.of(cube), 1e-14);
        }
        try (NDArray two = Nd.array(new double[] {2});
                NDArray half = Nd.array(new double[] {0.5});
                NDArray ac = em.arccos(two);
                NDArray as = em.arcsin(half);
                NDArray at = em.arctanh(two)) {
            // np.emath.arccos([2.]) = -1.3169579j; arcsin([0.5]) real; arctanh([2.]) = 0.549...+1.5708j
            assertArrayEquals(new double[] {0, -1.3169578969248166}, ComplexParts.of(ac), 1e-14);
            assertEquals(DType.FLOAT64, as.dtype());
            assertArrayEquals(new double[] {Math.PI / 6}, as.toDoubleArray(), 1e-15);
            assertArrayEquals(new double[] {0.5493061443340548, 1.5707963267948966}, ComplexParts.of(at), 1e-14);
        }
    }

    @Test
    void inverseFunctionsOnTheRealAxisAsNumPy() {
        var em = Nd.emath();
        try (NDArray x = Nd.array(new double[] {2, -2, 0.5, 1, -1, 3});
                NDArray as = em.arcsin(x);
                NDArray ac = em.arccos(x);
                NDArray at = em.arctanh(x)) {
            // np.emath.arcsin / arccos / arctanh of [2., -2., 0.5, 1., -1., 3.]
            assertArrayEquals(
                    new double[] {
                        Math.PI / 2,
                        1.3169578969248166,
                        -Math.PI / 2,
                        1.3169578969248166,
                        0.5235987755982989,
                        0,
                        Math.PI / 2,
                        0,
                        -Math.PI / 2,
                        0,
                        Math.PI / 2,
                        1.762747174039086
                    },
                    ComplexParts.of(as),
                    1e-14);
            assertArrayEquals(
                    new double[] {
                        0,
                        -1.3169578969248166,
                        Math.PI,
                        -1.3169578969248166,
                        1.0471975511965976,
                        -0.0,
                        0,
                        -0.0,
                        Math.PI,
                        -0.0,
                        0,
                        -1.762747174039086
                    },
                    ComplexParts.of(ac),
                    1e-14);
            // NumPy's signs of zero: arccos's imaginary parts are -0 inside [-1, 1]
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(ComplexParts.of(ac)[5]));
            double inf = Double.POSITIVE_INFINITY;
            assertArrayEquals(
                    new double[] {
                        0.5493061443340549,
                        Math.PI / 2,
                        -0.5493061443340549,
                        Math.PI / 2,
                        0.5493061443340549,
                        0,
                        inf,
                        0,
                        -inf,
                        0,
                        0.34657359027997264,
                        Math.PI / 2
                    },
                    ComplexParts.of(at),
                    1e-14);
        }
        try (NDArray f = Nd.array(new float[] {2, 0.5f});
                NDArray as = em.arcsin(f)) {
            assertEquals(DType.COMPLEX64, as.dtype());
        }
    }
}
