package org.ndgpu.routines.indexing;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;

/**
 * numpy.unravel_index and numpy.ravel_multi_index: flat indices to coordinates in an array of a
 * given shape and back, in C or Fortran order, one kernel each. unravel_index writes every
 * coordinate of an index into one (ndim, n) int64 array whose rows are the results; ravel_multi_index
 * copies the broadcast coordinate arrays into one (ndim, n) int64 array (as the gather of fancy
 * indexing does) and applies each axis's mode ('raise', 'wrap', 'clip'). An index out of range
 * sets a flag read back once; the bad one is then found on the host.
 */
public final class MultiIndex {
    private MultiIndex() {}

    private static final ConcurrentHashMap<DType, Spec> UNRAVEL = new ConcurrentHashMap<>();

    // geo: flag, then dims in the order the coordinates are peeled (last axis first for C order)
    private static final Spec RAVEL = new Spec(
            "nd_ravel_multi_index",
            List.of(
                    new Param("y", DType.INT64, Kind.OUT),
                    new Param("co", DType.INT64, Kind.RAW),
                    new Param("geo", DType.INT64, Kind.RAW),
                    new Param("_nd", DType.INT64, Kind.SCALAR),
                    new Param("_nb", DType.INT64, Kind.SCALAR),
                    new Param("_f", DType.INT64, Kind.SCALAR)),
            """
            long _ms = 1, _mr = 0;
            for (long _mk = 0; _mk < _nd; _mk++) {
                long _md = _f ? _mk : _nd - 1 - _mk;
                long _len = geo[1 + _md], _t = co[_md * _nb + (long)i], _mode = geo[1 + _nd + _md];
                if (_mode == 1) { _t %= _len; if (_t < 0) _t += _len; }
                else if (_mode == 2) { if (_t < 0) _t = 0; else if (_t >= _len) _t = _len - 1; }
                else if (_t < 0 || _t >= _len) { geo[0] = 1; _t = 0; }
                _mr += _t * _ms;
                _ms *= _len;
            }
            y = _mr;""");

    /**
     * numpy.unravel_index(indices, shape, order): one int64 array of indices' shape per axis of
     * shape; indices an integer NDArray, long[], int[] or Java integer.
     */
    public static NDArray[] unravelIndex(String op, Object indices, long[] shape, Order order) {
        boolean fortran = fortran(op, order);
        if (indices instanceof NDArray i) return unravelIndex(op, i.live(op), shape, fortran);
        try (NDArray i = Take.indexArray(op, indices)) {
            return unravelIndex(op, i, shape, fortran);
        }
    }

    private static boolean fortran(String op, Order order) {
        if (order == null) throw new NullPointerException(op + ": order is null");
        if (order != Order.C && order != Order.F)
            throw new NdException(op + ": only 'C' or 'F' order is permitted, got '" + order + "'");
        return order == Order.F;
    }

    private static NDArray[] unravelIndex(String op, NDArray indices, long[] shape, boolean fortran) {
        if (!indices.dtype().isInteger())
            throw new DTypeException(op + ": only int indices permitted, got " + indices.dtype());
        if (shape.length == 0 && indices.ndim() == 0) {
            // np.unravel_index(0, ()) is (): the one element of a 0-d array has no coordinates
            long v = indices.toLongArray()[0];
            if (v != 0) {
                String shown = indices.dtype() == DType.UINT64 ? Long.toUnsignedString(v) : Long.toString(v);
                throw new IndexException(op + ": index " + shown + " is out of bounds for array with size 1");
            }
            return new NDArray[0];
        }
        if (shape.length == 0)
            throw new ShapeException(op + ": multiple indices are not supported for 0d arrays (shape is ())");
        long size = 1;
        for (long d : shape) {
            if (d < 0) throw new ShapeException(op + ": dimensions must be non-negative, got " + Shapes.str(shape));
            size = Sizes.multiply(op, "the size of " + Shapes.str(shape), size, d);
        }
        int nd = shape.length;
        long n = indices.size();
        NDArray res = NDArray.empty(indices.device(), DType.INT64, new long[] {nd, n}, Order.C);
        try {
            if (n > 0 && size == 0)
                throw new IndexException(
                        op + ": index " + indices.toLongArray()[0] + " is out of bounds for array with size 0");
            if (n > 0) {
                long[] geo = new long[1 + nd];
                for (int k = 0; k < nd; k++) geo[1 + k] = shape[fortran ? k : nd - 1 - k];
                Spec spec = UNRAVEL.computeIfAbsent(
                        indices.dtype(),
                        t -> new Spec(
                                "nd_unravel_index_" + t,
                                List.of(
                                        new Param("ind", t, Kind.IN),
                                        new Param("res", DType.INT64, Kind.RAW),
                                        new Param("geo", DType.INT64, Kind.RAW),
                                        new Param("_nd", DType.INT64, Kind.SCALAR),
                                        new Param("_nb", DType.INT64, Kind.SCALAR),
                                        new Param("_f", DType.INT64, Kind.SCALAR),
                                        new Param("_size", DType.INT64, Kind.SCALAR)),
                                """
                                long _ut = (long)ind;
                                if (_ut < 0 || _ut >= _size) { geo[0] = 1; _ut = 0; }
                                for (long _uk = 0; _uk < _nd; _uk++) {
                                    long _ud = _f ? _uk : _nd - 1 - _uk, _un = geo[1 + _uk];
                                    res[_ud * _nb + (long)i] = _ut % _un;
                                    _ut /= _un;
                                }"""));
                try (NDArray g = longs(indices, geo)) {
                    ElementwiseLoop.run(
                            spec,
                            new Object[] {indices, res, g, (long) nd, n, fortran ? 1L : 0L, size},
                            indices.shape());
                    if (IndexModes.flagged(g)) {
                        for (long t : indices.toLongArray()) {
                            if (t < 0 || t >= size)
                                throw new IndexException(
                                        op + ": index " + t + " is out of bounds for array with size " + size);
                        }
                    }
                }
            }
            NDArray[] out = new NDArray[nd];
            for (int k = 0; k < nd; k++) {
                try (NDArray row = res.get(k)) {
                    out[k] = row.reshape(indices.shape());
                }
            }
            return out;
        } finally {
            res.close();
        }
    }

