package org.ndgpu.routines.manipulation;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;
import org.ndgpu.ndarray.Views;
import org.ndgpu.routines.sorting.Sorting;

/**
 * NumPy's splitting and tiling: split and array_split give views (no copy); repeat and tile are
 * one broadcast view copied once by the strided copy kernel, then reshaped, so each costs a single
 * device pass over the output.
 */
public final class Tiling {
    private Tiling() {}

    private static final long MAX_EMPTY_SECTIONS = 1 << 16;

    /** numpy.array_split(a, sections, axis): the first {@code len % sections} parts one longer. */
    public static List<NDArray> arraySplit(String op, NDArray a, int sections, int axis) {
        a.live(op);
        if (sections <= 0) throw new ShapeException(op + ": number sections must be larger than 0, got " + sections);
        int ax = Shapes.axis(op, axis, a.ndim());
        long len = a.shape()[ax], each = len / sections, extra = len % sections;
        // every section is an array object: past the axis' length they are all empty, and a count
        // in the millions would only exhaust the heap
        if (sections > Math.max(len, MAX_EMPTY_SECTIONS)) {
            throw new ShapeException(op + ": " + sections + " sections of an axis of length " + len + " would make "
                    + (sections - len) + " empty arrays; at most " + Math.max(len, MAX_EMPTY_SECTIONS) + " sections");
        }
        long[] bounds = new long[sections - 1];
        long at = 0;
        for (int i = 0; i < sections - 1; i++) bounds[i] = at += each + (i < extra ? 1 : 0);
        return splitAt(a, bounds, ax);
    }

    /** numpy.split(a, sections, axis): equal parts, or a ShapeException when the axis does not divide. */
    public static List<NDArray> split(String op, NDArray a, int sections, int axis) {
        a.live(op);
        int ax = Shapes.axis(op, axis, a.ndim());
        if (sections <= 0) throw new ShapeException(op + ": number sections must be larger than 0, got " + sections);
        if (a.shape()[ax] % sections != 0) {
            throw new ShapeException(op + ": array split does not result in an equal division: axis " + ax
                    + " of length " + a.shape()[ax] + " into " + sections + " sections");
        }
        return arraySplit(op, a, sections, axis);
    }

    /** numpy.split(a, indices, axis): parts a[:i0], a[i0:i1], ..., a[ik:] along axis (indices clipped as slices are). */
    public static List<NDArray> splitAt(String op, NDArray a, long[] indices, int axis) {
        a.live(op);
        return splitAt(a, indices, Shapes.axis(op, axis, a.ndim()));
    }

    private static List<NDArray> splitAt(NDArray a, long[] bounds, int ax) {
        long len = a.shape()[ax];
        List<NDArray> parts = new ArrayList<>();
        long start = 0;
        for (int i = 0; i <= bounds.length; i++) {
            long stop = i < bounds.length ? clip(bounds[i], len) : len;
            long from = Math.min(clip(start, len), len);
            parts.add(Views.slab(a, ax, from, Math.max(0, stop - from)));
            if (i < bounds.length) start = bounds[i];
        }
        return parts;
    }

    // a slice bound as Python clips it: negative counts from the end, then into [0, len]
    private static long clip(long i, long len) {
        if (i < 0) i += len;
        return Math.max(0, Math.min(i, len));
    }

    /** numpy.repeat(a, repeats, axis): each element repeated along axis; {@code axis} null repeats the flattened array. */
    public static NDArray repeat(String op, NDArray a, long repeats, Integer axis) {
        a.live(op);
        if (repeats < 0) throw new ShapeException(op + ": repeats may not contain negative values, got " + repeats);
        NDArray src = axis == null ? a.ravel() : a;
        try {
            int ax = axis == null ? 0 : Shapes.axis(op, axis, src.ndim());
            long[] s = src.shape();
            long[] wide = new long[s.length + 1]; // (..., n, repeats, ...): a broadcast view
            for (int d = 0, k = 0; d < wide.length; d++) wide[d] = d == ax + 1 ? repeats : s[k++];
            long[] out = s.clone();
            out[ax] = Sizes.multiply(op, "the length of axis " + ax + " times repeats:", s[ax], repeats);
            Sizes.bytes(op, out, src.dtype());
            try (NDArray e = src.expandDims(ax + 1);
                    NDArray b = e.broadcastTo(wide);
                    NDArray c = b.copy(Order.C)) {
                return c.reshape(out);
            }
        } finally {
            if (src != a) src.close();
        }
    }

