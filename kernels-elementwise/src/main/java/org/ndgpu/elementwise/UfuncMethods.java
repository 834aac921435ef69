package org.ndgpu.elementwise;

import java.lang.foreign.MemorySegment;
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
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;
import org.ndgpu.spi.Scan;

/**
 * NumPy's ufunc methods for one ufunc: {@code reduce}, {@code accumulate}, {@code reduceat},
 * {@code outer} and {@code at}, as {@code Nd.ufunc(Ufunc.ADD)} gives them.
 *
 * <pre>{@code
 * var add = Nd.ufunc(Ufunc.ADD);
 * add.reduce(m, 1);                              // np.add.reduce(m, axis=1)
 * Nd.ufunc(Ufunc.SUBTRACT).accumulate(a);        // np.subtract.accumulate(a)
 * add.reduceat(a, new long[] {0, 4, 1, 5});      // np.add.reduceat(a, [0, 4, 1, 5])
 * Nd.ufunc(Ufunc.MULTIPLY).outer(a, b);          // np.multiply.outer(a, b)
 * add.at(a, Nd.array(new long[] {0, 0, 2}), 1);  // np.add.at(a, [0, 0, 2], 1): a[0] grows by 2
 * }</pre>
 *
 * <p>Everything runs on the device. add, multiply, maximum, minimum, logical_and and logical_or
 * reduce through the reduction kernels and add and multiply accumulate through the scans; every
 * other ufunc folds its own C expression along the lines in NumPy's order ({@link UfuncFolds}), so
 * non-associative ones (subtract, power, arctan2) give NumPy's answers. {@code at} applies the
 * ufunc once per occurrence of an index: repeated indices count each time, as NumPy's unbuffered
 * {@code np.add.at}. add on a C-contiguous float32, float64, int32, uint32, int64 or uint64 array
 * is CuPy's one atomic scatter-add kernel: its integer sums are NumPy's, but the additions into a
 * float element hit several times come in the hardware's order, so a float sum may differ from
 * NumPy's in the last bits and between calls. Every other ufunc, dtype and layout sorts the indices
 * stably on the device and gives each distinct index to one thread, which applies the ufunc in the
 * given order, with no atomics.
 */
public final class UfuncMethods {
    private static final UfuncMethods[] ALL = new UfuncMethods[Ufunc.values().length];

    private final Ufunc op;

    private UfuncMethods(Ufunc op) {
        this.op = op;
    }

    /** Applies the NumPy ufunc {@code name} to operands (NDArrays or numbers), into {@code out} if not null. */
    public static NDArray byName(String name, NDArray out, Object... operands) {
        Objects.requireNonNull(name, "ufunc: name is null");
        Objects.requireNonNull(operands, "ufunc: operands is null");
        Ufunc op = Ufunc.of(name);
        if (op == null)
            throw new NdException(name + ": unknown ufunc; expected a NumPy ufunc name such as 'add' or 'sqrt'");
        return Providers.ufuncs(operands).call(op, out, operands);
    }

    /** The methods of {@code op}: {@code UfuncMethods.of(Ufunc.ADD).reduce(a)}. */
    public static UfuncMethods of(Ufunc op) {
        Objects.requireNonNull(op, "ufunc: op is null; expected a Ufunc such as Ufunc.ADD");
        UfuncMethods m = ALL[op.ordinal()];
        if (m == null) ALL[op.ordinal()] = m = new UfuncMethods(op);
        return m;
    }

    /** The ufunc these methods apply. */
    public Ufunc ufunc() {
        return op;
    }

    /**
     * NumPy's {@code ufunc.identity}: the value an empty reduction gives, or null when the ufunc has
     * none ({@code Nd.ufunc(Ufunc.ADD).identity()} is 0, maximum's is null).
     */
    public Object identity() {
        return UfuncIdentities.identity(op);
    }

    // ---------------------------------------------------------------- reduce

