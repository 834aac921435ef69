package org.ndgpu.routines;

import org.ndgpu.ndarray.Operands;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.DTypeException;
import org.ndgpu.IndexException;
import org.ndgpu.Nd;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.codegen.ElementwiseLoop;

/**
 * numpy.take: elements gathered along one axis by an integer index array, in one kernel over the
 * output. The output's shape is {@code a.shape[:axis] + indices.shape + a.shape[axis+1:]}; negative
 * indices count from the end. An index out of range is an IndexException, as NumPy's mode='raise'
 * (CuPy wraps instead): the kernel notes any bad index in a two-word flag, read back once.
 */
public final class Take {
    private Take() { }

    private static final ConcurrentHashMap<DType, Spec> SPECS = new ConcurrentHashMap<>();

    /** numpy.take(a, indices, axis); {@code axis} null takes from the flattened array. */
    public static NDArray take(String op, NDArray a, Object indices, Integer axis) {
        a.live(op);
        NDArray idx = indices instanceof NDArray i ? i.live(op) : null;
        boolean ownIdx = idx == null;
        if (ownIdx) {
            try (var _ = a.device().use()) {
                idx = indexArray(op, indices);
            }
        }
        try {
            Operands.device(op, a, idx);
            if (!idx.dtype().isInteger()) {
                throw new DTypeException(op + ": indices must be of an integer dtype, got " + idx.dtype());
            }
            NDArray src = axis == null ? a.ravel() : a;
            try {
                return gather(op, src, idx, axis == null ? 0 : Shapes.axis(op, axis, src.ndim()), a.dtype());
            } finally {
                if (src != a) src.close();
            }
        } finally {
            if (ownIdx) idx.close();
        }
    }

    private static NDArray gather(String op, NDArray src, NDArray idx, int ax, DType dtype) {
        long[] s = src.shape(), is = idx.shape();
        long len = s[ax], post = 1;
        for (int d = ax + 1; d < s.length; d++) post *= s[d];
        long[] outShape = new long[s.length - 1 + is.length];
        System.arraycopy(s, 0, outShape, 0, ax);
        System.arraycopy(is, 0, outShape, ax, is.length);
        System.arraycopy(s, ax + 1, outShape, ax + is.length, s.length - ax - 1);
        if (len == 0 && idx.size() > 0) throw new IndexException(op + ": cannot do a non-empty take from an empty axis " + ax);
        NDArray out = NDArray.empty(src.device(), dtype, outShape, Order.C);
        if (out.size() == 0) return out;
        NDArray srcC = src.isCContiguous() ? src : src.copy(Order.C);
        NDArray idxC = idx.dtype() == DType.INT64 && idx.isCContiguous() ? idx : idx.astype(DType.INT64);
        try (var _ = src.device().use(); NDArray flag = Nd.zeros(DType.INT64, 2)) {
            ElementwiseLoop.run(spec(dtype), new Object[]{srcC, idxC, flag, out, idx.size(), post, len}, outShape);
            long[] f = flag.toLongArray();
            if (f[0] != 0) {
                out.close();
                throw new IndexException(op + ": index " + f[1] + " is out of bounds for axis " + ax + " with size " + len);
            }
            return out;
        } finally {
            if (srcC != src) srcC.close();
            if (idxC != idx) idxC.close();
        }
    }

    // out flat index i = ((p * m) + j) * post + k  reads  src[(p * len + ind[j]) * post + k]
    private static Spec spec(DType d) {
        return SPECS.computeIfAbsent(d, t -> new Spec("nd_take_" + t,
                List.of(new Param("src", t, Kind.RAW), new Param("ind", DType.INT64, Kind.RAW), new Param("bad", DType.INT64, Kind.RAW),
                        new Param("y", t, Kind.OUT), new Param("_m", DType.INT64, Kind.SCALAR),
                        new Param("_post", DType.INT64, Kind.SCALAR), new Param("_len", DType.INT64, Kind.SCALAR)),
                """
                long _q = (long)i / _post, _k = (long)i - _q * _post;
                long _p = _q / _m, _j = _q - _p * _m;
                long _t = ind[_j];
                if (_t < 0) _t += _len;
                if (_t < 0 || _t >= _len) { bad[0] = 1; bad[1] = ind[_j]; _t = 0; }
                y = %s;""".formatted(CTypes.load(t, "(src + (_p * _len + _t) * _post + _k)"))));
    }

    private static NDArray indexArray(String op, Object indices) {
        return switch (indices) {
            case long[] v -> Nd.array(v);
            case int[] v -> Nd.array(v);
            case Long v -> Nd.full(v, DType.INT64);
            case Integer v -> Nd.full((long) v, DType.INT64);
            case null -> throw new NullPointerException(op + ": indices is null");
            default -> throw new DTypeException(op + ": indices must be an integer NDArray, long[], int[] or a Java integer, got "
                    + indices.getClass().getSimpleName());
        };
    }
}
