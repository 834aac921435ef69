package org.ndgpu.structured;

import java.util.Arrays;
import java.util.List;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;

/**
 * NumPy's indexing of a structured array's records ({@code a[1:3]}, {@code a[0]}, {@code a[mask]}):
 * the index applies to every field's array with one {@code :} per subarray axis after it, so that it
 * reaches only the record axes (an ellipsis expands over them alone); the record shape of the
 * result is the fields' new shape less their subarray axes.
 */
final class RecordIndex {
    private RecordIndex() {}

    /** The fields' arrays indexed (views for a basic index, copies for an advanced one, as NDArray.get gives). */
    static NDArray[] apply(StructuredDType dtype, long[] shape, NDArray[] values, String index) {
        List<Field> fields = dtype.fields();
        NDArray[] out = new NDArray[values.length];
        try {
            for (int i = 0; i < values.length; i++) {
                int sub = fields.get(i).shape().length;
                String body = index.strip();
                String full = sub == 0
                        ? index
                        : body + (body.isEmpty() || body.endsWith(",") ? "" : ", ") + String.join(", ", colons(sub));
                out[i] = values[i].get(full);
            }
        } catch (NdException e) {
            for (NDArray v : out) if (v != null) v.close();
            throw new IndexException(
                    "StructuredArray.get: index \"" + index + "\" of records of shape "
                            + StructuredArray.shapeText(shape) + ": " + e.getMessage(),
                    e);
        } catch (RuntimeException | Error e) {
            for (NDArray v : out) if (v != null) v.close();
            throw e;
        }
        return out;
    }

    /** The record shape of indexed fields: the first field's shape less its subarray axes. */
    static long[] recordShape(StructuredDType dtype, NDArray[] indexed) {
        long[] s = indexed[0].shape();
        return Arrays.copyOf(s, s.length - dtype.fields().getFirst().shape().length);
    }

    private static List<String> colons(int n) {
        return java.util.Collections.nCopies(n, ":");
    }
}
