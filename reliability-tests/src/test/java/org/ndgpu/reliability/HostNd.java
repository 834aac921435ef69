package org.ndgpu.reliability;

import java.util.Arrays;
import org.ndgpu.ndarray.DType;

/**
 * The fuzzer's reference: an n-d array of doubles with element strides and an offset, implementing
 * NumPy's semantics for the operations the fuzzer composes (views, broadcasting, casts, elementwise
 * operations with type promotion, reductions). Values are rounded to the dtype after every step
 * (to the nearest float for float32, truncation toward zero and wrap-around for integers).
 */
final class HostNd {
    final double[] data;
    final int[] shape;
    final int[] strides;
    final int offset;
    final DType dtype;

    HostNd(double[] data, int[] shape, int[] strides, int offset, DType dtype) {
        this.data = data;
        this.shape = shape;
        this.strides = strides;
        this.offset = offset;
        this.dtype = dtype;
    }

    /** A C-contiguous array of {@code values}, rounded to {@code dtype}. */
    static HostNd of(double[] values, int[] shape, DType dtype) {
        double[] d = values.clone();
        for (int i = 0; i < d.length; i++) d[i] = round(d[i], dtype);
        return new HostNd(d, shape.clone(), cStrides(shape), 0, dtype);
    }

    static int[] cStrides(int[] shape) {
        int[] s = new int[shape.length];
        int acc = 1;
        for (int i = shape.length - 1; i >= 0; i--) {
            s[i] = acc;
            acc *= shape[i];
        }
        return s;
    }

    int size() {
        int n = 1;
        for (int d : shape) n *= d;
        return n;
    }

    int ndim() {
        return shape.length;
    }

    /** Elements in C order. */
    double[] toArray() {
        double[] out = new double[size()];
        int[] idx = new int[shape.length];
        for (int k = 0; k < out.length; k++) {
            int p = offset;
            for (int d = 0; d < shape.length; d++) p += idx[d] * strides[d];
            out[k] = data[p];
            for (int d = shape.length - 1; d >= 0; d--) {
                if (++idx[d] < shape[d]) break;
                idx[d] = 0;
            }
        }
        return out;
    }

    static double round(double v, DType t) {
        return switch (t) {
            case FLOAT32 -> (double) (float) v;
            case INT32 -> (double) (int) (long) v;
            case INT64 -> (double) (long) v;
            default -> v;
        };
    }

    /** NumPy 2 promotion of the dtypes the fuzzer uses (int32, int64, float32, float64). */
    static DType promote(DType a, DType b) {
        if (a == b) return a;
        boolean fa = a.isFloating(), fb = b.isFloating();
        if (fa && fb) return a == DType.FLOAT64 || b == DType.FLOAT64 ? DType.FLOAT64 : DType.FLOAT32;
        if (!fa && !fb) return a == DType.INT64 || b == DType.INT64 ? DType.INT64 : DType.INT32;
        return DType.FLOAT64; // any int with float32 or float64 (int32 + float32 -> float64, as NumPy)
    }

    HostNd transpose(int[] perm) {
        int[] s = new int[perm.length], st = new int[perm.length];
        for (int i = 0; i < perm.length; i++) {
            s[i] = shape[perm[i]];
            st[i] = strides[perm[i]];
        }
        return new HostNd(data, s, st, offset, dtype);
    }

    /** Basic slicing, one (start, length, step) per axis, already resolved. */
    HostNd slice(int[] start, int[] len, int[] step) {
        int off = offset;
        int[] st = new int[shape.length];
        for (int d = 0; d < shape.length; d++) {
            if (len[d] > 0) off += start[d] * strides[d];
            st[d] = strides[d] * step[d];
        }
        return new HostNd(data, len.clone(), st, off, dtype);
    }

    HostNd broadcastTo(int[] target) {
        int lead = target.length - shape.length;
        int[] st = new int[target.length];
        for (int d = 0; d < target.length; d++) {
            if (d < lead) continue;
            int sd = shape[d - lead];
            if (sd == target[d]) st[d] = strides[d - lead];
            else if (sd == 1) st[d] = 0;
            else
                throw new IllegalArgumentException(
                        "not broadcastable: " + Arrays.toString(shape) + " -> " + Arrays.toString(target));
        }
        return new HostNd(data, target.clone(), st, offset, dtype);
    }

    HostNd ravel() {
        return of(toArray(), new int[] {size()}, dtype);
    }

    HostNd astype(DType t) {
        return of(toArray(), shape, t);
    }

    interface Op2 {
        double apply(double a, double b);
    }

    interface Op1 {
        double apply(double a);
    }

    HostNd map(Op1 f) {
        double[] v = toArray();
        for (int i = 0; i < v.length; i++) v[i] = f.apply(v[i]);
        return of(v, shape, dtype);
    }

    /** An elementwise binary operation; {@code other} broadcasts to this array's shape. */
    HostNd zip(HostNd other, Op2 f) {
        DType t = promote(dtype, other.dtype);
        double[] a = toArray(), b = other.broadcastTo(shape).toArray();
        double[] v = new double[a.length];
        for (int i = 0; i < v.length; i++) v[i] = f.apply(a[i], b[i]);
        return of(v, shape, t);
    }

    /** Sum or max along one axis. Sum of int32 gives int64, as NumPy on Linux. */
    HostNd reduce(int axis, boolean max) {
        int[] out = new int[shape.length - 1];
        for (int d = 0, j = 0; d < shape.length; d++) if (d != axis) out[j++] = shape[d];
        DType t = !max && dtype == DType.INT32 ? DType.INT64 : dtype;
        int n = 1;
        for (int d : out) n *= d;
        double[] v = new double[n];
        int[] idx = new int[out.length];
        for (int k = 0; k < n; k++) {
            int p = offset;
            for (int d = 0, j = 0; d < shape.length; d++) if (d != axis) p += idx[j++] * strides[d];
            double acc = max ? Double.NEGATIVE_INFINITY : 0;
            for (int i = 0; i < shape[axis]; i++) {
                double x = data[p + i * strides[axis]];
                acc = max ? Math.max(acc, x) : round(acc + x, t);
            }
            v[k] = acc;
            for (int d = out.length - 1; d >= 0; d--) {
                if (++idx[d] < out[d]) break;
                idx[d] = 0;
            }
        }
        return of(v, out, t);
    }
}
