package org.ndgpu.ndimage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * scipy.ndimage.label and find_objects on the device, as cupyx.scipy.ndimage: connected components
 * by a lock-free union-find in one pass. Each foreground element starts as its own root (its flat
 * index); each joins its neighbours before it in C order under the structure by linking the
 * larger root under the smaller with compare-and-swap, so each component's root ends as its
 * element first in C order; a second pass points every element at its root, and numbering the
 * roots by a prefix sum gives SciPy's labels exactly (1, 2, ... in the order of first occurrence in
 * a raster scan). find_objects takes each label's bounds with atomic minima and maxima.
 */
final class Labeling {
    private Labeling() {}

    /** The most dimensions label takes: its structure has 3^ndim elements (SciPy's too). */
    static final int MAX_DIMS = 12;

    /** The most elements label takes: its representatives and result are int32, as SciPy's output. */
    static final long MAX_SIZE = Integer.MAX_VALUE;

    // 32-bit atomics are core in OpenCL 1.1 and CUDA
    static final String ATOMICS = """
            #ifdef ND_CUDA
            #define ND_LABEL_MIN(p, v) atomicMin((int*)(p), (int)(v))
            #define ND_LABEL_MAX(p, v) atomicMax((int*)(p), (int)(v))
            #define ND_LABEL_CAS(p, c, v) atomicCAS((int*)(p), (int)(c), (int)(v))
            #else
            #define ND_LABEL_MIN(p, v) atomic_min((volatile __global int*)(p), (int)(v))
            #define ND_LABEL_MAX(p, v) atomic_max((volatile __global int*)(p), (int)(v))
            #define ND_LABEL_CAS(p, c, v) atomic_cmpxchg((volatile __global int*)(p), (int)(c), (int)(v))
            #endif
            """;

    private static final ElementwiseKernel INIT =
            new ElementwiseKernel("T x", "int32 r", "r = x != (T) 0 ? (int) i : -1;", "ndimage_label_init");

    // CuPy's lock-free union-find: for each neighbour before the element (in C order) under the
    // structure, find both roots and link the larger under the smaller by compare-and-swap, retrying
    // from whatever root won a race; a component's final root is its least flat index
    private static final ElementwiseKernel UNITE = new ElementwiseKernel(
            "raw int64 shape, raw int64 offs, raw int64 delta, int64 nd, int64 noff",
            "raw int32 r",
            "if (r[i] >= 0) {"
                    + " long c[" + Window.MAX_DIMS + "]; long rem = (long) i;"
                    + " for (long d = nd - 1; d >= 0; d--) { c[d] = rem % shape[d]; rem /= shape[d]; }"
                    + " for (long o = 0; o < noff; o++) {"
                    + "   bool inside = true;"
                    + "   for (long d = 0; d < nd; d++) { long k = c[d] + offs[o * nd + d];"
                    + "     if (k < 0 || k >= shape[d]) { inside = false; break; } }"
                    + "   long nb = (long) i + delta[o];"
                    + "   if (inside && r[nb] >= 0) {"
                    + "     int a = (int) i, b = (int) nb;"
                    + "     while (true) {"
                    + "       while (a != r[a]) a = r[a];"
                    + "       while (b != r[b]) b = r[b];"
                    + "       if (a == b) break;"
                    + "       if (a < b) { int old = ND_LABEL_CAS(r + b, b, a); if (old == b) break; b = old; }"
                    + "       else { int old = ND_LABEL_CAS(r + a, a, b); if (old == a) break; a = old; }"
                    + "     }"
                    + "   }"
                    + " }"
                    + "}",
            "ndimage_label_unite",
            ElementwiseKernel.Options.defaults().withPreamble(ATOMICS));

    // the same for 2-D (images, the common case): the coordinates by one division, no private array
    private static final ElementwiseKernel UNITE_2D = new ElementwiseKernel(
            "raw int64 offs, raw int64 delta, int64 n0, int64 n1, int64 noff",
            "raw int32 r",
            "if (r[i] >= 0) {"
                    + " long c0 = (long) i / n1; long c1 = (long) i - c0 * n1;"
                    + " for (long o = 0; o < noff; o++) {"
                    + "   long k0 = c0 + offs[2 * o], k1 = c1 + offs[2 * o + 1];"
                    + "   long nb = (long) i + delta[o];"
                    + "   if (k0 >= 0 && k0 < n0 && k1 >= 0 && k1 < n1 && r[nb] >= 0) {"
                    + "     int a = (int) i, b = (int) nb;"
                    + "     while (true) {"
                    + "       while (a != r[a]) a = r[a];"
                    + "       while (b != r[b]) b = r[b];"
                    + "       if (a == b) break;"
                    + "       if (a < b) { int old = ND_LABEL_CAS(r + b, b, a); if (old == b) break; b = old; }"
                    + "       else { int old = ND_LABEL_CAS(r + a, a, b); if (old == a) break; a = old; }"
                    + "     }"
                    + "   }"
                    + " }"
                    + "}",
            "ndimage_label_unite_2d",
            ElementwiseKernel.Options.defaults().withPreamble(ATOMICS));

