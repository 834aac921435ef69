package org.ndgpu.codegen;

import java.util.Arrays;
import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Shapes;

/**
 * The one loop plan of ndgpu's kernels, decided in the core for the elementwise loop (ufuncs, copies,
 * casts, ElementwiseKernel, fuse), the reductions (built-ins, ReductionKernel, fuse) and the scans,
 * as PyTorch's TensorIterator and CuPy's {@code _reduce_dims} decide it. The steps, in the order a
 * loop takes them:
 *
 * <ol>
 *   <li>the loop's shape: the inputs broadcast together ({@link #shape(String, List)});
 *   <li>the device and {@code out=} checks ({@code Operands}) and NumPy's copy-if-overlap
 *       ({@link CopyIfOverlap}), before anything is planned;
 *   <li>each operand's strides along the loop's axes: the inputs broadcast, an elementwise output of
 *       exactly the loop's shape ({@link #strides(String, ParamList, Object[], long[])}), a
 *       reduction's output 0 along the reduced axes
 *       ({@link #reductionStrides(String, NDArray[], NDArray, long[], boolean[])});
 *   <li>the walk order: an operand's memory order, |stride| descending ({@link #sortByStride});
 *   <li>the axes merged where every operand steps through them as one ({@link #merge});
 *   <li>32-bit indexing where every offset fits ({@link #index32}).
 * </ol>
 *
 * <p>What is left to each loop is its layout: the elementwise loop's flat, strided, row or tiled
 * loop (ElementwisePlan), the reduction's thread arrangement and passes (ReductionLoop), the scan's
 * kernels (Scans).
 *
 * <p>Strides are in bytes and indexed {@code [operand][axis]}; an output is an operand like the
 * others, so that a merge never joins axes the output does not walk as one.
 *
 * <pre>{@code
 * long[] shape = {4, 1, 3};
 * long[][] st = {{12, 12, 4}, {0, 0, 8}};         // a C float32 array, and a (3,) float64 broadcast
 * LoopPlan.Merged m = LoopPlan.merged(LoopPlan.axes(3), shape, st, 2, st[0]);
 * // m.dims() = [4, 3]: the axes are already in st[0]'s order, the size-1 axis is dropped, and axes
 * // 0 and 2 do not merge (the second operand repeats along 0 but not along 2)
 * }</pre>
 */
public final class LoopPlan {
    private LoopPlan() {}

    /**
     * Merged dimensions: their sizes, outermost first, and each operand's stride along them
     * ({@code strides[operand][dim]}). No dim has size 1; a loop of one element has none.
     *
     * @param dims the merged sizes, outermost first
     * @param strides each operand's byte stride along {@code dims}
     */
    public record Merged(long[] dims, long[][] strides) {}

    /**
     * The loop's shape: {@code shapes} (the inputs', and where it takes part an output's) broadcast
     * together, NumPy's rule; a 0-d loop when there are none; a ShapeException naming {@code op}
     * where they do not broadcast.
     */
    public static long[] shape(String op, List<long[]> shapes) {
        return shapes.isEmpty() ? new long[0] : Shapes.broadcast(op, shapes.toArray(long[][]::new));
    }

    /** {@link #shape(String, List)} of the arrays' shapes (one array: its own shape, not a copy). */
    public static long[] shape(String op, NDArray[] arrays) {
        if (arrays.length == 0) return new long[0];
        if (arrays.length == 1) return arrays[0].shape();
        long[][] shapes = new long[arrays.length][];
        for (int q = 0; q < arrays.length; q++) shapes[q] = arrays[q].shape();
        return Shapes.broadcast(op, shapes);
    }

