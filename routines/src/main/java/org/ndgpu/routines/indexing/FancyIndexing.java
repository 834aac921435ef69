package org.ndgpu.routines.indexing;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.IndexExpr;
import org.ndgpu.ndarray.IndexExpr.Item;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * NumPy's advanced ("fancy") indexing: {@code a[[2, 0]]}, {@code a[:, [0, 2]]},
 * {@code a[[0, 2], [1, 3]]}, {@code a[idx] = v}, with integer and boolean lists or arrays mixed with
 * integers, slices, None and Ellipsis, by NumPy's rules:
 * <ul>
 * <li>the index arrays broadcast together to one shape B, and each result element reads
 *     {@code a[..., i0[b], ..., i1[b], ...]};</li>
 * <li>B takes the place of the first advanced index when the advanced indices (integers count as
 *     advanced once an array is present) stand next to each other, else B comes first;</li>
 * <li>a boolean array of k dimensions is its k nonzero() arrays (a lone mask goes to {@link Masking},
 *     which needs no coordinates); a 0-d boolean adds an axis of length 1 or 0;</li>
 * <li>negative indices count from the end; any index out of range is an IndexException naming the
 *     axis, the index and the size, raised before anything is written.</li>
 * </ul>
 * The basic items become a view, the advanced ones one gather or scatter kernel ({@link Gather}).
 * Assigning with repeated indices writes the last of their values in C order, as NumPy does: an
 * integer index array costs a claim pass before the writes ({@link LastWins}), and a target that
 * is not C-contiguous is written through a C-ordered copy; masks and basic indices, whose elements
 * are distinct, take the one pass.
 */
public final class FancyIndexing {
    private FancyIndexing() {}

    /** a[items]: a new array. */
    public static NDArray get(String op, NDArray a, List<Item> items) {
        a.live(op);
        List<NDArray> temps = new ArrayList<>();
        try {
            List<Object> norm = normalize(op, a, items, temps);
            NDArray mask = loneMask(norm);
            if (mask != null) return Masking.select(op, a, mask);
            Gather.Plan p = plan(op, a, norm, temps);
            if (p == null) return basicView(op, a, norm).copy();
            return Gather.gather(op, p);
        } finally {
            for (NDArray t : temps) t.close();
        }
    }

    /** a[items] = value: value (an NDArray or a number) broadcast to the indexing result and cast to a's dtype. */
    public static void set(String op, NDArray a, List<Item> items, Object value) {
        a.live(op);
        Operands.checkWriteable(op, a);
        List<NDArray> temps = new ArrayList<>();
        try {
            List<Object> norm = normalize(op, a, items, temps);
            NDArray mask = loneMask(norm);
            if (mask != null) {
                Masking.assign(op, a, mask, value);
                return;
            }
            boolean distinct = norm.stream().noneMatch(o -> o instanceof IntArray);
            NDArray target = distinct || a.isCContiguous() || !anyArray(norm) ? a : a.copy(Order.C);
            try {
                Gather.Plan p = plan(op, target, norm, temps);
                if (p == null) {
                    try (NDArray v = basicView(op, a, norm)) {
                        org.ndgpu.ndarray.Copies.assign(op, v, value);
                    }
                    return;
                }
                try (NDArray v = values(op, a, value, p.outShape())) {
                    Gather.scatter(op, p, v, distinct);
                }
                if (target != a) org.ndgpu.ndarray.Copies.copyInto(target, a);
            } finally {
                if (target != a) target.close();
            }
        } finally {
            for (NDArray t : temps) t.close();
        }
    }

    private static boolean anyArray(List<Object> norm) {
        return norm.stream().anyMatch(o -> o instanceof IntArray || o instanceof BoolArray);
    }

    /** A Java number or an array on a's device, cast to a's dtype and broadcast to {@code shape}; a copy when it shares a's memory. */
    private static NDArray values(String op, NDArray a, Object value, long[] shape) {
        NDArray v;
        if (value instanceof NDArray arr) {
            Operands.device(op, a, arr);
            v = arr.sharesMemory(a) || arr.dtype() != a.dtype()
                    ? arr.astype(a.dtype())
                    : arr.view(arr.shape(), arr.strides(), arr.offset());
        } else {
            if (value == null) throw new NullPointerException(op + ": value is null");
            v = Masking.filled(op, a, value);
        }
        try (NDArray owned = v) {
            return owned.broadcastTo(shape);
        } catch (ShapeException e) {
            throw new ShapeException(op + ": shape mismatch: value array of shape " + Shapes.str(v.shape())
                    + " could not be broadcast to indexing result of shape " + Shapes.str(shape));
        }
    }

