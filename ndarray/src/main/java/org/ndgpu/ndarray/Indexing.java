package org.ndgpu.ndarray;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ndgpu.spi.Providers;

/**
 * Indexing, as NumPy's "indexing on ndarrays": basic indexing by an index string or integers (views,
 * through {@link IndexExpr}); advanced indexing by integer or boolean lists in the string, or by
 * index arrays (copies, gathered and scattered by module routines).
 */
final class Indexing {
    private Indexing() {}

    /** {@code a["1:3, ::-1, None, ..."]}: a view; with a list ({@code "[2, 0]"}, {@code ":, [0, 2]"}) a new array. */
    static NDArray get(NDArray a, String index) {
        Objects.requireNonNull(index, "get: index is null");
        a.live("get");
        List<IndexExpr.Item> items = IndexExpr.parse("get", index);
        if (IndexExpr.isAdvanced(items)) return Providers.routines().index("get", a, items);
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

    /** {@code a[idx]}: an integer index array picks along axis 0, a boolean one is a mask; a new array. */
    static NDArray get(NDArray a, NDArray index) {
        Objects.requireNonNull(index, "get: index is null");
        return Providers.routines().index("get", a, List.of(new IndexExpr.Array(index)));
    }

    /** {@code a[i0, i1, ...]} with index arrays, paired elementwise (broadcast together). */
    static NDArray get(NDArray a, NDArray first, NDArray... more) {
        return Providers.routines().index("get", a, arrays("get", first, more));
    }

    /** {@code a[idx] = value}; returns a. */
    static NDArray set(NDArray a, NDArray index, Object value) {
        Objects.requireNonNull(index, "set: index is null");
        Providers.routines().indexAssign("set", a, List.of(new IndexExpr.Array(index)), value);
        return a;
    }

    /** {@code a[i0, i1, ...] = value} with index arrays; returns a. */
    static NDArray set(NDArray a, NDArray[] indices, Object value) {
        Objects.requireNonNull(indices, "set: indices is null");
        if (indices.length == 0)
            throw new org.ndgpu.exceptions.IndexException("set: expected at least one index array, got none");
        Providers.routines()
                .indexAssign(
                        "set",
                        a,
                        arrays("set", indices[0], java.util.Arrays.copyOfRange(indices, 1, indices.length)),
                        value);
        return a;
    }

    /** {@code a["..."] = value}: broadcast and cast into the view (or the selected elements, with lists); returns a. */
    static NDArray set(NDArray a, String index, Object value) {
        Objects.requireNonNull(index, "set: index is null");
        a.live("set");
        List<IndexExpr.Item> items = IndexExpr.parse("set", index);
        if (IndexExpr.isAdvanced(items)) {
            Providers.routines().indexAssign("set", a, items, value);
            return a;
        }
        IndexExpr.View v = IndexExpr.apply("set", items, a.shape(), a.strides(), a.offset());
        try (NDArray target = a.view(v.shape(), v.strides(), v.offset())) {
            Copies.assign("set", target, value);
        }
        return a;
    }

    private static List<IndexExpr.Item> arrays(String op, NDArray first, NDArray... more) {
        Objects.requireNonNull(more, op + ": indices is null");
        List<IndexExpr.Item> items = new ArrayList<>();
        items.add(new IndexExpr.Array(Objects.requireNonNull(first, op + ": index 0 is null")));
        for (int i = 0; i < more.length; i++)
            items.add(new IndexExpr.Array(Objects.requireNonNull(more[i], op + ": index " + (i + 1) + " is null")));
        return items;
    }
}
