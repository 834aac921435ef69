package org.ndgpu.linalg.impl;

import java.util.List;
import java.util.function.Function;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.LinAlgException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Svd;

/**
 * numpy.linalg.svd of real stacks on the device by one-sided Jacobi (Hestenes), in ndgpu's kernel
 * dialect (jacobi-svd.tmpl). The tall side is orthogonalised: for m >= n the columns of A, else
 * those of A^T (the rows of A), each held contiguous. A sweep is n2 - 1 launches (n2 = n rounded up
 * to even), each rotating the n2 / 2 disjoint column pairs of one round of the round-robin order at
 * once, one work-group per pair and matrix of the stack; V's columns turn with them. Sweeps repeat
 * until one rotates nothing (every pair orthogonal to within sqrt(m) eps, LAPACK gesvj's test), read
 * from one device flag per sweep; more than {@link #MAX_SWEEPS} is "SVD did not converge". The
 * singular values are the column norms, sorted descending; the left vectors the columns over their
 * norms. Where those do not make an orthonormal basis of the size asked for (full_matrices with
 * m != n, or an exactly zero singular value), a QR of them padded with zero columns completes it
 * ({@code qr}: the solver's own), its column signs set by R's diagonal so the given columns stay.
 * Jacobi is chosen for its rounds of independent rotations, which a GPU runs side by side, and
 * for its accuracy: small singular values to high relative accuracy.
 */
final class JacobiSvd {
    private JacobiSvd() {}

    /** The most sweeps, as LAPACK's gesvj (NSWEEP). */
    static final int MAX_SWEEPS = 30;

    private static final KernelTemplate SVD = KernelTemplate.sections(
                    "jacobi-svd.tmpl", JacobiSvd.class.getResourceAsStream("jacobi-svd.tmpl"))
            .get("svd");

    private static final int ELEMENTWISE = 256;

    /** The work-group size for columns of length m: a power of two, up to 256. */
    private static int group(long m) {
        return m <= 32 ? 32 : m <= 64 ? 64 : m <= 128 ? 128 : 256;
    }

    private static BackendKernel kernel(Device dev, DType dt, int g, String name) {
        String tag = dt.toString();
        String src = dev.backend().dialect().prelude() + "\n"
                + SVD.fill("T", dt == DType.FLOAT32 ? "float" : "double", "tag", tag, "G", g);
        return dev.programs().kernel("nd_jacobi_svd_" + tag + "_" + g, src, List.of(), name + "_" + tag);
    }

    /** numpy.finfo's unit roundoff (eps / 2) of float32 or float64. */
    private static double roundoff(DType dt) {
        return dt == DType.FLOAT32 ? 0x1p-24 : 0x1p-53;
    }

    /**
     * u (b, m, m|k), s (b, k) descending, vh (b, k|n, n) of the C-contiguous real stack {@code a}
     * (batch, m, n), which holds no NaN or inf; {@code qr} completes bases (see the class comment).
     */
    static Svd svd(NDArray a, boolean full, Function<NDArray, Qr> qr) {
        Device dev = a.device();
        DType dt = a.dtype();
        long b = a.shape(0), m = a.shape(1), n = a.shape(2);
        boolean tall = m >= n;
        long rows = tall ? m : n; // M: the length of a column of B (A or A^T)
        int cols = (int) (tall ? n : m); // N: B's columns, k = min(m, n)
        int g = group(rows);
        NDArray u = null, s = null, vh = null;
        try (NDArray unscale = NDArray.empty(dev, dt, new long[] {b}, Order.C);
                NDArray w = columns(a, tall, unscale);
                NDArray vt = identities(dev, dt, b, cols, g);
                NDArray nrm = NDArray.empty(dev, dt, new long[] {b, cols}, Order.C);
                NDArray perm = NDArray.empty(dev, DType.INT32, new long[] {b, cols}, Order.C)) {
            sweep(w, vt, rows, cols, g);
            s = sorted(w, nrm, perm, unscale, rows, g);
            // B = Ub S V^T: A's u is Ub (tall) or V (wide), its vh V^T (tall) or Ub^T (wide)
            NDArray ub = take(w, perm, nrm, rows, tall, true, g);
            NDArray v = take(vt, perm, nrm, cols, !tall, false, g);
            u = tall ? ub : v;
            vh = tall ? v : ub;
            boolean zero;
            try (NDArray smallest = s.min()) {
                zero = smallest.doubleValue() == 0;
            }
            if (zero || (full && m != n)) {
                if (tall) {
                    NDArray basis = complete(ub, full ? rows : cols, qr, g);
                    u.close();
                    u = basis;
                } else {
                    try (NDArray t = ub.swapaxes(1, 2);
                            NDArray basis = complete(t, full ? rows : cols, qr, g);
                            NDArray bt = basis.swapaxes(1, 2)) {
                        vh.close();
                        vh = null;
                        vh = bt.copy(Order.C);
                    }
                }
            }
            return new Svd(u, s, vh);
        } catch (RuntimeException e) {
            for (NDArray x : new NDArray[] {u, s, vh}) if (x != null) x.close();
            throw e;
        }
    }

