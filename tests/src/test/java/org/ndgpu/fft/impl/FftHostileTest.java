package org.ndgpu.fft.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.fft.Fft;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The worst legal-looking calls: each is an NdException (or NullPointerException for null) naming
 * the function and what was wrong, as NumPy raises; the edge cases NumPy accepts give NumPy's answer.
 */
class FftHostileTest extends PerDeviceTest {
    private final Fft fft = Nd.fft();

    private static <T extends Throwable> void raises(Class<T> type, Executable call, String... words) {
        T e = assertThrows(type, call);
        for (String w : words) assertTrue(e.getMessage().contains(w), "message lacks \"" + w + "\": " + e.getMessage());
    }

    @Test
    void badLengths() {
        NDArray a = Nd.random().normal(0, 1, DType.FLOAT64, 3, 4);
        raises(NdException.class, () -> fft.fft(a, 0), "fft", "(0)");
        raises(NdException.class, () -> fft.ifft(a, -5), "ifft", "(-5)");
        raises(NdException.class, () -> fft.rfft(a, 0L, -1, null), "rfft", "(0)");
        raises(
                NdException.class,
                () -> fft.irfft(Nd.ones(DType.COMPLEX64, 1)),
                "irfft",
                "(0)"); // default n = 2 * (1 - 1)
        raises(
                NdException.class,
                () -> fft.fftn(a, new long[] {3, -2}, null, null),
                "fftn",
                "(-2)"); // -1: NumPy 2's "the input's length"
        raises(NdException.class, () -> fft.fft(Nd.zeros(DType.FLOAT64, 0)), "fft", "(0)"); // an empty axis
    }

    @Test
    void badAxes() {
        NDArray a = Nd.random().normal(0, 1, DType.FLOAT64, 3, 4);
        raises(AxisException.class, () -> fft.fft(a, null, 2, null), "fft", "axis 2");
        raises(AxisException.class, () -> fft.rfft(a, null, -3, null), "rfft", "axis -3");
        raises(AxisException.class, () -> fft.fftn(a, null, new int[] {0, 5}, null), "fftn", "axis 5");
        raises(AxisException.class, () -> fft.fftshift(a, 2), "fftshift", "axis 2");
        raises(
                ShapeException.class,
                () -> fft.fftn(a, new long[] {3}, new int[] {0, 1}, null),
                "fftn",
                "different lengths");
        raises(ShapeException.class, () -> fft.fftn(a, new long[] {2, 2, 2}, null, null), "fftn", "3 entries");
        raises(AxisException.class, () -> fft.fft2(Nd.ones(3)), "fftn", "axis -2");
        raises(AxisException.class, () -> fft.fft(Nd.array(new double[] {1}).reshape()), "fft", "dimension 0"); // 0-d
    }

    @Test
    void badNormAndDtypes() {
        NDArray a = Nd.random().normal(0, 1, DType.FLOAT32, 8);
        raises(NdException.class, () -> fft.fft(a, null, -1, "Ortho"), "fft", "\"Ortho\"", "backward", "forward");
        raises(NdException.class, () -> fft.irfftn(a, null, null, ""), "irfftn", "norm");
        raises(
                NdException.class,
                () -> fft.fft(Nd.zeros(DType.FLOAT64, 0), null, -1, "bad"),
                "norm"); // before anything else
        try (NDArray c = a.astype(DType.COMPLEX64)) {
            raises(DTypeException.class, () -> fft.rfft(c), "rfft", "complex64", "real");
            raises(DTypeException.class, () -> fft.ihfft(c), "ihfft", "complex64");
            raises(DTypeException.class, () -> fft.rfftn(c), "rfftn", "complex64");
        }
        // bool is real for NumPy: rfft of bool is complex128
        try (NDArray b = Nd.array(new boolean[] {true, false, true, true});
                NDArray r = fft.rfft(b)) {
            assertEquals(DType.COMPLEX128, r.dtype());
            assertArrayEquals(new double[] {3, 0, 0, 1, 1, 0}, FftFixtures.values(r), 1e-15); // numpy: [3, 1j, 1]
        }
    }

    @Test
    void nullsAndClosedArrays() {
        raises(NullPointerException.class, () -> fft.fft(null), "fft", "a is null");
        raises(NullPointerException.class, () -> fft.fftshift(null), "fftshift", "a is null");
        NDArray a = Nd.ones(4);
        a.close();
        assertThrows(ArrayClosedException.class, () -> fft.fft(a));
        assertThrows(ArrayClosedException.class, () -> fft.irfft(a));
    }

