package org.ndgpu.routines.indexing;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.codegen.IndexBoundsFlag;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;

/**
 * numpy.take_along_axis and numpy.put_along_axis: {@code indices} has arr's number of dimensions
 * and picks, for each position of the other axes, elements along {@code axis} (the output of
 * argsort or argmax with keepdims). The other axes broadcast as NumPy's fancy index
 * {@code arr[i0, ..., indices, ...]} of aranges does: the result (or the region written) has the
 * broadcast of arr's and indices' shapes with indices' length on {@code axis}. One kernel over
 * that shape; each element finds its source by its coordinates, with indices' entry in place of
 * the axis coordinate, so neither arr nor indices is copied or broadcast in memory.
 * put_along_axis writes nothing when an index is out of bounds, as NumPy's: the pass before the
 * writes (the claim pass, or a bounds check where there is none) flags a bad index on the device,
 * the writing pass tests the flag, and the flag is read once, after both. With repeated indices the
 * last one wins, as NumPy's: unless each line takes one index and arr is not broadcast, a claim
 * pass comes before the writes ({@link LastWins}), on arr itself when it is C-contiguous, else on a
 * C-ordered copy written back.
 */
public final class AlongAxis {
    private AlongAxis() {}

    private record Key(DType a, DType index) {}

    /** The put kernels: a plain one, and the claim and write passes of {@link LastWins}. */
    private record PutKey(DType a, DType index, int pass, boolean wide) {}

    private static final ConcurrentHashMap<Key, Spec> TAKE = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<PutKey, Spec> PUT = new ConcurrentHashMap<>();

    // the source offset of element i of the broadcast shape, the axis coordinate replaced by ind; one division
    // a dimension, none for the first (what is left of i is its coordinate)
    private static final String OFFSET = """
            long _ar = (long)i, _ao = 0;
            for (long _ad = _nd - 1; _ad >= 0; _ad--) {
                long _at = _ar;
                if (_ad > 0) { const long _an = geo[1 + _ad], _aq = _ar / _an; _at = _ar - _aq * _an; _ar = _aq; }
                if (_ad == _ax) {
                    _at = (long)ind;
                    if (_at < 0) _at += _len;
                    if (_at < 0 || _at >= _len) { geo[0] = 1; _at = 0; }
                }
                _ao += _at * geo[1 + _nd + _ad];
            }
            """;

    private static List<Param> params(Param first, DType a, DType index) {
        return List.of(
                first,
                new Param("ind", index, Kind.IN),
                new Param("src", a, Kind.RAW),
                new Param("geo", DType.INT64, Kind.RAW),
                new Param("_nd", DType.INT64, Kind.SCALAR),
                new Param("_ax", DType.INT64, Kind.SCALAR),
                new Param("_len", DType.INT64, Kind.SCALAR));
    }