    /** One {@code mode} for every axis of {@code dims} (at least one), for ravel_multi_index's single-mode form. */
    public static String[] everyAxis(long[] dims, String mode) {
        java.util.Objects.requireNonNull(dims, "ravel_multi_index: dims is null");
        String[] modes = new String[Math.max(dims.length, 1)];
        java.util.Arrays.fill(modes, mode);
        return modes;
    }

    /**
     * numpy.ravel_multi_index(multi_index, dims, mode, order): the flat int64 index of each
     * coordinate tuple, the coordinate arrays broadcast together; {@code modes} one mode per axis
     * (NumPy refuses a list of another length).
     */
    public static NDArray ravelMultiIndex(
            String op, List<NDArray> multiIndex, long[] dims, List<String> modes, Order order) {
        boolean fortran = fortran(op, order);
        int nd = dims.length;
        if (multiIndex.size() != nd)
            throw new ShapeException(
                    op + ": parameter multi_index must be a sequence of length " + nd + ", got " + multiIndex.size());
        if (nd == 0) throw new ShapeException(op + ": dims must hold at least one dimension, got ()");
        if (modes.size() != nd)
            throw new NdException(
                    op + ": list of clipmodes has wrong length (" + modes.size() + " instead of " + nd + ")");
        long[][] shapes = new long[nd][];
        long size = 1;
        for (int k = 0; k < nd; k++) {
            NDArray c = multiIndex.get(k);
            if (c == null) throw new NullPointerException(op + ": multi_index[" + k + "] is null");
            c.live(op);
            Operands.device(op, multiIndex.get(0), c);
            if (!c.dtype().isInteger())
                throw new DTypeException(
                        op + ": only int indices permitted, got " + c.dtype() + " in multi_index[" + k + "]");
            if (dims[k] < 0) throw new ShapeException(op + ": dims must be non-negative, got " + Shapes.str(dims));
            size = Sizes.multiply(op, "the size of " + Shapes.str(dims), size, dims[k]);
            shapes[k] = c.shape();
        }
        long[] geo = new long[1 + 2 * nd];
        for (int k = 0; k < nd; k++) {
            geo[1 + k] = dims[k];
            IndexModes.Mode m = IndexModes.Mode.of(op, modes.get(k));
            geo[1 + nd + k] = m == IndexModes.Mode.WRAP ? 1 : m == IndexModes.Mode.CLIP ? 2 : 0;
        }
        long[] b = Shapes.broadcast(op, shapes);
        long nb = Shapes.size(b);
        NDArray first = multiIndex.get(0);
        NDArray out = NDArray.empty(first.device(), DType.INT64, b, Order.C);
        if (nb == 0) return out;
        try (NDArray co = NDArray.empty(first.device(), DType.INT64, new long[] {nd, nb}, Order.C);
                NDArray g = longs(first, geo)) {
            for (int k = 0; k < nd; k++) {
                try (NDArray row = co.get(k);
                        NDArray rowB = row.reshape(b)) {
                    Copies.copyInto(multiIndex.get(k), rowB);
                }
            }
            for (int k = 0; k < nd; k++) {
                if (dims[k] == 0 && geo[1 + nd + k] != 0)
                    throw new IndexException(op + ": cannot wrap or clip into the empty dimension " + k);
            }
            ElementwiseLoop.runIntoNew(RAVEL, new Object[] {out, co, g, (long) nd, nb, fortran ? 1L : 0L}, b);
            if (IndexModes.flagged(g)) {
                long[] all = co.toLongArray();
                for (int k = 0; k < nd; k++) {
                    for (long j = 0; j < nb; j++) {
                        long t = all[(int) (k * nb + j)];
                        if (geo[1 + nd + k] == 0 && (t < 0 || t >= dims[k]))
                            throw new IndexException(op + ": invalid entry in coordinates array: index " + t
                                    + " is out of bounds for axis " + k + " with size " + dims[k]);
                    }
                }
            }
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static NDArray longs(NDArray like, long[] v) {
        try (var _ = like.device().use()) {
            return Creation.array(v);
        }
    }
}
