package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;
import org.ndgpu.vendor.Blas;

/**
 * numpy.matmul on the device: 1-d operands promoted (a row for the first, a column for the second)
 * and the added dimension removed afterwards; batch dimensions broadcast; dtypes promoted.
 *
 * <p>Float and complex dtypes go to the device's {@link Blas} as strided batched GEMM. Each
 * operand's layout is passed as it is: a C-ordered matrix as "N", an F-ordered one (a transpose,
 * for instance) as "T" with its leading dimension, a broadcast batch as batch stride 0; only a
 * matrix whose inner stride is neither 1 (row- nor column-wise) is copied first. Batch dimensions
 * that cannot be merged into one stride are looped over here. Other dtypes run {@link LoopGemm}.
 */
final class Matmul {
    private Matmul() {}

    /** One operand seen as a batch of matrices: a base array and element strides. */
    private record Operand(NDArray base, long rows, long cols, long rs, long cs, long[] batchStrides) {}

    static NDArray matmul(String op, NDArray a, NDArray b, NDArray out, boolean conjA) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Operands.device(op, a, b);
        if (out != null) Operands.device(op, a, out);
        for (int i = 0; i < 2; i++) {
            NDArray x = i == 0 ? a : b;
            if (x.ndim() == 0) {
                throw new ShapeException(op + ": operand " + i
                        + " is 0-d; matmul needs at least 1 dimension (use multiply for scalars)");
            }
        }
        long[] as = a.shape(), bs = b.shape();
        long k = as[as.length - 1];
        long k2 = b.ndim() == 1 ? bs[0] : bs[bs.length - 2];
        if (k != k2) {
            throw new ShapeException(op + ": shapes " + shape(as) + " and " + shape(bs) + " not aligned: " + k
                    + " (dim " + (as.length - 1) + ") != " + k2 + " (dim " + (b.ndim() == 1 ? 0 : bs.length - 2) + ")");
        }
        DType dt = DType.promote(a.dtype(), b.dtype());
        long m = a.ndim() == 1 ? 1 : as[as.length - 2];
        long n = b.ndim() == 1 ? 1 : bs[bs.length - 1];
        long[] batchA = Arrays.copyOf(as, Math.max(0, as.length - 2));
        long[] batchB = Arrays.copyOf(bs, Math.max(0, bs.length - 2));
        long[] batch;
        try {
            batch = Shapes.broadcast(op, batchA, batchB);
        } catch (ShapeException e) {
            throw new ShapeException(op + ": batch dimensions of shapes " + shape(as) + " and " + shape(bs)
                    + " do not broadcast: " + Shapes.str(batchA) + " vs " + Shapes.str(batchB));
        }
        List<Long> finalShape = new ArrayList<>();
        for (long d : batch) finalShape.add(d);
        if (a.ndim() > 1) finalShape.add(m);
        if (b.ndim() > 1) finalShape.add(n);
        long[] outShape = finalShape.stream().mapToLong(Long::longValue).toArray();
        // NumPy's out= rules: the shape, same_kind casting (a float32 product into int32 raises), writeable; an out
        // that overlaps an operand is safe, since the product is computed into its own array and copied last
        if (out != null) Operands.checkOut(op, out, outShape, dt, Casting.SAME_KIND);
        Device dev = a.device();
        long[] fullShape = concat(batch, m, n);
        Sizes.bytes(op, fullShape, dt); // a product no array can hold is refused in the caller's words
        NDArray c = NDArray.empty(dev, dt, fullShape, Order.C);
        List<NDArray> temps = new ArrayList<>();
        try {
            long total = Shapes.size(fullShape);
            if (total > 0) {
                if (k == 0) {
                    dev.backend()
                            .fill(dev.currentStream().backendStream(), c.buffer(), c.offset(), c.nbytes(), (byte) 0);
                } else {
                    NDArray ac = cast(a, dt, temps), bc = cast(b, dt, temps);
                    if (MatrixVector.applies(dt, m, n)) {
                        MatrixVector.run(ac, bc, c, batch, m, n);
                    } else {
                        run(
                                op,
                                dev,
                                dt,
                                conjA && dt.isComplex(),
                                operand(ac, true, batch),
                                operand(bc, false, batch),
                                c,
                                batch,
                                m,
                                n,
                                k,
                                temps);
                    }
                }
            }
        } finally {
            for (NDArray t : temps) t.close();
        }
        NDArray result = c.reshape(outShape);
        c.close();
        if (out == null) return result;
        try (result) {
            org.ndgpu.ndarray.Copies.copyInto(result, out);
        }
        return out;
    }

    private static NDArray cast(NDArray x, DType dt, List<NDArray> temps) {
        if (x.dtype() == dt) return x;
        NDArray y = x.astype(dt);
        temps.add(y);
        return y;
    }

    /** The operand as (batch..., rows, cols) with element strides, a 1-d one as a row (first) or column (second). */
    private static Operand operand(NDArray x, boolean first, long[] batch) {
        long[] s = x.shape(), st = x.strides();
        int isz = x.itemsize();
        long rows, cols, rs, cs;
        long[] bshape, bstr;
        if (x.ndim() == 1) {
            rows = first ? 1 : s[0];
            cols = first ? s[0] : 1;
            rs = first ? 0 : st[0] / isz;
            cs = first ? st[0] / isz : 0;
            bshape = new long[0];
            bstr = new long[0];
        } else {
            int nd = s.length;
            rows = s[nd - 2];
            cols = s[nd - 1];
            rs = st[nd - 2] / isz;
            cs = st[nd - 1] / isz;
            bshape = Arrays.copyOf(s, nd - 2);
            bstr = new long[nd - 2];
            for (int i = 0; i < nd - 2; i++) bstr[i] = st[i] / isz;
        }
        long[] bb = Shapes.broadcastStrides("matmul", bshape, bstr, batch);
        return new Operand(x, rows, cols, rs, cs, bb);
    }

    private static boolean aligned(NDArray x) {
        int isz = x.itemsize();
        if (x.offset() % isz != 0) return false;
        for (long s : x.strides()) if (s % isz != 0) return false;
        return true;
    }

    /** (op, ld) for a BLAS, or null when the matrix is strided both ways (or backwards). */
    static Object[] blasLayout(long rows, long cols, long rs, long cs, boolean conj) {
        if (!conj && (cols == 1 || cs == 1)) {
            long ld = rows == 1 ? Math.max(1, cols) : rs;
            if (ld >= Math.max(1, cols)) return new Object[] {Blas.Op.N, ld};
        }
        if (rows == 1 || rs == 1) {
            long ld = cols == 1 ? Math.max(1, rows) : cs;
            if (ld >= Math.max(1, rows)) return new Object[] {conj ? Blas.Op.C : Blas.Op.T, ld};
        }
        return null;
    }

    private static void run(
            String op,
            Device dev,
            DType dt,
            boolean conjA,
            Operand a,
            Operand b,
            NDArray c,
            long[] batch,
            long m,
            long n,
            long k,
            List<NDArray> temps) {
        Blas blas = Blas.forDevice(dev);
        boolean useBlas = blas != null && blas.supports(dt);
        if (!useBlas && !LoopGemm.supports(dt)) {
            throw new DeviceException(op + ": no BLAS on " + dev.id() + " (" + dev.backendName() + ") multiplies " + dt
                    + (blas == null ? "; none is registered for this backend" : ""));
        }
        if (useBlas) {
            a = blasReady(a, conjA, temps, batch);
            b = blasReady(b, false, temps, batch);
        } else if (!aligned(a.base) || !aligned(b.base)) {
            a = recopy(a, temps, batch, false);
            b = recopy(b, temps, batch, false);
        }
        // merge batch dims all three walk with one stride; the innermost goes to the batched call
        long[] cst = Shapes.cStrides(c.shape(), 1);
        List<long[]> dims = new ArrayList<>(); // {size, sa, sb, sc}
        for (int d = 0; d < batch.length; d++) {
            if (batch[d] == 1) continue;
            long[] cur = {batch[d], a.batchStrides[d], b.batchStrides[d], cst[d]};
            if (!dims.isEmpty()) {
                long[] prev = dims.get(dims.size() - 1);
                if (prev[1] == cur[1] * cur[0] && prev[2] == cur[2] * cur[0] && prev[3] == cur[3] * cur[0]) {
                    prev[0] *= cur[0];
                    prev[1] = cur[1];
                    prev[2] = cur[2];
                    prev[3] = cur[3];
                    continue;
                }
            }
            dims.add(cur);
        }
        long[] inner = dims.isEmpty() ? new long[] {1, 0, 0, 0} : dims.remove(dims.size() - 1);
        int isz = dt.itemsize();
        long outer = 1;
        for (long[] d : dims) outer *= d[0];
        for (long q = 0; q < outer; q++) {
            long oa = 0, ob = 0, oc = 0, r = q;
            for (int d = dims.size() - 1; d >= 0; d--) {
                long[] dd = dims.get(d);
                long i = r % dd[0];
                r /= dd[0];
                oa += i * dd[1];
                ob += i * dd[2];
                oc += i * dd[3];
            }
            long cOff = c.offset() / isz + oc;
            if (useBlas) {
                Object[] la = blasLayout(a.rows, a.cols, a.rs, a.cs, conjA),
                        lb = blasLayout(b.rows, b.cols, b.rs, b.cs, false);
                blas.gemmStridedBatched(
                        dt,
                        (Blas.Op) la[0],
                        (Blas.Op) lb[0],
                        m,
                        n,
                        k,
                        1.0,
                        a.base.buffer(),
                        a.base.offset() / isz + oa,
                        (Long) la[1],
                        inner[1],
                        b.base.buffer(),
                        b.base.offset() / isz + ob,
                        (Long) lb[1],
                        inner[2],
                        0.0,
                        c.buffer(),
                        cOff,
                        n,
                        m * n,
                        inner[0]);
            } else {
                try (NDArray av = a.base.view(new long[] {1}, new long[] {isz}, a.base.offset() + oa * isz);
                        NDArray bv = b.base.view(new long[] {1}, new long[] {isz}, b.base.offset() + ob * isz);
                        NDArray cv = c.view(
                                new long[] {inner[0], m, n},
                                new long[] {m * n * isz, n * isz, isz},
                                c.offset() + oc * isz)) {
                    LoopGemm.gemm(m, n, k, av, inner[1], a.rs, a.cs, bv, inner[2], b.rs, b.cs, cv);
                }
            }
        }
    }

    private static Operand blasReady(Operand x, boolean conj, List<NDArray> temps, long[] batch) {
        if (aligned(x.base) && blasLayout(x.rows, x.cols, x.rs, x.cs, conj) != null) {
            boolean nonNegative = true;
            for (long s : x.batchStrides) nonNegative &= s >= 0;
            if (nonNegative) return x;
        }
        return recopy(x, temps, batch, conj);
    }

    /** A C-ordered copy; F-ordered for a conjugated operand, which the BLAS can only take as op C of a row-major matrix. */
    private static Operand recopy(Operand x, List<NDArray> temps, long[] batch, boolean conj) {
        NDArray y = conj && x.base.ndim() > 1 ? fOrderMatrices(x.base) : x.base.copy(Order.C);
        temps.add(y);
        boolean first = x.rows == 1 && x.base.ndim() == 1;
        return operand(y, first, batch);
    }

    /** A copy whose last two axes are column-major (each matrix F-ordered), batch axes outermost. */
    private static NDArray fOrderMatrices(NDArray x) {
        int nd = x.ndim();
        int[] perm = new int[nd];
        for (int i = 0; i < nd; i++) perm[i] = i;
        perm[nd - 2] = nd - 1;
        perm[nd - 1] = nd - 2;
        try (NDArray t = x.transpose(perm);
                NDArray c = t.copy(Order.C)) {
            return c.transpose(perm);
        }
    }

    private static long[] concat(long[] batch, long m, long n) {
        long[] r = Arrays.copyOf(batch, batch.length + 2);
        r[batch.length] = m;
        r[batch.length + 1] = n;
        return r;
    }

    /** "(3,4)" as NumPy's dot message writes shapes. */
    static String shape(long[] s) {
        var sb = new StringBuilder("(");
        for (int i = 0; i < s.length; i++) sb.append(i > 0 ? "," : "").append(s[i]);
        return sb.append(s.length == 1 ? ",)" : ")").toString();
    }
}
