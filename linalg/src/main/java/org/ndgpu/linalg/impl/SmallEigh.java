package org.ndgpu.linalg.impl;

import java.util.List;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * eigh and eigvalsh of stacks of small symmetric matrices (order at most {@link SmallFactor#MAX}) in
 * ndgpu's kernel dialect (small-eigh.tmpl): cyclic Jacobi, one work-group per matrix, the matrix in
 * local memory and its rotations gathered in the eigenvector output. Jacobi is chosen over a
 * tridiagonal reduction here because its rounds are n / 2 independent rotations, which a group's
 * threads share, and it is as accurate as LAPACK's syevd (backward error a few ulps of |A|).
 * Eigenvalues ascending, as NumPy's; eigenvectors of unit norm, signs as the rotations leave them.
 * Two barriers a round, J^T A J in one pass over 2 x 2 blocks of the upper triangle, orders up
 * to 16 several to a work-group, and above 16 a matrix row to up to four threads on GPUs ({@link #rowThreads}).
 */
final class SmallEigh {
    private SmallEigh() {}

    private static final KernelTemplate.Sections TEMPLATES =
            KernelTemplate.sections("small-eigh.tmpl", SmallEigh.class.getResourceAsStream("small-eigh.tmpl"));
    private static final KernelTemplate FUSED = TEMPLATES.get("fused");

    /** The local memory the kernel takes for order {@code n}, with {@code tiles} N x N tiles. */
    private static long bytes(DType dt, long n, int tiles) {
        long t = SmallTile.order(n);
        long m = SmallTile.matricesPerGroup((int) t), p = t / 2;
        return (tiles * m * t * (t + 1) + 2 * m * p + 2 * m * t) * dt.itemsize()
                + (m * p + p * (p + 1) / 2 + m * t + 2 * m) * 4
                + 64;
    }

    /** True when matrices of order {@code n} and dtype {@code dt} fit the kernel's local memory on {@code device}. */
    static boolean fits(Device device, DType dt, long n) {
        return n <= SmallFactor.MAX && bytes(dt, n, 1) <= device.facts().localMemoryBytes();
    }

    /**
     * eigh or eigvalsh as below, the rotations gathered in local memory on a GPU where a second tile
     * fits there (float32 to order 64, float64 to 32 in 48 KiB), else in the eigenvector output. A
     * CPU device's local memory is ordinary memory: there the second tile only costs (PoCL ran the
     * kernel at half speed with it).
     */
    static Eigh eigh(NDArray a, boolean vectors, String op) {
        long n = a.shape(1);
        var facts = a.device().facts();
        boolean local = vectors && facts.isGpu() && bytes(a.dtype(), n, 2) <= facts.localMemoryBytes();
        return eigh(a, vectors, op, local, facts.isGpu() ? rowThreads(n, vectors, local) : 1);
    }

    /**
     * The threads a matrix row takes where one matrix fills a work-group (order over 16): they share
     * a round's 2 x 2 blocks and V's rotations, which shortens each round's serial steps but adds
     * warps to every barrier. So 2 for eigh of order 32 and 4 of order 64 (the rotations of V are
     * most of a round there), 2 for eigvalsh of order 64 and 1 of order 32 (BENCHMARKS.md, 2026-11-29
     * twenty-eighth session); always 1 where the rotations gather in the output, since the threads
     * of a row would then share V's entries through global memory, which a work-group barrier does
     * not order on OpenCL.
     */
    static int rowThreads(long n, boolean vectors, boolean localVectors) {
        int t = SmallTile.order(n);
        if (SmallTile.matricesPerGroup(t) > 1 || (vectors && !localVectors)) return 1;
        if (vectors) return t == 64 ? 4 : 2;
        return t == 64 ? 2 : 1;
    }

    /**
     * Eigenvalues (batch, n) ascending and, with {@code vectors}, eigenvectors as columns (batch, n, n)
     * (else null) of the lower triangles of the C-contiguous stack {@code a}; the sweeps not converging
     * throws LinAlgException, as LAPACK's info > 0, and so does a lower triangle holding NaN or inf
     * (NumPy's answer from order 3, found as the kernel loads the matrix: its callers need no check
     * of their own, {@link DeviceSolver#eighRefusesNonFinite}). {@code localVectors} gathers the rotations in
     * local memory (the device must have room for two tiles); {@code rowThreads} (1, 2 or 4) as
     * {@link #rowThreads} chooses, more than 1 only where the rotations gather locally or not at all.
     */
    static Eigh eigh(NDArray a, boolean vectors, String op, boolean localVectors, int rowThreads) {
        Device dev = a.device();
        DType dt = a.dtype();
        long b = a.shape(0), n = a.shape(1);
        int t = SmallTile.order(n), m = SmallTile.matricesPerGroup(t), p = t / 2;
        String tag = dt.toString();
        boolean f32 = dt == DType.FLOAT32;
        String src = dev.backend().dialect().prelude() + "\n"
                + FUSED.fill(
                        "T",
                        f32 ? "float" : "double",
                        "tag",
                        tag,
                        "N",
                        t,
                        "S",
                        t + 1,
                        "M",
                        m,
                        "P",
                        p,
                        "NB",
                        p * (p + 1) / 2,
                        "EPS",
                        f32 ? "5.9604645e-08f" : "1.1102230246251565e-16",
                        "BIG",
                        f32 ? "1e30f" : "1e300",
                        "MAXV",
                        f32 ? "3.4028235e38f" : "1.7976931348623157e308",
                        "VL",
                        localVectors ? 1 : 0,
                        "R",
                        rowThreads);
        String program = "nd_small_eigh_fused_" + tag + "_" + t + (localVectors ? "_vl" : "") + "_r" + rowThreads;
        BackendKernel kernel = dev.programs().kernel(program, src, List.of(), "nd_eigh_fused_" + tag);
        NDArray w = NDArray.empty(dev, dt, new long[] {b, n}, Order.C), v = null;
        try (NDArray info = NDArray.empty(dev, DType.INT32, new long[] {b}, Order.C)) {
            v = vectors ? NDArray.empty(dev, dt, new long[] {b, n, n}, Order.C) : null;
            if (b > 0)
                LaunchArgs.of(11)
                        .array(a)
                        .array(w)
                        .array(vectors ? v : w)
                        .array(info)
                        .i64(b)
                        .i32((int) n)
                        .i32(vectors ? 1 : 0)
                        .launch(dev, kernel, (b + m - 1) / m, (long) m * t * rowThreads);
            int[] flags = info.toIntArray();
            for (int bad : flags) if (bad == 2) throw NonFinite.notConverged(op);
            for (int bad : flags) if (bad != 0) throw new LinAlgException(op + ": Eigenvalues did not converge");
            return new Eigh(w, v);
        } catch (RuntimeException e) {
            w.close();
            if (v != null) v.close();
            throw e;
        }
    }
}
