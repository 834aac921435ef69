package org.ndgpu.reduction;

import java.util.List;
import org.ndgpu.codegen.LoopPlan;
import org.ndgpu.codegen.LoopPlan.Merged;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Which inputs of a reduction's contiguous fast path are read four or more elements at a time: the
 * one part of a reduction's loop that is its own beside its thread arrangement (the loop's shape,
 * strides, order and merging are {@link LoopPlan}'s).
 */
final class ReductionVectors {
    private ReductionVectors() {}

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
