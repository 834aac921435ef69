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
 * inv and solve with few right-hand sides of stacks of small square matrices (order at most
 * {@link #MAX_ORDER}, at most {@link #MAX_RHS} columns of b) by Gauss-Jordan elimination with
 * partial pivoting in one launch (small-gj.tmpl): a row of each matrix to a thread, held in its
 * registers (the loops unrolled to the tile's order), so a step is one broadcast read of the pivot
 * row per multiply-add and two barriers, with no back substitution; inv in place, the identity never
 * stored. Pivots as LAPACK's getrf (idamax's first largest entry, the rows' order as getrf's swaps
 * leave it), so singular matrices are those getrf finds: an exactly zero pivot. Larger orders and
 * more columns go to {@link SmallGesv}.
 */
final class SmallGaussJordan {
    private SmallGaussJordan() {}

    /** The largest order taken: a row of 32 (float64: 64 registers) per thread, and 32 unrolled steps. */
    static final int MAX_ORDER = 32;

    /** The most right-hand-side columns held in registers beside the row. */
    static final int MAX_RHS = 8;

    private static final KernelTemplate GJ = KernelTemplate.sections(
                    "small-gj.tmpl", SmallGaussJordan.class.getResourceAsStream("small-gj.tmpl"))
            .get("gj");

    /** The right-hand-side columns in registers for r columns: 0 (inv), 1, 2, 4 or 8. */
    private static int columns(long r) {
        return r <= 0 ? 0 : r == 1 ? 1 : r <= 2 ? 2 : r <= 4 ? 4 : 8;
    }

    private static long bytes(DType dt, long n, long r) {
        int t = SmallTile.order(n), m = SmallTile.matricesPerGroup(t);
        return (long) m * (t * (t + 1) + t + t + columns(r)) * dt.itemsize() + (long) m * t * 4;
    }

    /**
     * True when the kernel takes matrices of order {@code n} with {@code r} right-hand sides (-1: inv)
     * of dtype {@code dt} on {@code device}.
     */
    static boolean fits(Device device, DType dt, long n, long r) {
        return n >= 1
                && n <= MAX_ORDER
                && (r == -1 || (r >= 1 && r <= MAX_RHS))
                && bytes(dt, n, r) <= device.facts().localMemoryBytes();
    }

    private static BackendKernel kernel(Device dev, DType dt, long n, int rt) {
        int t = SmallTile.order(n), m = SmallTile.matricesPerGroup(t);
        String tag = dt.toString();
        String src = dev.backend().dialect().prelude() + "\n"
                + GJ.fill(
                        "T",
                        dt == DType.FLOAT32 ? "float" : "double",
                        "tag",
                        tag,
                        "N",
                        t,
                        "S",
                        t + 1,
                        "M",
                        m,
                        "R",
                        rt,
                        "W",
                        t + rt,
                        "UNROLL",
                        dev.facts().isGpu() ? "#pragma unroll" : "",
                        "ROLLED",
                        dev.facts().isGpu() ? 0 : 1);
        return dev.programs()
                .kernel(
                        "nd_small_gj_" + (dev.facts().isGpu() ? "" : "rolled_") + tag + "_" + t + "_" + rt,
                        src,
                        List.of(),
                        "nd_gj_small_" + tag);
    }

    /**
     * x = a^-1 b for each matrix of the stack {@code a} (batch, n, n), b the stack {@code rhs} (batch,
     * n, r), or with a null rhs a^-1 (inv): one launch, a new C-contiguous array. Throws "op: Singular
     * matrix" where a pivot of any matrix is exactly zero, as getrf's info > 0.
     */
    static NDArray solve(NDArray a, NDArray rhs, String op) {
        if (!a.isCContiguous() || (rhs != null && !rhs.isCContiguous())) {
            try (NDArray ac = a.copy(Order.C);
                    NDArray bc = rhs != null ? rhs.copy(Order.C) : null) {
                return solve(ac, bc, op);
            }
        }
        Device dev = a.device();
        long batch = a.shape(0), n = a.shape(1), r = rhs != null ? rhs.shape(2) : n;
        NDArray x = NDArray.empty(dev, a.dtype(), new long[] {batch, n, r}, Order.C);
        if (batch == 0) return x;
        int rt = rhs != null ? columns(r) : 0, m = SmallTile.matricesPerGroup(SmallTile.order(n));
        try (NDArray info = NDArray.empty(dev, DType.INT32, new long[] {batch}, Order.C)) {
            LaunchArgs.of(11)
                    .array(a)
                    .array(rhs != null ? rhs : a)
                    .array(x)
                    .array(info)
                    .i64(batch)
                    .i32((int) n)
                    .i32((int) r)
                    .launch(dev, kernel(dev, a.dtype(), n, rt), (batch + m - 1) / m, (long) m * SmallTile.order(n));
            for (int v : info.toIntArray()) if (v != 0) throw new LinAlgException(op + ": Singular matrix");
            return x;
        } catch (RuntimeException e) {
            x.close();
            throw e;
        }
    }
}