    private static final ElementwiseKernel COMPRESS = new ElementwiseKernel(
            "",
            "raw int32 r",
            "int l = r[i]; if (l >= 0) { int up = r[l]; while (up != l) { l = up; up = r[l]; } r[i] = l; }",
            "ndimage_label_compress");

    private static final ElementwiseKernel ROOTS =
            new ElementwiseKernel("int32 r", "int32 root", "root = r == (int) i ? 1 : 0;", "ndimage_label_roots");

    private static final ElementwiseKernel NUMBER = new ElementwiseKernel(
            "int32 r, raw int64 order", "int32 y", "y = r >= 0 ? (int) order[r] : 0;", "ndimage_label_number");

    static Labeled label(NDArray input, NDArray structure) {
        String op = "ndimage.label";
        Objects.requireNonNull(input, op + ": input is null");
        input.live(op);
        if (input.dtype().isComplex())
            throw new DTypeException(op + ": complex input is not supported, got " + input.dtype());
        long[] shape = input.shape();
        int nd = Math.max(1, shape.length);
        long[] work = shape.length == 0 ? new long[] {1} : shape;
        if (nd > MAX_DIMS) {
            throw new ShapeException(
                    op + ": at most " + MAX_DIMS + " dimensions (the structure has 3^ndim elements), got " + nd);
        }
        if (input.size() > MAX_SIZE) {
            throw new NdException(
                    op + ": at most " + MAX_SIZE + " elements (the labels are int32), got " + input.size());
        }
        boolean[] footprint = structure(op, structure, shape.length, nd);
        // the offsets that come before the centre in C order, as SciPy's and CuPy's scans use
        List<long[]> offs = new ArrayList<>();
        int total = 1;
        for (int d = 0; d < nd; d++) total *= 3;
        for (int t = 0; t < total / 2; t++) {
            if (!footprint[t]) continue;
            long[] o = new long[nd];
            int rem = t;
            for (int d = nd - 1; d >= 0; d--) {
                o[d] = rem % 3 - 1;
                rem /= 3;
            }
            offs.add(o);
        }
        long[] table = new long[Math.max(1, offs.size() * nd)];
        long[] delta = new long[Math.max(1, offs.size())];
        for (int k = 0; k < offs.size(); k++) {
            long stride = 1;
            for (int d = nd - 1; d >= 0; d--) {
                table[k * nd + d] = offs.get(k)[d];
                delta[k] += offs.get(k)[d] * stride;
                stride *= work[d];
            }
        }
        var device = input.device();
        if (input.size() == 0) {
            return new Labeled(
                    NDArray.empty(device, DType.INT32, shape, Order.C).fill(0), 0);
        }
        try (NDArray flat = input.reshape(work);
                NDArray r = INIT.call(flat);
                NDArray sh = Weights.longs(device, work);
                NDArray tab = Weights.longs(device, table);
                NDArray del = Weights.longs(device, delta)) {
            if (offs.isEmpty()) {
                // no neighbours: every element is its own component
            } else if (nd == 2) {
                UNITE_2D.callWithSize(input.size(), tab, del, work[0], work[1], (long) offs.size(), r);
            } else {
                UNITE.callWithSize(input.size(), sh, tab, del, (long) nd, (long) offs.size(), r);
            }
            COMPRESS.callWithSize(input.size(), r);
            try (NDArray roots = ROOTS.call(r);
                    NDArray order = roots.cumsum();
                    NDArray count = roots.sum()) {
                int n = (int) ((Number) count.item()).longValue();
                NDArray y = NUMBER.call(r, order);
                return new Labeled(shape.length == 0 ? reshape0d(y) : y, n);
            }
        }
    }

    private static NDArray reshape0d(NDArray y) {
        try (y) {
            return y.reshape(new long[0]).copy();
        }
    }

