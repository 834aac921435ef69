package org.ndgpu.routines.indexing;

import java.util.List;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;

/**
 * numpy.indices and numpy.ix_: the index grids of a shape. indices fills each row of its
 * (ndim, *shape) result with a device arange broadcast along the other axes; its sparse form, and
 * ix_, are views of 1-d arrays reshaped to stand along one axis each, so they broadcast against one
 * another as an open mesh.
 */
public final class IndexGrids {
    private IndexGrids() {}

    /** numpy.indices(dimensions, dtype): shape (ndim, *dimensions), row d holding each element's index along axis d. */
    public static NDArray indices(String op, long[] dimensions, DType dtype) {
        check(op, dimensions);
        int nd = dimensions.length;
        long[] shape = new long[nd + 1];
        shape[0] = nd;
        System.arraycopy(dimensions, 0, shape, 1, nd);
        Sizes.bytes(op, shape, dtype);
        NDArray out = Creation.empty(dtype, shape);
        try {
            if (Shapes.size(shape) == 0) return out;
            NDArray[] rows = sparse(op, dimensions, dtype);
            try {
                for (int d = 0; d < nd; d++) {
                    try (NDArray dst = out.get(d)) {
                        Copies.copyInto(rows[d], dst);
                    }
                }
            } finally {
                for (NDArray r : rows) r.close();
            }
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** numpy.indices(dimensions, dtype, sparse=True): one array per axis, of length dimensions[d] along axis d and 1 elsewhere. */
    public static NDArray[] sparse(String op, long[] dimensions, DType dtype) {
        check(op, dimensions);
        int nd = dimensions.length;
        NDArray[] out = new NDArray[nd];
        try {
            for (int d = 0; d < nd; d++) {
                long[] s = new long[nd];
                java.util.Arrays.fill(s, 1);
                s[d] = dimensions[d];
                try (NDArray r = Ranges.arange(0, dimensions[d], 1);
                        NDArray c = r.dtype() == dtype ? r.view(r.shape(), r.strides(), r.offset()) : r.astype(dtype)) {
                    out[d] = c.reshape(s);
                }
            }
            return out;
        } catch (RuntimeException e) {
            for (NDArray a : out) if (a != null) a.close();
            throw e;
        }
    }

    /**
     * numpy.ix_(*args): from 1-d sequences (a boolean one stands for its nonzero positions) an open
     * mesh, argument k reshaped to length n along axis k and 1 on the others; views of integer arguments.
     */
    public static NDArray[] ix(String op, List<NDArray> args) {
        int nd = args.size();
        NDArray[] out = new NDArray[nd];
        try {
            for (int k = 0; k < nd; k++) {
                NDArray a = args.get(k);
                if (a == null) throw new NullPointerException(op + ": args[" + k + "] is null");
                a.live(op);
                if (k > 0) org.ndgpu.ndarray.Operands.device(op, args.get(0), a);
                if (a.ndim() != 1)
                    throw new ShapeException(
                            op + ": Cross index must be 1 dimensional, got " + a.ndim() + "-d args[" + k + "]");
                NDArray v = a.dtype() == DType.BOOL ? Masking.flatnonzero(op, a) : a;
                try {
                    long[] s = new long[nd];
                    java.util.Arrays.fill(s, 1);
                    s[k] = v.size();
                    out[k] = v.reshape(s);
                } finally {
                    if (v != a) v.close();
                }
            }
            return out;
        } catch (RuntimeException e) {
            for (NDArray a : out) if (a != null) a.close();
            throw e;
        }
    }

    private static void check(String op, long[] dimensions) {
        for (long d : dimensions) {
            if (d < 0)
                throw new ShapeException(
                        op + ": dimensions must be non-negative, got " + java.util.Arrays.toString(dimensions));
        }
    }
}
