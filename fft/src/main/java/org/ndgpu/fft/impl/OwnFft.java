package org.ndgpu.fft.impl;

import static org.ndgpu.fft.impl.FftPlan.capacity;
import static org.ndgpu.fft.impl.FftPlan.group;
import static org.ndgpu.fft.impl.FftPlan.radices;
import static org.ndgpu.fft.impl.FftPlan.smooth;

import java.util.List;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.DeviceFacts;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.fft.impl.FftPlan.Launch;
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
 * strided transforms of length N1, each group taking at least {@link FftPlan#COLUMNS} neighbouring
 * ones so that loads and stores coalesce, its results multiplied by the twiddles w_N^(j' k1); then
 * N1 transforms of length N', written to k1 + N1 k'. N' itself splits once more when it is too
 * long, so three steps reach 2^28 points. N1 is as long as a strided step takes, so that N' is short
 * enough for several transforms per group, whose transposed stores then coalesce too (2^24 points
 * are three steps of 256). {@link FftPlan} makes these steps; this class launches them.
 */
final class OwnFft {
    private OwnFft() {}

    /** Threads per group at most (fewer where the device allows fewer). */
    private static final int MAX_THREADS = 256;
    /** Tests set this to run the kernels' 64-bit offsets (FftSource.Step.wide), which otherwise only 2^31 points and more take. */
    static volatile boolean forceWide;

    /**
     * out (batch rows of n) = the unnormalized DFT of in times {@code scale}; both C-contiguous
     * complex arrays of one dtype, on the current device, not the same memory.
     */
    static void c2c(NDArray in, NDArray out, long batch, long n, boolean inverse, double scale) {
        if (batch == 0) return;
        if (n >= Integer.MAX_VALUE)
            throw new NdException("fft: a length of " + n + " points is beyond ndgpu's FFT kernels (at most 2^31 - 2)");
        if (smooth(n)) stockham(in.device(), in.dtype(), Mem.of(in), Mem.of(out), batch, n, inverse, scale);
        else bluestein(in, out, batch, n, inverse, scale);
    }

    /** Where a kernel reads or writes: a device buffer and a byte offset (an array's, or real rows read as complex). */
    private record Mem(BackendBuffer buffer, long offset) {
        static Mem of(NDArray a) {
            return new Mem(a.buffer(), a.offset());
        }
    }

    /**
     * A transform over the trailing axes {@code dims} (2 or 3 of them) of C-contiguous rows, each axis
     * one step: the last axis as rows (in to out), then each earlier axis in place in out as columns,
     * neighbouring transforms neighbouring in memory so that loads and stores coalesce. No transposed
     * copy, and out keeps in's C order. False (nothing run) when an axis needs more than one step or Bluestein.
     */
    static boolean c2cTrailing(NDArray in, NDArray out, long batch, long[] dims, boolean inverse, double scale) {
        Device dev = in.device();
        DType dt = in.dtype();
        int cap = capacity(dev, dt);
        long total = batch;
        for (long d : dims) {
            if (d > cap || !smooth(d)) return false;
            total *= d;
        }
        if (total == 0) return true;
        long big = Long.MAX_VALUE, inner = 1;
        for (int i = dims.length - 1; i >= 0; i--) {
            int m = (int) dims[i];
            long blocks = total / (m * inner);
            // one group reads its transforms whole before it writes them, and no other group touches them: in place is
            // safe
            Launch s = inner == 1
                    ? new Launch(m, group(dev, dt, m, blocks), 1, 0, blocks, big, m, 0, m, 0, 1, 1, 0, false, false)
                    : new Launch(
                            m,
                            group(dev, dt, m, inner),
                            blocks,
                            m * inner,
                            inner,
                            big,
                            1,
                            0,
                            1,
                            0,
                            inner,
                            inner,
                            0,
                            true,
                            true);
            launch(
                    dev,
                    dt,
                    s,
                    Mem.of(inner == 1 ? in : out),
                    Mem.of(out),
                    total,
                    Twiddles.roots(dev, m, dt),
                    m,
                    inverse,
                    inverse,
                    i == 0 ? scale : 1.0);
            inner *= m;
        }
        return true;
    }

    /**
     * rfft of real rows of n points (n even) through a complex transform of n / 2 points: the rows'
     * bytes read as z[j] = x[2j] + i x[2j+1], then the split into the n / 2 + 1 points of the real
     * transform (kernel rpost). False (nothing run) for an odd n, an n / 2 that is not smooth, or rows
     * not aligned for complex loads.
     */
    static boolean r2c(NDArray in, NDArray out, long batch, long n, double scale) {
        long h = n / 2;
        DType ct = out.dtype();
        if (n % 2 != 0 || h < 1 || !smooth(h) || in.offset() % ct.itemsize() != 0) return false;
        if (batch == 0) return true;
        Device dev = in.device();
        try (NDArray z = NDArray.empty(dev, ct, new long[] {batch * h}, Order.C)) {
            stockham(dev, ct, Mem.of(in), Mem.of(z), batch, h, false, 1.0);
            long total = batch * (h + 1);
            helper(
                    dev,
                    ct,
                    "rpost",
                    total,
                    LaunchArgs.of(8)
                            .array(z)
                            .array(out)
                            .i64(h)
                            .i64(total)
                            .scalar(ct.real(), scale)
                            .scalar(ct.real(), 2.0 / n));
        }
        return true;
    }

    private static void stockham(
            Device dev, DType dt, Mem in, Mem out, long batch, long n, boolean inverse, double scale) {
        List<Launch> steps = FftPlan.steps(dev, dt, batch, n);
        NDArray roots = Twiddles.roots(dev, n, dt);
        NDArray tmp = steps.size() > 1 ? NDArray.empty(dev, dt, new long[] {batch * n}, Order.C) : null;
        try {
            for (int i = 0; i < steps.size(); i++) {
                Mem src = i == 0 ? in : Mem.of(tmp), dst = i == steps.size() - 1 ? out : Mem.of(tmp);
                boolean last = i == steps.size() - 1;
                launch(
                        dev,
                        dt,
                        steps.get(i),
                        src,
                        dst,
                        batch * n,
                        roots,
                        n,
                        inverse && i == 0,
                        inverse && last,
                        last ? scale : 1.0);
            }
        } finally {
            if (tmp != null) tmp.close();
        }
    }

    /** One step over src and dst of {@code elements} points each (their offsets stay below it). */
    private static void launch(
            Device dev,
            DType dt,
            Launch s,
            Mem src,
            Mem dst,
            long elements,
            NDArray roots,
            long n,
            boolean conjIn,
            boolean conjOut,
            double scale) {
        DeviceFacts f = dev.backend().facts();
        int[] radices = radices(s.m());
        int maxRadix = 1;
        for (int r : radices) maxRadix = Math.max(maxRadix, r);
        int t = (int) Math.max(
                1, Math.min(Math.min(MAX_THREADS, f.maxBlockSize()), (long) s.g() * s.m() / Math.max(2, maxRadix)));
        var step = new FftSource.Step(
                dt, s.m(), radices, s.g(), t, s.loadG(), s.storeG(), elements > Integer.MAX_VALUE || forceWide);
        String tag = step.tag();
        BackendKernel k = dev.programs()
                .kernel(
                        "nd_fft_step_" + tag,
                        FftSource.step(dev.backend().dialect(), step),
                        List.of(),
                        "nd_fft_step_" + tag);
        long groups = s.q() * ((s.cnt() + s.g() - 1) / s.g());
        LaunchArgs.of(22)
                .buffer(src.buffer())
                .i64(src.offset())
                .buffer(dst.buffer())
                .i64(dst.offset())
                .array(roots)
                .i64(s.qs())
                .i64(s.cnt())
                .i64(s.a())
                .i64(s.iA())
                .i64(s.iB())
                .i64(s.oA())
                .i64(s.oB())
                .i64(s.is())
                .i64(s.os())
                .i64(s.twmul())
                .i64(n)
                .scalar(dt.real(), 2.0 / n)
                .i32(direct(dt, n) ? 1 : 0)
                .scalar(dt.real(), scale)
                .i32(conjIn ? 1 : 0)
                .i32(conjOut ? 1 : 0)
                .launch(dev, k, groups, t);
    }

    /**
     * Whether the kernel computes the twiddles between steps, w^m of n points, whole (sincospi of
     * -m * 2 / n) rather than as a table's coarse root times a computed fine factor: where that argument
     * is exact (float up to 2^24 points of a power-of-two length) or float64.
     */
    static boolean direct(DType dt, long n) {
        return dt == DType.COMPLEX128 || ((n & (n - 1)) == 0 && n <= 1 << 24);
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
        try (NDArray a = NDArray.empty(dev, dt, new long[] {total}, Order.C);
                NDArray b = NDArray.empty(dev, dt, new long[] {total}, Order.C)) {
            double sign = inverse ? -1 : 1;
            helper(
                    dev,
                    dt,
                    "chirp_pre",
                    total,
                    LaunchArgs.of(10)
                            .array(in)
                            .array(a)
                            .array(chirp)
                            .i64(n)
                            .i64(m)
                            .i64(total)
                            .scalar(dt.real(), sign));
            stockham(dev, dt, Mem.of(a), Mem.of(b), batch, m, false, 1.0);
            helper(
                    dev,
                    dt,
                    "pointwise",
                    total,
                    LaunchArgs.of(6).array(b).array(filter).i64(m).i64(total));
            stockham(dev, dt, Mem.of(b), Mem.of(a), batch, m, true, 1.0);
            long outTotal = batch * n;
            helper(
                    dev,
                    dt,
                    "chirp_post",
                    outTotal,
                    LaunchArgs.of(11)
                            .array(a)
                            .array(out)
                            .array(chirp)
                            .i64(n)
                            .i64(m)
                            .i64(outTotal)
                            .scalar(dt.real(), scale)
                            .scalar(dt.real(), sign));
        }
    }

    /** FFT_m of Bluestein's filter conj(c[|k|]) (wrapped), times 1/m for the inverse transform that follows it. */
    private static NDArray filter(Device dev, DType dt, long n, long m, boolean inverse) {
        return Twiddles.cached(dev, "bluestein" + m, n, dt, inverse, () -> {
            NDArray b = Twiddles.upload(dev, dt, m, k -> {
                long j = k < n ? k : (k > m - n ? m - k : -1);
                if (j < 0) return new double[] {0, 0};
                double a =
                        Math.PI * (double) (j * j % (2 * n)) / n * (inverse ? -1 : 1); // conj of the direction's chirp
                return new double[] {Math.cos(a), Math.sin(a)};
            });
            NDArray f = NDArray.empty(dev, dt, new long[] {m}, Order.C);
            try (b) {
                stockham(dev, dt, Mem.of(b), Mem.of(f), 1, m, false, 1.0 / m);
            }
            return f;
        });
    }

    /** Launches helper kernel {@code nd_fft_<name>} over {@code total} elements (grid-stride loop) with {@code args}. */
    static void helper(Device dev, DType dt, String name, long total, LaunchArgs args) {
        if (total == 0) return;
        String tag = FftSource.P(dt);
        BackendKernel k = dev.programs()
                .kernel(
                        "nd_fft_helpers_" + tag,
                        FftSource.helpers(dev.backend().dialect(), dt),
                        List.of(),
                        "nd_fft_" + name + "_" + tag);
        long threads = 256, groups = Math.max(1, Math.min((total + threads - 1) / threads, 65536));
        args.launch(dev, k, groups, threads);
    }
}
