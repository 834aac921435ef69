package org.ndgpu.fft.impl;

import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;

/**
 * The plans of BlockConvolution and SegmentPower, for tests outside this package: smaller blocks,
 * fewer work-groups, and the plan a case gets.
 */
public final class BlockPlans {
    private BlockPlans() {}

    /** Plan with blocks of at most {@code points} complex points (0: the device's own limit). */
    public static void limit(int points) {
        BlockConvolution.maxPoints = points;
    }

    /** The block's complex points for rows of n samples and k taps, 0 for the whole-length transform. */
    public static int points(Device device, DType real, long n, long k) {
        return BlockConvolution.points(device, real, n, k, FftLibrary.instance().nextFastLen(n + k - 1));
    }

    /** welch's kernel aims for {@code groups} work-groups over all rows (0: its default). */
    public static void segmentGroups(long groups) {
        SegmentPower.groups = groups;
    }

    /** Whether welch's one kernel takes segments of nperseg samples. */
    public static boolean segments(Device device, DType real, long nperseg) {
        return SegmentPower.fits(device, real, nperseg);
    }
}
