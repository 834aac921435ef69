package org.ndgpu.routines.indexing;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.spi.Providers;

/**
 * Boolean-mask indexing and nonzero: {@code a[mask]}, {@code a[mask] = v}, numpy.nonzero,
 * argwhere, flatnonzero. The positions of the selected elements are an inclusive cumsum of the
 * mask (the device scan of kernels-reduction); its last element, read back once, sizes the result
 * (as in CuPy, a mask selection synchronizes); one scatter kernel then writes every selected
 * element to its position. Assigning a scalar through a mask needs no scan: it is numpy.where in place.
 */
public final class Masking {
    private Masking() {}

    private static final ConcurrentHashMap<DType, Spec> SELECT = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<DType, Spec> PLACE = new ConcurrentHashMap<>();
    private static final Spec COORDS = new Spec(
            "nd_nonzero_coords",
            List.of(
                    new Param("m", DType.BOOL, Kind.IN),
                    new Param("pos", DType.INT64, Kind.RAW),
                    new Param("dims", DType.INT64, Kind.RAW),
                    new Param("res", DType.INT64, Kind.RAW),
                    new Param("_nd", DType.INT64, Kind.SCALAR),
                    new Param("_count", DType.INT64, Kind.SCALAR)),
            """
            if (m) {
                long _p = pos[i] - 1, _rem = (long)i;
                for (long _d = _nd - 1; _d >= 0; _d--) { long _c = _rem % dims[_d]; _rem /= dims[_d]; res[_d * _count + _p] = _c; }
            }""");

    /** a[mask]: the elements where mask (a's shape, or its leading axes) is true, as a new array of shape (count,) + the rest. */
    public static NDArray select(String op, NDArray a, NDArray mask) {
        try (Positions p = positions(op, a, mask)) {
            NDArray out = NDArray.empty(a.device(), a.dtype(), p.selectedShape(), Order.C);
            if (out.size() == 0) return out;
            long[] s = a.shape();
            try (NDArray src = a.isCContiguous() ? a.view(s, a.strides(), a.offset()) : a.copy(Order.C);
                    NDArray flat = src.reshape(src.size())) {
                Spec spec = SELECT.computeIfAbsent(
                        a.dtype(),
                        t -> new Spec(
                                "nd_mask_select_" + t,
                                List.of(
                                        new Param("x", t, Kind.IN),
                                        new Param("m", DType.BOOL, Kind.RAW),
                                        new Param("pos", DType.INT64, Kind.RAW),
                                        new Param("y", t, Kind.RAW),
                                        new Param("_post", DType.INT64, Kind.SCALAR)),
                                "long _r = (long)i / _post;\nif (m[_r]) "
                                        + CTypes.store(
                                                t, "(y + (pos[_r] - 1) * _post + ((long)i - _r * _post))", "x")));
                ElementwiseLoop.run(spec, new Object[] {flat, p.m(), p.pos(), out, p.post()}, flat.shape());
            }
            return out;
        }
    }

    /**
     * The flattened mask, its inclusive cumsum (each selected position's 1-based rank), the elements
     * per mask position ({@code post}: a's axes beyond the mask's), and the selection's shape.
     */
    private record Positions(NDArray m, NDArray pos, long post, long count, long[] selectedShape)
            implements AutoCloseable {
        @Override
        public void close() {
            pos.close();
            m.close();
        }
    }

    private static Positions positions(String op, NDArray a, NDArray mask) {
        int k = checkMask(op, a, mask);
        long[] s = a.shape();
        long post = 1;
        for (int d = k; d < s.length; d++) post *= s[d];
        NDArray m = mask.ravel();
        NDArray pos = m.cumsum();
        long count = count(pos);
        long[] shape = new long[s.length - k + 1];
        shape[0] = count;
        System.arraycopy(s, k, shape, 1, s.length - k);
        return new Positions(m, pos, post, count, shape);
    }

    /** a[mask] = value: a number or 0-d array everywhere mask is true, or an array of one value per selected element (broadcast as NumPy). */
    public static void assign(String op, NDArray a, NDArray mask, Object value) {
        Operands.checkWriteable(op, a);
        boolean scalar = !(value instanceof NDArray v) || v.size() == 1;
        if (scalar) {
            int k = checkMask(op, a, mask); // the array path checks it in positions()
            long[] shape = a.shape();
            long[] ms = mask.shape();
            long[] padded = java.util.Arrays.copyOf(ms, shape.length);
            for (int d = k; d < shape.length; d++) padded[d] = 1;
            // NumPy assignment casts the value to a's dtype (2.7 into an int array is 2)
            try (NDArray m = mask.reshape(padded);
                    NDArray mb = m.broadcastTo(shape);
                    NDArray v = value instanceof NDArray arr ? reshapedCast(arr, a.dtype()) : filled(op, a, value)) {
                Providers.ufuncs(mb, v, a)
                        .where(mb, v, a, a); // elementwise in place: each output element reads only itself
            }
            return;
        }
        NDArray v = (NDArray) value;
        try (Positions p = positions(op, a, mask)) {
            long[] want = p.selectedShape();
            long count = p.count(), post = p.post();
            NDArray m = p.m(), pos = p.pos();
            // NumPy: the values broadcast to (count,) + the rest, then land in order
            NDArray vb;
            try {
                vb = v.broadcastTo(want);
            } catch (org.ndgpu.exceptions.ShapeException e) {
                throw new org.ndgpu.exceptions.ShapeException(
                        op + ": NumPy boolean array indexing assignment cannot assign " + v.size()
                                + " input values to the " + count * post
                                + " output values where the mask is true (values of shape "
                                + Shapes.str(v.shape()) + " do not broadcast to " + Shapes.str(want) + ")");
            }
            try (NDArray vbc = vb;
                    NDArray vc = Copies.copy(vbc, a.dtype(), Order.C)) { // the kernel reads it flat, in C order
                NDArray target = a.isCContiguous() ? a : a.copy(Order.C);
                try (NDArray flat = target.reshape(target.size())) {
                    Spec spec = PLACE.computeIfAbsent(
                            a.dtype(),
                            t -> new Spec(
                                    "nd_mask_place_" + t,
                                    List.of(
                                            new Param("y", t, Kind.OUT),
                                            new Param("x", t, Kind.IN),
                                            new Param("m", DType.BOOL, Kind.RAW),
                                            new Param("pos", DType.INT64, Kind.RAW),
                                            new Param("vals", t, Kind.RAW),
                                            new Param("_post", DType.INT64, Kind.SCALAR)),
                                    "long _r = (long)i / _post;\ny = m[_r] ? "
                                            + CTypes.load(t, "(vals + (pos[_r] - 1) * _post + ((long)i - _r * _post))")
                                            + " : x;"));
                    ElementwiseLoop.run(spec, new Object[] {flat, flat, m, pos, vc, post}, flat.shape());
                    if (target != a) Copies.copyInto(target, a);
                } finally {
                    if (target != a) target.close();
                }
            }
        }
    }