    /** np.add.reduce(a): along axis 0, e.g. {@code Nd.ufunc(Ufunc.ADD).reduce(a)}. */
    public NDArray reduce(NDArray a) {
        return reduce(a, new int[] {0}, null, null, false, null);
    }

    /** np.subtract.reduce(a, axis): {@code Nd.ufunc(Ufunc.SUBTRACT).reduce(m, 1)}. */
    public NDArray reduce(NDArray a, int axis) {
        return reduce(a, new int[] {axis}, null, null, false, null);
    }

    /** np.add.reduce(a, axis=axes, keepdims=keepdims); {@code axes} null is NumPy's axis=None (every axis). */
    public NDArray reduce(NDArray a, int[] axes, boolean keepdims) {
        return reduce(a, axes, null, null, keepdims, null);
    }

    /**
     * np.ufunc.reduce(a, axis, dtype, out, keepdims, initial): {@code axes} null reduces every axis
     * (only for a reorderable ufunc, as NumPy), {@code dtype} the loop's dtype (null: a's, with add
     * and multiply widening bool and small integers to int64/uint64 as NumPy), {@code out} null
     * allocates, {@code initial} null starts from the first element (an empty reduction then needs
     * the ufunc's identity). E.g. {@code Nd.ufunc(Ufunc.MAXIMUM).reduce(a, null, null, null, false, -1.0)}.
     */
    public NDArray reduce(NDArray a, int[] axes, DType dtype, NDArray out, boolean keepdims, Number initial) {
        String name = op.numpyName() + ".reduce";
        requireBinary(name);
        Objects.requireNonNull(a, name + ": a is null; expected an NDArray");
        a.live(name);
        // NumPy lets axis 0 (or -1) name the one "axis" of a 0-d array, reducing nothing
        if (a.ndim() == 0 && axes != null && Arrays.stream(axes).allMatch(x -> x == 0 || x == -1)) axes = null;
        int[] ax = Shapes.axes(name, axes, a.ndim());
        if (ax.length > 1 && !UfuncIdentities.reorderable(op)) {
            throw new ShapeException(name + ": reduction operation '" + op.numpyName()
                    + "' is not reorderable, so at most one axis may be specified (got " + ax.length + " axes)");
        }
        DType t = loopType(name, dtype != null ? dtype : a.dtype(), dtype == null);
        // NumPy's reduce casts into out unsafely (a float sum into an int64 out truncates)
        if (out != null && out.live(name).dtype() != t) {
            try (NDArray r = reduce(a, axes, dtype, null, keepdims, initial)) {
                checkOut(name, out, r.shape());
                Copies.copyInto(r, out);
            }
            return out;
        }
        Reduction fast = dtype == null && initial == null ? builtin(op) : null;
        if (fast != null) return Providers.reductions(a).reduce(fast, a, ax, keepdims, out, 0);
        int nd = a.ndim();
        long[] shape = a.shape();
        boolean[] reduced = new boolean[nd];
        for (int x : ax) reduced[x] = true;
        int[] perm = new int[nd];
        int p = 0;
        long lines = 1, len = 1;
        long[] outShape = new long[keepdims ? nd : nd - ax.length];
        int o = 0;
        for (int d = 0; d < nd; d++) {
            if (!reduced[d]) {
                perm[p++] = d;
                lines *= shape[d];
                outShape[o++] = shape[d];
            } else if (keepdims) outShape[o++] = 1;
        }
        for (int d = 0; d < nd; d++)
            if (reduced[d]) {
                perm[p++] = d;
                len *= shape[d];
            }
        if (out != null) checkOut(name, out, outShape);
        NDArray result;
        if (lines == 0) {
            result = NDArray.empty(a.device(), t, outShape, Order.C);
        } else if (len == 0) {
            Object fill = initial != null ? UfuncMethodParts.scalar(name, t, initial) : UfuncIdentities.identity(op);
            if (fill == null) {
                throw new NdException(name + ": zero-size array to reduction operation " + op.numpyName()
                        + " which has no identity; pass initial");
            }
            result = UfuncMethodParts.filled(a, t, outShape, fill);
        } else {
            IntegerPower.checkExponents(op, name, t, a, ax.length == 1 ? ax[0] : -1, initial != null);
            NDArray x = UfuncMethodParts.contiguous(a, perm, t);
            try {
                result = fold(t, x, lines, len, initial != null ? UfuncMethodParts.scalar(name, t, initial) : null);
            } finally {
                if (x != a) x.close();
            }
            NDArray shaped = result.reshape(outShape);
            result.close();
            result = shaped;
        }
        return into(result, out);
    }