    @Test
    void frequencies() {
        raises(NdException.class, () -> fft.fftfreq(0), "fftfreq", "n must be at least 1");
        raises(NdException.class, () -> fft.rfftfreq(-3, 1), "rfftfreq", "-3");
        raises(NdException.class, () -> fft.fftfreq(4, 0), "fftfreq", "d");
        // numpy.fft.fftfreq(4, float('nan')): array([nan, nan, nan, nan]) (FftHostileSizesTest)
        // numpy.fft.fftfreq(9, 0.1), rfftfreq(8, 0.5): the same products of integers and 1 / (n d)
        double v = 1.0 / (9 * 0.1);
        assertArrayEquals(
                new double[] {0, v, 2 * v, 3 * v, 4 * v, -4 * v, -3 * v, -2 * v, -v},
                fft.fftfreq(9, 0.1).toDoubleArray());
        assertArrayEquals(
                new double[] {0, 0.25, 0.5, 0.75, 1.0}, fft.rfftfreq(8, 0.5).toDoubleArray());
        assertArrayEquals(new double[] {0}, fft.fftfreq(1).toDoubleArray());
        assertEquals(DType.FLOAT64, fft.fftfreq(3).dtype());
        assertEquals(device(), fft.fftfreq(3).device());
        raises(NdException.class, () -> fft.nextFastLen(-1), "nextFastLen", "-1");
        assertEquals(0, fft.nextFastLen(0)); // scipy.fft.next_fast_len(0) is 0
        assertEquals(11 * 1 + 1, fft.nextFastLen(11)); // 12 = 2^2 * 3
        assertEquals(1024, fft.nextFastLen(1024));
        assertEquals(1008, fft.nextFastLen(1002)); // 2^4 3^2 7
    }

    @Test
    void emptyAndZeroDimensional() {
        // NumPy: fft of shape (0, 4) along the last axis is (0, 4); padding an empty batch keeps it empty
        try (NDArray e = Nd.zeros(DType.FLOAT32, 0, 4);
                NDArray r = fft.fft(e)) {
            assertArrayEquals(new long[] {0, 4}, r.shape());
            assertEquals(DType.COMPLEX64, r.dtype());
        }
        try (NDArray e = Nd.zeros(DType.FLOAT64, 4, 0);
                NDArray r = fft.fft(e, 3)) { // an empty axis padded to 3: zeros
            assertArrayEquals(new long[] {4, 3}, r.shape());
            for (double x : FftFixtures.values(r)) assertEquals(0.0, x);
        }
        try (NDArray e = Nd.zeros(DType.FLOAT64, 0, 6);
                NDArray r = fft.irfft(e)) {
            assertArrayEquals(new long[] {0, 10}, r.shape());
            assertEquals(DType.FLOAT64, r.dtype());
        }
        // fftn over no axes (a 0-d array): NumPy returns the input's values unchanged
        try (NDArray z = Nd.array(new double[] {2.5}).reshape();
                NDArray r = fft.fftn(z)) {
            assertEquals(0, r.ndim());
            assertEquals(2.5, r.doubleValue());
        }
        try (NDArray z = Nd.array(new long[] {7}).reshape();
                NDArray r = fft.fftshift(z)) {
            assertEquals(7L, ((Number) r.item()).longValue());
        }
    }

    @Test
    void hugeAndNonFiniteValuesPropagateAsInNumpy() {
        // numpy.fft.fft([1, nan, 3, 4]) is [nan+0j, -2+nanj, nan+0j, -2+nanj]: a NaN reaches every output.
        // Which part of each output is NaN depends on the algorithm's order of operations (cuFFT's
        // differs from pocketfft's), so that is not compared.
        try (NDArray a = Nd.array(new double[] {1, Double.NaN, 3, 4});
                NDArray r = fft.fft(a)) {
            double[] v = FftFixtures.values(r);
            for (int k = 0; k < 4; k++)
                assertTrue(Double.isNaN(v[2 * k]) || Double.isNaN(v[2 * k + 1]), "X[" + k + "] has no NaN");
        }
        // numpy.fft.fft([1e300, -1e300, 1e300, 1e300]) is [2e300, 2e300j, 2e300, -2e300j]: no overflow on the way
        try (NDArray a = Nd.array(new double[] {1e300, -1e300, 1e300, 1e300});
                NDArray r = fft.fft(a)) {
            assertArrayEquals(new double[] {2e300, 0, 0, 2e300, 2e300, 0, 0, -2e300}, FftFixtures.values(r), 1e286);
        }
    }

    @Test
    void theInputIsNeverWritten() {
        NDArray a = Nd.random().normal(0, 1, DType.FLOAT64, 6, 10);
        try (NDArray c = a.astype(DType.COMPLEX128)) {
            double[] before = FftFixtures.values(c);
            fft.fft(c).close();
            fft.ifft(c, null, 0, "ortho").close();
            fft.irfft(c).close();
            fft.hfft(c).close();
            fft.fftn(c).close();
            fft.irfftn(c).close();
            assertArrayEquals(before, FftFixtures.values(c));
        }
    }

    @Test
    void resultsLiveOnTheInputsDevice() {
        try (NDArray a = Nd.random().normal(0, 1, DType.FLOAT32, 16);
                NDArray r = fft.rfft(a);
                NDArray b = fft.irfft(r)) {
            assertEquals(device(), r.device());
            assertEquals(device(), b.device());
            assertEquals(DType.FLOAT32, b.dtype());
        }
    }
}
