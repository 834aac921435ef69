package org.ndgpu.fft.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.fft.Fft;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Sizes at the edge in numpy.fft and next_fast_len: the next 7-smooth length is found at once for
 * any long (it stepped by one and never returned from 2^62 + 1), lengths past the last one a long
 * holds are an error; results too big for a long are ShapeExceptions naming the transform the
 * caller called (not an inner step such as "empty" or nextFastLen); and NumPy 2's answers where it
 * gives one: {@code s} entries of -1 and a NaN sample spacing.
 */
class FftHostileSizesTest extends PerDeviceTest {
    private final Fft fft = Nd.fft();

    private static <T extends NdException> T raises(Class<T> type, Executable call, String... words) {
        T e = assertThrows(type, call);
        for (String w : words) assertTrue(e.getMessage().contains(w), "message lacks \"" + w + "\": " + e.getMessage());
        return e;
    }

    private static boolean smooth(long n) {
        for (long p : new long[] {2, 3, 5, 7}) while (n % p == 0) n /= p;
        return n == 1;
    }

    @Test
    void nextFastLenIsQuickForEveryLong() {
        // 2^62 + 1 took forever: 4611840800000000000 = 2^14 5^11 7^8 is the next 7-smooth number
        long got = assertTimeoutPreemptively(Duration.ofSeconds(2), () -> fft.nextFastLen((1L << 62) + 1));
        assertEquals(4611840800000000000L, got);
        assertTrue(smooth(got));
        assertEquals(
                Shifts.LARGEST_SMOOTH,
                assertTimeoutPreemptively(Duration.ofSeconds(2), () -> fft.nextFastLen(Shifts.LARGEST_SMOOTH)));
        assertEquals(9223306985706024960L, Shifts.LARGEST_SMOOTH);
        raises(
                NdException.class,
                () -> fft.nextFastLen(Shifts.LARGEST_SMOOTH + 1),
                "nextFastLen",
                "9223306985706024961",
                "9223306985706024960");
        raises(NdException.class, () -> fft.nextFastLen(Long.MAX_VALUE), "nextFastLen", "9223372036854775807");
        raises(NdException.class, () -> fft.nextFastLen(Long.MIN_VALUE), "nextFastLen", "-9223372036854775808");
        assertEquals(0, fft.nextFastLen(0));
        assertEquals(1, fft.nextFastLen(1));
    }

    @Test
    void nextFastLenAgreesWithStepping() {
        // the oracle: the first 7-smooth number at or above n, by stepping (what the old code did, fine for small n)
        for (long n = 1; n <= 20000; n++) {
            long m = n;
            while (!smooth(m)) m++;
            assertEquals(m, fft.nextFastLen(n), "n = " + n);
        }
        SplittableRandom r = new SplittableRandom(35);
        for (int i = 0; i < 200; i++) {
            long n = r.nextLong(1, 1L << (10 + r.nextInt(50)));
            long got = fft.nextFastLen(n);
            assertTrue(got >= n && smooth(got), n + " -> " + got);
            for (long m = n; m < got && m < n + 100_000; m++)
                assertFalse(smooth(m), n + ": " + m + " is smooth and smaller than " + got);
        }
    }

    @Test
    void convolveNamesItselfAndTheLengths() {
        try (NDArray a = Nd.ones(1).broadcastTo(1L << 62)) {
            NdException e = raises(ShapeException.class, () -> Nd.convolve(a, a), "convolve", "4611686018427387904");
            assertFalse(e.getMessage().contains("nextFastLen"), e.getMessage());
        }
    }

