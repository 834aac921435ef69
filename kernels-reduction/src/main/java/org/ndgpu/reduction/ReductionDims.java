package org.ndgpu.reduction;

import java.util.Arrays;
import java.util.List;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/**
 * The dimensions of a reduction, as NumPy's reduce and CuPy's {@code _reduce_dims} see them: the
 * kept and reduced axes ordered by stride and merged where contiguous, the kept shape and out's
 * strides along it, and which inputs can be read four or more elements at a time.
 */
final class ReductionDims {
    private ReductionDims() {}

    /** Stable insertion sort of {@code axes} by the first input's stride, largest magnitude first (none: unchanged). */
    static void sortByStride(int[] axes, long[][] st, int na) {
        if (na == 0) return;
        long[] s0 = st[0];
        for (int i = 1; i < axes.length; i++) {
            int d = axes[i];
            long key = Math.abs(s0[d]);
            int j = i - 1;
            while (j >= 0 && Math.abs(s0[axes[j]]) < key) {
                axes[j + 1] = axes[j];
                j--;
            }
            axes[j + 1] = d;
        }
    }

    /** Merged dimensions: sizes, and strides per array ([array][dim]). */
    record Merged(long[] dims, long[][] strides) {}

    static Merged merge(List<Integer> axes, long[] shape, long[][] st, long[] outStrides, int na) {
        int[] a = new int[axes.size()];
        for (int i = 0; i < a.length; i++) a[i] = axes.get(i);
        return merge(a, shape, st, outStrides, na);
    }

    static Merged merge(int[] axes, long[] shape, long[][] st, long[] outStrides, int na) {
        int arrays = na + (outStrides != null ? 1 : 0);
        long[] dims = new long[axes.length];
        long[][] cols = new long[axes.length][];
        int m = 0;
        for (int d : axes) {
            if (shape[d] == 1) continue;
            long[] col = new long[arrays];
            for (int q = 0; q < na; q++) col[q] = st[q][d];
            if (outStrides != null) col[na] = outStrides[d];
            if (m > 0) {
                long[] prev = cols[m - 1];
                boolean ok = true;
                for (int q = 0; q < arrays; q++) ok &= prev[q] == col[q] * shape[d];
                if (ok) {
                    dims[m - 1] *= shape[d];
                    cols[m - 1] = col;
                    continue;
                }
            }
            dims[m] = shape[d];
            cols[m++] = col;
        }
        long[] ds = Arrays.copyOf(dims, m);
        long[][] s = new long[arrays][m];
        for (int i = 0; i < m; i++) for (int q = 0; q < arrays; q++) s[q][i] = cols[i][q];
        return new Merged(ds, s);
    }

    static long[] keptShape(long[] shape, boolean[] reduced) {
        long[] s = new long[shape.length];
        int m = 0;
        for (int d = 0; d < shape.length; d++) if (!reduced[d]) s[m++] = shape[d];
        return Arrays.copyOf(s, m);
    }

    /** The output's stride for each loop axis (0 for reduced ones); its shape is the kept shape, with or without keepdims. */
    static long[] outStridesFor(String op, NDArray out, long[] shape, boolean[] reduced, long[] kept) {
        long[] os = out.shape(), ost = out.strides();
        long[] res = new long[shape.length];
        if (os.length == shape.length) {
            for (int d = 0; d < shape.length; d++) {
                long want = reduced[d] ? 1 : shape[d];
                if (os[d] != want) throw wrongOut(op, out, kept);
                res[d] = reduced[d] ? 0 : ost[d];
            }
            return res;
        }
        if (!Arrays.equals(os, kept)) throw wrongOut(op, out, kept);
        int m = 0;
        for (int d = 0; d < shape.length; d++) res[d] = reduced[d] ? 0 : ost[m++];
        return res;
    }

    static ShapeException wrongOut(String op, NDArray out, long[] kept) {
        return new ShapeException(
                op + ": output array has shape " + Shapes.str(out.shape()) + ", expected " + Shapes.str(kept));
    }

    /**
     * For the contiguous fast path: per input, 1 when it is contiguous along the one reduced
     * dimension and its every output's start is aligned for a 16-byte vector, 0 when it is constant
     * along it (broadcast); null when some input is neither, or no input is contiguous.
     */
    static int[] vectorInputs(List<NDArray> ins, Merged k, Merged r, int na) {
        if (na == 0) return null;
        int[] v = new int[na];
        boolean any = false;
        for (int q = 0; q < na; q++) {
            DType dt = ins.get(q).dtype();
            long s = r.strides[q][0];
            if (s == 0) continue;
            if (s != dt.itemsize()
                    || !(dt == DType.FLOAT32 || dt == DType.FLOAT64 || dt == DType.INT32 || dt == DType.INT64))
                return null;
            v[q] = 1;
            any = true;
        }
        if (!any) return null;
        for (int q = 0; q < na; q++) {
            if (v[q] == 0) continue;
            // each input's vectors are 16/maxItem elements: for float32 beside float64 that is 8 bytes
            long align =
                    (long) (16 / maxVectorItem(ins, v)) * ins.get(q).dtype().itemsize();
            if (ins.get(q).offset() % align != 0) return null;
            for (long ks : k.strides[q]) if (ks % align != 0) return null;
        }
        return v;
    }

    static int maxVectorItem(List<NDArray> ins, int[] v) {
        int m = 1;
        for (int q = 0; q < v.length; q++)
            if (v[q] == 1) m = Math.max(m, ins.get(q).dtype().itemsize());
        return m;
    }
}