    /**
     * np.ufunc.reduce(..., where=where): only the elements where the bool {@code where} (broadcast to
     * a's shape) is true; a ufunc with no identity needs initial, as NumPy:
     * {@code Nd.ufunc(Ufunc.MAXIMUM).reduce(a, new int[] {1}, null, null, false, -1.0, mask)}.
     */
    public NDArray reduce(
            NDArray a, int[] axes, DType dtype, NDArray out, boolean keepdims, Number initial, NDArray where) {
        return WhereReductions.reduce(op, a, axes, dtype, out, keepdims, initial, where);
    }

    /** The ufunc with where=, into out (required): {@code Nd.ufunc(Ufunc.ADD).call(o, mask, a, b)} is {@code np.add(a, b, out=o, where=mask)}. */
    public NDArray call(NDArray out, NDArray where, Object... operands) {
        return UfuncWhere.call(op, out, where, operands);
    }

    /** Folds the [lines, len] rows of x, in chunks when the ufunc is associative and the rows are long. */
    private NDArray fold(DType t, NDArray x, long lines, long len, Object init) {
        long chunk = UfuncIdentities.reorderable(op) && len > 4096 && lines < 65536 ? 1024 : len;
        NDArray y = UfuncFolds.reduceChunks(op, t, x, lines, len, chunk, init);
        while (y.shape()[1] > 1) {
            long n = y.shape()[1];
            NDArray next = UfuncFolds.reduceChunks(op, t, y, lines, n, chunk, null);
            y.close();
            y = next;
        }
        return y;
    }

    // ---------------------------------------------------------------- accumulate

    /** np.add.accumulate(a): along axis 0, e.g. {@code Nd.ufunc(Ufunc.MAXIMUM).accumulate(a)}. */
    public NDArray accumulate(NDArray a) {
        return accumulate(a, 0, null, null);
    }

    /** np.ufunc.accumulate(a, axis): {@code Nd.ufunc(Ufunc.SUBTRACT).accumulate(m, 1)}. */
    public NDArray accumulate(NDArray a, int axis) {
        return accumulate(a, axis, null, null);
    }

