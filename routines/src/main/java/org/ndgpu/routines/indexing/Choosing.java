package org.ndgpu.routines.indexing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
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
import org.ndgpu.ndarray.Scalars;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;
import org.ndgpu.spi.Providers;

/**
 * numpy.choose and numpy.select: each element from one of several arrays, picked by an index array
 * (choose) or by the first true of several conditions (select). choose broadcasts the index array
 * and the choices together and copies the choices, in the result's dtype, into one (n, size)
 * array that one kernel reads from (as CuPy's); select fills the result with the default and lays
 * the choices over it with numpy.where, last to first, so the first true condition wins. A Java
 * number among select's choices or as its default is a weak scalar (NEP 50), as NumPy's Python
 * numbers; among choose's it is a 0-d array of its own dtype, as NumPy's asarray makes it.
 */
public final class Choosing {
    private Choosing() {}

    private record Key(DType t, DType index, IndexModes.Mode mode) {}

    private static final ConcurrentHashMap<Key, Spec> CHOOSE = new ConcurrentHashMap<>();

    /** numpy.choose(a, choices, mode): {@code choices} NDArrays or Java numbers, broadcast with the integer a. */
    public static NDArray choose(String op, NDArray a, List<?> choices, String mode) {
        a.live(op);
        IndexModes.Mode m = IndexModes.Mode.of(op, mode);
        if (choices.isEmpty()) throw new NdException(op + ": choices must hold at least one array, got none");
        if (!a.dtype().isInteger()) throw new DTypeException(op + ": a must be an integer array, got " + a.dtype());
        List<NDArray> cs = new ArrayList<>(choices.size());
        try {
            for (int k = 0; k < choices.size(); k++) cs.add(strong(op, a, choices.get(k), k));
            DType t = cs.get(0).dtype();
            long[][] shapes = new long[cs.size() + 1][];
            shapes[0] = a.shape();
            for (int k = 0; k < cs.size(); k++) {
                t = DType.promote(t, cs.get(k).dtype());
                shapes[k + 1] = cs.get(k).shape();
            }
            long[] shape = Shapes.broadcast(op, shapes);
            long nb = Shapes.size(shape), n = cs.size();
            Sizes.bytes(op, new long[] {n, nb}, t);
            NDArray out = NDArray.empty(a.device(), t, shape, Order.C);
            if (nb == 0) return out;
            try (NDArray stacked = NDArray.empty(a.device(), t, new long[] {n, nb}, Order.C);
                    NDArray flag = IndexModes.flag(a)) {
                for (int k = 0; k < n; k++) {
                    try (NDArray row = stacked.get(k);
                            NDArray dst = row.reshape(shape)) {
                        Copies.copyInto(cs.get(k), dst);
                    }
                }
                String normalize = m == IndexModes.Mode.RAISE
                        ? "if (_t < 0 || _t >= _len) { flag[0] = 1; _t = 0; }\n" // choose's raise takes no negatives
                        : m.c("flag");
                Spec spec = CHOOSE.computeIfAbsent(
                        new Key(t, a.dtype(), m),
                        k -> new Spec(
                                "nd_choose_" + k.mode().name().toLowerCase(java.util.Locale.ROOT) + "_" + k.t() + "_"
                                        + k.index(),
                                List.of(
                                        new Param("y", k.t(), Kind.OUT),
                                        new Param("a", k.index(), Kind.IN),
                                        new Param("ch", k.t(), Kind.RAW),
                                        new Param("flag", DType.INT64, Kind.RAW),
                                        new Param("_len", DType.INT64, Kind.SCALAR),
                                        new Param("_nb", DType.INT64, Kind.SCALAR)),
                                "long _t = (long)a;\n" + normalize + "y = "
                                        + CTypes.load(k.t(), "(ch + _t * _nb + (long)i)") + ";"));
                ElementwiseLoop.runIntoNew(spec, new Object[] {out, a, stacked, flag, n, nb}, shape);
                if (m == IndexModes.Mode.RAISE && IndexModes.flagged(flag)) {
                    for (long v : a.toLongArray()) {
                        if (v < 0 || v >= n)
                            throw new IndexException(
                                    op + ": invalid entry in choice array: expected 0 <= a < " + n + ", got " + v);
                    }
                }
                return out;
            } catch (RuntimeException e) {
                out.close();
                throw e;
            }
        } finally {
            cs.forEach(NDArray::close);
        }
    }