    private static NDArray reshapedCast(NDArray v, DType to) {
        try (NDArray r = v.reshape()) {
            return r.astype(to);
        }
    }

    /** A 0-d array of like's dtype holding value, converted as NumPy's assignment does; a value it cannot hold raises naming {@code op}. */
    static NDArray filled(String op, NDArray like, Object value) {
        NDArray v;
        try (var _ = like.device().use()) {
            v = Creation.empty(like.dtype());
        }
        try {
            Copies.assign(op, v, value);
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
        return v;
    }

    /** numpy.nonzero(a): one int64 array of indices per axis, in C order of the nonzero elements. */
    public static NDArray[] nonzero(String op, NDArray a) {
        try (NDArray coords = coordinates(op, a)) {
            NDArray[] out = new NDArray[a.ndim()];
            for (int d = 0; d < out.length; d++) out[d] = coords.get(d).copy();
            return out;
        }
    }

    /** numpy.argwhere(a): the indices of the nonzero elements, shape (count, ndim). */
    public static NDArray argwhere(String op, NDArray a) {
        a.live(op);
        if (a.ndim() == 0) {
            // NumPy: a 0-d array gives shape (1, 0) when it is nonzero, (0, 0) when not
            boolean nonzero;
            try (NDArray ne = a.ne(0)) {
                nonzero = ne.toBooleanArray()[0];
            }
            return NDArray.empty(a.device(), DType.INT64, new long[] {nonzero ? 1 : 0, 0}, Order.C);
        }
        try (NDArray coords = coordinates(op, a);
                NDArray t = coords.T()) {
            return t.copy(Order.C);
        }
    }

    /** numpy.flatnonzero(a): the flat (C-order) indices of the nonzero elements. */
    public static NDArray flatnonzero(String op, NDArray a) {
        a.live(op);
        try (NDArray flat = a.ravel()) {
            NDArray[] nz = nonzero(op, flat);
            return nz[0];
        }
    }

    // (ndim, count) int64: row d holds the d-th coordinate of each nonzero element
    private static NDArray coordinates(String op, NDArray a) {
        a.live(op);
        if (a.ndim() == 0)
            throw new org.ndgpu.exceptions.ShapeException(
                    op + ": calling nonzero on 0d arrays is not allowed; use atleast_1d first");
        try (NDArray m = a.dtype() == DType.BOOL ? a.copy(Order.C) : a.ne(0);
                NDArray flat = m.reshape(m.size());
                NDArray pos = flat.cumsum();
                NDArray dims = fromLongs(a, a.shape())) {
            long count = count(pos);
            NDArray res = NDArray.empty(a.device(), DType.INT64, new long[] {a.ndim(), count}, Order.C);
            if (count > 0)
                ElementwiseLoop.run(COORDS, new Object[] {flat, pos, dims, res, (long) a.ndim(), count}, flat.shape());
            return res;
        }
    }

    private static NDArray fromLongs(NDArray like, long[] v) {
        try (var _ = like.device().use()) {
            return Creation.array(v);
        }
    }

    private static long count(NDArray pos) {
        if (pos.size() == 0) return 0;
        try (NDArray last = pos.get(pos.size() - 1)) {
            return last.toLongArray()[0];
        }
    }

    // the mask must be bool and match a's leading axes; returns its number of axes
    private static int checkMask(String op, NDArray a, NDArray mask) {
        a.live(op);
        mask.live(op);
        Operands.device(op, a, mask);
        if (mask.dtype() != DType.BOOL) {
            throw new DTypeException(op + ": an index array must be a boolean mask, got " + mask.dtype()
                    + " (for integer indices use take)");
        }
        long[] s = a.shape(), ms = mask.shape();
        if (ms.length > s.length) {
            throw new IndexException(op + ": too many indices for array: array is " + s.length + "-dimensional, but "
                    + ms.length + " were indexed");
        }
        for (int d = 0; d < ms.length; d++) {
            if (ms[d] != s[d]) {
                throw new IndexException(op + ": boolean index did not match indexed array along axis " + d
                        + "; size of axis is " + s[d] + " but size of corresponding boolean axis is " + ms[d]);
            }
        }
        return ms.length;
    }
}
