package org.ndgpu.fft.impl;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;

/**
 * The plan of ndgpu's own FFT ({@link OwnFft}) for a length and a device: the radix passes of a
 * length, how many points one work-group's local memory takes, how many transforms a group runs,
 * and the split of a long transform into two or three step launches.
 */
final class FftPlan {
    private FftPlan() {}

    /** Columns per work-group in a strided step, at least: 16 complex64 (128 bytes) per row of reads. */
    static final int COLUMNS = 16;
    /** Transforms per group at most: each has three longs of local memory (FftSource.Step.localBytes). */
    private static final int MAX_GROUP = 256;
    /** CUDA's limit on static shared memory per block: the step kernels declare their buffers statically. */
    private static final int LOCAL_BYTES = 48 * 1024;

    /** True when n's prime factors are 2, 3, 5 and 7 (the Stockham passes take it without Bluestein). */
    static boolean smooth(long n) {
        for (long p : new long[] {2, 3, 5, 7}) while (n % p == 0 && n > 1) n /= p;
        return n == 1;
    }

    /**
     * The radix passes of length m (smooth), the larger radices first: a power of two then runs NS = 1
     * and NS >= 16 only (m = 512 is 16 * 16 * 2, not 8 * 8 * 8), the strides FftSource.Step's rows
     * layout serves without bank conflicts.
     */
    static int[] radices(int m) {
        List<Integer> out = new ArrayList<>();
        for (int r : FftSource.RADICES) {
            while (m % r == 0 && m > 1) {
                out.add(r);
                m /= r;
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static long localBudget(Device device) {
        return Math.min(LOCAL_BYTES, device.backend().facts().localMemoryBytes());
    }

    /** Complex points of one dtype that one group's local buffer takes: the largest power of two whose step kernel's local memory fits. */
    static int capacity(Device device, DType dtype) {
        long budget = localBudget(device);
        int cap = 1;
        while (step(dtype, 2 * cap, 1, 1, false, false).localBytes() <= budget) cap *= 2;
        return cap;
    }

    private static FftSource.Step step(DType dt, int m, int g, int t, boolean loadG, boolean storeG) {
        return new FftSource.Step(dt, m, radices(m), g, t, loadG, storeG, true);
    }

    /**
     * Transforms of length m per group, cnt of them in all: as many as local memory takes (at most
     * {@link #MAX_GROUP}), a multiple of {@link #COLUMNS} from 16 on, so that a strided step's rows of
     * reads and writes start 128 bytes apart, and no more than cnt needs (rounded up to a power of two).
     */
    static int group(Device dev, DType dt, int m, long cnt) {
        int cap = capacity(dev, dt);
        long need = Math.max(COLUMNS, Long.highestOneBit(Math.max(1, cnt - 1)) * 2);
        int g = (int) Math.max(1, Math.min(Math.min(MAX_GROUP, cap / m), need));
        if (g >= COLUMNS) g -= g % COLUMNS;
        while (g > 1 && step(dt, m, g, 1, false, false).localBytes() > localBudget(dev)) g /= 2;
        return g;
    }

    /** One launch of the step kernel. */
    record Launch(
            int m,
            int g,
            long q,
            long qs,
            long cnt,
            long a,
            long iA,
            long iB,
            long oA,
            long oB,
            long is,
            long os,
            long twmul,
            boolean loadG,
            boolean storeG) {}

    /**
     * The steps of a transform of length n (smooth) over batch rows: one when n fits a group's local
     * memory, else the strided steps of the Cooley-Tukey split and a last one (see {@link OwnFft}).
     */
    static List<Launch> steps(Device dev, DType dt, long batch, long n) {
        int cap = capacity(dev, dt);
        long big = Long.MAX_VALUE;
        List<Launch> steps = new ArrayList<>();
        if (n <= cap) {
            int m = (int) n;
            steps.add(new Launch(m, group(dev, dt, m, batch), 1, 0, batch, big, n, 0, n, 0, 1, 1, 0, false, false));
        } else {
            // the strided steps as long as they may be, so that the last step's rows are short enough for
            // several per group, whose stores (transposed: element k of row t goes to t + k * rows) then coalesce
            int colCap = cap / COLUMNS;
            long n1 = divisor(n, colCap), rest = n / n1;
            if (rest <= cap) {
                steps.add(new Launch(
                        (int) n1,
                        group(dev, dt, (int) n1, rest),
                        batch,
                        n,
                        rest,
                        big,
                        1,
                        0,
                        1,
                        0,
                        rest,
                        rest,
                        1,
                        true,
                        true));
                steps.add(new Launch(
                        (int) rest,
                        group(dev, dt, (int) rest, n1),
                        batch,
                        n,
                        n1,
                        big,
                        rest,
                        0,
                        1,
                        0,
                        1,
                        n1,
                        0,
                        false,
                        true));
            } else {
                long n2 = divisor(rest, colCap), n3 = rest / n2;
                if (n1 <= 1 || n2 <= 1 || n3 > cap) {
                    throw new NdException(
                            "fft: a length of " + n + " points is beyond ndgpu's FFT kernels (three steps of at most "
                                    + colCap + ", " + colCap + " and " + cap + " points)");
                }
                steps.add(new Launch(
                        (int) n1,
                        group(dev, dt, (int) n1, rest),
                        batch,
                        n,
                        rest,
                        big,
                        1,
                        0,
                        1,
                        0,
                        rest,
                        rest,
                        1,
                        true,
                        true));
                steps.add(new Launch(
                        (int) n2,
                        group(dev, dt, (int) n2, n3),
                        batch * n1,
                        rest,
                        n3,
                        big,
                        1,
                        0,
                        1,
                        0,
                        n3,
                        n3,
                        n1,
                        true,
                        true));
                steps.add(new Launch(
                        (int) n3,
                        group(dev, dt, (int) n3, n1 * n2),
                        batch,
                        n,
                        n1 * n2,
                        n1,
                        rest,
                        n3,
                        1,
                        n1,
                        1,
                        n1 * n2,
                        0,
                        false,
                        true));
            }
        }
        return steps;
    }

    /** The largest divisor of n at most atMost (1 when there is none above 1). */
    static long divisor(long n, long atMost) {
        for (long d = Math.min(atMost, n); d > 1; d--) if (n % d == 0) return d;
        return 1;
    }
}
