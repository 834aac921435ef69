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
 * getrf, getrs and gesv (solve and inv in one launch) of stacks of small square matrices (order at
 * most {@link SmallFactor#MAX}) in ndgpu's kernel dialect (small-gesv.tmpl): a row of each matrix to
 * a thread, the matrix and a block of right-hand sides in local memory, two barriers a column of
 * the factorization and one a row of the back substitution; matrices of order up to 8 go eight to
 * a work-group, up to 16 four, so a group still has 64 threads. Pivots as LAPACK's (idamax's first
 * largest entry), so factors, pivots and info are getrf's, as {@link SmallFactor}'s were.
 */
final class SmallGesv {
    private SmallGesv() {}

    private static final KernelTemplate GESV = KernelTemplate.sections(
                    "small-gesv.tmpl", SmallGesv.class.getResourceAsStream("small-gesv.tmpl"))
            .get("gesv");

    private static final int FACTOR = 1, WRITE_LU = 2, SOLVE = 4, EYE = 8;

    /** Right-hand-side columns held in local memory at once. */
    private static int rhsBlock(int tile, DType dt) {
        return tile <= 32 ? tile : dt == DType.FLOAT64 ? 16 : 32;
    }

    private static long bytes(DType dt, long n) {
        int t = SmallTile.order(n), m = SmallTile.matricesPerGroup(t);
        return (long) m * t * ((t + 1) + (rhsBlock(t, dt) + 1)) * dt.itemsize() + 2L * m * t * 4;
    }

    /** True when these kernels take matrices of order {@code n} and dtype {@code dt} on {@code device}. */
    static boolean fits(Device device, DType dt, long n) {
        return n <= SmallFactor.MAX && bytes(dt, n) <= device.facts().localMemoryBytes();
    }

    private static BackendKernel kernel(Device dev, DType dt, long n) {
        int t = SmallTile.order(n), m = SmallTile.matricesPerGroup(t), rt = rhsBlock(t, dt);
        String tag = dt.toString();
        String src = dev.backend().dialect().prelude() + "\n"
                + GESV.fill(
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
                        "RT",
                        rt,
                        "RS",
                        rt + 1);
        return dev.programs().kernel("nd_small_gesv_" + tag + "_" + t, src, List.of(), "nd_gesv_small_" + tag);
    }

    private static void launch(
            NDArray a, NDArray b, NDArray x, NDArray lu, NDArray piv, NDArray info, long n, long r, int mode) {
        long batch = a.shape(0);
        if (batch == 0) return;
        // the kernel reads a and b as dense stacks: a strided view (none reaches here today) is copied
        if (!a.isCContiguous() || (b != null && b != x && !b.isCContiguous())) {
            try (NDArray ac = a.copy(Order.C);
                    NDArray bc = b != null && b != x ? b.copy(Order.C) : null) {
                launch(ac, bc != null ? bc : b, x, lu, piv, info, n, r, mode);
            }
            return;
        }
        Device dev = a.device();
        int m = SmallTile.matricesPerGroup(SmallTile.order(n));
        LaunchArgs.of(16)
                .array(a)
                .array(b != null ? b : a)
                .array(x != null ? x : a)
                .array(lu != null ? lu : a)
                .array(piv != null ? piv : a)
                .array(info != null ? info : a)
                .i64(batch)
                .i32((int) n)
                .i32((int) r)
                .i32(mode)
                .launch(dev, kernel(dev, a.dtype(), n), (batch + m - 1) / m, (long) m * SmallTile.order(n));
    }

    /** The LU of each matrix of the C-contiguous stack {@code a} (batch, n, n), as getrf; a is not changed. */
    static SmallFactor.Lu lu(NDArray a) {
        Device dev = a.device();
        long b = a.shape(0), n = a.shape(1);
        NDArray lu = NDArray.empty(dev, a.dtype(), a.shape(), Order.C), piv = null, info = null;
        try {
            piv = NDArray.empty(dev, DType.INT32, new long[] {b, n}, Order.C);
            info = NDArray.empty(dev, DType.INT32, new long[] {b}, Order.C);
            launch(a, null, null, lu, piv, info, n, 0, FACTOR | WRITE_LU);
            return new SmallFactor.Lu(lu, piv, info);
        } catch (RuntimeException e) {
            for (NDArray y : new NDArray[] {lu, piv, info}) if (y != null) y.close();
            throw e;
        }
    }

    /**
     * x = a^-1 b for each matrix of the C-contiguous stack {@code a} (batch, n, n), b the C-contiguous
     * {@code rhs} (batch, n, r), or with a null rhs the identity (inv): one launch, a new array.
     * Throws "op: Singular matrix" where a pivot of any matrix is exactly zero, as getrf's info > 0.
     */
    static NDArray solve(NDArray a, NDArray rhs, String op) {
        Device dev = a.device();
        long b = a.shape(0), n = a.shape(1), r = rhs != null ? rhs.shape(2) : n;
        NDArray x = NDArray.empty(dev, a.dtype(), new long[] {b, n, r}, Order.C);
        try (NDArray info = NDArray.empty(dev, DType.INT32, new long[] {b}, Order.C)) {
            launch(a, rhs, x, null, null, info, n, r, FACTOR | (rhs != null ? SOLVE : EYE));
            for (int v : info.toIntArray()) if (v != 0) throw new LinAlgException(op + ": Singular matrix");
            return x;
        } catch (RuntimeException e) {
            x.close();
            throw e;
        }
    }

    /**
     * getrs: x = a^-1 b for each matrix from its LU {@code f}; {@code x} (batch, n, r) holds b on
     * entry and is overwritten, or with {@code eye} (r = n) is written with a^-1.
     */
    static void solve(SmallFactor.Lu f, NDArray x, boolean eye) {
        long n = x.shape(1), r = x.shape(2);
        if (r == 0) return;
        launch(f.lu(), x, x, null, f.piv(), null, n, r, eye ? EYE : SOLVE);
    }
}