    /**
     * np.ufunc.accumulate(a, axis, dtype, out): {@code dtype} null takes a's (add and multiply widen
     * small integers as reduce does), {@code out} null allocates. E.g.
     * {@code Nd.ufunc(Ufunc.ADD).accumulate(a, 0, DType.FLOAT64, null)}.
     */
    public NDArray accumulate(NDArray a, int axis, DType dtype, NDArray out) {
        String name = op.numpyName() + ".accumulate";
        requireBinary(name);
        Objects.requireNonNull(a, name + ": a is null; expected an NDArray");
        a.live(name);
        if (a.ndim() == 0) throw new ShapeException(name + ": cannot accumulate on a scalar (a 0-d array)");
        int ax = Shapes.axis(name, axis, a.ndim());
        DType t = loopType(name, dtype != null ? dtype : a.dtype(), dtype == null);
        // as reduce: out takes the result by an unsafe cast
        if (out != null && out.live(name).dtype() != t) {
            try (NDArray r = accumulate(a, axis, dtype, null)) {
                checkOut(name, out, r.shape());
                Copies.copyInto(r, out);
            }
            return out;
        }
        if (op == Ufunc.ADD || op == Ufunc.MULTIPLY) {
            Scan scan = op == Ufunc.ADD ? Scan.CUMSUM : Scan.CUMPROD;
            if (dtype == null) return Providers.reductions(a).scan(scan, a, ax, out);
            // float32, float64 and complex: cast once and scan in parallel as cumsum does, not one work-item
            // per line (a 1-d array was one work-item); float16 and the integers keep the folds' dtype rules
            if (t == dtype && t.isInexact() && t != DType.FLOAT16) {
                if (a.dtype() == t) return Providers.reductions(a).scan(scan, a, ax, out);
                // the scan converts each element on load and accumulates in its output's dtype: no cast copy
                if ((out == null || out.dtype() == t)
                        && (t.isComplex() || !a.dtype().isComplex()))
                    return Providers.reductions(a)
                            .scan(scan, a, ax, out != null ? out : NDArray.empty(a.device(), t, a.shape(), Order.C));
                try (NDArray x = a.astype(t)) {
                    return Providers.reductions(x).scan(scan, x, ax, out);
                }
            }
        }
        if (out != null) checkOut(name, out, a.shape());
        int[] perm = UfuncMethodParts.lastAxis(a.ndim(), ax);
        long len = a.shape()[ax], lines = len == 0 ? 0 : a.size() / len;
        NDArray result;
        if (a.size() == 0) {
            result = NDArray.empty(a.device(), t, a.shape(), Order.C);
        } else {
            IntegerPower.checkExponents(op, name, t, a, ax, false);
            NDArray x = UfuncMethodParts.contiguous(a, perm, t);
            try (NDArray y = NDArray.empty(a.device(), t, x.shape(), Order.C)) {
                UfuncFolds.accumulate(op, t, x, y, lines, len);
                result = UfuncMethodParts.back(y, perm, t);
            } finally {
                if (x != a) x.close();
            }
        }
        return into(result, out);
    }

    // ---------------------------------------------------------------- reduceat

    /** np.add.reduceat(a, indices) along axis 0: {@code Nd.ufunc(Ufunc.ADD).reduceat(a, new long[] {0, 4, 1, 5})}. */
    public NDArray reduceat(NDArray a, long[] indices) {
        Objects.requireNonNull(indices, op.numpyName() + ".reduceat: indices is null");
        Objects.requireNonNull(a, op.numpyName() + ".reduceat: a is null; expected an NDArray");
        a.live(op.numpyName() + ".reduceat");
        try (NDArray idx = NDArray.fromHost(
                a.device(), DType.INT64, new long[] {indices.length}, MemorySegment.ofArray(indices.clone()))) {
            return reduceat(a, idx, 0, null, null);
        }
    }

    /** np.ufunc.reduceat(a, indices, axis): {@code Nd.ufunc(Ufunc.MAXIMUM).reduceat(m, idx, 1)}. */
    public NDArray reduceat(NDArray a, NDArray indices, int axis) {
        return reduceat(a, indices, axis, null, null);
    }

