package org.ndgpu.spi;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.NDArray;

/**
 * The NumPy routines beyond the core array, implemented by module routines: sorting, boolean masks,
 * joining and tiling, diagonals, quantiles, closeness, printing, .npy/.npz files, the NaN-ignoring
 * statistics and data-parallel scatter/gather. NDArray and the
 * Nd facade call them through {@link Providers#routines()}; {@code op} is the name of the calling
 * function, for error messages.
 */
public interface Routines {
    /** numpy.sort(a, axis) when {@code indices} is false, numpy.argsort(a, axis, kind='stable') when true. */
    NDArray sort(String op, NDArray a, int axis, boolean indices);

    /**
     * numpy.searchsorted(a, v, side): for each value of v, the index where it would be inserted into
     * the sorted 1-d array a to keep it sorted ("left": before equal values, "right": after them); a
     * binary search per value, in NumPy's order (NaN last). The search runs in the common dtype of a and v.
     */
    NDArray searchsorted(String op, NDArray a, Object v, String side);

    /** numpy.unique(a): the sorted distinct values of the flattened array; NaNs count as one (NumPy 2's equal_nan). */
    NDArray unique(String op, NDArray a);

    /** a[mask]: the elements where mask (a's shape, or its leading axes) is true, as a new array of shape (count,) + the rest. */
    NDArray select(String op, NDArray a, NDArray mask);

    /** a[mask] = value: a number or 0-d array everywhere mask is true, or an array of one value per selected element (broadcast as NumPy). */
    void assign(String op, NDArray a, NDArray mask, Object value);

    /**
     * {@code a[index]} with advanced items (integer or boolean lists and arrays mixed with integers,
     * slices, None and Ellipsis), by NumPy's rules: a new array.
     */
    NDArray index(String op, NDArray a, List<org.ndgpu.ndarray.IndexExpr.Item> items);

    /** {@code a[index] = value} with advanced items; every index is checked before anything is written. */
    void indexAssign(String op, NDArray a, List<org.ndgpu.ndarray.IndexExpr.Item> items, Object value);

    /** numpy.nonzero(a): one int64 array of indices per axis, in C order of the nonzero elements. */
    NDArray[] nonzero(String op, NDArray a);

    /** numpy.argwhere(a): the indices of the nonzero elements, shape (count, ndim). */
    NDArray argwhere(String op, NDArray a);

    /** numpy.flatnonzero(a): the flat (C-order) indices of the nonzero elements. */
    NDArray flatnonzero(String op, NDArray a);

    /** numpy.quantile(a, q, axis) for one q in [0, 1]; {@code axis} null works on the flattened array. */
    NDArray quantile(String op, NDArray a, double q, Integer axis, boolean keepdims);

    /** numpy.isclose(a, b, rtol, atol, equal_nan): a BOOL array of the broadcast shape. */
    NDArray isclose(Object a, Object b, double rtol, double atol, boolean equalNan);

    /** numpy.allclose: every element isclose. */
    boolean allclose(Object a, Object b, double rtol, double atol, boolean equalNan);

    /** numpy.array_equal(a, b, equal_nan): the same shape (no broadcasting) and equal elements. */
    boolean arrayEqual(NDArray a, NDArray b, boolean equalNan);

    /** numpy.take(a, indices, axis); {@code axis} null takes from the flattened array. */
    NDArray take(String op, NDArray a, Object indices, Integer axis);

    /** numpy.concatenate(arrays, axis): the arrays must agree on every axis but {@code axis}. */
    NDArray concatenate(String op, List<NDArray> arrays, int axis);

    /** numpy.stack(arrays, axis): arrays of one shape joined along a new axis. */
    NDArray stack(String op, List<NDArray> arrays, int axis);

    /** numpy.hstack: along axis 1, or axis 0 when the arrays are 1-D; 0-d arrays count as 1-D. */
    NDArray hstack(String op, List<NDArray> arrays);

    /** numpy.vstack: along axis 0, with 0-d and 1-D arrays first made rows of shape (1, N). */
    NDArray vstack(String op, List<NDArray> arrays);

    /** numpy.diagonal(a, offset, axis1, axis2): a view, the diagonal axis last. */
    NDArray diagonal(String op, NDArray a, long offset, int axis1, int axis2);

