package org.ndgpu.routines.manipulation;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Shapes;

/**
 * numpy.atleast_1d, atleast_2d and atleast_3d (views with axes of length 1 added where NumPy adds
 * them), numpy.broadcast_arrays (read-only broadcast views) and numpy.broadcast_shapes (shape
 * arithmetic on the host).
 */
public final class Dimensions {
    private Dimensions() {}

    /** numpy.atleast_1d, atleast_2d or atleast_3d of one array ({@code n} 1, 2 or 3): a view. */
    public static NDArray atleast(String op, NDArray a, int n) {
        a.live(op);
        long[] s = a.shape();
        if (s.length >= n) return a.view(s, a.strides(), a.offset());
        long[] t = switch (n) {
            case 1 -> new long[] {1};
            case 2 -> s.length == 0 ? new long[] {1, 1} : new long[] {1, s[0]};
            default ->
                switch (s.length) {
                    case 0 -> new long[] {1, 1, 1};
                    case 1 -> new long[] {1, s[0], 1};
                    default -> new long[] {s[0], s[1], 1};
                };
        };
        return a.reshape(t);
    }

    /** The same for several arrays. */
    public static List<NDArray> atleast(String op, List<NDArray> arrays, int n) {
        List<NDArray> out = new ArrayList<>(arrays.size());
        try {
            for (int k = 0; k < arrays.size(); k++) {
                NDArray a = arrays.get(k);
                if (a == null) throw new NullPointerException(op + ": arys[" + k + "] is null");
                out.add(atleast(op, a, n));
            }
            return out;
        } catch (RuntimeException e) {
            out.forEach(NDArray::close);
            throw e;
        }
    }

    /** numpy.broadcast_arrays(*args): read-only views of every array at the broadcast shape. */
    public static List<NDArray> broadcastArrays(String op, List<NDArray> arrays) {
        long[][] shapes = new long[arrays.size()][];
        for (int k = 0; k < arrays.size(); k++) {
            NDArray a = arrays.get(k);
            if (a == null) throw new NullPointerException(op + ": args[" + k + "] is null");
            a.live(op);
            if (k > 0) org.ndgpu.ndarray.Operands.device(op, arrays.get(0), a);
            shapes[k] = a.shape();
        }
        long[] b = broadcastShapes(op, shapes);
        List<NDArray> out = new ArrayList<>(arrays.size());
        for (NDArray a : arrays) out.add(a.broadcastTo(b));
        return out;
    }

    /** numpy.broadcast_shapes(*shapes): the shape they broadcast to, or NumPy's mismatch error. */
    public static long[] broadcastShapes(String op, long[]... shapes) {
        java.util.Objects.requireNonNull(shapes, op + ": shapes is null");
        int nd = 0;
        for (int k = 0; k < shapes.length; k++) {
            java.util.Objects.requireNonNull(shapes[k], op + ": shape " + k + " is null");
            nd = Math.max(nd, shapes[k].length);
        }
        long[] out = new long[nd];
        java.util.Arrays.fill(out, 1);
        int[] from = new int[nd];
        for (int k = 0; k < shapes.length; k++) {
            long[] s = shapes[k];
            for (int i = 0; i < s.length; i++) {
                int o = nd - s.length + i;
                if (s[i] < 0)
                    throw new ShapeException(op + ": negative dimensions are not allowed, got " + Shapes.str(s));
                if (s[i] == out[o] || s[i] == 1) continue;
                if (out[o] == 1) {
                    out[o] = s[i];
                    from[o] = k;
                    continue;
                }
                throw new ShapeException(op + ": shape mismatch: objects cannot be broadcast to a single shape. "
                        + " Mismatch is between arg " + from[o] + " with shape " + Shapes.str(shapes[from[o]])
                        + " and arg " + k + " with shape " + Shapes.str(s) + ".");
            }
        }
        return out;
    }
}
