package org.ndgpu.elementwise;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Ufunc;

/**
 * NumPy's unbuffered {@code ufunc.at(a, indices, b)} on the device. add on a dtype with a device
 * atomic add is one atomic kernel ({@link ScatterAdd}); otherwise the indices are wrapped and
 * checked, sorted stably ({@code argsort}), and {@link UfuncFolds#at} gives each distinct index to
 * one thread, which applies the ufunc once per occurrence in the order given.
 */
final class UfuncAt {
    private UfuncAt() {}

    /** {@code hostIndices}, when not null, holds indices' values on the host: they are checked there. */
    static void at(Ufunc op, NDArray a, NDArray indices, Object b, int nin, long[] hostIndices) {
        String name = op.numpyName() + ".at";
        if (op.nin() != nin || op.nout() != 1) {
            throw new NdException(name + ": " + op.numpyName() + " takes " + op.nin() + " input(s) and gives "
                    + op.nout() + " output(s); at needs " + (nin == 2 ? "a binary ufunc and b" : "a unary ufunc")
                    + " of one output");
        }
        Objects.requireNonNull(a, name + ": a is null; expected an NDArray");
        Objects.requireNonNull(indices, name + ": indices is null; expected an integer NDArray");
        if (nin == 2) Objects.requireNonNull(b, name + ": b is null; expected an NDArray or a Java number");
        a.live(name);
        indices.live(name);
        Operands.checkWriteable(name, a);
        if (a.ndim() == 0) throw new ShapeException(name + ": a is a 0-d array; at indexes its first axis");
        if (!indices.dtype().isInteger()) {
            throw new DTypeException(name + ": indices must be integers, got " + indices.dtype());
        }
        DType[] eff = UfuncLibrary.effectiveDtypes(op.numpyName(), nin == 2 ? new Object[] {a, b} : new Object[] {a});
        UfuncLoops.Loop loop = UfuncLoops.resolve(op.numpyName(), eff);
        UfuncLoops.checkScalarsFit(name, nin == 2 ? new Object[] {a, b} : new Object[] {a}, loop.in());
        DType t = loop.out();
        for (DType d : loop.in()) {
            if (d != t) {
                throw new DTypeException(name + ": the " + op.numpyName() + " loop for " + Arrays.toString(eff)
                        + " gives " + t + " from " + Arrays.toString(loop.in()) + "; at needs one loop dtype");
            }
        }
        long n = a.shape()[0], m = indices.size();
        long inner = n == 0 ? 0 : a.size() / n;
        long[] bShape = new long[indices.ndim() + a.ndim() - 1];
        System.arraycopy(indices.shape(), 0, bShape, 0, indices.ndim());
        System.arraycopy(a.shape(), 1, bShape, indices.ndim(), a.ndim() - 1);
        if (b instanceof NDArray bb) {
            bb.live(name);
            Shapes.broadcast(name, bb.shape(), bShape); // b must broadcast to a[indices]
            if (!Arrays.equals(Shapes.broadcast(name, bb.shape(), bShape), bShape)) {
                throw new ShapeException(name + ": b of shape " + Shapes.str(bb.shape())
                        + " does not broadcast to a[indices]'s shape " + Shapes.str(bShape));
            }
        }
        if (m == 0) return;
        if (hostIndices != null) IndexBounds.checkHost(name, hostIndices, n);
        if (op == Ufunc.ADD && nin == 2 && ScatterAdd.applies(t, a)) {
            ScatterAdd.add(name, a, indices, b, bShape, n, inner, hostIndices != null);
            return;
        }
        if (hostIndices == null) {
            try (NDArray flat = indices.reshape(m);
                    NDArray i64 = Copies.copy(flat, DType.INT64, Order.C)) {
                IndexBounds.check(name, i64, n, false);
            }
        }
        if (inner == 0) return;
        try (NDArray flat = indices.reshape(m);
                NDArray i64 = Copies.copy(flat, DType.INT64, Order.C);
                NDArray w = UfuncFolds.wrapIndices(i64, n)) {
            try (NDArray perm = w.argsort();
                    NDArray srt = w.take(perm);
                    NDArray bArr = nin == 2 ? operand(a, b, t, bShape, m, inner) : null) {
                NDArray work = a.isCContiguous() ? a : a.copy();
                try {
                    UfuncFolds.at(op, t, work, srt, perm, bArr, m, inner);
                    if (work != a) Copies.copyInto(work, a);
                } finally {
                    if (work != a) work.close();
                }
            }
        }
    }

    /** b broadcast to a[indices]'s shape as a C [m, inner] array of the loop dtype. */
    private static NDArray operand(NDArray a, Object b, DType t, long[] bShape, long m, long inner) {
        long[] flat = {m, inner};
        if (b instanceof NDArray bb) {
            try (NDArray v = bb.broadcastTo(bShape);
                    NDArray c = Copies.copy(v, t, Order.C)) {
                return c.reshape(flat);
            }
        }
        NDArray y = NDArray.empty(a.device(), t, flat, Order.C);
        y.fill(b);
        return y;
    }
}
