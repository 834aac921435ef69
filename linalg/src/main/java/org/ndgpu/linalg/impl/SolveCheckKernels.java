package org.ndgpu.linalg.impl;

import java.util.List;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The factor-and-solve family's input checks as one launch each (solve-checks.tmpl), fused with the
 * copy the routine makes anyway: check_finite of a and b, a zero on a's diagonal, b copied into the
 * answer, or cho_factor's input copied as the triangle it reads. Each work-group writes one int of
 * failure bits (1: a has a NaN or inf, 2: b has, 4: a's diagonal has a zero), so nothing is zeroed
 * first and {@link SolveChecks} reads them with one transfer after the solve has been queued.
 */
final class SolveCheckKernels {
    private SolveCheckKernels() {}

    /** The failure bits the kernels write. */
    static final int A_NOT_FINITE = 1, B_NOT_FINITE = 2, ZERO_DIAGONAL = 4;

    /** The most work-groups one check launches: a grid-stride loop covers the rest. */
    private static final long MAX_GROUPS = 1024;

    private static final KernelTemplate CHECK = KernelTemplate.sections(
                    "solve-checks.tmpl", SolveCheckKernels.class.getResourceAsStream("solve-checks.tmpl"))
            .get("check");

    /** The work-group size on {@code dev}: 256, or the largest power of two the device takes below it. */
    private static int group(Device dev) {
        int g = 256;
        while (g > dev.facts().maxBlockSize()) g >>= 1;
        return g;
    }

    /** The count of work-groups (and of flag ints) a check of {@code total} entries launches on {@code dev}. */
    static long groups(Device dev, long total) {
        long g = group(dev);
        return Math.max(1, Math.min(MAX_GROUPS, (total + g - 1) / g));
    }

    private static BackendKernel kernel(Device dev, DType dt, String name) {
        int g = group(dev);
        String tag = dt.toString();
        String src = dev.backend().dialect().prelude() + "\n"
                + CHECK.fill("T", dt == DType.FLOAT32 ? "float" : "double", "tag", tag, "G", g);
        return dev.programs().kernel("nd_solve_checks_" + tag + "_" + g, src, List.of(), name + "_" + tag);
    }

    /** New int32 flags for {@code groups} work-groups on {@code dev}: each group writes its own. */
    static NDArray flags(Device dev, long groups) {
        return NDArray.empty(dev, DType.INT32, new long[] {groups}, Order.C);
    }

    /**
     * Checks a (C-contiguous, float32 or float64; null for none) finite, and with {@code n > 0} the
     * diagonals of its n x n matrices for zeros, and s (C-contiguous, a's dtype; null for none)
     * finite, copying it into x (same size, C-contiguous) unless x is s's memory. flags: {@link #groups}
     * ints of the larger of a's and s's sizes.
     */
    static void check(NDArray a, int n, NDArray s, NDArray x, NDArray flags) {
        NDArray any = a != null ? a : s;
        Device dev = any.device();
        long na = a == null ? 0 : a.size(), nx = s == null ? 0 : s.size();
        NDArray src = s == null ? any : s, dst = x == null ? src : x;
        LaunchArgs.of(12)
                .array(a == null ? any : a)
                .i64(na)
                .i32(a == null ? 0 : n)
                .array(src)
                .array(dst)
                .i64(nx)
                .i32(s != null && !(dst.buffer() == s.buffer() && dst.offset() == s.offset()) ? 1 : 0)
                .array(flags)
                .launch(dev, kernel(dev, any.dtype(), "nd_solve_check"), flags.size(), group(dev));
    }

    /**
     * c = a's {@code lower} (else upper) triangles with zeros in the other, for a potrf in place that
     * leaves the other triangle as it is; a checked finite everywhere, as SciPy's cho_factor. a and c
     * C-contiguous (batch, n, n); flags: {@link #groups} ints of a's size.
     */
    static void choPrepare(NDArray a, NDArray c, boolean lower, NDArray flags) {
        Device dev = a.device();
        LaunchArgs.of(9)
                .array(a)
                .array(c)
                .i64(a.size())
                .i32((int) a.shape(1))
                .i32(lower ? 1 : 0)
                .array(flags)
                .launch(dev, kernel(dev, a.dtype(), "nd_cho_prepare"), flags.size(), group(dev));
    }
}