    /** An integer index array on a's device, int64 or narrower, at least 1-d. */
    record IntArray(NDArray array) {}

    /** A boolean index array on a's device. */
    record BoolArray(NDArray array) {}

    // lists become device arrays, arrays are checked (live, device, dtype); 0-d integer arrays become integers
    private static List<Object> normalize(String op, NDArray a, List<Item> items, List<NDArray> temps) {
        List<Object> out = new ArrayList<>();
        for (Item it : items) {
            switch (it) {
                case null -> throw new NullPointerException(op + ": an index item is null");
                case IndexExpr.Ints l ->
                    out.add(new IntArray(own(
                            temps, onDevice(a, () -> Creation.array(l.values(), DType.INT64, l.shape())))));
                case IndexExpr.Bools l ->
                    out.add(new BoolArray(own(temps, onDevice(a, () -> {
                        try (NDArray flat = Creation.array(l.values())) {
                            return flat.reshape(l.shape()); // a 0-d True or False too
                        }
                    }))));
                case IndexExpr.Array x -> {
                    NDArray arr = x.array();
                    if (arr == null) throw new NullPointerException(op + ": an index array is null");
                    Operands.device(op, a, arr);
                    if (arr.dtype() == DType.BOOL) out.add(new BoolArray(arr));
                    else if (!arr.dtype().isInteger()) {
                        throw new IndexException(op
                                + ": arrays used as indices must be of integer (or boolean) type, got " + arr.dtype());
                    } else if (arr.ndim() == 0) out.add(new IndexExpr.Int(arr.toLongArray()[0]));
                    else out.add(new IntArray(arr));
                }
                default -> out.add(it);
            }
        }
        int consumed = 0;
        for (Object o : out) {
            if (o instanceof IndexExpr.Int || o instanceof IndexExpr.Slice || o instanceof IntArray) consumed++;
            else if (o instanceof BoolArray b) consumed += b.array().ndim();
        }
        if (consumed > a.ndim()) {
            throw new IndexException(op + ": too many indices for array: array is " + a.ndim() + "-dimensional, but "
                    + consumed + " were indexed");
        }
        return out;
    }

    private static NDArray own(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }

    private static NDArray onDevice(NDArray like, java.util.function.Supplier<NDArray> make) {
        try (var _ = like.device().use()) {
            return make.get();
        }
    }

    // a[mask] and a[mask, ...] and a[mask, :, :]: the mask path, which needs no coordinates
    private static NDArray loneMask(List<Object> norm) {
        if (norm.isEmpty() || !(norm.get(0) instanceof BoolArray b) || b.array().ndim() == 0) return null;
        for (int i = 1; i < norm.size(); i++) {
            Object o = norm.get(i);
            boolean full = o instanceof IndexExpr.Ellipsis
                    || (o instanceof IndexExpr.Slice s
                            && s.start() == null
                            && s.stop() == null
                            && (s.step() == null || s.step() == 1));
            if (!full) return null;
        }
        return b.array();
    }

    // only basic items left (every array was 0-d): the view NumPy's basic indexing gives
    private static NDArray basicView(String op, NDArray a, List<Object> norm) {
        List<Item> items = new ArrayList<>();
        for (Object o : norm) items.add((Item) o);
        IndexExpr.View v = IndexExpr.apply(op, items, a.shape(), a.strides(), a.offset());
        return a.view(v.shape(), v.strides(), v.offset());
    }

