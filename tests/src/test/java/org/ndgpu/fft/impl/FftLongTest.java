package org.ndgpu.fft.impl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Lengths too long for committed fixtures, against a float64 FFT written here in plain Java (an
 * iterative radix-2 transform, and Bluestein's identity in exact arithmetic for the others): the
 * own kernels' two-step and three-step splits, and Bluestein's detour for a long prime.
 */
class FftLongTest extends PerDeviceTest {
    /** In place: the forward DFT of (re, im), length a power of two. */
    static void radix2(double[] re, double[] im) {
        int n = re.length;
        for (int i = 1, j = 0; i < n; i++) {
            int bit = n >> 1;
            for (; (j & bit) != 0; bit >>= 1) j ^= bit;
            j ^= bit;
            if (i < j) {
                double t = re[i];
                re[i] = re[j];
                re[j] = t;
                t = im[i];
                im[i] = im[j];
                im[j] = t;
            }
        }
        for (int len = 2; len <= n; len <<= 1) {
            for (int k = 0; k < len / 2; k++) {
                double a = -2 * Math.PI * k / len, wr = Math.cos(a), wi = Math.sin(a);
                for (int i = k; i < n; i += len) {
                    int j = i + len / 2;
                    double xr = re[j] * wr - im[j] * wi, xi = re[j] * wi + im[j] * wr;
                    re[j] = re[i] - xr;
                    im[j] = im[i] - xi;
                    re[i] += xr;
                    im[i] += xi;
                }
            }
        }
    }

    /** The forward DFT of any length through Bluestein's identity over a power-of-two radix2. */
    static double[][] dft(double[] re, double[] im) {
        int n = re.length;
        if (Integer.bitCount(n) == 1) {
            double[] r = re.clone(), i = im.clone();
            radix2(r, i);
            return new double[][] {r, i};
        }
        int m = Integer.highestOneBit(2 * n - 1) << 1;
        double[] cr = new double[n], ci = new double[n];
        for (int j = 0; j < n; j++) {
            double a = -Math.PI * (double) ((long) j * j % (2L * n)) / n;
            cr[j] = Math.cos(a);
            ci[j] = Math.sin(a);
        }
        double[] ar = new double[m], ai = new double[m], br = new double[m], bi = new double[m];
        for (int j = 0; j < n; j++) {
            ar[j] = re[j] * cr[j] - im[j] * ci[j];
            ai[j] = re[j] * ci[j] + im[j] * cr[j];
            br[j] = cr[j];
            bi[j] = -ci[j];
            if (j > 0) {
                br[m - j] = cr[j];
                bi[m - j] = -ci[j];
            }
        }
        radix2(ar, ai);
        radix2(br, bi);
        for (int k = 0; k < m; k++) {
            double r = ar[k] * br[k] - ai[k] * bi[k], i = ar[k] * bi[k] + ai[k] * br[k];
            ar[k] = r;
            ai[k] = -i; // conjugate: the inverse through the forward transform
        }
        radix2(ar, ai);
        double[] xr = new double[n], xi = new double[n];
        for (int k = 0; k < n; k++) {
            double r = ar[k] / m, i = -ai[k] / m;
            xr[k] = r * cr[k] - i * ci[k];
            xi[k] = r * ci[k] + i * cr[k];
        }
        return new double[][] {xr, xi};
    }

    private void check(DType dtype, int n, long seed) {
        check(dtype, 1, n, seed);
    }

    /** rows transforms of length n at once (one batch), each against the oracle. */
    private void check(DType dtype, int rows, int n, long seed) {
        var rng = new Random(seed);
        double[] inter = new double[2 * rows * n], expected = new double[2 * rows * n];
        for (int q = 0; q < rows; q++) {
            double[] re = new double[n], im = new double[n];
            for (int i = 0; i < n; i++) {
                re[i] = rng.nextGaussian();
                im[i] = rng.nextGaussian();
                if (dtype == DType.COMPLEX64) { // the oracle sees exactly what the device sees
                    re[i] = (float) re[i];
                    im[i] = (float) im[i];
                }
                inter[2 * (q * n + i)] = re[i];
                inter[2 * (q * n + i) + 1] = im[i];
            }
            double[][] want = dft(re, im);
            for (int k = 0; k < n; k++) {
                expected[2 * (q * n + k)] = want[0][k];
                expected[2 * (q * n + k) + 1] = want[1][k];
            }
        }
        var seg = java.lang.foreign.Arena.ofAuto().allocate(16L * rows * n, 16);
        seg.copyFrom(java.lang.foreign.MemorySegment.ofArray(inter));
        String what = dtype + " " + rows + " x n=" + n;
        try (NDArray wide = Nd.array(seg, DType.COMPLEX128, rows, n);
                NDArray x = wide.astype(dtype)) {
            // forward, and the inverse of the forward back to x
            try (NDArray f = Nd.fft().fft(x);
                    NDArray back = Nd.fft().ifft(f)) {
                double err = FftFixtures.relativeError(FftFixtures.values(f), expected);
                double tol = FftFixtures.tolerance(dtype, n);
                assertTrue(err <= tol, what + ": relative error " + err + " > " + tol);
                double errBack = FftFixtures.relativeError(FftFixtures.values(back), inter);
                assertTrue(errBack <= 2 * tol, what + ": ifft(fft(x)) off by " + errBack);
            }
        }
    }

    /** The kernels' 64-bit element offsets (FftSource.Step.wide), which only transforms of 2^31 points and more take otherwise. */
    @Test
    void wideOffsets() {
        OwnFft.forceWide = true;
        try {
            check(DType.COMPLEX64, 5, 1024, 11); // one step, rows layout
            check(DType.COMPLEX64, 1 << 13, 12); // two steps, with the twiddles between them
            check(DType.COMPLEX128, 1000, 16, 13); // columns layout
        } finally {
            OwnFft.forceWide = false;
        }
    }

    @Test
    void twoSteps() {
        check(DType.COMPLEX64, 1 << 13, 1); // 4096 < n: columns of 256, rows of 32
        check(DType.COMPLEX128, 3 * 4096, 2); // 2048 < n, smooth, not a power of two
    }

    @Test
    void threeSteps() {
        check(DType.COMPLEX128, 1 << 19, 3); // past 128 x 2048 complex128 points: 128, 128, 32
    }

    @Test
    void bluesteinOfALongPrime() {
        check(DType.COMPLEX64, 65_537, 4); // through a 2^18 transform, itself in two steps
    }

    /**
     * Each local-memory layout of the step kernels (FftSource.Step), whose padding and work-item
     * order the other tests reach only in part: one transform per group at the buffer's capacity,
     * a few per group (rows layout), many per group (columns layout), and odd radices in both.
     */
    @Test
    void everyLayout() {
        check(DType.COMPLEX64, 3, 4096, 5); // one step, one row of 4096 per group
        check(DType.COMPLEX128, 2, 2048, 6); // the same for complex128
        check(DType.COMPLEX64, 5, 1024, 7); // four rows of 1024 per group
        check(DType.COMPLEX128, 3, 512, 8); // four rows of 512 per group
        check(DType.COMPLEX64, 1000, 16, 9); // 256 rows of 16 per group: neighbouring work-items take neighbouring rows
        check(DType.COMPLEX128, 700, 8, 10); // the same for complex128, a group part full
        check(DType.COMPLEX64, 40, 375, 11); // radices 3 and 5, ten rows per group
        check(DType.COMPLEX64, 1, 1 << 20, 12); // columns of 256, then rows of 4096 stored transposed, one per group
        check(DType.COMPLEX64, 1, 16_807, 13); // 7^5: 80 columns of 49, then rows of 343
    }
}
