package org.ndgpu.ndimage;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.Function;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage.labeled_comprehension: the caller's function applied to the values of each
 * requested label, selected on the device by a mask (one selection per distinct label); a label
 * with no element gets the default, as SciPy's.
 */
final class Comprehension {
    private Comprehension() {}

    static final String OP = "ndimage.labeled_comprehension";

    /** Per index, func of the values of that label (index null: of the positive labels; labels null: of all). */
    static double[] apply(NDArray input, NDArray labels, long[] index, Function<NDArray, ?> func, double defaultValue) {
        Objects.requireNonNull(input, OP + ": input is null");
        Objects.requireNonNull(func, OP + ": func is null");
        input.live(OP);
        if (labels == null) {
            if (index != null) throw new NdException(OP + ": index without defined labels");
            try (NDArray all = input.ravel()) {
                return new double[] {call(func, all)};
            }
        }
        labels.live(OP);
        if (!labels.dtype().isInteger() && !labels.dtype().isBool())
            throw new DTypeException(OP + ": expected integer labels, got " + labels.dtype());
        if (!Arrays.equals(labels.shape(), input.shape())) {
            throw new ShapeException(OP + ": the labels' shape " + Arrays.toString(labels.shape())
                    + " differs from the input's " + Arrays.toString(input.shape()));
        }
        if (index == null) {
            try (NDArray mask = labels.gt(0);
                    NDArray vals = input.get(mask)) {
                return new double[] {call(func, vals)};
            }
        }
        double[] out = new double[index.length];
        for (int k = 0; k < index.length; k++) {
            int first = k;
            for (int j = 0; j < k; j++) {
                if (index[j] == index[k]) {
                    first = j;
                    break;
                }
            }
            if (first < k) {
                out[k] = out[first];
                continue;
            }
            try (NDArray mask = labels.eq(index[k]);
                    NDArray vals = input.get(mask)) {
                out[k] = vals.size() == 0 ? defaultValue : call(func, vals);
            }
        }
        return out;
    }

    // a Number, or a one-element array (closed once read, unless it is the selection itself)
    private static double call(Function<NDArray, ?> func, NDArray vals) {
        Object r = func.apply(vals);
        if (r instanceof Number n) return n.doubleValue();
        if (r instanceof NDArray a) {
            try {
                a.live(OP);
                if (a.size() != 1 || a.dtype().isComplex()) {
                    throw new NdException(OP + ": func must give a number or a one-element real array, got " + a.dtype()
                            + " of shape " + Arrays.toString(a.shape()));
                }
                try (NDArray f = a.astype(DType.FLOAT64)) {
                    return f.toDoubleArray()[0];
                }
            } finally {
                if (a != vals) a.close();
            }
        }
        throw new NdException(OP + ": func must give a number or a one-element array, got "
                + (r == null ? "null" : r.getClass().getSimpleName()));
    }
}
