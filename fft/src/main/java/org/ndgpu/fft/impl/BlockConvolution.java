package org.ndgpu.fft.impl;

import java.util.List;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The convolution of long real rows with one short real filter by overlap-save blocks (SciPy's
 * oaconvolve idea), each block one work-group that loads its samples, transforms them, multiplies
 * by the filter's spectrum, transforms back and stores its outputs, all in local memory (template
 * section {@code oaconv}): the samples are read about once and the result written once, where a
 * transform of the whole length makes several trips through memory for each of its three transforms.
 *
 * <pre>{@code
 * int m = BlockConvolution.points(dev, DType.FLOAT32, n, k, fftLen);   // 0: transform the whole length
 * NDArray y = BlockConvolution.convolve(rows, h, 0, n + k - 1, m);      // rows (r, n) -> (r, n + k - 1)
 * }</pre>
 */
public final class BlockConvolution {
    private BlockConvolution() {}

    /** Tests set this to plan with blocks of at most this many complex points, as if the engine's one pass ended there too (0: the device's). */
    static volatile int maxPoints;

    /** Complex points of a block at least: shorter blocks launch more groups for the same outputs. */
    private static final int MIN_POINTS = 2048;

    /**
     * The complex points m of the blocks (2m samples each) for rows of n samples and a filter of k taps
     * of real dtype {@code real} on {@code device}, or 0 when one transform of {@code fftLen} points
     * is the better plan: it is when that transform stays within one pass of the device's FFT engine,
     * or when the filter is so long that less than half of a block's outputs would be kept.
     */
    public static int points(Device device, DType real, long n, long k, long fftLen) {
        DType ct = Args.complexOf(real);
        int test = maxPoints, cap = test > 0 ? test : FftPlan.capacity(device, ct);
        if (k < 1 || n < 1 || k - 1 > cap) return 0;
        long onePass = test > 0 ? test : Engine.of(device).onePassLength(device, ct);
        if (fftLen / 2 <= (onePass > 0 ? onePass : cap)) return 0;
        int m = Math.min(MIN_POINTS, cap);
        // overlap at most a quarter of a block where the local memory allows
        while (m < cap && m < 2 * (k - 1)) m *= 2;
        return Math.min(m, cap);
    }

    /**
     * Outputs {@code [start, start + len)} of the full convolution of each row of {@code x} (C-contiguous
     * (rows, n), float32 or float64) with {@code h} (1-D, k taps, x's dtype), as C-contiguous (rows, len);
     * blocks of {@code 2 * points} samples ({@link #points}).
     */
    public static NDArray convolve(NDArray x, NDArray h, long start, long len, int points) {
        Device dev = x.device();
        DType rt = x.dtype(), ct = Args.complexOf(rt);
        long rows = x.shape()[0], n = x.shape()[1], k = h.size(), l = 2L * points, s = l - k + 1;
        NDArray y = NDArray.empty(dev, rt, new long[] {rows, len}, Order.C);
        long blocks = (len + s - 1) / s;
        if (rows == 0 || len == 0) return y;
        int[] radices = FftPlan.radices(points);
        int maxRadix = 2;
        for (int r : radices) maxRadix = Math.max(maxRadix, r);
        int t = Math.max(1, Math.min(Math.min(256, dev.backend().facts().maxBlockSize()), points / maxRadix));
        var step = new FftSource.Step(ct, points, radices, 1, t, false, false, false);
        String name = "nd_fft_oaconv_" + step.tag();
        BackendKernel kernel =
                dev.programs().kernel(name, FftSource.fused(dev.backend().dialect(), "oaconv", step), List.of(), name);
        try (NDArray hs = NDArray.empty(dev, ct, new long[] {points + 1L}, Order.C)) {
            // the filter's spectrum by the same kernel (one group), so that no backend's library is asked for it
            LaunchArgs.of(18)
                    .array(h)
                    .array(hs)
                    .array(hs)
                    .i64(k)
                    .i64(k)
                    .i64(k - 1)
                    .i64(1)
                    .i64(s)
                    .i64(1)
                    .scalar(rt, 2.0 / l)
                    .scalar(rt, 1.0 / points)
                    .i32(1)
                    .launch(dev, kernel, 1, t);
            LaunchArgs.of(18)
                    .array(x)
                    .array(hs)
                    .array(y)
                    .i64(n)
                    .i64(k)
                    .i64(start)
                    .i64(len)
                    .i64(s)
                    .i64(blocks)
                    .scalar(rt, 2.0 / l)
                    .scalar(rt, 1.0)
                    .i32(0)
                    .launch(dev, kernel, rows * blocks, t);
        } catch (RuntimeException e) {
            y.close();
            throw e;
        }
        return y;
    }
}