    /**
     * numpy.diag(v, k): from a 1-d v, a square 2-d array with v on diagonal k (zeros elsewhere, written
     * through the diagonal view); from a 2-d v, a copy of its k-th diagonal.
     */
    NDArray diag(String op, NDArray v, long k);

    /** numpy.trace(a, offset): the sum along the diagonal of the first two axes. */
    NDArray trace(String op, NDArray a, long offset);

    /** numpy.triu (upper, zero below diagonal k) or numpy.tril (lower, zero above it), on the last two axes. */
    NDArray triangle(String op, NDArray a, long k, boolean upper);

    /** numpy.diff(a, n, axis): the n-th discrete difference; for bool arrays, not_equal as NumPy. */
    NDArray diff(String op, NDArray a, int n, int axis);

    /** numpy.array_split(a, sections, axis): the first {@code len % sections} parts one longer. */
    List<NDArray> arraySplit(String op, NDArray a, int sections, int axis);

    /** numpy.split(a, sections, axis): equal parts, or a ShapeException when the axis does not divide. */
    List<NDArray> split(String op, NDArray a, int sections, int axis);

    /** numpy.split(a, indices, axis): parts a[:i0], a[i0:i1], ..., a[ik:] along axis (indices clipped as slices are). */
    List<NDArray> splitAt(String op, NDArray a, long[] indices, int axis);

    /** numpy.repeat(a, repeats, axis): each element repeated along axis; {@code axis} null repeats the flattened array. */
    NDArray repeat(String op, NDArray a, long repeats, Integer axis);

    /**
     * numpy.repeat(a, repeats, axis) with one count per element along the axis (a single count
     * applies to all, as NumPy broadcasts it): one gather through {@code take} with an index array
     * built on the host ({@code repeats} is a host array, so its sum is known without a device read).
     */
    NDArray repeat(String op, NDArray a, long[] repeats, Integer axis);

    /** numpy.tile(a, reps): a repeated reps[d] times along each axis (reps and a.ndim padded with leading 1s). */
    NDArray tile(String op, NDArray a, long... reps);

    /** numpy.roll(a, shift, axis): elements shifted along axis, those past the end coming back at the start; axis null rolls the flattened array. */
    NDArray roll(String op, NDArray a, long shift, Integer axis);

    /** NumPy's repr of {@code a}, reading only the elements a summarized print shows. */
    String repr(NDArray a);

    /** NumPy's str of {@code a}. */
    String str(NDArray a);

    /** {@code a.toDlpack()}: a DLManagedTensor over {@code a}'s memory, no copy; the consumer calls its deleter once. */
    java.lang.foreign.MemorySegment toDlpack(NDArray a);

    /** {@code Nd.fromDlpack(tensor)}: an array over a DLPack producer's memory, no copy; its deleter runs on release. */
    NDArray fromDlpack(java.lang.foreign.MemorySegment tensor);

    /**
     * numpy.load of one .npy file straight onto {@code device}, with no size limit: the data goes from
     * the mapped file to the device in chunks, byte-swapped when the file is big-endian; the result is
     * a new C-contiguous array. Format errors are {@link org.ndgpu.exceptions.NpyFormatException}s thrown before
     * any device memory is taken.
     */
    NDArray loadNpy(Path file, Device device);

    /**
     * numpy.save of a device array, with no size limit: the header, then the elements streamed from
     * the device to the file in chunks; an F-contiguous array (not also C-contiguous) is written in
     * Fortran order, as NumPy does.
     */
    void saveNpy(Path file, NDArray a);

    /**
     * numpy.load of an .npz archive: the arrays by name, in the archive's order, each through host
     * memory onto the current device (members of at most 2 GiB each).
     */
    Map<String, NDArray> loadNpz(Path file);

    /**
     * numpy.savez, or numpy.savez_compressed when {@code compressed}: each array through host memory,
     * an F-contiguous one in Fortran order; {@code op} names the caller in errors.
     */
    void savez(String op, Path file, Map<String, NDArray> arrays, boolean compressed);

    // ---- issue 22's routines: counting and binning, padding, interpolation, convolution, statistics, sets, polynomials

    /** numpy.bincount(x, weights, minlength); {@code weights} may be null. */
    NDArray bincount(String op, NDArray x, NDArray weights, long minlength);

    /** numpy.digitize(x, bins, right). */
    NDArray digitize(String op, NDArray x, NDArray bins, boolean right);

