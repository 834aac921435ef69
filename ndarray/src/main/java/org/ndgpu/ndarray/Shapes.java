package org.ndgpu.ndarray;

import java.util.Arrays;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.ShapeException;

/** Shape and stride arithmetic, as NumPy does it. Strides are in bytes. */
public final class Shapes {
    private Shapes() {}

    /**
     * Number of elements; a product beyond a long is a ShapeException (NumPy: "array is too big"),
     * never a wrap. {@link Sizes#count} is the same with the operation named.
     */
    public static long size(long[] shape) {
        return Sizes.count(null, shape);
    }

    /** Row-major strides. */
    public static long[] cStrides(long[] shape, int itemsize) {
        long[] s = new long[shape.length];
        long acc = itemsize;
        for (int i = shape.length - 1; i >= 0; i--) {
            s[i] = acc;
            acc *= Math.max(shape[i], 1);
        }
        return s;
    }

    /** Column-major strides. */
    public static long[] fStrides(long[] shape, int itemsize) {
        long[] s = new long[shape.length];
        long acc = itemsize;
        for (int i = 0; i < shape.length; i++) {
            s[i] = acc;
            acc *= Math.max(shape[i], 1);
        }
        return s;
    }

    /**
     * True when the two shapes are equal, as Arrays.equals; a plain loop, since Arrays.equals of long[]
     * goes through ArraysSupport.mismatch, which is slow until JIT-compiled, and this runs on every call.
     */
    public static boolean same(long[] a, long[] b) {
        if (a == null || b == null)
            throw new NullPointerException("Shapes.same: " + (a == null ? "a" : "b") + " is null");
        if (a.length != b.length) return false;
        for (int d = 0; d < a.length; d++) if (a[d] != b[d]) return false;
        return true;
    }

    /** NumPy's C_CONTIGUOUS flag: dims of size 1 do not count; an empty array is contiguous. */
    public static boolean isCContiguous(long[] shape, long[] strides, int itemsize) {
        for (long d : shape) if (d == 0) return true; // wherever the 0 is: no element, no layout
        long expect = itemsize;
        for (int i = shape.length - 1; i >= 0; i--) {
            if (shape[i] != 1) {
                if (strides[i] != expect) return false;
                expect *= shape[i];
            }
        }
        return true;
    }

    /** NumPy's F_CONTIGUOUS flag. */
    public static boolean isFContiguous(long[] shape, long[] strides, int itemsize) {
        for (long d : shape) if (d == 0) return true;
        long expect = itemsize;
        for (int i = 0; i < shape.length; i++) {
            if (shape[i] != 1) {
                if (strides[i] != expect) return false;
                expect *= shape[i];
            }
        }
        return true;
    }

