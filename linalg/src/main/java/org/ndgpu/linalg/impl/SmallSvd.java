package org.ndgpu.linalg.impl;

import java.util.List;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * svdvals of stacks of small real matrices (both sides at most {@link #MAX}) in ndgpu's kernel
 * dialect (small-svd.tmpl): one-sided Jacobi, one work-group per matrix, the matrix in local memory,
 * all of its sweeps in one launch. {@link JacobiSvd} takes any order with a launch per round and a
 * read per sweep; for a stack of small matrices those dominate, as does cuSOLVER's gesvdjBatched
 * work per matrix, so svdvals (and the nuc and 2-norms on it) of such stacks run here on GPUs.
 * The convergence test and the sweep limit are JacobiSvd's (LAPACK gesvj's): every pair orthogonal
 * to within sqrt(max(m, n)) eps, at most {@link JacobiSvd#MAX_SWEEPS} sweeps; a vector whose norm
 * falls under max(m, n) eps |A|_F (what rotating a rank-deficient matrix leaves) is not turned
 * further, as its rounding could keep it turning: the singular values are then good to that much
 * of |A|, as LAPACK's gesdd, which NumPy calls.
 */
final class SmallSvd {
    private SmallSvd() {}

    /** The largest side taken: the local tile is MAX x MAX. */
    static final int MAX = 32;

    /** Work-group size: a warp, one thread per pair of a round (at most MAX / 2) and the rest on the updates. */
    private static final int GROUP = 32;

    private static final KernelTemplate SVDVALS = KernelTemplate.sections(
                    "small-svd.tmpl", SmallSvd.class.getResourceAsStream("small-svd.tmpl"))
            .get("svdvals");

    /** True when (m, n) matrices of {@code dt} fit the kernel on {@code device}. */
    static boolean fits(Device device, DType dt, long m, long n) {
        long bytes = ((long) MAX * MAX + MAX * 2L + 2 + MAX + GROUP) * dt.itemsize() + (MAX + 2) * 4L + 64;
        return Math.max(m, n) <= MAX
                && Math.min(m, n) >= 1
                && bytes <= device.facts().localMemoryBytes();
    }

    /**
     * The singular values (batch, min(m, n)), descending, of the C-contiguous real stack {@code a}
     * (batch, m, n) of finite values; not converging throws LinAlgException, as svd's.
     */
    static NDArray svdvals(NDArray a) {
        Device dev = a.device();
        DType dt = a.dtype();
        long b = a.shape(0);
        int m = (int) a.shape(1), n = (int) a.shape(2), k = Math.min(m, n);
        String tag = dt.toString();
        boolean f32 = dt == DType.FLOAT32;
        String src = dev.backend().dialect().prelude() + "\n"
                + SVDVALS.fill(
                        "T",
                        f32 ? "float" : "double",
                        "tag",
                        tag,
                        "N",
                        MAX,
                        "G",
                        GROUP,
                        "EPS",
                        f32 ? "5.9604645e-08f" : "1.1102230246251565e-16",
                        "BIG",
                        f32 ? "1e30f" : "1e300",
                        "SWEEPS",
                        JacobiSvd.MAX_SWEEPS);
        BackendKernel kernel = dev.programs().kernel("nd_small_svd_" + tag, src, List.of(), "nd_svdvals_small_" + tag);
        NDArray s = NDArray.empty(dev, dt, new long[] {b, k}, Order.C);
        try (NDArray info = NDArray.empty(dev, DType.INT32, new long[] {b}, Order.C)) {
            LaunchArgs.of(8).array(a).array(s).array(info).i32(m).i32(n).launch(dev, kernel, b, GROUP);
            for (int bad : info.toIntArray()) if (bad != 0) throw new LinAlgException("svd: SVD did not converge");
            return s;
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }
}
