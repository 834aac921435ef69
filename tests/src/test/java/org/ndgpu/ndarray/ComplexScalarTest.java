package org.ndgpu.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.testing.PerDeviceTest;

/**
 * {@link Complex}, the complex Java scalar, against NumPy 2.4 (each expected value is NumPy's for the
 * call in its comment): a weak scalar beside arrays in ufuncs and where, a 0-d array alone, a fill.
 */
public class ComplexScalarTest extends PerDeviceTest {

    @Test
    void aComplexScalarIsWeakBesideArrays() {
        try (NDArray z = Nd.arange(3).astype(DType.FLOAT64);
                NDArray f = Nd.arange(3).astype(DType.FLOAT32);
                NDArray i = Nd.arange(3);
                NDArray zj = z.mul(Complex.J);
                NDArray fj = f.add(Complex.of(1, 2));
                NDArray ij = i.mul(Complex.J);
                NDArray jz = Nd.mul(Complex.J, z)) {
            // np.arange(3.) * 1j
            assertEquals(DType.COMPLEX128, zj.dtype());
            assertArrayEquals(new double[] {0, 0, 0, 1, 0, 2}, ComplexParts.of(zj));
            // np.arange(3, dtype=np.float32) + (1+2j): complex64, as NumPy 2's weak Python complex
            assertEquals(DType.COMPLEX64, fj.dtype());
            assertArrayEquals(new double[] {1, 2, 2, 2, 3, 2}, ComplexParts.of(fj));
            // np.arange(3) * 1j: int64 with a complex gives complex128
            assertEquals(DType.COMPLEX128, ij.dtype());
            assertArrayEquals(new double[] {0, 0, 0, 1, 0, 2}, ComplexParts.of(ij));
            assertArrayEquals(ComplexParts.of(zj), ComplexParts.of(jz));
        }
    }

    @Test
    void arrayFillAndWhereTakeAComplex() {
        try (NDArray zero = Nd.array(Complex.of(1, -2));
                NDArray c = Nd.zeros(DType.COMPLEX64, 2);
                NDArray z = Nd.arange(3).astype(DType.FLOAT64);
                NDArray pos = z.gt(0);
                NDArray w = Nd.where(pos, Complex.J, 0.0)) {
            // np.array(1-2j)
            assertEquals(DType.COMPLEX128, zero.dtype());
            assertEquals(0, zero.ndim());
            assertArrayEquals(new double[] {1, -2}, ComplexParts.of(zero));
            // c.fill(0.5+0.5j)
            c.fill(new Complex(0.5, 0.5));
            assertEquals(DType.COMPLEX64, c.dtype());
            assertArrayEquals(new double[] {0.5, 0.5, 0.5, 0.5}, ComplexParts.of(c));
            // np.where(z > 0, 1j, 0.0)
            assertEquals(DType.COMPLEX128, w.dtype());
            assertArrayEquals(new double[] {0, 0, 0, 1, 0, 1}, ComplexParts.of(w));
            // item() gives {re, im}; Complex.of takes it back
            assertEquals(Complex.of(1, -2), Complex.of((double[]) zero.item()));
        }
    }

    @Test
    void intoARealArrayOnlyByAnUnsafeCast() {
        try (NDArray r = Nd.zeros(DType.FLOAT64, 2);
                NDArray i8 = Nd.zeros(DType.INT8, 2)) {
            // a.fill(1+2j), a[...] = 1+2j on a float array: NumPy's TypeError ("float() argument must be a
            // string or a real number, not 'complex'"); copyto's same_kind refuses too
            assertThrows(DTypeException.class, () -> r.fill(Complex.of(1, 2)));
            assertThrows(DTypeException.class, () -> r.set("...", Complex.of(1, 2)));
            assertThrows(DTypeException.class, () -> Nd.copyto(r, Complex.of(1, 2)));
            assertArrayEquals(new double[] {0, 0}, r.toDoubleArray());
            // np.copyto(a, 1+2j, casting="unsafe"): the real part (ComplexWarning), checked as a float is
            Nd.copyto(r, Complex.of(1, 2), org.ndgpu.ndarray.Casting.UNSAFE);
            assertArrayEquals(new double[] {1, 1}, r.toDoubleArray());
            assertThrows(
                    DTypeException.class,
                    () -> Nd.copyto(i8, Complex.of(Double.NaN, 1), org.ndgpu.ndarray.Casting.UNSAFE));
            assertArrayEquals(new long[] {0, 0}, i8.toLongArray());
        }
        assertThrows(DTypeException.class, () -> Complex.of(new double[] {1}));
    }

    @Test
    void arraysOfComplexAndFull() {
        // np.array([1+2j, 1j]), np.array([[1+2j], [-3j]]), np.full(2, 1+2j): complex128
        try (NDArray a = Nd.array(new Complex[] {Complex.of(1, 2), Complex.J});
                NDArray m = Nd.array(new Complex[][] {{Complex.of(1, 2)}, {Complex.of(0, -3)}});
                NDArray f = Nd.full(Complex.of(1, 2), 2)) {
            assertEquals(DType.COMPLEX128, a.dtype());
            assertArrayEquals(new double[] {1, 2, 0, 1}, ComplexParts.of(a));
            assertArrayEquals(new long[] {2, 1}, m.shape());
            assertArrayEquals(new double[] {1, 2, 0, -3}, ComplexParts.of(m));
            assertEquals(DType.COMPLEX128, f.dtype());
            assertArrayEquals(new double[] {1, 2, 1, 2}, ComplexParts.of(f));
        }
        assertThrows(DTypeException.class, () -> Nd.array(new Complex[] {Complex.J, null}));
    }
}