    /**
     * np.ufunc.reduceat(a, indices, axis, dtype, out): for each {@code i}, the reduction of
     * {@code a[indices[i]:indices[i+1]]} along {@code axis} (to the end for the last), or
     * {@code a[indices[i]]} where {@code indices[i] >= indices[i+1]}. {@code indices} is a 1-d
     * integer array within {@code [0, a.shape[axis])}. E.g. {@code add.reduceat(a, idx, 0, null, null)}.
     */
    public NDArray reduceat(NDArray a, NDArray indices, int axis, DType dtype, NDArray out) {
        String name = op.numpyName() + ".reduceat";
        requireBinary(name);
        Objects.requireNonNull(a, name + ": a is null; expected an NDArray");
        Objects.requireNonNull(indices, name + ": indices is null; expected a 1-d integer NDArray");
        a.live(name);
        indices.live(name);
        if (a.ndim() == 0)
            throw new ShapeException(name + ": expected an array of at least 1 dimension, got a 0-d array");
        if (indices.ndim() != 1
                || !(indices.dtype().isInteger() || (indices.dtype().isBool() && indices.size() == 0))) {
            throw new DTypeException(
                    name + ": indices must be a 1-d integer array, got " + indices.ndim() + "-d " + indices.dtype());
        }
        int ax = Shapes.axis(name, axis, a.ndim());
        DType t = loopType(name, dtype != null ? dtype : a.dtype(), dtype == null);
        long len = a.shape()[ax], k = indices.size();
        long[] shape = a.shape().clone();
        shape[ax] = k;
        if (out != null) checkOut(name, out, shape);
        NDArray idx = indices.dtype() == DType.INT64 && indices.isCContiguous()
                ? indices
                : Copies.copy(indices, DType.INT64, Order.C);
        try {
            if (k > 0) IndexBounds.check(name, idx, len, true);
            int[] perm = UfuncMethodParts.lastAxis(a.ndim(), ax);
            long lines = Shapes.size(shape) / Math.max(k, 1);
            NDArray result;
            if (Shapes.size(shape) == 0) {
                result = NDArray.empty(a.device(), t, shape, Order.C);
            } else {
                NDArray x = UfuncMethodParts.contiguous(a, perm, t);
                try (NDArray y = UfuncFolds.reduceat(op, t, x, idx, lines, len)) {
                    long[] moved = new long[shape.length];
                    for (int d = 0; d < shape.length; d++) moved[d] = shape[perm[d]];
                    try (NDArray m = y.reshape(moved)) {
                        result = UfuncMethodParts.back(m, perm, t);
                    }
                } finally {
                    if (x != a) x.close();
                }
            }
            return into(result, out);
        } finally {
            if (idx != indices) idx.close();
        }
    }

    // ---------------------------------------------------------------- outer

    /** np.multiply.outer(a, b): {@code op(a[i, j, ...], b[k, l, ...])} of shape a.shape + b.shape, e.g. {@code Nd.ufunc(Ufunc.SUBTRACT).outer(a, b)}. */
    public NDArray outer(Object a, Object b) {
        return outer(a, b, null);
    }

    /** np.ufunc.outer(a, b, out=out); operands are NDArrays or Java numbers. */
    public NDArray outer(Object a, Object b, NDArray out) {
        String name = op.numpyName() + ".outer";
        requireBinary(name);
        Objects.requireNonNull(a, name + ": a is null; expected an NDArray or a Java number");
        Objects.requireNonNull(b, name + ": b is null; expected an NDArray or a Java number");
        if (!(a instanceof NDArray aa && b instanceof NDArray bb)) {
            // NumPy's outer takes np.asarray of each operand, so a Java number is a strong 0-d array:
            // float64 for a double, int64 for an int or long (np.add.outer(float32 array, 2.5) is float64)
            NDArray like = a instanceof NDArray x ? x : b instanceof NDArray y ? y : null;
            NDArray sa = a instanceof NDArray ? null : UfuncMethodParts.strong(name, a, like);
            try (sa;
                    NDArray sb = b instanceof NDArray ? null : UfuncMethodParts.strong(name, b, like)) {
                return outer(sa != null ? sa : a, sb != null ? sb : b, out);
            }
        }
        aa.live(name);
        bb.live(name);
        long[] s = Arrays.copyOf(aa.shape(), aa.ndim() + bb.ndim());
        Arrays.fill(s, aa.ndim(), s.length, 1L);
        try (NDArray av = aa.reshape(s)) {
            return Providers.ufuncs(av, bb).call(op, out, av, bb);
        }
    }

    // ---------------------------------------------------------------- at

    /** np.negative.at(a, indices) for a unary ufunc, in place: {@code Nd.ufunc(Ufunc.NEGATIVE).at(a, new long[] {0, 0})}. */
    public void at(NDArray a, long[] indices) {
        atHost(a, indices, null, 1);
    }

    /** np.negative.at(a, indices) with device indices along a's first axis. */
    public void at(NDArray a, NDArray indices) {
        at(a, indices, null, 1);
    }

