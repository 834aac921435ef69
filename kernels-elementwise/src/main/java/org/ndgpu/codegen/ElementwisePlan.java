package org.ndgpu.codegen;

import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Layout;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.codegen.LoopPlan.Merged;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Shapes;

/**
 * How one elementwise call runs, decided before its launch: the operands checked against the spec
 * (count, kinds, dtypes, device), then the steps of the one loop plan ({@link LoopPlan}: strides
 * broadcast to the shape and out's shape checked, the walk order, the dimensions merged where the
 * strides allow, 32- or 64-bit indexing), then what is the elementwise loop's own: the vector width
 * and the loop layout (flat, strided, rows, tiled).
 *
 * @param device the device of the arrays
 * @param layout the loop's layout (the kernel is generated for it)
 * @param merged the merged dims, in walk order, with each indexed operand's strides along them (none
 *     for a contiguous layout)
 * @param n the element count
 */
record ElementwisePlan(Device device, Layout layout, Merged merged, long n) {
    /** The dims of a flat or empty loop, which launches none. */
    private static final Merged NONE = new Merged(new long[0], new long[0][]);

    /** The flat layouts of the common case, made once: [index32][vector 4]. */
    private static final Layout[][] FLAT = {
        {new Layout(1, true, false, 1, false), new Layout(1, true, false, 4, false)},
        {new Layout(1, true, true, 1, false), new Layout(1, true, true, 4, false)}
    };

    /**
     * The plan of one call; {@code checked}, when not null, is the device of arguments the caller has
     * checked ({@link ElementwiseLoop#runIntoNewChecked}): live, on that device, of exactly {@code
     * shape}, the OUT arrays new and C-contiguous.
     */
    static ElementwisePlan of(Spec spec, Object[] args, long[] shape, Device checked) {
        List<Param> params = spec.params();
        ParamList ps = spec.paramList();
        Kind[] kinds = ps.kinds;
        if (args.length != kinds.length) throw Operands.wrongArgumentCount(spec.name(), kinds.length, args.length);
        Device device = checked != null ? checked : Operands.device(spec.name(), args);
        long n = Shapes.size(shape);
        if (n == 0) return new ElementwisePlan(device, new Layout(1, true, true), NONE, 0);

        // the common case first, without allocating: every indexed array has the loop's shape and is
        // C-contiguous, so the general path below would merge everything into one flat dim anyway; the same
        // pass over the arguments works out 32-bit indexing (small) and the vector width (vectorWidth's rule)
        boolean flat = true;
        boolean small = LoopPlan.fits32(n);
        boolean vec4 = true;
        boolean indexed = false;
        for (int k = 0; k < kinds.length; k++) {
            Object o = args[k];
            if (o instanceof NDArray arr) small &= LoopPlan.fits32(arr);
            Kind kind = kinds[k];
            if (kind == Kind.RAW) vec4 = false;
            if (kind != Kind.IN && kind != Kind.OUT) continue;
            NDArray a = (NDArray) o;
            if (checked == null ? !a.hasShape(shape) || !a.isCContiguous() : kind == Kind.IN && !a.isCContiguous()) {
                flat = false;
                break;
            }
            vec4 &= loadsFourWide(ps.dtypes[k], a);
            indexed = true;
        }
        if (flat) return new ElementwisePlan(device, FLAT[small ? 1 : 0][vec4 && indexed ? 1 : 0], NONE, n);

        long[][] strides = LoopPlan.strides(spec.name(), ps, args, shape);
        Merged merged =
                LoopPlan.merged(LoopPlan.axes(shape.length), shape, strides, ps.indexed, walkOrder(spec, strides));
        long[] dims = merged.dims();
        long[][] st = merged.strides();
        int nd = dims.length;
        boolean contiguous = true;
        int q0 = 0;
        for (int k = 0; k < params.size(); k++) {
            Param p = params.get(k);
            if (p.kind() != Kind.IN && p.kind() != Kind.OUT) continue;
            contiguous &= nd == 0 || (nd == 1 && st[q0][0] == p.dtype().itemsize());
            q0++;
        }
        boolean index32 = LoopPlan.index32(n, args);
        if (!contiguous && nd >= 2) {
            Layout tiled = TiledLayout.of(spec, merged, index32, device.facts().maxBlockSize());
            if (tiled != null) return new ElementwisePlan(device, tiled, merged, n);
        }
        boolean rows = !contiguous && nd >= 2 && dims[nd - 1] >= ElementwiseLoop.ROW_MIN;
        int vector = contiguous ? vectorWidth(ps, args) : rows ? rowVectorWidth(params, args, merged) : 1;
        Layout layout = new Layout(contiguous ? 1 : nd, contiguous, index32, vector, rows);
        return new ElementwisePlan(device, layout, merged, n);
    }

