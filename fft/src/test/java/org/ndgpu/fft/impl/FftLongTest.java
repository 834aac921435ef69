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
                double t = re[i]; re[i] = re[j]; re[j] = t;
                t = im[i]; im[i] = im[j]; im[j] = t;
            }
        }
        for (int len = 2; len <= n; len <<= 1) {
            for (int k = 0; k < len / 2; k++) {
                double a = -2 * Math.PI * k / len, wr = Math.cos(a), wi = Math.sin(a);
                for (int i = k; i < n; i += len) {
                    int j = i + len / 2;
                    double xr = re[j] * wr - im[j] * wi, xi = re[j] * wi + im[j] * wr;
                    re[j] = re[i] - xr; im[j] = im[i] - xi;
                    re[i] += xr; im[i] += xi;
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
            return new double[][]{r, i};
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
            ai[k] = -i;   // conjugate: the inverse through the forward transform
        }
        radix2(ar, ai);
        double[] xr = new double[n], xi = new double[n];
        for (int k = 0; k < n; k++) {
            double r = ar[k] / m, i = -ai[k] / m;
            xr[k] = r * cr[k] - i * ci[k];
            xi[k] = r * ci[k] + i * cr[k];
        }
        return new double[][]{xr, xi};
    }

    private void check(DType dtype, int n, long seed) {
        var rng = new Random(seed);
        double[] re = new double[n], im = new double[n];
        double[] inter = new double[2 * n];
        for (int i = 0; i < n; i++) {
            re[i] = rng.nextGaussian();
            im[i] = rng.nextGaussian();
            inter[2 * i] = re[i];
            inter[2 * i + 1] = im[i];
        }
        if (dtype == DType.COMPLEX64) {   // the oracle sees exactly what the device sees
            for (int i = 0; i < n; i++) {
                re[i] = (float) re[i];
                im[i] = (float) im[i];
                inter[2 * i] = re[i];
                inter[2 * i + 1] = im[i];
            }
        }
        double[][] want = dft(re, im);
        double[] expected = new double[2 * n];
        for (int k = 0; k < n; k++) {
            expected[2 * k] = want[0][k];
            expected[2 * k + 1] = want[1][k];
        }
        var seg = java.lang.foreign.Arena.ofAuto().allocate(16L * n, 16);
        seg.copyFrom(java.lang.foreign.MemorySegment.ofArray(inter));
        try (NDArray wide = Nd.array(seg, DType.COMPLEX128, n); NDArray x = wide.astype(dtype)) {
            // forward, and the inverse of the forward back to x
            try (NDArray f = Nd.fft().fft(x); NDArray back = Nd.fft().ifft(f)) {
                double err = FftFixtures.relativeError(FftFixtures.values(f), expected);
                double tol = FftFixtures.tolerance(dtype, n);
                assertTrue(err <= tol, dtype + " n=" + n + ": relative error " + err + " > " + tol);
                double errBack = FftFixtures.relativeError(FftFixtures.values(back), inter);
                assertTrue(errBack <= 2 * tol, dtype + " n=" + n + ": ifft(fft(x)) off by " + errBack);
            }
        }
    }

    @Test
    void twoSteps() {
        check(DType.COMPLEX64, 1 << 13, 1);      // 4096 < n: columns of 2, rows of 4096
        check(DType.COMPLEX128, 3 * 4096, 2);    // 2048 < n, smooth, not a power of two
    }

    @Test
    void threeSteps() {
        check(DType.COMPLEX128, 1 << 19, 3);     // past 128 x 2048 complex128 points
    }

    @Test
    void bluesteinOfALongPrime() {
        check(DType.COMPLEX64, 65_537, 4);        // through a 2^18 transform, itself in two steps
    }
}