    /** "(2, 3)", "(3,)", "()" as NumPy prints shapes. */
    public static String str(long[] shape) {
        if (shape.length == 1) return "(" + shape[0] + ",)";
        var sb = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) sb.append(i > 0 ? ", " : "").append(shape[i]);
        return sb.append(')').toString();
    }

    /** The broadcast shape of several shapes, or a ShapeException naming the operation and every shape. */
    public static long[] broadcast(String op, long[]... shapes) {
        int nd = 0;
        for (long[] s : shapes) nd = Math.max(nd, s.length);
        long[] out = new long[nd];
        Arrays.fill(out, 1);
        for (long[] s : shapes) {
            for (int i = 0; i < s.length; i++) {
                int o = nd - s.length + i;
                if (s[i] == out[o] || s[i] == 1) continue;
                if (out[o] == 1) {
                    out[o] = s[i];
                    continue;
                }
                var sb = new StringBuilder(op + ": operands could not be broadcast together with shapes");
                for (long[] t : shapes) sb.append(' ').append(str(t));
                throw new ShapeException(sb.toString());
            }
        }
        Sizes.count(op, out); // NumPy: "broadcast dimensions too large"; every array's size must fit a long
        return out;
    }

    /** Strides that view an array of {@code shape} as {@code target} (0 where it repeats), or a ShapeException. */
    public static long[] broadcastStrides(String op, long[] shape, long[] strides, long[] target) {
        if (target.length < shape.length) {
            throw new ShapeException(op + ": cannot broadcast a " + shape.length + "-d array of shape " + str(shape)
                    + " to the " + target.length + "-d shape " + str(target));
        }
        long[] out = new long[target.length];
        for (int i = 0; i < shape.length; i++) {
            int o = target.length - shape.length + i;
            if (shape[i] == target[o]) out[o] = strides[i];
            else if (shape[i] == 1) out[o] = 0;
            else
                throw new ShapeException(op + ": cannot broadcast shape " + str(shape) + " to " + str(target) + ": dim "
                        + i + " has size " + shape[i] + " where " + target[o] + " is needed");
        }
        return out;
    }

    /** A negative axis counts from the end; out of range is an AxisException naming the operation. */
    public static int axis(String op, int axis, int ndim) {
        if (axis < -ndim || axis >= ndim) {
            throw new AxisException(op + ": axis " + axis + " is out of bounds for array of dimension " + ndim);
        }
        return axis < 0 ? axis + ndim : axis;
    }

    /** Normalized, checked, distinct axes; null means all. */
    public static int[] axes(String op, int[] axes, int ndim) {
        if (axes == null) {
            int[] all = new int[ndim];
            for (int i = 0; i < ndim; i++) all[i] = i;
            return all;
        }
        int[] out = new int[axes.length];
        boolean[] seen = new boolean[ndim];
        for (int i = 0; i < axes.length; i++) {
            out[i] = axis(op, axes[i], ndim);
            if (seen[out[i]])
                throw new AxisException(op + ": repeated axis " + axes[i] + " in " + Arrays.toString(axes));
            seen[out[i]] = true;
        }
        return out;
    }

    /**
     * Strides for viewing (shape, strides) as newShape without a copy, in C or F order, or null
     * when a copy is needed. NumPy's _attempt_nocopy_reshape.
     */
    public static long[] reshapeStrides(
            long[] oldShape, long[] oldStrides, long[] newShape, boolean fortran, int itemsize) {
        // drop size-1 dims of the old array: they constrain nothing
        int n = 0;
        long[] os = new long[oldShape.length];
        long[] ost = new long[oldShape.length];
        for (int i = 0; i < oldShape.length; i++) {
            if (oldShape[i] != 1) {
                os[n] = oldShape[i];
                ost[n] = oldStrides[i];
                n++;
            }
        }
        if (size(newShape) == 0) return fortran ? fStrides(newShape, itemsize) : cStrides(newShape, itemsize);
        long[] ns = newShape;
        long[] nst = new long[ns.length];
        int oi = 0, oj = 1, ni = 0, nj = 1;
        while (ni < ns.length && oi < n) {
            long np = ns[ni], op = os[oi];
            while (np != op) {
                if (np < op) np *= ns[nj++];
                else op *= os[oj++];
            }
            for (int k = oi; k < oj - 1; k++) {
                if (fortran) {
                    if (ost[k + 1] != os[k] * ost[k]) return null;
                } else if (ost[k] != os[k + 1] * ost[k + 1]) {
                    return null;
                }
            }
            if (fortran) {
                nst[ni] = ost[oi];
                for (int k = ni + 1; k < nj; k++) nst[k] = nst[k - 1] * ns[k - 1];
            } else {
                nst[nj - 1] = ost[oj - 1];
                for (int k = nj - 1; k > ni; k--) nst[k - 1] = nst[k] * ns[k];
            }
            ni = nj++;
            oi = oj++;
        }
        // trailing size-1 dims of the new shape
        long last = ni > 0 ? (fortran ? nst[ni - 1] * ns[ni - 1] : nst[ni - 1]) : itemsize;
        for (int k = ni; k < ns.length; k++) nst[k] = last;
        return nst;
    }

    /**
     * Checks a view's geometry against an allocation of {@code bytes}: shape and strides of one
     * length, no negative dimension, offset and strides multiples of the item size, every element
     * inside the allocation. Returns a copy of the shape.
     */
    static long[] checkGeometry(
            String op, long bytes, DType dtype, long[] newShape, long[] newStrides, long newOffset) {
        if (newShape.length != newStrides.length) {
            throw new ShapeException(op + ": shape " + str(newShape) + " and strides " + Arrays.toString(newStrides)
                    + " differ in length");
        }
        for (long d : newShape) {
            if (d < 0) throw new ShapeException(op + ": negative dimensions are not allowed: " + str(newShape));
        }
        long size = size(newShape);
        int item = dtype.itemsize();
        if (newOffset < 0 || newOffset > bytes || newOffset % item != 0) {
            throw new org.ndgpu.exceptions.IndexException(
                    op + ": offset " + newOffset + " must be a multiple of " + item + " in [0, " + bytes + "]");
        }
        for (long stride : newStrides) {
            if (stride % item != 0)
                throw new org.ndgpu.exceptions.IndexException(
                        op + ": stride " + stride + " is not a multiple of the item size " + item);
        }
        if (size == 0) return newShape.clone();
        long[] span;
        try {
            span = Operands.byteRange(newShape, newStrides, newOffset, item);
        } catch (ArithmeticException e) {
            throw new org.ndgpu.exceptions.IndexException(op + ": shape " + str(newShape) + " with strides "
                    + Arrays.toString(newStrides) + " spans more bytes than a long holds");
        }
        if (span[0] < 0 || span[1] > bytes) {
            throw new org.ndgpu.exceptions.IndexException(op + ": shape " + str(newShape) + " with strides "
                    + Arrays.toString(newStrides) + " and offset " + newOffset + " spans bytes [" + span[0] + ", "
                    + span[1] + ") of an allocation of " + bytes + " bytes");
        }
        return newShape.clone();
    }
}