    @Test
    void resultsTooBigForALong() {
        try (NDArray a = Nd.ones(3)) {
            NdException e = raises(
                    ShapeException.class, () -> fft.fft(a, Long.MAX_VALUE), "fft:", "9223372036854775807", "too big");
            assertFalse(e.getMessage().startsWith("empty"), e.getMessage());
            raises(ShapeException.class, () -> fft.ifft(a, 1L << 61), "ifft:", "too big");
            raises(ShapeException.class, () -> fft.rfft(a, Long.MAX_VALUE), "rfft:", "too big");
            raises(ShapeException.class, () -> fft.irfft(a, Long.MAX_VALUE), "irfft:", "too big");
            raises(ShapeException.class, () -> fft.hfft(a, 1L << 62, -1, null), "hfft:", "too big");
            raises(
                    ShapeException.class,
                    () -> fft.fftn(Nd.ones(2, 2), new long[] {1L << 40, 1L << 40}, null, null),
                    "fftn:",
                    "too big");
        }
        try (NDArray huge = Nd.ones(1).broadcastTo(1L << 62)) {
            raises(ShapeException.class, () -> fft.fftshift(huge), "fftshift:", "too big");
        }
        // the frequencies are a host array: past a Java array or the heap, a ShapeException (was OutOfMemoryError)
        raises(ShapeException.class, () -> fft.fftfreq(1L << 40, 1), "fftfreq", "1099511627776");
        // past -Xmx only where the heap is below the 16 GiB these take (CI's; the GPU host's test JVMs have 32 GiB)
        if (Runtime.getRuntime().maxMemory() < (Integer.MAX_VALUE - 16L) * Double.BYTES) {
            raises(ShapeException.class, () -> fft.fftfreq(Integer.MAX_VALUE - 17, 1), "fftfreq");
        }
        raises(ShapeException.class, () -> fft.rfftfreq(Long.MAX_VALUE, 1), "rfftfreq");
    }

    @Test
    void nanSpacing() {
        // numpy.fft.fftfreq(4, float('nan')): array([nan, nan, nan, nan]); rfftfreq(4, nan): array([nan, nan, nan])
        double[] f = fft.fftfreq(4, Double.NaN).toDoubleArray();
        assertEquals(4, f.length);
        for (double v : f) assertTrue(Double.isNaN(v));
        double[] r = fft.rfftfreq(4, Double.NaN).toDoubleArray();
        assertEquals(3, r.length);
        for (double v : r) assertTrue(Double.isNaN(v));
        // numpy.fft.fftfreq(4, inf): [0, 0, -0, -0]; d = 0 is numpy's ZeroDivisionError
        assertArrayEquals(
                new double[] {0.0, 0.0, -0.0, -0.0},
                fft.fftfreq(4, Double.POSITIVE_INFINITY).toDoubleArray());
        raises(NdException.class, () -> fft.fftfreq(4, 0), "fftfreq", "d");
    }

    @Test
    void minusOneInSIsTheInputLength() {
        try (NDArray a = Nd.arange(6.0).reshape(2, 3)) {
            // numpy.fft.fftn(a, s=(-1, 4)) == fftn(a, s=(2, 4))
            try (NDArray got = fft.fftn(a, new long[] {-1, 4}, null, null);
                    NDArray want = fft.fftn(a, new long[] {2, 4}, null, null)) {
                assertArrayEquals(new long[] {2, 4}, got.shape());
                assertArrayEquals(want.toDoubleArray(), got.toDoubleArray(), 1e-12);
            }
            try (NDArray got = fft.rfftn(a, new long[] {-1, -1}, null, null)) {
                assertArrayEquals(new long[] {2, 2}, got.shape());
            }
            // numpy.fft.irfftn(np.ones((2, 3)), s=(-1, -1)).shape == (2, 3): -1 is the input's own 3, not 2 * (3 - 1)
            try (NDArray c = Nd.ones(DType.COMPLEX128, 2, 3);
                    NDArray got = fft.irfftn(c, new long[] {-1, -1}, null, null)) {
                assertArrayEquals(new long[] {2, 3}, got.shape());
                assertArrayEquals(new double[] {1, 0, 0, 0, 0, 0}, got.toDoubleArray(), 1e-12);
            }
            try (NDArray got = fft.ifftn(a, new long[] {-1}, new int[] {0}, null);
                    NDArray want = fft.ifft(a, 2L, 0, null)) {
                assertArrayEquals(want.toDoubleArray(), got.toDoubleArray(), 1e-12);
            }
            // numpy: ValueError: Invalid number of FFT data points (-2) specified.
            raises(NdException.class, () -> fft.fftn(a, new long[] {-2, 4}, null, null), "fftn", "(-2)");
        }
    }
}