    /** numpy.take_along_axis(arr, indices, axis); {@code axis} null takes from the flattened arr with 1-d indices. */
    public static NDArray take(String op, NDArray arr, NDArray indices, Integer axis) {
        arr.live(op);
        indices.live(op);
        Operands.device(op, arr, indices);
        if (!indices.dtype().isInteger())
            throw new IndexException(op + ": `indices` must be an integer array, got " + indices.dtype());
        if (axis == null) {
            if (indices.ndim() != 1)
                throw new ShapeException(
                        op + ": when axis=None, `indices` must have a single dimension, got " + indices.ndim() + "-d");
            try (NDArray flat = arr.ravel()) {
                return take(op, flat, indices, 0);
            }
        }
        Geometry g = geometry(op, arr, indices, axis);
        Sizes.bytes(op, g.shape(), arr.dtype());
        NDArray out = NDArray.empty(arr.device(), arr.dtype(), g.shape(), Order.C);
        try {
            if (out.size() == 0) return out;
            if (g.len() == 0) throw IndexModes.outOfBounds(op, indices, 0, g.ax());
            Spec spec = TAKE.computeIfAbsent(
                    new Key(arr.dtype(), indices.dtype()),
                    k -> new Spec(
                            "nd_take_along_axis_" + k.a() + "_" + k.index(),
                            params(new Param("y", k.a(), Kind.OUT), k.a(), k.index()),
                            OFFSET + "y = " + CTypes.load(k.a(), "(src + _ao)") + ";"));
            try (NDArray geo = g.geo(arr);
                    NDArray src = arr.view(new long[0], new long[0], arr.offset())) {
                ElementwiseLoop.runIntoNew(
                        spec, new Object[] {out, indices, src, geo, (long) g.nd(), (long) g.ax(), g.len()}, g.shape());
                if (IndexModes.flagged(geo)) throw IndexModes.outOfBounds(op, indices, g.len(), g.ax());
            }
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /**
     * numpy.put_along_axis(arr, indices, values, axis): values (an NDArray or a Java number, cast to
     * arr's dtype as NumPy's assignment) broadcast to the indexed region; {@code axis} null puts into
     * the flattened arr, which must then be contiguous.
     */
    public static void put(String op, NDArray arr, NDArray indices, Object values, Integer axis) {
        Operands.checkWriteable(op, arr);
        indices.live(op);
        Operands.device(op, arr, indices);
        if (!indices.dtype().isInteger())
            throw new IndexException(op + ": `indices` must be an integer array, got " + indices.dtype());
        if (axis == null) {
            if (indices.ndim() != 1)
                throw new ShapeException(
                        op + ": when axis=None, `indices` must have a single dimension, got " + indices.ndim() + "-d");
            if (!arr.isCContiguous())
                throw new ShapeException(op + ": axis=None needs a C-contiguous arr to write through its flat view, got"
                        + " strides " + Shapes.str(arr.strides()));
            try (NDArray flat = arr.reshape(arr.size())) {
                put(op, flat, indices, values, 0);
            }
            return;
        }
        Geometry g = geometry(op, arr, indices, axis);
        try (NDArray v = Values.of(op, arr, values, g.shape())) {
            if (Shapes.size(g.shape()) == 0 || g.len() == 0) {
                IndexModes.check(op, indices, g.len(), g.ax());
                return;
            }
            boolean repeats = repeats(arr, g) && !uniform(v);
            NDArray target = !repeats || arr.isCContiguous() ? arr : arr.copy(Order.C);
            try {
                Geometry tg = target == arr ? g : geometry(op, target, indices, axis);
                try (NDArray geo = tg.geo(target)) {
                    if (!repeats) {
                        IndexBoundsFlag.flagOutside(indices, g.len(), geo);
                        write(target, tg, geo, v, indices, 0, null);
                    } else {
                        boolean wide = LastWins.wide(Shapes.size(tg.shape()));
                        try (NDArray win = LastWins.scratch(arr, arr.size(), wide)) {
                            write(target, tg, geo, v, indices, wide ? 3 : 1, win);
                            write(target, tg, geo, v, indices, wide ? 4 : 2, win);
                        }
                    }
                    if (IndexModes.flagged(geo)) throw IndexModes.outOfBounds(op, indices, g.len(), g.ax());
                }
                if (target != arr) Copies.copyInto(target, arr);
            } finally {
                if (target != arr) target.close();
            }
        }
    }

    // whether every write stores the same element of v (a Java number, or an array broadcast from one
    // element): then the writes that meet store the same bits, and which lands last cannot show
    private static boolean uniform(NDArray v) {
        long[] s = v.shape(), st = v.strides();
        for (int d = 0; d < s.length; d++) if (s[d] > 1 && st[d] != 0) return false;
        return true;
    }

    // whether two writes can meet: an axis takes several indices, or arr is broadcast over another axis
    private static boolean repeats(NDArray arr, Geometry g) {
        if (g.shape()[g.ax()] > 1) return true;
        for (int d = 0; d < g.nd(); d++) if (d != g.ax() && arr.shape()[d] != g.shape()[d]) return true;
        return false;
    }

    // pass 0: the plain kernel; 1, 2: the claim and write passes (3, 4 with 64-bit positions). geo[0] is the
    // flag of a bad index, set before the writing pass runs (by the bounds check, or by the claim pass's
    // OFFSET), so that pass writes nothing when it is set
    private static void write(NDArray arr, Geometry g, NDArray geo, NDArray v, NDArray indices, int pass, NDArray win) {
        boolean wide = pass > 2;
        Spec spec = PUT.computeIfAbsent(new PutKey(arr.dtype(), indices.dtype(), pass, wide), k -> {
            String store = "if (geo[0] == 0) { " + CTypes.store(k.a(), "(src + _ao)", "v") + " }";
            List<Param> params = new java.util.ArrayList<>(params(new Param("v", k.a(), Kind.IN), k.a(), k.index()));
            if (k.pass() > 0) params.add(LastWins.param(k.wide()));
            String body = switch (k.pass()) {
                case 0 -> store;
                case 1, 3 -> LastWins.claim(k.wide(), "_ao");
                default -> LastWins.store(k.wide(), "_ao", store);
            };
            String name = "nd_put_along_axis_" + k.a() + "_" + k.index()
                    + (k.pass() == 0 ? "" : (k.pass() % 2 == 1 ? "_claim" : "_write") + (k.wide() ? "64" : ""));
            return new Spec(
                    name, params, OFFSET + body, k.pass() == 0 ? "" : LastWins.preamble(k.wide()), "", "", List.of());
        });
        try (NDArray dst = arr.view(new long[0], new long[0], arr.offset())) {
            Object[] args = win == null
                    ? new Object[] {v, indices, dst, geo, (long) g.nd(), (long) g.ax(), g.len()}
                    : new Object[] {v, indices, dst, geo, (long) g.nd(), (long) g.ax(), g.len(), win};
            ElementwiseLoop.run(spec, args, g.shape());
        }
    }

    /** The broadcast shape, arr's strides in elements over it (0 where arr repeats), the axis and its length. */
    private record Geometry(long[] shape, long[] strides, int ax, long len) {
        int nd() {
            return shape.length;
        }

        // flag, dims, strides: the kernel's geometry on the device
        NDArray geo(NDArray like) {
            long[] g = new long[1 + 2 * shape.length];
            System.arraycopy(shape, 0, g, 1, shape.length);
            System.arraycopy(strides, 0, g, 1 + shape.length, shape.length);
            try (var _ = like.device().use()) {
                return org.ndgpu.ndarray.Creation.array(g);
            }
        }
    }

    private static Geometry geometry(String op, NDArray arr, NDArray indices, int axis) {
        if (indices.ndim() != arr.ndim())
            throw new ShapeException(op + ": `indices` and `arr` must have the same number of dimensions, got "
                    + indices.ndim() + " and " + arr.ndim());
        int nd = arr.ndim();
        int ax = Shapes.axis(op, axis, nd);
        long[] s = arr.shape(), st = arr.strides(), is = indices.shape();
        long[] other = s.clone();
        other[ax] = is[ax];
        long[] shape = Shapes.broadcast(op, other, is);
        long[] strides = new long[nd];
        for (int d = 0; d < nd; d++) strides[d] = s[d] == 1 && d != ax ? 0 : st[d] / arr.itemsize();
        return new Geometry(shape, strides, ax, s[ax]);
    }
}