    // a choice as an array: an NDArray as it is (a view to close), a Java number as a 0-d array of its own dtype
    private static NDArray strong(String op, NDArray like, Object c, int k) {
        switch (c) {
            case null -> throw new NullPointerException(op + ": choices[" + k + "] is null");
            case NDArray v -> {
                v.live(op);
                Operands.device(op, like, v);
                return v.view(v.shape(), v.strides(), v.offset());
            }
            case Number n -> {
                try (var _ = like.device().use()) {
                    return Creation.full(n, DType.ofJavaValue(n));
                }
            }
            case Boolean b -> {
                try (var _ = like.device().use()) {
                    return Creation.full(b, DType.BOOL);
                }
            }
            default ->
                throw new DTypeException(op + ": choices[" + k + "] must be an NDArray or a Java number, got "
                        + c.getClass().getSimpleName());
        }
    }

    /**
     * numpy.select(condlist, choicelist, default): where condlist[k] is the first true condition,
     * choicelist[k]; where none is, default. Conditions are boolean arrays; choices and default
     * NDArrays or Java numbers.
     */
    public static NDArray select(String op, List<NDArray> condlist, List<?> choicelist, Object defaultValue) {
        if (condlist.size() != choicelist.size())
            throw new ShapeException(op + ": list of cases must be same length as list of conditions, got "
                    + choicelist.size() + " choices for " + condlist.size() + " conditions");
        if (condlist.isEmpty()) throw new NdException(op + ": select with an empty condition list is not possible");
        if (defaultValue == null) throw new NullPointerException(op + ": default is null");
        List<Object> values = new ArrayList<>(choicelist);
        values.add(defaultValue);
        NDArray first = null;
        List<long[]> shapes = new ArrayList<>();
        DType strong = null;
        for (int k = 0; k < condlist.size(); k++) {
            NDArray c = condlist.get(k);
            if (c == null) throw new NullPointerException(op + ": condlist[" + k + "] is null");
            c.live(op);
            if (first == null) first = c;
            Operands.device(op, first, c);
            if (c.dtype() != DType.BOOL)
                throw new DTypeException(
                        op + ": invalid entry " + k + " in condlist: should be boolean ndarray, got " + c.dtype());
            shapes.add(c.shape());
        }
        for (int k = 0; k < values.size(); k++) {
            Object v = values.get(k);
            if (v == null) throw new NullPointerException(op + ": choicelist[" + k + "] is null");
            if (v instanceof NDArray arr) {
                arr.live(op);
                Operands.device(op, first, arr);
                strong = strong == null ? arr.dtype() : DType.promote(strong, arr.dtype());
                if (k < choicelist.size()) shapes.add(arr.shape());
            } else if (!(v instanceof Number || v instanceof Boolean)) {
                throw new DTypeException(op + ": choicelist[" + k + "] must be an NDArray or a Java number, got "
                        + v.getClass().getSimpleName());
            }
        }
        DType t = strong;
        for (Object v : values) {
            if (v instanceof NDArray) continue;
            t = t == null ? DType.ofJavaValue(v) : Scalars.weak(op, v, t);
        }
        long[] shape = Shapes.broadcast(op, shapes.toArray(long[][]::new));
        Sizes.bytes(op, shape, t);
        NDArray out;
        try (var _ = first.device().use()) {
            out = Creation.empty(t, shape);
        }
        try {
            if (defaultValue instanceof NDArray d) {
                try (NDArray db = Values.of(op, out, d, shape)) {
                    Copies.copyInto(db, out);
                }
            } else {
                Copies.assign(op, out, defaultValue);
            }
            for (int k = condlist.size() - 1; k >= 0; k--) {
                Object c = choicelist.get(k);
                try (NDArray v = c instanceof NDArray arr
                        ? arr.view(arr.shape(), arr.strides(), arr.offset())
                        : Masking.filled(op, out, c)) {
                    Providers.ufuncs().where(condlist.get(k), v, out, out);
                }
            }
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }
}