    /**
     * The gather plan: the basic items applied as a view's geometry (in elements), the advanced
     * indices broadcast together, and where their shape goes in the result; null when no array is left.
     */
    private static Gather.Plan plan(String op, NDArray a, List<Object> norm, List<NDArray> temps) {
        if (!anyArray(norm)) return null;
        long[] shape = a.shape(), strides = a.strides();
        int itemsize = a.itemsize();
        int consumed = 0;
        for (Object o : norm) {
            if (o instanceof IndexExpr.Int || o instanceof IndexExpr.Slice || o instanceof IntArray) consumed++;
            else if (o instanceof BoolArray b) consumed += b.array().ndim();
        }
        List<Long> vShape = new ArrayList<>(), vStrides = new ArrayList<>();
        List<Gather.Adv> advs = new ArrayList<>();
        long offset = a.offset();
        int dim = 0, bPos = -1, lastAdv = -2;
        boolean adjacent = true;
        for (int pos = 0; pos < norm.size(); pos++) {
            Object o = norm.get(pos);
            boolean advanced = o instanceof IndexExpr.Int || o instanceof IntArray || o instanceof BoolArray;
            if (advanced) {
                if (bPos < 0) bPos = vShape.size();
                else if (lastAdv != pos - 1) adjacent = false;
                lastAdv = pos;
            }
            switch (o) {
                case IndexExpr.Ellipsis e -> {
                    for (int k = shape.length - consumed; k > 0; k--, dim++) {
                        vShape.add(shape[dim]);
                        vStrides.add(strides[dim]);
                    }
                }
                case IndexExpr.NewAxis n -> {
                    vShape.add(1L);
                    vStrides.add(0L);
                }
                case IndexExpr.Slice s -> {
                    long[] r = IndexExpr.sliceIndices(s, shape[dim]);
                    if (r[3] > 0) offset += r[0] * strides[dim];
                    vShape.add(r[3]);
                    vStrides.add(r[3] > 1 ? strides[dim] * r[2] : strides[dim]);
                    dim++;
                }
                case IndexExpr.Int i -> {
                    long idx = i.index(), size = shape[dim];
                    if (idx < -size || idx >= size) {
                        throw new IndexException(
                                op + ": index " + idx + " is out of bounds for axis " + dim + " with size " + size);
                    }
                    offset += (idx < 0 ? idx + size : idx) * strides[dim];
                    dim++;
                }
                case IntArray x -> {
                    advs.add(new Gather.Adv(x.array(), shape[dim], strides[dim], dim));
                    dim++;
                }
                case BoolArray b -> {
                    dim = expandMask(op, a, b.array(), dim, advs, temps);
                }
                default -> throw new IllegalStateException("index item " + o);
            }
        }
        for (; dim < shape.length; dim++) {
            vShape.add(shape[dim]);
            vStrides.add(strides[dim]);
        }
        long[][] shapes = new long[advs.size()][];
        for (int k = 0; k < shapes.length; k++) shapes[k] = advs.get(k).index().shape();
        long[] b;
        try {
            b = Shapes.broadcast(op, shapes);
        } catch (ShapeException e) {
            StringBuilder s = new StringBuilder();
            for (long[] sh : shapes) s.append(' ').append(Shapes.str(sh));
            throw new IndexException(
                    op + ": shape mismatch: indexing arrays could not be broadcast together with shapes" + s);
        }
        long[] vs = vShape.stream().mapToLong(Long::longValue).toArray();
        long[] vst = vStrides.stream().mapToLong(Long::longValue).toArray();
        for (int d = 0; d < vst.length; d++) vst[d] = elements(op, vst[d], itemsize);
        for (int k = 0; k < advs.size(); k++) {
            Gather.Adv v = advs.get(k);
            advs.set(k, new Gather.Adv(v.index(), v.len(), elements(op, v.stride(), itemsize), v.axis()));
        }
        return new Gather.Plan(a, offset, vs, vst, adjacent ? bPos : 0, b, advs);
    }

    private static long elements(String op, long byteStride, int itemsize) {
        if (byteStride % itemsize != 0) {
            throw new IndexException(op + ": advanced indexing needs strides that are multiples of the item size ("
                    + itemsize + " bytes), got a stride of " + byteStride + " bytes; index a copy");
        }
        return byteStride / itemsize;
    }

    // a k-d mask over axes dim..dim+k-1: its k nonzero() arrays; a 0-d mask: an axis of length 1 indexed by [0] or []
    private static int expandMask(
            String op, NDArray a, NDArray mask, int dim, List<Gather.Adv> advs, List<NDArray> temps) {
        long[] s = a.shape(), ms = mask.shape();
        if (ms.length == 0) {
            boolean t = mask.toBooleanArray()[0];
            NDArray idx = own(temps, onDevice(a, () -> Creation.zeros(DType.INT64, t ? 1 : 0)));
            advs.add(new Gather.Adv(idx, 1, 0, -1));
            return dim;
        }
        for (int d = 0; d < ms.length; d++) {
            if (ms[d] != s[dim + d]) {
                throw new IndexException(op + ": boolean index did not match indexed array along axis " + (dim + d)
                        + "; size of axis is " + s[dim + d] + " but size of corresponding boolean axis is " + ms[d]);
            }
        }
        NDArray[] nz = Masking.nonzero(op, mask);
        for (int d = 0; d < nz.length; d++) {
            own(temps, nz[d]);
            advs.add(new Gather.Adv(nz[d], s[dim + d], a.strides()[dim + d], dim + d));
        }
        return dim + ms.length;
    }
}
