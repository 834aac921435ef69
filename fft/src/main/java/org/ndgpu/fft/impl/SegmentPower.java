package org.ndgpu.fft.impl;

import java.util.List;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * Welch's average in one kernel (template section {@code welch}): the mean over the segments of a
 * real signal of |rfft(window * detrended segment)|^2, each work-group loading chunks of segments,
 * detrending, windowing, transforming them in local memory and summing their power per frequency.
 * The samples are read once (the overlap from the cache) and only the sums are written, where
 * framing, detrending, windowing, transforming and squaring each made a pass over all the segments.
 *
 * <pre>{@code
 * if (SegmentPower.fits(dev, DType.FLOAT32, 256)) {
 *     NDArray mean = SegmentPower.mean(rows, window, 128, true);   // rows (r, n) -> (r, 129)
 * }
 * }</pre>
 */
public final class SegmentPower {
    private SegmentPower() {}

    /** Work-groups to aim for over all the rows: enough to fill a large GPU twice over. */
    private static final long GROUPS = 2048;
    /** Tests set this to aim for fewer groups, so that each sums several chunks of segments (0: {@link #GROUPS}). */
    static volatile long groups;

    /** Whether segments of {@code nperseg} real samples of {@code real} dtype fit this kernel on {@code device}. */
    public static boolean fits(Device device, DType real, long nperseg) {
        if (nperseg % 2 != 0 || nperseg < 16) return false;
        long m = nperseg / 2;
        return FftPlan.smooth(m) && m <= FftPlan.capacity(device, Args.complexOf(real));
    }

    /**
     * The mean over the segments {@code x[r, s * step : s * step + nperseg]} (nperseg = window's size,
     * every segment whole) of |rfft(window * (segment - its mean when {@code detrend}))|^2, per row:
     * (rows, nperseg / 2 + 1) of x's dtype. x is C-contiguous (rows, n), n >= nperseg, float32 or
     * float64; the window is 1-D of x's dtype.
     */
    public static NDArray mean(NDArray x, NDArray window, long step, boolean detrend) {
        Device dev = x.device();
        DType rt = x.dtype(), ct = Args.complexOf(rt);
        long rows = x.shape()[0], n = x.shape()[1], nperseg = window.size();
        int m = (int) (nperseg / 2);
        long nseg = (n - nperseg) / step + 1;
        // a power of two: the kernel's segment sums split the group's work-items evenly over the segments
        int g = Integer.highestOneBit(FftPlan.group(dev, ct, m, nseg));
        int[] radices = FftPlan.radices(m);
        int maxRadix = 2;
        for (int r : radices) maxRadix = Math.max(maxRadix, r);
        long budget = Math.min(48 * 1024, dev.backend().facts().localMemoryBytes());
        FftSource.Step shape;
        while (true) {
            int t = Math.max(1, Math.min(Math.min(256, dev.backend().facts().maxBlockSize()), g * m / maxRadix));
            shape = new FftSource.Step(ct, m, radices, g, t, false, false, false);
            // the kernel's buffers: the segments, the partial sums and means, the power sums of WL lanes
            long lanes = t / Math.min(t, m / 2 + 1);
            long bytes = (long) shape.size() * ct.itemsize() + (t + g + lanes * (m + 1)) * rt.itemsize();
            if (bytes <= budget || g == 1) break;
            g /= 2;
        }
        long chunks = (nseg + g - 1) / g;
        long aim = groups > 0 ? groups : GROUPS;
        long parts = Math.max(1, Math.min(chunks, (aim + rows - 1) / rows));
        long per = (chunks + parts - 1) / parts * g;
        parts = (nseg + per - 1) / per;
        String name = "nd_fft_welch_" + shape.tag();
        BackendKernel kernel =
                dev.programs().kernel(name, FftSource.fused(dev.backend().dialect(), "welch", shape), List.of(), name);
        try (NDArray sums = NDArray.empty(dev, rt, new long[] {rows, parts, m + 1L}, Order.C)) {
            LaunchArgs.of(16)
                    .array(x)
                    .array(window)
                    .array(sums)
                    .i64(n)
                    .i64(step)
                    .i64(nseg)
                    .i64(parts)
                    .i64(per)
                    .i32(detrend ? 1 : 0)
                    .scalar(rt, 1.0 / m)
                    .scalar(rt, 1.0 / nseg)
                    .launch(dev, kernel, rows * parts, shape.t());
            return sums.sum(new int[] {1}, false);
        }
    }
}
