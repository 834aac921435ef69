package org.ndgpu.fft.impl;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.NdException;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.DeviceFacts;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * ndgpu's own FFT: a Stockham autosort in local memory for lengths whose prime factors are 2, 3, 5
 * and 7, and Bluestein's chirp-z transform through a power-of-two length for every other length.
 *
 * <p>A length that fits a work-group's local memory (4096 complex64 or 2048 complex128 points) is
 * one kernel: each group loads its rows, runs every radix pass there, stores. A longer one is split
 * as Cooley-Tukey's N = N1 * N' (the four-step algorithm, without its transposes): a step of N'
 * strided transforms of length N1, each group taking {@link #COLUMNS} neighbouring ones so that
 * loads and stores coalesce, its results multiplied by the twiddles w_N^(j' k1); then N1
 * transforms of length N', written to k1 + N1 k'. N' itself splits once more when it is too long,
 * so three steps reach 2^28 points.
 */
final class OwnFft {
    private OwnFft() { }

    /** Columns per work-group in a strided step: 16 complex64 (128 bytes) per row of reads. */
    static final int COLUMNS = 16;
    private static final int MAX_THREADS = 256, LOCAL_BYTES = 32 * 1024;

    /** True when n's prime factors are 2, 3, 5 and 7 (the Stockham passes take it without Bluestein). */
    static boolean smooth(long n) {
        for (long p : new long[]{2, 3, 5, 7}) while (n % p == 0 && n > 1) n /= p;
        return n == 1;
    }

    /** The radix passes of length m (smooth), the larger radices first. */
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

    /** Complex points of one dtype that fit one group's local buffer. */
    static int capacity(Device device, DType dtype) {
        long bytes = Math.min(LOCAL_BYTES, device.backend().facts().localMemoryBytes());
        return Integer.highestOneBit((int) Math.max(1, bytes / dtype.itemsize()));
    }

    /**
     * out (batch rows of n) = the unnormalized DFT of in times {@code scale}; both C-contiguous
     * complex arrays of one dtype, on the current device, not the same memory.
     */
    static void c2c(NDArray in, NDArray out, long batch, long n, boolean inverse, double scale) {
        if (batch == 0) return;
        if (n >= Integer.MAX_VALUE) throw new NdException("fft: a length of " + n + " points is beyond ndgpu's FFT kernels (at most 2^31 - 2)");
        if (smooth(n)) stockham(in, out, batch, n, inverse, scale);
        else bluestein(in, out, batch, n, inverse, scale);
    }

    /** One launch of the step kernel. */
    private record Launch(int m, int g, long q, long qs, long cnt, long a, long iA, long iB, long oA, long oB, long is, long os,
                          long twmul, boolean loadG, boolean storeG) { }

    private static void stockham(NDArray in, NDArray out, long batch, long n, boolean inverse, double scale) {
        Device dev = in.device();
        DType dt = in.dtype();
        int cap = capacity(dev, dt);
        long big = Long.MAX_VALUE;
        List<Launch> steps = new ArrayList<>();
        if (n <= cap) {
            int m = (int) n;
            int g = Math.min(cap / m, 64);
            steps.add(new Launch(m, Math.max(1, g), 1, 0, batch, big, n, 0, n, 0, 1, 1, 0, false, false));
        } else {
            int colCap = cap / COLUMNS;
            long n1 = divisor(n, colCap, Math.max(1, (n + cap - 1) / cap));
            long rest = n / n1;
            if (rest <= cap) {
                steps.add(new Launch((int) n1, COLUMNS, batch, n, rest, big, 1, 0, 1, 0, rest, rest, 1, true, true));
                steps.add(new Launch((int) rest, Math.max(1, (int) (cap / rest)), batch, n, n1, big, rest, 0, 1, 0, 1, n1, 0, false, true));
            } else {
                n1 = divisor(n, colCap, 1);
                rest = n / n1;
                long n2 = divisor(rest, colCap, (rest + cap - 1) / cap);
                long n3 = rest / n2;
                if (n1 <= 1 || n2 <= 1 || n3 > cap) {
                    throw new NdException("fft: a length of " + n + " points is beyond ndgpu's FFT kernels (three steps of at most "
                            + colCap + ", " + colCap + " and " + cap + " points)");
                }
                steps.add(new Launch((int) n1, COLUMNS, batch, n, rest, big, 1, 0, 1, 0, rest, rest, 1, true, true));
                steps.add(new Launch((int) n2, COLUMNS, batch * n1, rest, n3, big, 1, 0, 1, 0, n3, n3, n1, true, true));
                steps.add(new Launch((int) n3, Math.max(1, (int) (cap / n3)), batch, n, n1 * n2, n1, rest, n3, 1, n1, 1, n1 * n2, 0,
                        false, true));
            }
        }
        NDArray roots = Twiddles.roots(dev, n, dt);
        NDArray tmp = steps.size() > 1 ? NDArray.empty(dev, dt, new long[]{batch * n}, Order.C) : null;
        try {
            for (int i = 0; i < steps.size(); i++) {
                NDArray src = i == 0 ? in : tmp, dst = i == steps.size() - 1 ? out : tmp;
                boolean last = i == steps.size() - 1;
                launch(dev, dt, steps.get(i), src, dst, roots, n, inverse && i == 0, inverse && last, last ? scale : 1.0);
            }
        } finally {
            if (tmp != null) tmp.close();
        }
    }

    /** The smallest divisor of n in [atLeast, atMost], else (and when atLeast <= 1) the largest divisor at most atMost. */
    static long divisor(long n, long atMost, long atLeast) {
        long top = Math.min(atMost, n);
        if (atLeast > 1) {
            for (long d = atLeast; d <= top; d++) if (n % d == 0) return d;
        }
        for (long d = top; d > 1; d--) if (n % d == 0) return d;
        return 1;
    }

    private static void launch(Device dev, DType dt, Launch s, NDArray src, NDArray dst, NDArray roots, long n, boolean conjIn, boolean conjOut,
            double scale) {
        DeviceFacts f = dev.backend().facts();
        int[] radices = radices(s.m);
        int maxRadix = 1;
        for (int r : radices) maxRadix = Math.max(maxRadix, r);
        int t = (int) Math.max(1, Math.min(Math.min(MAX_THREADS, f.maxBlockSize()), (long) s.g * s.m / Math.max(2, maxRadix)));
        var step = new FftSource.Step(dt, s.m, radices, s.g, t);
        String tag = step.tag();
        BackendKernel k = dev.programs().kernel("nd_fft_step_" + tag, FftSource.step(dev.backend().dialect(), step), List.of(),
                "nd_fft_step_" + tag);
        long groups = s.q * ((s.cnt + s.g - 1) / s.g);
        Object sc = dt == DType.COMPLEX64 ? (Object) (float) scale : (Object) scale;
        dev.backend().launch(dev.currentStream().backendStream(), k, new long[]{groups}, new long[]{t}, 0,
                src.buffer(), src.offset(), dst.buffer(), dst.offset(), roots.buffer(), roots.offset(),
                s.qs, s.cnt, s.a, s.iA, s.iB, s.oA, s.oB, s.is, s.os, s.twmul, n / s.m, n, sc, s.loadG ? 1 : 0, s.storeG ? 1 : 0,
                conjIn ? 1 : 0, conjOut ? 1 : 0);
    }

    // ---------------------------------------------------------------- Bluestein

    private static void bluestein(NDArray in, NDArray out, long batch, long n, boolean inverse, double scale) {
        Device dev = in.device();
        DType dt = in.dtype();
        long m = Long.highestOneBit(2 * n - 1);
        if (m < 2 * n - 1) m *= 2;
        NDArray chirp = Twiddles.chirp(dev, n, dt);
        NDArray filter = filter(dev, dt, n, m, inverse);
        long total = batch * m;
        try (NDArray a = NDArray.empty(dev, dt, new long[]{total}, Order.C); NDArray b = NDArray.empty(dev, dt, new long[]{total}, Order.C)) {
            Object sign = real(dt, inverse ? -1 : 1);
            helper(dev, dt, "chirp_pre", total, in.buffer(), in.offset(), a.buffer(), a.offset(), chirp.buffer(), chirp.offset(), n, m, total, sign);
            stockham(a, b, batch, m, false, 1.0);
            helper(dev, dt, "pointwise", total, b.buffer(), b.offset(), filter.buffer(), filter.offset(), m, total);
            stockham(b, a, batch, m, true, 1.0);
            long outTotal = batch * n;
            helper(dev, dt, "chirp_post", outTotal, a.buffer(), a.offset(), out.buffer(), out.offset(), chirp.buffer(), chirp.offset(),
                    n, m, outTotal, real(dt, scale), sign);
        }
    }

    /** FFT_m of Bluestein's filter conj(c[|k|]) (wrapped), times 1/m for the inverse transform that follows it. */
    private static NDArray filter(Device dev, DType dt, long n, long m, boolean inverse) {
        return Twiddles.cached(dev, "bluestein" + m, n, dt, inverse, () -> {
            NDArray b = Twiddles.upload(dev, dt, m, k -> {
                long j = k < n ? k : (k > m - n ? m - k : -1);
                if (j < 0) return new double[]{0, 0};
                double a = Math.PI * (double) (j * j % (2 * n)) / n * (inverse ? -1 : 1);   // conj of the direction's chirp
                return new double[]{Math.cos(a), Math.sin(a)};
            });
            NDArray f = NDArray.empty(dev, dt, new long[]{m}, Order.C);
            try (b) {
                stockham(b, f, 1, m, false, 1.0 / m);
            }
            return f;
        });
    }

    static Object real(DType complex, double v) { return complex == DType.COMPLEX64 ? (Object) (float) v : (Object) v; }

    /** Launches helper kernel {@code nd_fft_<name>} over {@code total} elements (grid-stride loop). */
    static void helper(Device dev, DType dt, String name, long total, Object... args) {
        if (total == 0) return;
        String tag = FftSource.P(dt);
        BackendKernel k = dev.programs().kernel("nd_fft_helpers_" + tag, FftSource.helpers(dev.backend().dialect(), dt), List.of(),
                "nd_fft_" + name + "_" + tag);
        long threads = 256, groups = Math.max(1, Math.min((total + threads - 1) / threads, 65536));
        dev.backend().launch(dev.currentStream().backendStream(), k, new long[]{groups}, new long[]{threads}, 0, args);
    }
}