    /**
     * numpy.repeat(a, repeats, axis) with one count per element along the axis (a single count
     * applies to all, as NumPy broadcasts it): one gather through {@code take}. The index array is
     * made on the device, as the position of each output slot among the running sums of the counts
     * ({@code searchsorted(cumsum(repeats), arange(total), 'right')}), so its length costs no host
     * memory; {@code repeats} is a host array, so the total is known without a device read.
     */
    public static NDArray repeat(String op, NDArray a, long[] repeats, Integer axis) {
        a.live(op);
        if (repeats.length == 1) return repeat(op, a, repeats[0], axis);
        NDArray src = axis == null ? a.ravel() : a;
        try {
            int ax = axis == null ? 0 : Shapes.axis(op, axis, src.ndim());
            long n = src.shape()[ax];
            if (repeats.length != n) {
                throw new ShapeException(
                        op + ": operands could not be broadcast together with shape (" + n + ",) (" + repeats.length
                                + ",): expected one count per element along axis " + ax + " or a single count");
            }
            long[] ends = new long[repeats.length];
            long total = 0;
            for (int i = 0; i < repeats.length; i++) {
                long r = repeats[i];
                if (r < 0) throw new ShapeException(op + ": repeats may not contain negative values, got " + r);
                ends[i] = total = Sizes.add(op, "the sum of repeats", total, r);
            }
            long[] out = src.shape();
            out[ax] = total;
            Sizes.bytes(op, out, src.dtype());
            try (var _ = src.device().use();
                    NDArray cum = Creation.array(ends);
                    NDArray slots = Ranges.arange(0, total, 1);
                    NDArray idx = Sorting.searchsorted(op, cum, slots, "right")) {
                return src.take(idx, ax);
            }
        } finally {
            if (src != a) src.close();
        }
    }

    /** numpy.tile(a, reps): a repeated reps[d] times along each axis (reps and a.ndim padded with leading 1s). */
    public static NDArray tile(String op, NDArray a, long... reps) {
        a.live(op);
        for (long r : reps)
            if (r < 0)
                throw new ShapeException(op + ": negative dimensions are not allowed, got reps " + Shapes.str(reps));
        int nd = Math.max(a.ndim(), reps.length);
        long[] s = new long[nd], r = new long[nd];
        long[] as = a.shape();
        for (int d = 0; d < nd; d++) {
            int ia = d - (nd - as.length), ir = d - (nd - reps.length);
            s[d] = ia >= 0 ? as[ia] : 1;
            r[d] = ir >= 0 ? reps[ir] : 1;
        }
        long[] pairs = new long[2 * nd], wide = new long[2 * nd], out = new long[nd];
        for (int d = 0; d < nd; d++) {
            pairs[2 * d] = 1;
            pairs[2 * d + 1] = s[d];
            wide[2 * d] = r[d];
            wide[2 * d + 1] = s[d];
            out[d] = Sizes.multiply(op, "the length of axis " + d + " times reps:", s[d], r[d]);
        }
        Sizes.bytes(op, out, a.dtype());
        try (NDArray p = a.reshape(pairs);
                NDArray b = p.broadcastTo(wide);
                NDArray c = b.copy(Order.C)) {
            return c.reshape(out);
        }
    }

    /** numpy.roll(a, shift, axis): elements shifted along axis, those past the end coming back at the start; axis null rolls the flattened array. */
    public static NDArray roll(String op, NDArray a, long shift, Integer axis) {
        a.live(op);
        if (axis == null) {
            try (NDArray flat = a.ravel();
                    NDArray rolled = roll(op, flat, shift, 0)) {
                return rolled.reshape(a.shape());
            }
        }
        int ax = Shapes.axis(op, axis, a.ndim());
        long n = a.shape()[ax];
        if (n == 0) return a.copy(Order.C);
        long s = Math.floorMod(shift, n);
        // roll = concatenate(a[..., n-s:], a[..., :n-s]) along axis
        List<NDArray> parts = splitAt(a, new long[] {n - s}, ax);
        try {
            return Joining.concatenate(op, List.of(parts.get(1), parts.get(0)), ax);
        } finally {
            parts.forEach(NDArray::close);
        }
    }
}
