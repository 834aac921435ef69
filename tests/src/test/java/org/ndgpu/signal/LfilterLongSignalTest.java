package org.ndgpu.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * lfilter of long signals, where the recursion runs over many chunks and several levels of the carry
 * scan, against the serial transposed direct form II in plain Java doubles: orders 1, 2, 8 and 12,
 * lengths that are and are not multiples of a chunk, zi, several rows, both axes, FIR only, and
 * float32 data. Errors are measured relative to max|y|, as the recursion of a high order amplifies
 * rounding: the serial recursion of butter(8, 0.2) in doubles is itself about 1e-13 from exact, and
 * carries between chunks in plain doubles would be 1e-9 off (1e-7 for butter(8, 0.1)).
 */
class LfilterLongSignalTest extends PerDeviceTest {
    private static final Signal S = Nd.signal();

    private static double[] gaussian(int n, long seed) {
        Random r = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = r.nextGaussian();
        return x;
    }

    /** y of one row from the state z (length order, updated to the final state), a[0] normalized away. */
    private static double[] serial(double[] b, double[] a, double[] x, int off, int stride, int n, double[] z) {
        int order = Math.max(a.length, b.length) - 1;
        double[] bn = new double[order + 1], an = new double[order + 1];
        for (int k = 0; k < b.length; k++) bn[k] = b[k] / a[0];
        for (int k = 0; k < a.length; k++) an[k] = a[k] / a[0];
        double[] s = java.util.Arrays.copyOf(z, order + 1);
        double[] y = new double[n];
        for (int t = 0; t < n; t++) {
            double xv = x[off + t * stride], yv = bn[0] * xv + s[0];
            for (int k = 0; k < order; k++) s[k] = bn[k + 1] * xv + s[k + 1] - an[k + 1] * yv;
            y[t] = yv;
        }
        System.arraycopy(s, 0, z, 0, order);
        return y;
    }

    private static void close(double[] want, double[] got, double rel, String what) {
        assertEquals(want.length, got.length, what + ": length");
        double scale = 0, worst = 0;
        int at = -1;
        for (double v : want) scale = Math.max(scale, Math.abs(v));
        for (int t = 0; t < want.length; t++) {
            double e = Math.abs(want[t] - got[t]);
            if (!(e <= worst)) {
                worst = e;
                at = t;
            }
        }
        assertTrue(
                worst <= rel * scale,
                what + ": worst error " + worst + " at " + at + " (want " + (at < 0 ? 0 : want[at]) + ", got "
                        + (at < 0 ? 0 : got[at]) + ") over max|y| " + scale + ", allowed " + rel);
    }

    private static void checkButter(int order, double wn, int n, double rel) {
        double[] xs = gaussian(n, 40 + order);
        try (Coefficients f = S.butter(order, wn);
                NDArray x = Nd.array(xs);
                NDArray y = S.lfilter(f.b(), f.a(), x)) {
            assertEquals(DType.FLOAT64, y.dtype());
            double[] want = serial(f.b().toDoubleArray(), f.a().toDoubleArray(), xs, 0, 1, n, new double[order]);
            close(want, y.toDoubleArray(), rel, "butter(" + order + ", " + wn + ") n " + n);
        }
    }

    @Test
    void order8OverAMillionSamplesEqualsTheSerialRecursion() {
        checkButter(8, 0.2, 1 << 20, 1e-11);
    }

    @Test
    void ordersOneTwoAndTwelveAtLengthsThatAreNotMultiplesOfAChunk() {
        checkButter(1, 0.3, (1 << 20) + 17, 1e-10);
        checkButter(2, 0.05, 100_003, 1e-10);
        checkButter(8, 0.2, 65_537, 1e-11);
        checkButter(12, 0.3, 300_001, 1e-10);
    }

    @Test
    void shortSignalsAndOneChunkEqualTheSerialRecursion() {
        for (int n : new int[] {1, 3, 31, 33, 257, 4099}) checkButter(8, 0.2, n, 1e-11);
    }

