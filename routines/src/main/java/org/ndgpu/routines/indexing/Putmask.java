package org.ndgpu.routines.indexing;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * numpy.putmask and numpy.place: where the mask (of a's size, any dtype, nonzero is true) is true,
 * a's element in C order becomes one of the values, repeated cyclically. putmask takes the value
 * at the element's own flat position n ({@code values[n % len]}); place takes the values in turn,
 * the k-th selected element {@code values[k % len]}, its rank from the device cumsum of the mask.
 * One kernel over a, in place when a is C-contiguous (else through a C-ordered copy written back).
 */
public final class Putmask {
    private Putmask() {}

    private static final ConcurrentHashMap<DType, Spec> PUTMASK = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<DType, Spec> PLACE = new ConcurrentHashMap<>();

    /** numpy.putmask(a, mask, values): {@code a.flat[n] = values[n % len(values)]} where {@code mask.flat[n]}. */
    public static void putmask(String op, NDArray a, NDArray mask, Object values) {
        checkSafe(op, a, values);
        try (NDArray m = flatMask(op, a, mask);
                NDArray v = Values.flat(op, a, values)) {
            if (v.size() == 0 || a.size() == 0) return;
            Spec spec = PUTMASK.computeIfAbsent(
                    a.dtype(),
                    t -> new Spec(
                            "nd_putmask_" + t,
                            List.of(
                                    new Param("y", t, Kind.OUT),
                                    new Param("x", t, Kind.IN),
                                    new Param("m", DType.BOOL, Kind.IN),
                                    new Param("vals", t, Kind.RAW),
                                    new Param("_nv", DType.INT64, Kind.SCALAR)),
                            "y = m ? " + CTypes.load(t, "(vals + (long)i % _nv)") + " : x;"));
            inPlace(a, flat -> ElementwiseLoop.run(spec, new Object[] {flat, flat, m, v, v.size()}, flat.shape()));
        }
    }

    /** numpy.place(arr, mask, vals): the selected elements take vals in turn, repeated cyclically. */
    public static void place(String op, NDArray arr, NDArray mask, Object vals) {
        checkSafe(op, arr, vals);
        try (NDArray m = flatMask(op, arr, mask);
                NDArray v = Values.flat(op, arr, vals);
                NDArray pos = m.cumsum()) {
            if (arr.size() == 0) return;
            if (v.size() == 0) {
                long count;
                try (NDArray last = pos.get(pos.size() - 1)) {
                    count = last.toLongArray()[0];
                }
                if (count > 0) throw new NdException(op + ": Cannot insert from an empty array!");
                return;
            }
            Spec spec = PLACE.computeIfAbsent(
                    arr.dtype(),
                    t -> new Spec(
                            "nd_place_" + t,
                            List.of(
                                    new Param("y", t, Kind.OUT),
                                    new Param("x", t, Kind.IN),
                                    new Param("m", DType.BOOL, Kind.IN),
                                    new Param("pos", DType.INT64, Kind.IN),
                                    new Param("vals", t, Kind.RAW),
                                    new Param("_nv", DType.INT64, Kind.SCALAR)),
                            "y = m ? " + CTypes.load(t, "(vals + (pos - 1) % _nv)") + " : x;"));
            inPlace(
                    arr,
                    flat -> ElementwiseLoop.run(spec, new Object[] {flat, flat, m, pos, v, v.size()}, flat.shape()));
        }
    }

    // NumPy casts an array of values by the 'safe' rule (float64 values into int64 raise TypeError); Java
    // numbers and Java arrays are its Python scalars and lists, converted as Values.flat does
    private static void checkSafe(String op, NDArray a, Object values) {
        if (values instanceof NDArray v) {
            a.live(op);
            Operands.checkCast(op, v.live(op).dtype(), a.dtype(), org.ndgpu.ndarray.Casting.SAFE);
        }
    }

    // a writeable, the mask of a's size: the mask as a flat bool array
    private static NDArray flatMask(String op, NDArray a, NDArray mask) {
        Operands.checkWriteable(op, a);
        mask.live(op);
        Operands.device(op, a, mask);
        if (mask.size() != a.size())
            throw new ShapeException(op + ": mask and data must be the same size, got a mask of shape "
                    + Shapes.str(mask.shape()) + " for data of shape " + Shapes.str(a.shape()));
        try (NDArray b =
                mask.dtype() == DType.BOOL ? mask.view(mask.shape(), mask.strides(), mask.offset()) : mask.ne(0)) {
            return b.isCContiguous() ? b.reshape(b.size()) : b.flatten();
        }
    }

    // the body over a's elements in C order: on a's own memory when it is C-contiguous
    private static void inPlace(NDArray a, java.util.function.Consumer<NDArray> body) {
        NDArray target = a.isCContiguous() ? a : a.copy(Order.C);
        try (NDArray flat = target.reshape(target.size())) {
            body.accept(flat);
            if (target != a) Copies.copyInto(target, a);
        } finally {
            if (target != a) target.close();
        }
    }
}
