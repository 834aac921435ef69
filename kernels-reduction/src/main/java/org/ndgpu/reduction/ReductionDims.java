package org.ndgpu.reduction;

import java.util.Arrays;
import java.util.List;
import org.ndgpu.codegen.LoopPlan;
import org.ndgpu.codegen.LoopPlan.Merged;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;

/**
 * The dimensions of a reduction that are its own (the loop's ordering and merging are
 * {@link LoopPlan}'s): the kept shape, out's strides along the loop's axes, and which inputs can be
 * read four or more elements at a time.
 */
final class ReductionDims {
    private ReductionDims() {}

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
                if (os[d] != want) throw Operands.wrongOutShape(op, out, kept);
                res[d] = reduced[d] ? 0 : ost[d];
            }
            return res;
        }
        if (!Arrays.equals(os, kept)) throw Operands.wrongOutShape(op, out, kept);
        int m = 0;
        for (int d = 0; d < shape.length; d++) res[d] = reduced[d] ? 0 : ost[m++];
        return res;
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
            long s = r.strides()[q][0];
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
            for (long ks : k.strides()[q]) if (ks % align != 0) return null;
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