    @Test
    void ziRowsAndTheFirstAxisCarryThroughEveryChunk() {
        int rows = 3, n = 70_001, order = 4;
        double[] xs = gaussian(rows * n, 7), zis = gaussian(rows * order, 8);
        try (Coefficients f = S.butter(order, 0.15);
                NDArray x = Nd.array(xs).reshape(rows, n);
                NDArray zi = Nd.array(zis).reshape(rows, order);
                FilterResult r = S.lfilter(f.b(), f.a(), x, -1, zi);
                NDArray xt = Nd.ascontiguousarray(x.T());
                NDArray zt = Nd.ascontiguousarray(zi.T());
                FilterResult rt = S.lfilter(f.b(), f.a(), xt, 0, zt)) {
            double[] b = f.b().toDoubleArray(), a = f.a().toDoubleArray();
            double[] y = r.y().toDoubleArray(), zf = r.zf().toDoubleArray();
            double[] yt = rt.y().toDoubleArray(), zft = rt.zf().toDoubleArray();
            for (int row = 0; row < rows; row++) {
                double[] z = java.util.Arrays.copyOfRange(zis, row * order, row * order + order);
                double[] want = serial(b, a, xs, row * n, 1, n, z);
                close(want, java.util.Arrays.copyOfRange(y, row * n, row * n + n), 1e-10, "row " + row);
                close(z, java.util.Arrays.copyOfRange(zf, row * order, row * order + order), 1e-9, "zf " + row);
                double[] col = new double[n], zcol = new double[order];
                for (int t = 0; t < n; t++) col[t] = yt[t * rows + row];
                for (int k = 0; k < order; k++) zcol[k] = zft[k * rows + row];
                close(want, col, 1e-10, "axis 0, column " + row);
                close(z, zcol, 1e-9, "axis 0, zf " + row);
            }
        }
    }

    @Test
    void firOnlyAndAnUnnormalizedAOverManyChunks() {
        int n = 200_003;
        double[] xs = gaussian(n, 9);
        double[] b = {0.5, -0.25, 0.125, 1.0, 0.3}, a = {1.0}, a2 = {2.0, -0.6, 0.2};
        try (NDArray x = Nd.array(xs);
                NDArray bd = Nd.array(b);
                NDArray ad = Nd.array(a);
                NDArray a2d = Nd.array(a2);
                NDArray y = S.lfilter(bd, ad, x);
                NDArray y2 = S.lfilter(bd, a2d, x)) {
            close(serial(b, a, xs, 0, 1, n, new double[4]), y.toDoubleArray(), 1e-12, "FIR");
            close(serial(b, a2, xs, 0, 1, n, new double[4]), y2.toDoubleArray(), 1e-10, "a[0] = 2");
        }
    }

    @Test
    void float32DataWithFloat32CoefficientsStaysFloat32() {
        int n = (1 << 18) + 5;
        double[] xs = gaussian(n, 10);
        float[] xf = new float[n];
        for (int t = 0; t < n; t++) {
            xf[t] = (float) xs[t];
            xs[t] = xf[t];
        }
        try (Coefficients f = S.butter(2, 0.1);
                NDArray b = f.b().astype(DType.FLOAT32);
                NDArray a = f.a().astype(DType.FLOAT32);
                NDArray x = Nd.array(xf);
                NDArray y = S.lfilter(b, a, x);
                NDArray y64 = S.lfilter(f.b(), f.a(), x)) {
            assertEquals(DType.FLOAT32, y.dtype());
            assertEquals(DType.FLOAT64, y64.dtype());
            double[] want = serial(b.toDoubleArray(), a.toDoubleArray(), xs, 0, 1, n, new double[2]);
            close(want, y.toDoubleArray(), 1e-4, "float32");
            double[] want64 = serial(f.b().toDoubleArray(), f.a().toDoubleArray(), xs, 0, 1, n, new double[2]);
            close(want64, y64.toDoubleArray(), 1e-10, "float32 data, float64 coefficients");
        }
    }
}