    /**
     * The strides of an elementwise loop's operands: {@code [q][axis]} for the q-th IN or OUT
     * parameter of {@code params} (scalars and raw arrays are not indexed), each IN array broadcast
     * to the loop's {@code shape}; every OUT array must have exactly that shape (Operands'
     * message where it has not).
     */
    public static long[][] strides(String op, ParamList params, Object[] args, long[] shape) {
        Kind[] kinds = params.kinds;
        long[][] strides = new long[params.indexed][];
        int j = 0;
        for (int k = 0; k < kinds.length; k++) {
            Kind kind = kinds[k];
            if (kind != Kind.IN && kind != Kind.OUT) continue;
            NDArray a = (NDArray) args[k];
            if (kind == Kind.OUT) Operands.checkOutShape(op, params.get(k).name(), a, shape);
            strides[j++] = broadcastStrides(op, a, shape);
        }
        return strides;
    }

    /**
     * The strides of a reduction's operands: the inputs broadcast to the loop's {@code shape}, then
     * the output ({@code [ins.length]}), 0 along the {@code reduced} axes. The output's shape must be
     * the kept axes' shape, or that with 1s for the reduced axes (keepdims); a ShapeException naming
     * {@code op} and the kept shape where it is not.
     */
    public static long[][] reductionStrides(String op, NDArray[] ins, NDArray out, long[] shape, boolean[] reduced) {
        int na = ins.length;
        long[][] st = new long[na + 1][];
        long[] outStrides = outStrides(op, out, shape, reduced);
        for (int q = 0; q < na; q++) st[q] = broadcastStrides(op, ins[q], shape);
        st[na] = outStrides;
        return st;
    }

    /** The reduction output's stride for each loop axis (0 for reduced ones); see {@link #reductionStrides}. */
    private static long[] outStrides(String op, NDArray out, long[] shape, boolean[] reduced) {
        long[] os = out.shape(), ost = out.strides();
        long[] res = new long[shape.length];
        if (os.length == shape.length) {
            for (int d = 0; d < shape.length; d++) {
                long want = reduced[d] ? 1 : shape[d];
                if (os[d] != want) throw Operands.wrongOutShape(op, out, keptShape(shape, reduced));
                res[d] = reduced[d] ? 0 : ost[d];
            }
            return res;
        }
        long[] kept = keptShape(shape, reduced);
        if (!Arrays.equals(os, kept)) throw Operands.wrongOutShape(op, out, kept);
        int m = 0;
        for (int d = 0; d < shape.length; d++) res[d] = reduced[d] ? 0 : ost[m++];
        return res;
    }

    /** {@code shape} without its {@code reduced} axes. */
    private static long[] keptShape(long[] shape, boolean[] reduced) {
        long[] s = new long[shape.length];
        int m = 0;
        for (int d = 0; d < shape.length; d++) if (!reduced[d]) s[m++] = shape[d];
        return Arrays.copyOf(s, m);
    }

    /** The axes {@code 0 .. ndim - 1} in C order, the walk order before {@link #sortByStride}. */
    public static int[] axes(int ndim) {
        int[] axes = new int[ndim];
        for (int d = 0; d < ndim; d++) axes[d] = d;
        return axes;
    }

    /** The axes {@code d} with {@code reduced[d] == which}, in C order: a reduction's kept or reduced ones. */
    public static int[] axes(boolean[] reduced, boolean which) {
        int m = 0;
        for (boolean r : reduced) if (r == which) m++;
        int[] axes = new int[m];
        for (int d = 0, i = 0; d < reduced.length; d++) if (reduced[d] == which) axes[i++] = d;
        return axes;
    }

    /**
     * The walk order and merging in one step: {@code axes} ordered in place by {@code orderBy}'s
     * |stride| ({@link #sortByStride}; null keeps their order, as a loop whose body needs the C
     * order does), then {@link #merge(int[], long[], long[][], int) merged} over the first
     * {@code operands} operands.
     */
    public static Merged merged(int[] axes, long[] shape, long[][] strides, int operands, long[] orderBy) {
        if (orderBy != null) sortByStride(axes, orderBy);
        return merge(axes, shape, strides, operands);
    }

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

    /** {@link #inStrideOrder(int[], long[])} of the axes in C order, without making them. */
    public static boolean inStrideOrder(long[] reference) {
        for (int i = 1; i < reference.length; i++) {
            if (Math.abs(reference[i - 1]) < Math.abs(reference[i])) return false;
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
