package org.ndgpu.codegen;

import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/**
 * The shape rules of a kernel's loop, written once for the elementwise loop, the reductions and the
 * scans (what PyTorch's TensorIterator and CuPy's {@code _reduce_dims} decide): each operand's
 * strides broadcast to the loop's shape, the order in which the loop walks the axes, the axes merged
 * where every operand steps through them as one, and whether 32-bit offsets reach every element.
 *
 * <p>Strides are in bytes and indexed {@code [operand][axis]}; an output is an operand like the
 * others, so that a merge never joins axes the output does not walk as one.
 *
 * <pre>{@code
 * long[] shape = {4, 1, 3};
 * long[][] st = {{12, 12, 4}, {0, 0, 8}};         // a C float32 array, and a (3,) float64 broadcast
 * int[] axes = {0, 1, 2};
 * LoopDims.sortByStride(axes, st[0]);              // already in order: unchanged
 * LoopDims.Merged m = LoopDims.merge(axes, shape, st);
 * // m.dims() = [4, 3]: the size-1 axis is dropped, and axes 0 and 2 do not merge (the second
 * // operand repeats along 0 but not along 2)
 * }</pre>
 */
public final class LoopDims {
    private LoopDims() {}

    /**
     * Merged dimensions: their sizes, outermost first, and each operand's stride along them
     * ({@code strides[operand][dim]}). No dim has size 1; a loop of one element has none.
     *
     * @param dims the merged sizes, outermost first
     * @param strides each operand's byte stride along {@code dims}
     */
    public record Merged(long[] dims, long[][] strides) {}

    /**
     * {@code a}'s strides as a view of the loop's {@code shape}: 0 along the axes it repeats (its
     * missing leading axes and its size-1 axes), NumPy's broadcasting; a ShapeException naming
     * {@code op} where it does not broadcast.
     */
    public static long[] broadcastStrides(String op, NDArray a, long[] shape) {
        return Shapes.broadcastStrides(op, a.shape(), a.strides(), shape);
    }

    /** {@link #broadcastStrides(String, NDArray, long[])} of each array: {@code [array][axis]}. */
    public static long[][] broadcastStrides(String op, NDArray[] arrays, long[] shape) {
        long[][] st = new long[arrays.length][];
        for (int q = 0; q < arrays.length; q++) st[q] = broadcastStrides(op, arrays[q], shape);
        return st;
    }

    /**
     * True when {@code axes} are already in {@link #sortByStride}'s order for {@code reference}:
     * each axis's |stride| at least the next one's.
     */
    public static boolean inStrideOrder(int[] axes, long[] reference) {
        for (int i = 1; i < axes.length; i++) {
            if (Math.abs(reference[axes[i - 1]]) < Math.abs(reference[axes[i]])) return false;
        }
        return true;
    }

    /**
     * Orders {@code axes} in place by the reference operand's |stride|, largest first, as NumPy's
     * iterator walks memory: then the innermost axis is the one the reference steps through most
     * closely, and axes that are contiguous in it come next to each other, ready to merge. Stable:
     * axes of equal |stride| (a broadcast 0, or size-1 axes) keep their order, so an operand already
     * in C order leaves the axes as they are.
     */
    public static void sortByStride(int[] axes, long[] reference) {
        // insertion sort: stable, and there are few axes
        for (int i = 1; i < axes.length; i++) {
            int d = axes[i];
            long key = Math.abs(reference[d]);
            int j = i - 1;
            while (j >= 0 && Math.abs(reference[axes[j]]) < key) {
                axes[j + 1] = axes[j];
                j--;
            }
            axes[j + 1] = d;
        }
    }

    /** {@link #merge(int[], long[], long[][], int)} of every operand of {@code strides}. */
    public static Merged merge(int[] axes, long[] shape, long[][] strides) {
        return merge(axes, shape, strides, strides.length);
    }

    /**
     * The loop over {@code axes} of {@code shape} (in walk order, outermost first) with its
     * dimensions merged, CuPy's {@code _reduce_dims}: size-1 axes are dropped, and an axis joins the
     * one before it where each of the first {@code operands} operands of {@code strides}
     * ({@code [operand][axis of shape]}) steps over the previous axis exactly as over the whole of this
     * one (previous stride = stride * size), as a C-contiguous block does. Negative strides merge
     * the same way; a broadcast operand (stride 0) merges only with 0s.
     */
    public static Merged merge(int[] axes, long[] shape, long[][] strides, int operands) {
        // an axis merges with the previous kept axis alone (a merged dim's strides are its innermost
        // axis's), so one pass counts the dims and a second fills arrays of exactly that size
        int m = 0;
        int prev = -1;
        for (int d : axes) {
            if (shape[d] == 1) continue;
            if (prev < 0 || !joins(strides, operands, prev, d, shape[d])) m++;
            prev = d;
        }
        long[] dims = new long[m];
        long[][] st = new long[operands][m];
        int i = -1;
        prev = -1;
        for (int d : axes) {
            if (shape[d] == 1) continue;
            if (prev < 0 || !joins(strides, operands, prev, d, shape[d])) dims[++i] = shape[d];
            else dims[i] *= shape[d];
            for (int q = 0; q < operands; q++) st[q][i] = strides[q][d];
            prev = d;
        }
        return new Merged(dims, st);
    }

    /** True when axis {@code d} (of {@code size}) continues axis {@code prev} as one block in every operand. */
    private static boolean joins(long[][] strides, int operands, int prev, int d, long size) {
        for (int q = 0; q < operands; q++) if (strides[q][prev] != strides[q][d] * size) return false;
        return true;
    }

    /**
     * The 32-bit indexing decision: true when a loop of {@code n} elements over {@code arrays} (the
     * NDArrays among them; other values, such as scalars, are skipped) can count elements and byte
     * offsets in 32-bit integers, the cheaper index arithmetic on a GPU. Every offset a kernel forms
     * lies inside an operand's allocation, so the allocations' sizes decide, not the views'.
     */
    public static boolean index32(long n, Object[] arrays) {
        return fits32(n) && fits32(arrays);
    }

    /** True when a count (of elements, or of an index range) stays below 2^31 - 1. */
    public static boolean fits32(long n) {
        return n < Integer.MAX_VALUE;
    }

    /** True when 32-bit byte offsets reach every byte of {@code a}'s allocation. */
    public static boolean fits32(NDArray a) {
        return a.allocationBytes() < Integer.MAX_VALUE;
    }

    /** {@link #fits32(NDArray)} for every NDArray among {@code arrays} (other values skipped). */
    public static boolean fits32(Object[] arrays) {
        for (Object a : arrays) if (a instanceof NDArray arr && !fits32(arr)) return false;
        return true;
    }
}
