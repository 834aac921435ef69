package org.ndgpu.spi;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.ndgpu.ndarray.IndexExpr;
import org.ndgpu.ndarray.NDArray;

/**
 * The routines of module routines that NDArray's own methods need: sorting, advanced indexing,
 * take and repeat, put, compress, choose and round, printing and DLPack export. The facade Nd calls module routines directly;
 * {@code op} is the name of the calling function, for error messages.
 */
public interface Routines {
    /** numpy.sort(a, axis) when {@code indices} is false, numpy.argsort(a, axis, kind='stable') when true. */
    NDArray sort(String op, NDArray a, int axis, boolean indices);

    /**
     * {@code a[index]} with advanced items (integer or boolean lists and arrays mixed with integers,
     * slices, None and Ellipsis), by NumPy's rules: a new array.
     */
    NDArray index(String op, NDArray a, List<IndexExpr.Item> items);

    /** {@code a[index] = value} with advanced items; every index is checked before anything is written. */
    void indexAssign(String op, NDArray a, List<IndexExpr.Item> items, Object value);

    /** numpy.take(a, indices, axis); {@code axis} null takes from the flattened array. */
    NDArray take(String op, NDArray a, Object indices, Integer axis);

    /** numpy.repeat(a, repeats, axis): each element repeated along axis; {@code axis} null repeats the flattened array. */
    NDArray repeat(String op, NDArray a, long repeats, Integer axis);

    /** numpy.put(a, ind, v, mode): {@code a.flat[ind] = v} in place, v repeated cyclically; mode 'raise', 'wrap' or 'clip'. */
    void put(String op, NDArray a, Object ind, Object v, String mode);

    /** numpy.compress(condition, a, axis): the slices where the 1-d condition is true; {@code axis} null flattens a. */
    NDArray compress(String op, NDArray condition, NDArray a, Integer axis);

    /** numpy.choose(a, choices, mode): each element from the choice a's entry names, all broadcast together. */
    NDArray choose(String op, NDArray a, List<?> choices, String mode);

    /** numpy.round(a, decimals): halves to even, as NumPy. */
    NDArray round(String op, NDArray a, int decimals);

    /** NumPy's repr of {@code a}, reading only the elements a summarized print shows. */
    String repr(NDArray a);

    /** NumPy's str of {@code a}. */
    String str(NDArray a);

    /** {@code a.toDlpack()}: a DLManagedTensor over {@code a}'s memory, no copy; the consumer calls its deleter once. */
    MemorySegment toDlpack(NDArray a);
}
