package org.ndgpu.routines.manipulation;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Scalars;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Sizes;
import org.ndgpu.routines.indexing.Take;

/**
 * numpy.resize, append and concat: new arrays from the elements of old ones. resize repeats the
 * flattened array to fill the new shape (one gather of {@code arange(size) % a.size}); append and
 * concat are numpy.concatenate, with NumPy's flattening when the axis is None.
 */
public final class Resizing {
    private Resizing() {}

    /** numpy.resize(a, new_shape): a's elements in C order, repeated as needed; zeros when a is empty. */
    public static NDArray resize(String op, NDArray a, long[] newShape) {
        a.live(op);
        for (long d : newShape) {
            if (d < 0)
                throw new ShapeException(
                        op + ": all elements of `new_shape` must be non-negative, got " + Shapes.str(newShape));
        }
        long size = Sizes.count(op, newShape);
        Sizes.bytes(op, newShape, a.dtype());
        try (var _ = a.device().use()) {
            if (a.size() == 0 || size == 0) return Creation.zeros(a.dtype(), newShape);
            try (NDArray flat = a.ravel();
                    NDArray r = Ranges.arange(0, size, 1);
                    NDArray idx = r.mod(a.size());
                    NDArray out = Take.take(op, flat, idx, 0)) {
                return out.reshape(newShape);
            }
        }
    }

    /** numpy.append(arr, values, axis): values an NDArray, a Java number or a Java array; axis null flattens both. */
    public static NDArray append(String op, NDArray arr, Object values, Integer axis) {
        arr.live(op);
        try (var _ = arr.device().use();
                NDArray v = strong(op, values)) {
            if (axis != null) return Joining.concatenate(op, List.of(arr, v), axis);
            try (NDArray fa = arr.ravel();
                    NDArray fv = v.ravel()) {
                return Joining.concatenate(op, List.of(fa, fv), 0);
            }
        }
    }

    /** numpy.concat(arrays, axis): numpy.concatenate under the Array API's name; axis null joins the flattened arrays. */
    public static NDArray concat(String op, List<NDArray> arrays, Integer axis) {
        if (axis != null) return Joining.concatenate(op, arrays, axis);
        List<NDArray> flat = new ArrayList<>(arrays.size());
        try {
            for (int k = 0; k < arrays.size(); k++) {
                NDArray a = arrays.get(k);
                if (a == null) throw new NullPointerException(op + ": arrays[" + k + "] is null");
                flat.add(a.live(op).ravel());
            }
            return Joining.concatenate(op, flat, 0);
        } finally {
            flat.forEach(NDArray::close);
        }
    }

    // NumPy's asarray: an NDArray as it is, a Java number as a 0-d array of its own dtype, a Java array as an array
    private static NDArray strong(String op, Object values) {
        return switch (values) {
            case null -> throw new NullPointerException(op + ": values is null");
            case NDArray v -> v.live(op).view(v.shape(), v.strides(), v.offset());
            case Number n -> Creation.full(n, DType.ofJavaValue(n));
            case Boolean b -> Creation.full(b, DType.BOOL);
            default -> {
                if (!values.getClass().isArray()) Scalars.weak(op, values, DType.FLOAT64); // names what it got
                yield Creation.array(values);
            }
        };
    }
}