    /** np.add.at(a, indices, b), in place: {@code Nd.ufunc(Ufunc.ADD).at(a, new long[] {0, 0, 2}, 1.0)}. */
    public void at(NDArray a, long[] indices, Object b) {
        atHost(a, indices, b, 2);
    }

    /**
     * np.ufunc.at(a, indices, b), in place and unbuffered: for each {@code i} in order,
     * {@code a[indices[i]] = op(a[indices[i]], b[i])}, so a repeated index is applied each time
     * (add on float32 or float64 in the order its atomics land: see the class comment).
     * {@code indices} (any integer shape, negative counting from the end) index a's first axis;
     * {@code b} (an NDArray or a Java number) broadcasts to {@code indices.shape + a.shape[1:]}.
     * E.g. {@code Nd.ufunc(Ufunc.MAXIMUM).at(a, idx, values)}.
     */
    public void at(NDArray a, NDArray indices, Object b) {
        at(a, indices, b, 2);
    }

    private void at(NDArray a, NDArray indices, Object b, int nin) {
        UfuncAt.at(op, a, indices, b, nin, null);
    }

    // Java indices are checked on the host, where they are, so the device checks nothing and reads nothing back
    private void atHost(NDArray a, long[] indices, Object b, int nin) {
        String name = op.numpyName() + ".at";
        Objects.requireNonNull(a, name + ": a is null; expected an NDArray");
        Objects.requireNonNull(indices, name + ": indices is null");
        a.live(name);
        long[] copy = indices.clone();
        try (NDArray idx =
                NDArray.fromHost(a.device(), DType.INT64, new long[] {copy.length}, MemorySegment.ofArray(copy))) {
            UfuncAt.at(op, a, idx, b, nin, copy);
        }
    }

    // ---------------------------------------------------------------- shared

    private void requireBinary(String name) {
        if (op.nin() != 2 || op.nout() != 1) {
            throw new NdException(name + ": only supported for binary functions of one output; " + op.numpyName()
                    + " takes " + op.nin() + " input(s) and gives " + op.nout());
        }
    }

    /** The reduction kernel that is this ufunc's reduce, or null. */
    private static Reduction builtin(Ufunc op) {
        return switch (op) {
            case ADD -> Reduction.SUM;
            case MULTIPLY -> Reduction.PROD;
            case MAXIMUM -> Reduction.MAX;
            case MINIMUM -> Reduction.MIN;
            case LOGICAL_AND -> Reduction.ALL;
            case LOGICAL_OR -> Reduction.ANY;
            default -> null;
        };
    }

    /** The loop dtype of a reduction over {@code d}: its ufunc loop must give back its input type. */
    private DType loopType(String name, DType d, boolean widen) {
        if (widen && (op == Ufunc.ADD || op == Ufunc.MULTIPLY) && (d.isBool() || d.isInteger()) && d.itemsize() < 8) {
            d = d.isInteger() && !d.isSigned() ? DType.UINT64 : DType.INT64;
        }
        if (op == Ufunc.LOGICAL_AND || op == Ufunc.LOGICAL_OR || op == Ufunc.LOGICAL_XOR) return DType.BOOL;
        UfuncLoops.Loop loop = UfuncLoops.resolve(op.numpyName(), d, d);
        if (loop.in()[0] != loop.out() || loop.in()[1] != loop.out()) {
            throw new DTypeException(name + ": the " + op.numpyName() + " loop for " + d + " gives " + loop.out()
                    + ", which cannot be fed back as an input; pass a dtype whose loop keeps its type");
        }
        return loop.out();
    }

    private static void checkOut(String name, NDArray out, long[] shape) {
        Operands.checkWriteable(name, out);
        Operands.checkOutShape(name, out, shape);
    }

    private static NDArray into(NDArray result, NDArray out) {
        if (out == null) return result;
        try (result) {
            Copies.copyInto(result, out);
        }
        return out;
    }

    @Override
    public String toString() {
        return "<ufunc '" + op.numpyName() + "'>";
    }
}
