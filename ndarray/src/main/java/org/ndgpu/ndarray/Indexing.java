package org.ndgpu.ndarray;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ndgpu.spi.Providers;

/**
 * Indexing, as NumPy's "indexing on ndarrays": basic indexing by an index string or integers (views,
 * through {@link IndexExpr}), boolean-mask selection and assignment (module routines).
 */
final class Indexing {
    private Indexing() { }

    /** {@code a["1:3, ::-1, None, ..."]}: a view. */
    static NDArray get(NDArray a, String index) {
        Objects.requireNonNull(index, "get: index is null");
        a.live("get");
        List<IndexExpr.Item> items = IndexExpr.parse("get", index);
        IndexExpr.View v = IndexExpr.apply("get", items, a.shape(), a.strides(), a.offset());
        return a.view(v.shape(), v.strides(), v.offset());
    }

    /** {@code a[0, 2]}: a view (0-d when every axis is indexed); negative counts from the end. */
    static NDArray get(NDArray a, long... index) {
        Objects.requireNonNull(index, "get: index is null");
        a.live("get");
        List<IndexExpr.Item> items = new ArrayList<>();
        for (long i : index) items.add(new IndexExpr.Int(i));
        IndexExpr.View v = IndexExpr.apply("get", items, a.shape(), a.strides(), a.offset());
        return a.view(v.shape(), v.strides(), v.offset());
    }

    /** {@code a[mask]}: a new array of the selected elements. */
    static NDArray get(NDArray a, NDArray mask) {
        Objects.requireNonNull(mask, "get: mask is null");
        return Providers.routines().select("get", a, mask);
    }

    /** {@code a[mask] = value}; returns a. */
    static NDArray set(NDArray a, NDArray mask, Object value) {
        Objects.requireNonNull(mask, "set: mask is null");
        Providers.routines().assign("set", a, mask, value);
        return a;
    }

    /** {@code a["..."] = value}: broadcast and cast into the view; returns a. */
    static NDArray set(NDArray a, String index, Object value) {
        Objects.requireNonNull(index, "set: index is null");
        try (NDArray target = a.get(index)) {
            Copies.assign("set", target, value);
        }
        return a;
    }
}
