package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * uint32 and uint64 through the large-array paths (a grid split with a second pass, column layouts,
 * tiled scans) and through ReductionKernel with an unsigned reduce type, against plain Java loops in
 * unsigned arithmetic (Long.compareUnsigned; a long's wraparound is uint64's). The small cases of
 * every reduction are in ReductionTest, against NumPy.
 */
public class UnsignedReductionTest extends PerDeviceTest {

    /** n uint64 values as bits: random over the whole range, the top half (bits read as negative) included, with ties and the maximum. */
    private static long[] wide(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] v = new long[n];
        for (int i = 0; i < n; i++)
            v[i] = r.nextInt(50) == 0 ? -1L : r.nextInt(50) == 1 ? Long.MIN_VALUE : r.nextLong();
        return v;
    }

    private static NDArray uint64(long[] bits, long... shape) {
        return Nd.array(MemorySegment.ofArray(bits), DType.UINT64, shape);
    }

    @Test
    void largeUint64SplitAndColumnReductions() {
        int rows = 300, cols = 5000;
        long[] h = wide(rows * cols, 3);
        long[] colSum = new long[cols], rowSum = new long[rows], colMax = new long[cols], rowMin = new long[rows];
        long[] colArgmax = new long[cols];
        java.util.Arrays.fill(rowMin, -1L);
        long max = 0, argmax = 0, min = -1L, argmin = 0, total = 0;
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                long v = h[i * cols + j];
                colSum[j] += v; // wraps as uint64 does
                rowSum[i] += v;
                total += v;
                if (Long.compareUnsigned(v, colMax[j]) > 0) {
                    colMax[j] = v;
                    colArgmax[j] = i;
                }
                if (i == 0) {
                    colMax[j] = v;
                    colArgmax[j] = 0;
                }
                if (Long.compareUnsigned(v, rowMin[i]) < 0) rowMin[i] = v;
                if (Long.compareUnsigned(v, max) > 0) {
                    max = v;
                    argmax = (long) i * cols + j;
                }
                if (Long.compareUnsigned(v, min) < 0) {
                    min = v;
                    argmin = (long) i * cols + j;
                }
            }
        }
        try (NDArray x = uint64(h, rows, cols);
                NDArray s0 = x.sum(0);
                NDArray s1 = x.sum(1);
                NDArray t = x.T();
                NDArray ts = t.sum(1);
                NDArray m0 = x.max(0);
                NDArray a0 = x.argmax(0);
                NDArray n1 = x.min(1);
                NDArray all = x.sum()) {
            assertEquals(DType.UINT64, s0.dtype());
            assertArrayEquals(colSum, s0.toLongArray(), "sum(0)");
            assertArrayEquals(rowSum, s1.toLongArray(), "sum(1)");
            assertArrayEquals(colSum, ts.toLongArray(), "sum(1) of the transpose: the column layout");
            assertArrayEquals(colMax, m0.toLongArray(), "max(0)");
            assertArrayEquals(colArgmax, a0.toLongArray(), "argmax(0)");
            assertArrayEquals(rowMin, n1.toLongArray(), "min(1)");
            assertEquals(total, all.toLongArray()[0], "sum of all, wrapped");
            assertEquals(-1L, max, "the data hold 2^64 - 1");
            try (NDArray mx = x.max();
                    NDArray am = x.argmax();
                    NDArray mn = x.min();
                    NDArray an = x.argmin()) {
                assertEquals(max, mx.toLongArray()[0], "max is 2^64 - 1, not -1 read as signed");
                assertEquals(argmax, am.toLongArray()[0], "argmax: the first 2^64 - 1");
                assertEquals(min, mn.toLongArray()[0]);
                assertEquals(argmin, an.toLongArray()[0]);
            }
        }
    }

    @Test
    void uint32SumsAndProductsGoToUint64() {
        int n = 100_000;
        SplittableRandom r = new SplittableRandom(9);
        int[] bits = new int[n];
        for (int i = 0; i < n; i++) bits[i] = r.nextInt(); // half of them at or above 2^31
        long sum = 0, prod = 1, mx = 0;
        for (int b : bits) {
            long v = Integer.toUnsignedLong(b);
            sum += v;
            prod *= v | 1;
            mx = Math.max(mx, v);
        }
        try (NDArray x = Nd.array(MemorySegment.ofArray(bits), DType.UINT32, n);
                NDArray s = x.sum();
                NDArray m = x.max();
                NDArray odd = x.bitwiseOr(1L);
                NDArray p = odd.prod();
                NDArray mean = x.mean()) {
            assertEquals(DType.UINT64, s.dtype());
            assertEquals(sum, s.toLongArray()[0]);
            assertEquals(DType.UINT32, m.dtype());
            assertEquals(mx, m.toLongArray()[0]);
            assertEquals(DType.UINT64, p.dtype());
            assertEquals(prod, p.toLongArray()[0], "product wraps around modulo 2^64");
            assertEquals(DType.FLOAT64, mean.dtype());
            assertEquals((double) sum / n, mean.doubleValue(), 1e-9 * sum / n);
        }
    }

    @Test
    void longUnsignedScansCarryAcrossTiles() {
        int n = 3 * ScanSource.TILE * 5 + 17;
        long[] h = wide(n, 5);
        long[] want = new long[n], wantProd = new long[n];
        long acc = 0, p = 1;
        for (int i = 0; i < n; i++) {
            acc += h[i];
            want[i] = acc;
            p *= h[i] | 1;
            wantProd[i] = p;
        }
        try (NDArray x = uint64(h, n);
                NDArray c = x.cumsum();
                NDArray odd = x.bitwiseOr(1L);
                NDArray cp = odd.cumprod()) {
            assertEquals(DType.UINT64, c.dtype());
            assertArrayEquals(want, c.toLongArray(), "cumsum, wrapped");
            assertArrayEquals(wantProd, cp.toLongArray(), "cumprod, wrapped");
        }
        int m = 2 * ScanSource.TILE + 5;
        short[] s = new short[m];
        SplittableRandom r = new SplittableRandom(6);
        long run = 0;
        long[] w16 = new long[m];
        for (int i = 0; i < m; i++) {
            s[i] = (short) r.nextInt(1 << 16);
            run += Short.toUnsignedLong(s[i]);
            w16[i] = run;
        }
        try (NDArray x = Nd.array(MemorySegment.ofArray(s), DType.UINT16, 1, m);
                NDArray c = x.cumsum(1)) {
            assertEquals(DType.UINT64, c.dtype());
            assertArrayEquals(w16, c.toLongArray(), "uint16 cumsum in uint64");
        }
    }

    @Test
    void emptyUnsignedReductions() {
        try (NDArray e = Nd.zeros(DType.UINT32, 0);
                NDArray s = e.sum();
                NDArray p = e.prod();
                NDArray u = Nd.zeros(DType.UINT64, 2, 0);
                NDArray c = u.cumsum(1)) {
            assertEquals(DType.UINT64, s.dtype());
            assertEquals(0L, s.toLongArray()[0]);
            assertEquals(1L, p.toLongArray()[0]);
            assertArrayEquals(new long[] {2, 0}, c.shape());
            assertThrows(org.ndgpu.exceptions.ShapeException.class, e::max);
        }
    }

    @Test
    void reductionKernelWithUnsignedReduceTypes() {
        int n = 7000;
        long[] h = wide(n, 8);
        long sumSq = 0, min = -1L;
        int sum32 = 0;
        for (long v : h) {
            sumSq += v * v;
            if (Long.compareUnsigned(v, min) < 0) min = v;
            sum32 += (int) v;
        }
        var sq = new ReductionKernel("T x", "T y", "x * x", "a + b", "y = a", "0", "usumsq");
        // the largest uint64 as the identity of a min: no Java long, written as NumPy prints it (not named
        // "umin", which is a CUDA built-in of C linkage)
        var umin = new ReductionKernel(
                "T x", "T y", "x", "(a < b ? a : b)", "y = a", "18446744073709551615", "unsigned_min");
        var low = new ReductionKernel(
                "uint64 x",
                "uint32 y",
                "(unsigned int)x",
                "a + b",
                "y = a",
                "0",
                "lowsum",
                "uint32",
                "",
                java.util.List.of());
        var wide = new ReductionKernel("uint64 x", "uint64 y", "x", "a + b", "y = a", "0", "widesum")
                .withReduceType("uint64");
        try (NDArray x = uint64(h, n);
                NDArray s = sq.call(x);
                NDArray m = umin.call(x);
                NDArray l = low.call(x);
                NDArray w = wide.call(x)) {
            assertEquals(DType.UINT64, s.dtype());
            assertEquals(sumSq, s.toLongArray()[0], "sum of squares modulo 2^64");
            assertEquals(min, m.toLongArray()[0]);
            assertEquals(DType.UINT32, l.dtype());
            assertEquals(Integer.toUnsignedLong(sum32), l.toLongArray()[0], "a uint32 accumulator wraps modulo 2^32");
            long total = 0;
            for (long v : h) total += v;
            assertEquals(total, w.toLongArray()[0]);
        }
        try (NDArray x = uint64(new long[] {-1L, -1L}, 2);
                NDArray m = umin.call(x)) {
            assertEquals(-1L, m.toLongArray()[0], "min of two 2^64 - 1 is 2^64 - 1");
        }
        var neg = new ReductionKernel("uint32 x", "uint32 y", "x", "a + b", "y = a", "-1", "negident");
        try (NDArray x = Nd.zeros(DType.UINT32, 3)) {
            assertThrows(DTypeException.class, () -> neg.call(x), "a negative identity is no uint32");
        }
    }
}
