package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Scans of lines of many tiles (1024 elements each), whose tiles' totals are scanned by tiles again:
 * the reduce-then-scan passes, and float16's carry pass. Integer-valued data keep every partial sum
 * exact, so each result equals a Java loop's: int64, float64, float32 summed in float64 (add.accumulate
 * with a dtype), cumprod of int32 in int64 wrapping as NumPy's, float16, along either axis of a matrix,
 * and in place through {@code out}.
 */
public class ScanTilesTest extends PerDeviceTest {

    private static long[] values(int n) {
        long[] v = new long[n];
        for (int k = 0; k < n; k++) v[k] = ((k * 2654435761L) >>> 13) % 7 - 3;
        return v;
    }

    @Test
    void longLinesAgainstAJavaLoop() {
        int n = (1 << 20) + 4099; // 1029 tiles: their totals take a second level of tiles
        long[] v = values(n);
        long[] want = new long[n];
        long run = 0;
        for (int k = 0; k < n; k++) want[k] = run += v[k];
        try (NDArray a = Nd.array(v);
                NDArray s = Nd.cumsum(a);
                NDArray d = a.astype(DType.FLOAT64);
                NDArray sd = Nd.cumsum(d);
                NDArray f = a.astype(DType.FLOAT32);
                NDArray sf = Nd.ufunc(Ufunc.ADD).accumulate(f, 0, DType.FLOAT64, null)) {
            assertArrayEquals(want, s.toLongArray(), "int64");
            double[] wd = new double[n];
            for (int k = 0; k < n; k++) wd[k] = want[k];
            assertArrayEquals(wd, sd.toDoubleArray(), "float64");
            assertEquals(DType.FLOAT64, sf.dtype());
            assertArrayEquals(wd, sf.toDoubleArray(), "float32 summed in float64");
        }
        // complex128 over several tiles: the real parts carry the sums, the imaginary parts stay 0
        int c = 5000;
        long[] vc = values(c);
        double[] wantRe = new double[c];
        double runC = 0;
        for (int k = 0; k < c; k++) wantRe[k] = runC += vc[k];
        try (NDArray a = Nd.array(vc);
                NDArray z = a.astype(DType.COMPLEX128);
                NDArray s = Nd.cumsum(z);
                NDArray re = s.real();
                NDArray im = s.imag()) {
            assertArrayEquals(wantRe, re.toDoubleArray(), "complex128 real parts");
            assertArrayEquals(new double[c], im.toDoubleArray(), "complex128 imaginary parts");
        }
    }

    @Test
    void matricesInPlaceCumprodAndFloat16() {
        int rows = 3, cols = 5000;
        long[] v = values(rows * cols);
        long[] byRow = new long[v.length], byCol = new long[v.length];
        for (int r = 0; r < rows; r++) {
            long run = 0;
            for (int c = 0; c < cols; c++) byRow[r * cols + c] = run += v[r * cols + c];
        }
        for (int c = 0; c < cols; c++) {
            long run = 0;
            for (int r = 0; r < rows; r++) byCol[r * cols + c] = run += v[r * cols + c];
        }
        try (NDArray m = Nd.array(v).reshape(rows, cols);
                NDArray t = m.T().copy();
                NDArray s1 = Nd.cumsum(m, 1);
                NDArray s0 = Nd.cumsum(t, 0);
                NDArray inPlace = m.astype(DType.FLOAT64)) {
            assertArrayEquals(byRow, s1.toLongArray(), "along rows");
            try (NDArray back = s0.T().copy()) {
                assertArrayEquals(byRow, back.toLongArray(), "down the columns of the transpose");
            }
            Nd.ufunc(Ufunc.ADD).accumulate(inPlace, 1, null, inPlace);
            long[] got = new long[v.length];
            double[] gd = inPlace.toDoubleArray();
            for (int k = 0; k < got.length; k++) got[k] = (long) gd[k];
            assertArrayEquals(byRow, got, "in place");
        }
        // cumprod of int32 (in int64): factors of 1, -1 and 2 keep it small enough to follow exactly
        int n = 3000;
        long[] p = new long[n];
        for (int k = 0; k < n; k++) p[k] = k % 997 == 0 ? 2 : (k % 5 == 0 ? -1 : 1);
        long[] wantP = new long[n];
        long prod = 1;
        for (int k = 0; k < n; k++) wantP[k] = prod *= p[k];
        try (NDArray a = Nd.array(p).astype(DType.INT32);
                NDArray cp = Nd.cumprod(a)) {
            assertEquals(DType.INT64, cp.dtype());
            assertArrayEquals(wantP, cp.toLongArray(), "cumprod");
        }
        // float16: the sums of ones stay exact up to 2048
        int h = 2040;
        long[] ones = new long[h];
        java.util.Arrays.fill(ones, 1);
        double[] wantH = new double[h];
        for (int k = 0; k < h; k++) wantH[k] = k + 1;
        try (NDArray a = Nd.array(ones).astype(DType.FLOAT16);
                NDArray s = Nd.cumsum(a)) {
            assertEquals(DType.FLOAT16, s.dtype());
            assertArrayEquals(wantH, s.toDoubleArray(), "float16");
        }
    }

    /**
     * The tile scan's order of float64 additions, written out: runs of 4 consecutive elements per
     * thread, a Hillis-Steele scan of 256 run totals, the tiles' totals scanned in order (5 tiles,
     * fewer than 33) and added before the tile's own prefix. Data whose partial sums round make the
     * order visible in the bits; the kernel must match this loop exactly, whatever path its loads and
     * stores take through local memory.
     */
    @Test
    void floatBitsFollowTheTileOrder() {
        int n = 5000, block = 256, items = 4, tile = block * items;
        float[] x = new float[n];
        java.util.Random r = new java.util.Random(39);
        for (int k = 0; k < n; k++) x[k] = (float) (r.nextGaussian() * Math.exp(r.nextGaussian() * 4));
        int tiles = (n + tile - 1) / tile;
        double[] scanned = new double[n];
        double[] totals = new double[tiles];
        for (int ti = 0; ti < tiles; ti++) {
            double[] run = new double[block];
            for (int t = 0; t < block; t++) {
                double acc = 0;
                for (int i = 0; i < items; i++) {
                    int p = ti * tile + t * items + i;
                    if (p < n) acc = acc + x[p];
                    if (p < n) scanned[p] = acc;
                }
                run[t] = acc;
            }
            for (int s = 1; s < block; s <<= 1) {
                double[] next = run.clone();
                for (int t = s; t < block; t++) next[t] = run[t - s] + run[t];
                run = next;
            }
            for (int t = 0; t < block; t++) {
                double pre = t > 0 ? run[t - 1] : 0;
                for (int i = 0; i < items; i++) {
                    int p = ti * tile + t * items + i;
                    if (p < n) scanned[p] = pre + scanned[p];
                }
            }
            totals[ti] = run[block - 1];
        }
        double carry = 0;
        double[] want = scanned.clone();
        for (int ti = 0; ti < tiles; ti++) {
            if (ti > 0) {
                for (int p = ti * tile; p < Math.min(n, (ti + 1) * tile); p++) want[p] = carry + scanned[p];
            }
            carry = carry + totals[ti];
        }
        try (NDArray a = Nd.array(x);
                NDArray s = Nd.ufunc(Ufunc.ADD).accumulate(a, 0, DType.FLOAT64, null)) {
            assertArrayEquals(want, s.toDoubleArray(), 0.0, "float32 summed in float64, bit for bit");
        }
    }
}