    /**
     * svd's singular values alone (compute_uv=False) of the C-contiguous real stack {@code a}
     * (batch, m, n): the same sweeps without V.
     */
    static NDArray svdvals(NDArray a) {
        Device dev = a.device();
        DType dt = a.dtype();
        long b = a.shape(0), m = a.shape(1), n = a.shape(2);
        boolean tall = m >= n;
        long rows = tall ? m : n;
        int cols = (int) (tall ? n : m);
        int g = group(rows);
        try (NDArray unscale = NDArray.empty(dev, dt, new long[] {b}, Order.C);
                NDArray w = columns(a, tall, unscale);
                NDArray nrm = NDArray.empty(dev, dt, new long[] {b, cols}, Order.C);
                NDArray perm = NDArray.empty(dev, DType.INT32, new long[] {b, cols}, Order.C)) {
            sweep(w, null, rows, cols, g);
            return sorted(w, nrm, perm, unscale, rows, g);
        }
    }

    /** The singular values (b, k) descending: w's row norms into nrm, their order into perm. */
    private static NDArray sorted(NDArray w, NDArray nrm, NDArray perm, NDArray unscale, long rows, int g) {
        Device dev = w.device();
        DType dt = w.dtype();
        long b = w.shape(0);
        int cols = (int) w.shape(1);
        LaunchArgs.of(5).array(w).array(nrm).i64(rows).launch(dev, kernel(dev, dt, g, "nd_svd_norms"), b * cols, g);
        NDArray s = NDArray.empty(dev, dt, new long[] {b, cols}, Order.C);
        long total = b * cols;
        try {
            LaunchArgs.of(10)
                    .array(nrm)
                    .array(unscale)
                    .array(perm)
                    .array(s)
                    .i64(total)
                    .i32(cols)
                    .launch(dev, kernel(dev, dt, g, "nd_svd_rank"), blocks(total), ELEMENTWISE);
            return s;
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    private static long blocks(long total) {
        return (total + ELEMENTWISE - 1) / ELEMENTWISE;
    }

    /**
     * B's columns as rows (b, k, M), scaled per matrix by a power of two (exact) that brings its
     * largest entry into [1, 2), so the squared norms neither overflow nor underflow; the powers'
     * inverses go to {@code unscale}.
     */
    private static NDArray columns(NDArray a, boolean tall, NDArray unscale) {
        DType dt = a.dtype();
        int lo = dt == DType.FLOAT32 ? -120 : -1000, hi = -lo;
        double[] big;
        try (NDArray abs = a.abs();
                NDArray mx = abs.max(new int[] {1, 2}, false);
                NDArray m64 = mx.astype(DType.FLOAT64)) {
            big = m64.toDoubleArray();
        }
        double[] scale = new double[big.length], inv = new double[big.length];
        for (int i = 0; i < big.length; i++) {
            int e = big[i] > 0 ? Math.clamp(-Math.getExponent(big[i]), lo, hi) : 0;
            scale[i] = Math.scalb(1.0, e);
            inv[i] = Math.scalb(1.0, -e);
        }
        try (var _ = a.device().use();
                NDArray sc = Creation.array(scale, dt, big.length, 1, 1);
                NDArray ic = Creation.array(inv, dt, big.length)) {
            unscale.set("...", ic);
            NDArray scaled;
            if (tall) {
                try (NDArray t = a.swapaxes(1, 2)) {
                    scaled = t.mul(sc);
                }
            } else {
                scaled = a.mul(sc);
            }
            // a ufunc's output keeps its input's layout (order K): the kernels need rows contiguous
            if (scaled.isCContiguous()) return scaled;
            try (scaled) {
                return scaled.copy(Order.C);
            }
        }
    }

    /** (b, n, n) identities: V before the first rotation. */
    private static NDArray identities(Device dev, DType dt, long b, long n, int g) {
        NDArray out = NDArray.empty(dev, dt, new long[] {b, n, n}, Order.C);
        long total = b * n * n;
        LaunchArgs.of(4)
                .array(out)
                .i64(total)
                .i64(n)
                .launch(dev, kernel(dev, dt, g, "nd_svd_eye"), blocks(total), ELEMENTWISE);
        return out;
    }

    /** The sweeps, each n2 - 1 launches, until a sweep rotates nothing; V (vt) turned too unless null. */
    private static void sweep(NDArray w, NDArray vt, long rows, int cols, int g) {
        Device dev = w.device();
        DType dt = w.dtype();
        long b = w.shape(0);
        int n2 = cols + (cols & 1), pairs = n2 / 2;
        if (cols < 2) return;
        BackendKernel rotate = kernel(dev, dt, g, "nd_svd_rotate");
        double tol = Math.sqrt((double) rows) * roundoff(dt);
        try (NDArray flags = NDArray.empty(dev, DType.INT32, new long[] {MAX_SWEEPS}, Order.C)) {
            flags.fill(0);
            for (int sw = 0; sw < MAX_SWEEPS; sw++) {
                long flag = flags.offset() + 4L * sw;
                for (int r = 0; r < n2 - 1; r++) {
                    LaunchArgs args = LaunchArgs.reused(11);
                    try {
                        args.array(w)
                                .array(vt == null ? w : vt)
                                .buffer(flags.buffer())
                                .i64(flag)
                                .i64(rows)
                                .i32(cols)
                                .i32(r);
                        if (dt == DType.FLOAT32) args.f32((float) tol);
                        else args.f64(tol);
                        args.i32(vt == null ? 0 : 1).launch(dev, rotate, b * pairs, g);
                    } finally {
                        args.release();
                    }
                }
                try (NDArray f = flags.get(sw)) {
                    if (f.doubleValue() == 0) return;
                }
            }
        }
        throw new LinAlgException("svd: SVD did not converge in " + MAX_SWEEPS + " Jacobi sweeps");
    }

    /** The rows of src (b, k, l) in descending order of the singular values, as rows or (transposed) as columns. */
    private static NDArray take(
            NDArray src, NDArray perm, NDArray nrm, long l, boolean transposed, boolean normalize, int g) {
        Device dev = src.device();
        DType dt = src.dtype();
        long b = src.shape(0), k = src.shape(1);
        long[] shape = transposed ? new long[] {b, l, k} : new long[] {b, k, l};
        NDArray out = NDArray.empty(dev, dt, shape, Order.C);
        long total = b * k * l;
        LaunchArgs.of(15)
                .array(src)
                .array(perm)
                .array(nrm)
                .array(out)
                .i64(total)
                .i32((int) k)
                .i64(l)
                .i32(transposed ? 1 : 0)
                .i32(normalize ? 1 : 0)
                .launch(dev, kernel(dev, dt, g, "nd_svd_take"), blocks(total), ELEMENTWISE);
        return out;
    }

    /**
     * An orthonormal (b, M, c) basis whose first k columns are those of {@code ub} (b, M, k) where
     * they are nonzero: Q of the QR of ub padded with zero columns to c, each column's sign that of
     * R's diagonal (a zero column's reflector is the identity, so its Q column completes the basis).
     */
    private static NDArray complete(NDArray ub, long c, Function<NDArray, Qr> qr, int g) {
        Device dev = ub.device();
        DType dt = ub.dtype();
        long b = ub.shape(0), rows = ub.shape(1), k = ub.shape(2);
        Qr f;
        try (NDArray padded = NDArray.empty(dev, dt, new long[] {b, rows, c}, Order.C)) {
            padded.fill(0);
            try (NDArray head = padded.get("..., :" + k)) {
                head.set("...", ub);
            }
            f = qr.apply(padded);
        }
        try (NDArray r = f.r()) {
            NDArray q = f.q();
            long total = b * rows * c;
            LaunchArgs.of(8)
                    .array(q)
                    .array(r)
                    .i64(total)
                    .i64(rows)
                    .i64(c)
                    .launch(dev, kernel(dev, dt, g, "nd_svd_signs"), blocks(total), ELEMENTWISE);
            return q;
        }
    }
}