    private static final java.util.regex.Pattern FLAT_INDEX = java.util.regex.Pattern.compile("\\bi\\b");

    /**
     * The strides the loop walks the axes by ({@link LoopPlan#merged}): the first output's, whose
     * memory order (|stride| descending, ties by axis) NumPy's iterator follows, so that an F-ordered
     * or axis-permuted output (astype of a transposed view keeps its layout: order K) is written
     * contiguously and its dims merge; null, the plain C order, when the output is C-ordered (the
     * common case: nothing changes), when there is no output, or when the kernel uses the flat index
     * {@code i}, which is defined as the C-order index of the loop's shape.
     */
    private static long[] walkOrder(Spec spec, long[][] strides) {
        long[] out = null;
        int q = 0;
        for (Param p : spec.params()) {
            if (p.kind() != Kind.IN && p.kind() != Kind.OUT) continue;
            if (p.kind() == Kind.OUT) {
                out = strides[q];
                break;
            }
            q++;
        }
        if (out == null || out.length < 2 || LoopPlan.inStrideOrder(out)) return null;
        if (FLAT_INDEX.matcher(spec.body()).find()
                || FLAT_INDEX.matcher(spec.loopPrep()).find()
                || FLAT_INDEX.matcher(spec.afterLoop()).find()) {
            return null;
        }
        return out;
    }

    /**
     * 4 when every output of a row layout is a 4-byte int or float, contiguous along the rows and
     * 16-byte aligned at every row start, and the row length is a multiple of 4; else 1. Inputs may
     * be anything (each lane loads its own element by stride, e.g. a broadcast 0 stride).
     */
    private static int rowVectorWidth(List<Param> params, Object[] args, Merged merged) {
        long[][] st = merged.strides();
        int nd = merged.dims().length;
        if (merged.dims()[nd - 1] % 4 != 0) return 1;
        boolean any = false;
        int q = 0;
        for (int k = 0; k < params.size(); k++) {
            Param p = params.get(k);
            if (p.kind() == Kind.RAW) return 1;
            if (p.kind() != Kind.IN && p.kind() != Kind.OUT) continue;
            int qk = q++;
            if (p.kind() != Kind.OUT) continue;
            if (p.dtype() != DType.FLOAT32 && p.dtype() != DType.INT32) return 1;
            if (st[qk][nd - 1] != 4 || ((NDArray) args[k]).offset() % 16 != 0) return 1;
            for (int d = 0; d < nd - 1; d++) if (st[qk][d] % 16 != 0) return 1;
            any = true;
        }
        return any ? 4 : 1;
    }

    /**
     * 4 when every indexed operand is a 4-byte int or float whose first element is 16-byte aligned
     * and no raw array is passed (wide loads of raw arrays would be the body's business), else 1.
     */
    private static int vectorWidth(ParamList ps, Object[] args) {
        Kind[] kinds = ps.kinds;
        boolean any = false;
        for (int k = 0; k < kinds.length; k++) {
            Kind kind = kinds[k];
            if (kind == Kind.RAW) return 1;
            if (kind == Kind.SCALAR) continue;
            if (!loadsFourWide(ps.dtypes[k], (NDArray) args[k])) return 1;
            any = true;
        }
        return any ? 4 : 1;
    }

    /** The rule of {@link #vectorWidth} for one indexed operand: a 4-byte int or float, its first element 16-byte aligned. */
    private static boolean loadsFourWide(DType dtype, NDArray a) {
        return (dtype == DType.FLOAT32 || dtype == DType.INT32) && a.offset() % 16 == 0;
    }
}
