package org.ndgpu.reduction;

import java.util.Arrays;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.spi.Reduction;
import org.ndgpu.spi.ReductionRunner;
import org.ndgpu.spi.Scan;

/**
 * The reductions and scans behind {@code NDArray.sum()}, {@code a.max(1)}, {@code a.cumsum(0)}:
 * NumPy's semantics (axes, keepdims, result dtypes, NaN rules, empty arrays) on the device
 * through {@link ReductionLoop}. Registered for {@link org.ndgpu.spi.Providers} as a service.
 *
 * <pre>{@code
 * NDArray m = Nd.arange(12).reshape(3, 4);
 * m.sum(0);                          // array([12, 15, 18, 21]), int64
 * m.mean(new int[]{-1}, true);       // shape (3, 1), float64
 * m.argmax();                        // 11, the flat index
 * }</pre>
 */
public final class DeviceReductions implements ReductionRunner {
    /** Made by ServiceLoader (ndarray's {@code uses org.ndgpu.spi.ReductionRunner}); callers go through NDArray and Nd. */
    public DeviceReductions() {}

    @Override
    public NDArray reduce(Reduction op, NDArray a, int[] axes, boolean keepdims, NDArray out, int ddof) {
        String name = op.numpyName();
        a.live(name);
        if (a.dtype().isTime()) return TimeReductions.reduce(this, op, a, axes, keepdims, out);
        if (op == Reduction.NORM) {
            if (out != null) throw new NdException("norm: an out array is not supported");
            return Norms.norm(a, axes, keepdims);
        }
        int n = a.ndim();
        if ((op == Reduction.ARGMAX || op == Reduction.ARGMIN) && axes != null && axes.length != 1) {
            throw new AxisException(name + ": expected one axis or none, got " + Arrays.toString(axes));
        }
        int[] ax = Shapes.axes(name, axes, n);
        long[] shape = a.shape();
        boolean[] red = new boolean[n];
        for (int d : ax) red[d] = true;
        long r = 1, k = 1;
        for (int d = 0; d < n; d++) {
            if (red[d]) r *= shape[d];
            else k *= shape[d];
        }
        if (r == 0 && k > 0 && !BuiltinSpecs.hasIdentity(op)) {
            if (op == Reduction.ARGMAX || op == Reduction.ARGMIN)
                throw new ShapeException(name + ": attempt to get " + name + " of an empty sequence");
            throw new ShapeException(name + ": zero-size array to reduction operation " + BuiltinSpecs.ufuncName(op)
                    + " which has no identity");
        }
        long[] resultShape = resultShape(shape, red, keepdims);
        DType rt = BuiltinSpecs.resultType(op, a.dtype());
        NDArray result = out != null
                ? checkOut(name, out, a, resultShape, rt)
                : NDArray.empty(a.device(), rt, resultShape, Order.C);
        boolean fp64 = a.device().facts().fp64();
        if (op == Reduction.VAR || op == Reduction.STD) {
            DType acc = BuiltinSpecs.accumulator(op, a.dtype(), fp64);
            try (NDArray mean = NDArray.empty(a.device(), acc, resultShape(shape, red, true), Order.C)) {
                ReductionLoop.run(BuiltinSpecs.spec(Reduction.MEAN, a.dtype(), acc, fp64), new Object[] {a, mean}, ax);
                ReductionLoop.run(
                        BuiltinSpecs.spec(op, a.dtype(), result.dtype(), fp64),
                        new Object[] {a, mean, (long) ddof, result},
                        ax);
            }
            return result;
        }
        ReductionSpec spec = BuiltinSpecs.spec(op, a.dtype(), result.dtype(), fp64);
        if (out == null) ReductionLoop.runIntoNew(spec, new Object[] {a, result}, ax, result.device());
        else ReductionLoop.run(spec, new Object[] {a, result}, ax);
        return result;
    }

    @Override
    public NDArray scan(Scan op, NDArray a, Integer axis, NDArray out) {
        if (a.live(op.numpyName()).dtype().isTime()) return TimeReductions.scan(op, a, axis, out);
        return Scans.scan(op, a, axis, out);
    }

    /** The reduced shape: kept axes, with 1 for each reduced one when keepdims. */
    static long[] resultShape(long[] shape, boolean[] red, boolean keepdims) {
        long[] s = new long[shape.length];
        int m = 0;
        for (int d = 0; d < shape.length; d++) {
            if (!red[d]) s[m++] = shape[d];
            else if (keepdims) s[m++] = 1;
        }
        return Arrays.copyOf(s, m);
    }

    /** out= of a reduction or scan: one device, shape, same_kind casting, writeable (overlap is handled where it runs). */
    static NDArray checkOut(String op, NDArray out, NDArray a, long[] shape, DType result) {
        Operands.device(op, a, out);
        Operands.checkOut(op, out, shape, result, Casting.SAME_KIND);
        return out;
    }
}
