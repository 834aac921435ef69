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
 * LU with partial pivoting, Cholesky and triangular solves of stacks of small matrices (order at
 * most {@link #MAX}), in ndgpu's kernel dialect (small-factor.tmpl), so the same source runs on
 * OpenCL and CUDA: one work-group per matrix, the matrix in local memory, as MAGMA's batched
 * small-size getrf. The kernels are specialised for orders up to 16, 32 and 64, so a stack of 8 x 8
 * matrices does not hold a 64 x 64 tile of local memory per group.
 */
final class SmallFactor {
    private SmallFactor() {}

    /** The largest order the kernels take. */
    static final int MAX = 64;

    private static final KernelTemplate.Sections TEMPLATES =
            KernelTemplate.sections("small-factor.tmpl", SmallFactor.class.getResourceAsStream("small-factor.tmpl"));
    private static final KernelTemplate LU = TEMPLATES.get("lu");

    /** The tile order for matrices of order {@code n}: 16, 32 or 64. */
    private static int tile(long n) {
        return n <= 16 ? 16 : n <= 32 ? 32 : 64;
    }

    /** True when matrices of order {@code n} and dtype {@code dt} fit the kernels' local memory on {@code device}. */
    static boolean fits(Device device, DType dt, long n) {
        long t = tile(n);
        return n <= MAX
                && t * t * dt.itemsize() + 2 * t * 4 + 64 <= device.facts().localMemoryBytes();
    }

    private static BackendKernel kernel(Device dev, DType dt, long n, String name) {
        int t = tile(n);
        String tag = dt.toString();
        String src = dev.backend().dialect().prelude() + "\n"
                + LU.fill("T", dt == DType.FLOAT32 ? "float" : "double", "tag", tag, "N", t, "G", t);
        return dev.programs().kernel("nd_small_factor_" + tag + "_" + t, src, List.of(), name + "_" + tag);
    }

    /** The factors of a getrf: lu (batch, n, n), piv (batch, n) and info (batch), all new arrays. */
    record Lu(NDArray lu, NDArray piv, NDArray info) implements AutoCloseable {
        @Override
        public void close() {
            lu.close();
            piv.close();
            info.close();
        }
    }

    /**
     * The LU of each matrix of the C-contiguous stack {@code a} (batch, n, n); a is not changed. By
     * {@link SmallGesv}'s kernel where it fits, as {@link #solve}.
     */
    static Lu lu(NDArray a) {
        if (SmallGesv.fits(a.device(), a.dtype(), a.shape(1))) return SmallGesv.lu(a);
        Device dev = a.device();
        long b = a.shape(0), n = a.shape(1);
        NDArray lu = a.copy(Order.C), piv = null, info = null;
        try {
            piv = NDArray.empty(dev, DType.INT32, new long[] {b, n}, Order.C);
            info = NDArray.empty(dev, DType.INT32, new long[] {b}, Order.C);
            LaunchArgs.of(7)
                    .array(lu)
                    .array(piv)
                    .array(info)
                    .i32((int) n)
                    .launch(dev, kernel(dev, a.dtype(), n, "nd_lu_small"), b, tile(n));
            return new Lu(lu, piv, info);
        } catch (RuntimeException e) {
            for (NDArray x : new NDArray[] {lu, piv, info}) if (x != null) x.close();
            throw e;
        }
    }

    /**
     * x = a^-1 b for each matrix from its {@link #lu}; {@code x} (batch, n, r) holds b on entry and is
     * overwritten, or with {@code eye} (inv: r = n) is filled with the identity first.
     */
    static void solve(Lu f, NDArray x, boolean eye) {
        if (SmallGesv.fits(x.device(), x.dtype(), x.shape(1))) {
            SmallGesv.solve(f, x, eye);
            return;
        }
        Device dev = x.device();
        long b = x.shape(0), n = x.shape(1), r = x.shape(2);
        LaunchArgs.of(9)
                .array(f.lu())
                .array(f.piv())
                .array(x)
                .i32((int) n)
                .i32((int) r)
                .i32(eye ? 1 : 0)
                .launch(dev, kernel(dev, x.dtype(), n, "nd_lu_small_solve"), b, tile(n));
    }

    /**
     * x = op(t)^-1 b for each triangular matrix t of the C-contiguous stack {@code a} (batch, n, n),
     * its {@code lower} or upper triangle (with {@code unit} its diagonal taken as ones, not read),
     * op(t) t or with {@code trans} t^T; with {@code cho} the two solves of potrs, t and t^T in the
     * order of the factor (trans and unit ignored). b is read from {@code s} (batch, n, r), which may
     * be x itself; x (batch, n, r) C-contiguous. One launch for the stack. {@code checks} asks for
     * {@link SolveCheckKernels}'s bits on the way (A_NOT_FINITE: all of each matrix, B_NOT_FINITE,
     * ZERO_DIAGONAL), one int per matrix into {@code flags} (batch); 0 asks for none (flags unused).
     */
    static void triangular(
            NDArray a,
            NDArray s,
            NDArray x,
            boolean lower,
            boolean unit,
            boolean trans,
            boolean cho,
            int checks,
            NDArray flags) {
        Device dev = x.device();
        long b = x.shape(0), n = x.shape(1), r = x.shape(2);
        if (b == 0 || n == 0 || r == 0) return;
        LaunchArgs.of(15)
                .array(a)
                .array(s)
                .array(x)
                .i32((int) n)
                .i32((int) r)
                .i32(lower ? 1 : 0)
                .i32(unit && !cho ? 1 : 0)
                .i32(trans ? 1 : 0)
                .i32(cho ? 1 : 0)
                .i32(checks)
                .array(checks != 0 ? flags : x)
                .launch(dev, kernel(dev, x.dtype(), n, "nd_trsm_small"), b, tile(n));
    }

    /**
     * sign, log|det| and det of each matrix from its {@link #lu}, each (batch) of the stack's dtype;
     * a null array is not computed.
     */
    static void slogdet(Lu f, NDArray sign, NDArray log, NDArray det) {
        NDArray lu = f.lu();
        Device dev = lu.device();
        long b = lu.shape(0), n = lu.shape(1);
        // an absent output gets the LU's buffer as a placeholder, never written: the mask says which are
        int want = (sign != null ? 1 : 0) | (log != null ? 2 : 0) | (det != null ? 4 : 0);
        LaunchArgs.of(13)
                .array(lu)
                .array(f.piv())
                .array(sign != null ? sign : lu)
                .array(log != null ? log : lu)
                .array(det != null ? det : lu)
                .i64(b)
                .i32((int) n)
                .i32(want)
                .launch(dev, kernel(dev, lu.dtype(), n, "nd_lu_slogdet"), (b + 63) / 64, 64);
    }

    /** The lower Cholesky factors (batch, n, n) of the lower triangles of {@code a}, and info (batch). */
    static NDArray[] cholesky(NDArray a) {
        NDArray info = NDArray.empty(a.device(), DType.INT32, new long[] {a.shape(0)}, Order.C);
        try {
            return new NDArray[] {cholesky(a, info), info};
        } catch (RuntimeException e) {
            info.close();
            throw e;
        }
    }

    /** As {@link #cholesky(NDArray)}, info written into the given int32 (batch) array: the factors, a new array. */
    static NDArray cholesky(NDArray a, NDArray info) {
        Device dev = a.device();
        long b = a.shape(0), n = a.shape(1);
        NDArray l = NDArray.empty(dev, a.dtype(), a.shape(), Order.C);
        try {
            LaunchArgs.of(7)
                    .array(a)
                    .array(l)
                    .array(info)
                    .i32((int) n)
                    .launch(dev, kernel(dev, a.dtype(), n, "nd_cholesky_small"), b, tile(n));
            return l;
        } catch (RuntimeException e) {
            l.close();
            throw e;
        }
    }
}
