package org.ndgpu.routines.manipulation;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.indexing.Compaction;
import org.ndgpu.routines.indexing.Compress;
import org.ndgpu.routines.indexing.Masking;

/**
 * numpy.delete: the sub-arrays along an axis that {@code obj} does not name, as CuPy's: a keep-mask
 * of the axis is made on the device (ones, then one kernel sets {@code obj}'s entries false and
 * flags an index out of bounds; or the negation of a boolean {@code obj}), and the kept slices are
 * a {@link Compaction} of a 1-d array (the flattened default: count, scan and scatter kernels, no
 * positions array, the count read back after them), a mask selection along the first axis of a
 * larger one (one scan, its count read back, one compaction kernel), or numpy.compress along
 * another. The flag is read after the selection, so a valid call reads back
 * the count alone and no index; Java indices are checked on the host and their flag is not read.
 */
public final class Deleting {
    private Deleting() {}

    private static final Map<DType, Spec> MARK = new ConcurrentHashMap<>();

    /** numpy.delete(arr, obj, axis): obj an integer or boolean NDArray, long[], int[] or Java integer; axis null flattens arr. */
    public static NDArray delete(String op, NDArray arr, Object obj, Integer axis) {
        arr.live(op);
        if (axis == null) {
            try (NDArray flat = arr.ravel()) {
                return delete(op, flat, obj, 0);
            }
        }
        int ax = Shapes.axis(op, axis, arr.ndim());
        long n = arr.shape(ax);
        try (var _ = arr.device().use();
                NDArray idx = indexArray(op, obj)) {
            Operands.device(op, arr, idx);
            if (idx.dtype() == DType.BOOL) {
                if (idx.ndim() != 1 || idx.size() != n)
                    throw new ShapeException(op + ": boolean array argument obj to delete must be one dimensional"
                            + " and match the axis length of " + n + ", got shape " + Shapes.str(idx.shape()));
                try (NDArray keep = idx.logicalNot()) {
                    return select(op, arr, keep, ax);
                }
            }
            if (!idx.dtype().isInteger())
                throw new IndexException(
                        op + ": arrays used as indices must be of integer (or boolean) type, got " + idx.dtype());
            // Java indices are checked where they are, so nothing is read back for them
            boolean onHost = !(obj instanceof NDArray);
            if (onHost) checkBounds(op, idx.size() == 0 ? new long[0] : hostValues(obj), n, ax);
            try (NDArray keep = Creation.ones(DType.BOOL, n);
                    NDArray flag = Creation.zeros(DType.INT64, 1)) {
                if (idx.size() > 0) {
                    Spec spec = MARK.computeIfAbsent(idx.dtype(), Deleting::mark);
                    ElementwiseLoop.runIntoNew(spec, new Object[] {idx, keep, flag, n}, idx.shape());
                }
                boolean checkFlag = !onHost && idx.size() > 0;
                NDArray out;
                if (ax == 0 && Compaction.handles(arr)) {
                    // the flag comes back with the compaction's count
                    out = Compaction.select(arr, keep, checkFlag ? flag : null);
                    if (out != null) return out;
                } else {
                    out = select(op, arr, keep, ax);
                    if (!checkFlag || flag.toLongArray()[0] == 0) return out;
                    out.close();
                }
                checkBounds(op, idx.toLongArray(), n, ax);
                throw new IllegalStateException(op + ": the index check flagged an index that is in range");
            }
        }
    }

    // NumPy's IndexError for the least index if it is below -n, else for the greatest if it is n or more
    private static void checkBounds(String op, long[] idx, long n, int ax) {
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (long k : idx) {
            min = Math.min(min, k);
            max = Math.max(max, k);
        }
        if (min < -n || max >= n)
            throw new IndexException(
                    op + ": index " + (min < -n ? min : max) + " is out of bounds for axis " + ax + " with size " + n);
    }

    // the values of a Java obj (long[], int[], Long or Integer; indexArray has taken only these)
    private static long[] hostValues(Object obj) {
        return switch (obj) {
            case long[] v -> v;
            case int[] v -> java.util.Arrays.stream(v).asLongStream().toArray();
            case Long v -> new long[] {v};
            case Integer v -> new long[] {v};
            default -> throw new IllegalStateException("not a Java index: " + obj.getClass());
        };
    }

    // the kept slices: a compaction of a 1-d arr, a mask selection along the first axis, compress along another
    private static NDArray select(String op, NDArray arr, NDArray keep, int ax) {
        if (ax == 0 && Compaction.handles(arr)) return Compaction.select(arr, keep, null);
        return ax == 0 ? Masking.select(op, arr, keep) : Compress.compress(op, keep, arr, ax);
    }

    // keep[k] = false for each index k (negative from the end); one outside [-len, len) sets flag[0]
    private static Spec mark(DType t) {
        return new Spec(
                "nd_delete_mark_" + t,
                List.of(
                        new Param("k", t, Kind.IN),
                        new Param("keep", DType.BOOL, Kind.RAW),
                        new Param("flag", DType.INT64, Kind.RAW),
                        new Param("_len", DType.INT64, Kind.SCALAR)),
                "long _t = (long)k;\nif (_t < 0) _t += _len;\n"
                        + "if (_t < 0 || _t >= _len) *flag = 1; else *(keep + _t) = 0;");
    }

    /** An NDArray as it is (a view to close), or a Java integer or integer array as an int64 array. */
    static NDArray indexArray(String op, Object obj) {
        return switch (obj) {
            case NDArray v -> v.live(op).view(v.shape(), v.strides(), v.offset());
            case long[] v -> Creation.array(v);
            case int[] v -> Creation.array(v);
            case Long v -> Creation.full(v, DType.INT64);
            case Integer v -> Creation.full((long) v, DType.INT64);
            case null -> throw new NullPointerException(op + ": obj is null");
            default ->
                throw new DTypeException(op + ": obj must be an integer or boolean NDArray, long[], int[] or a Java"
                        + " integer, got " + obj.getClass().getSimpleName());
        };
    }
}