    /** The structure as 3^nd booleans in C order: SciPy's default (the cross) when null. */
    private static boolean[] structure(String op, NDArray structure, int rank, int nd) {
        int total = 1;
        for (int d = 0; d < nd; d++) total *= 3;
        boolean[] f = new boolean[total];
        if (structure == null) {
            // generate_binary_structure(rank, 1): the centre and its 2 nd face neighbours
            for (int t = 0; t < total; t++) {
                int rem = t, far = 0;
                for (int d = 0; d < nd; d++) {
                    far += Math.abs(rem % 3 - 1);
                    rem /= 3;
                }
                f[t] = far <= 1;
            }
            return f;
        }
        structure.live(op);
        if (structure.dtype().isComplex())
            throw new DTypeException(op + ": complex structure is not supported, got " + structure.dtype());
        if (structure.ndim() != rank) {
            throw new ShapeException(op + ": structure and input must have equal rank: expected " + rank
                    + " dimensions, got " + structure.ndim());
        }
        for (long s : structure.shape()) {
            if (s != 3) {
                throw new ShapeException(op + ": structure dimensions must be equal to 3, got shape "
                        + Arrays.toString(structure.shape()));
            }
        }
        double[] v;
        try (NDArray s64 = structure.astype(DType.FLOAT64)) {
            v = s64.toDoubleArray();
        }
        for (int t = 0; t < total; t++) f[t] = v[v.length == 1 ? 0 : t] != 0;
        for (int t = 0; t < total; t++) {
            if (f[t] != f[total - 1 - t]) {
                throw new NdException(op + ": the structuring element is not symmetric (element " + t
                        + " differs from its mirror " + (total - 1 - t) + ")");
            }
        }
        return f;
    }

    // ---------------------------------------------------------------- find_objects

    private static final ElementwiseKernel BOUNDS = new ElementwiseKernel(
            "L lab, raw int64 shape, int64 nd, int64 maxlabel",
            "raw int32 lo, raw int32 hi",
            "long l = (long) lab; if (l > 0 && l <= maxlabel) {"
                    + " long rem = (long) i; long base = (l - 1) * nd;"
                    + " for (long d = nd - 1; d >= 0; d--) { long c = rem % shape[d]; rem /= shape[d];"
                    + "   ND_LABEL_MIN(lo + base + d, c); ND_LABEL_MAX(hi + base + d, c + 1); }"
                    + "}",
            "ndimage_find_objects",
            ElementwiseKernel.Options.defaults().withPreamble(ATOMICS));

    static long[][][] findObjects(NDArray labels, long maxLabel) {
        String op = "ndimage.find_objects";
        Objects.requireNonNull(labels, op + ": input is null");
        labels.live(op);
        DType dt = labels.dtype();
        if (!dt.isInteger()) {
            throw new DTypeException(op + ": expected an integer label array, got " + dt);
        }
        if (maxLabel < 0) throw new NdException(op + ": expected max_label >= 0, got " + maxLabel);
        long[] shape = labels.shape();
        int nd = Math.max(1, shape.length);
        long[] work = shape.length == 0 ? new long[] {1} : shape;
        for (long s : work) {
            if (s > Integer.MAX_VALUE)
                throw new NdException(op + ": an axis of " + s + " is longer than the int32 bounds hold");
        }
        long max = maxLabel;
        if (max == 0 && labels.size() > 0) {
            try (NDArray m = labels.max()) {
                max = Math.max(0, ((Number) m.item()).longValue());
            }
        }
        if (max > Integer.MAX_VALUE / nd)
            throw new NdException(op + ": max_label " + max + " is too large for the bounds tables");
        long[][][] out = new long[(int) max][][];
        if (max == 0 || labels.size() == 0) return out;
        var device = labels.device();
        try (NDArray flat = labels.reshape(work);
                NDArray lo = NDArray.empty(device, DType.INT32, new long[] {max * nd}, Order.C)
                        .fill(Integer.MAX_VALUE);
                NDArray hi = NDArray.empty(device, DType.INT32, new long[] {max * nd}, Order.C)
                        .fill(-1);
                NDArray sh = Weights.longs(device, work)) {
            BOUNDS.call(flat, sh, (long) nd, max, lo, hi);
            int[] l = lo.toIntArray(), h = hi.toIntArray();
            for (int k = 0; k < max; k++) {
                if (h[k * nd] < 0) continue;
                long[][] box = new long[shape.length][];
                for (int d = 0; d < shape.length; d++) box[d] = new long[] {l[k * nd + d], h[k * nd + d]};
                out[k] = box;
            }
        }
        return out;
    }
}