    /** numpy.histogram(a, bins, range) with {@code bins} equal bins; {@code range} null: a's min and max. */
    org.ndgpu.ndarray.Histogram histogram(String op, NDArray a, long bins, double[] range);

    /** numpy.histogram(a, bins) with the bin edges given. */
    org.ndgpu.ndarray.Histogram histogram(String op, NDArray a, NDArray bins);

    /** numpy.histogram2d(x, y, bins, range); {@code range} null: each sample's min and max. */
    org.ndgpu.ndarray.Histogram2d histogram2d(String op, NDArray x, NDArray y, long[] bins, double[][] range);

    /** numpy.pad(a, widths, mode, constant_values). */
    NDArray pad(String op, NDArray a, long[][] widths, String mode, Object constant);

    /** numpy.interp(x, xp, fp, left, right); left/right null take fp's ends. */
    NDArray interp(String op, NDArray x, NDArray xp, NDArray fp, Double left, Double right);

    /** numpy.convolve(a, v, mode). */
    NDArray convolve(String op, NDArray a, NDArray v, String mode);

    /** numpy.correlate(a, v, mode). */
    NDArray correlate(String op, NDArray a, NDArray v, String mode);

    /** numpy.average(a, axis, weights); axis and weights may be null. */
    NDArray average(String op, NDArray a, Integer axis, NDArray weights);

    /** numpy.ptp(a, axis); axis null: everything. */
    NDArray ptp(String op, NDArray a, Integer axis);

    /** numpy.cov(m, rowvar, bias). */
    NDArray cov(String op, NDArray m, boolean rowvar, boolean bias);

    /** numpy.corrcoef(x, rowvar). */
    NDArray corrcoef(String op, NDArray x, boolean rowvar);

    /** numpy.partition (indices false) or numpy.argpartition (true). */
    NDArray partition(String op, NDArray a, long kth, int axis, boolean indices);

    /** numpy.isin(element, test, invert). */
    NDArray isin(String op, NDArray element, NDArray test, boolean invert);

    /** numpy.setdiff1d, intersect1d or union1d, by {@code op}'s name. */
    NDArray setOperation(String op, NDArray a, NDArray b);

    /** numpy.cross(a, b). */
    NDArray cross(String op, NDArray a, NDArray b);

    /** numpy.kron(a, b). */
    NDArray kron(String op, NDArray a, NDArray b);

    /** numpy.polyval(p, x). */
    NDArray polyval(String op, NDArray p, NDArray x);

    /** numpy.polyfit(x, y, deg). */
    NDArray polyfit(String op, NDArray x, NDArray y, int deg);

    // ---- the NaN-ignoring reductions composed of the plain ones (nansum, nanmax, nanmin are Reductions'); axes null: all

    /** numpy.nanmean(a, axis, keepdims): nansum over the count of non-NaN elements. */
    NDArray nanmean(NDArray a, int[] axes, boolean keepdims);

    /** numpy.nanprod(a, axis, keepdims): the product with NaNs counted as one. */
    NDArray nanprod(NDArray a, int[] axes, boolean keepdims);

    /** numpy.nancumsum(a, axis): the running sum with NaNs counted as zero; axis null runs over the flattened array. */
    NDArray nancumsum(NDArray a, Integer axis);

    /** numpy.nanvar(a, axis, keepdims, ddof): NaN where the count of non-NaN elements less ddof is not positive. */
    NDArray nanvar(NDArray a, int[] axes, boolean keepdims, int ddof);

    /** numpy.nanstd: the square root of nanvar. */
    NDArray nanstd(NDArray a, int[] axes, boolean keepdims, int ddof);

    /** numpy.nanargmax ({@code max} true) or numpy.nanargmin; an all-NaN slice is an error; axis null: the flat index. */
    NDArray nanarg(NDArray a, Integer axis, boolean max);

    // ---- data-parallel sharding: numpy.array_split and numpy.concatenate with a device per part

    /** Nd.scatter: a's parts along {@code axis} (numpy.array_split's lengths), part i a new array on {@code devices.get(i)}. */
    List<NDArray> scatter(NDArray a, List<Device> devices, int axis);

    /** Nd.gather: the parts joined along {@code axis} in a new array on {@code device}. */
    NDArray gather(List<NDArray> shards, Device device, int axis);
}
