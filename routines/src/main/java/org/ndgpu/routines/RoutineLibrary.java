package org.ndgpu.routines;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.ndgpu.device.Device;
import org.ndgpu.io.Npy;
import org.ndgpu.ndarray.Histogram;
import org.ndgpu.ndarray.Histogram2d;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.distributed.Sharding;
import org.ndgpu.routines.indexing.Diagonals;
import org.ndgpu.routines.indexing.FancyIndexing;
import org.ndgpu.routines.indexing.Masking;
import org.ndgpu.routines.indexing.Take;
import org.ndgpu.routines.io.DLPack;
import org.ndgpu.routines.io.InputOutput;
import org.ndgpu.routines.logic.Closeness;
import org.ndgpu.routines.manipulation.Joining;
import org.ndgpu.routines.manipulation.Padding;
import org.ndgpu.routines.manipulation.Tiling;
import org.ndgpu.routines.math.Convolution;
import org.ndgpu.routines.math.Differences;
import org.ndgpu.routines.math.Interpolation;
import org.ndgpu.routines.math.Polynomials;
import org.ndgpu.routines.math.Products;
import org.ndgpu.routines.printing.ArrayRepr;
import org.ndgpu.routines.sets.SetOperations;
import org.ndgpu.routines.sets.UniqueValues;
import org.ndgpu.routines.sorting.Partitioning;
import org.ndgpu.routines.sorting.Sorting;
import org.ndgpu.routines.statistics.Averages;
import org.ndgpu.routines.statistics.Histograms;
import org.ndgpu.routines.statistics.NanReductions;
import org.ndgpu.routines.statistics.Quantiles;
import org.ndgpu.spi.Routines;

/** The routines of this module, as ndarray's {@link Routines} contract; registered with ServiceLoader. */
public final class RoutineLibrary implements Routines {
    @Override public NDArray sort(String op, NDArray a, int axis, boolean indices) { return Sorting.sort(op, a, axis, indices); }
    @Override public NDArray searchsorted(String op, NDArray a, Object v, String side) { return Sorting.searchsorted(op, a, v, side); }
    @Override public NDArray unique(String op, NDArray a) { return UniqueValues.unique(op, a); }
    @Override public NDArray select(String op, NDArray a, NDArray mask) { return Masking.select(op, a, mask); }
    @Override public void assign(String op, NDArray a, NDArray mask, Object value) { Masking.assign(op, a, mask, value); }
    @Override public NDArray index(String op, NDArray a, List<org.ndgpu.ndarray.IndexExpr.Item> items) { return FancyIndexing.get(op, a, items); }
    @Override public void indexAssign(String op, NDArray a, List<org.ndgpu.ndarray.IndexExpr.Item> items, Object value) { FancyIndexing.set(op, a, items, value); }
    @Override public NDArray[] nonzero(String op, NDArray a) { return Masking.nonzero(op, a); }
    @Override public NDArray argwhere(String op, NDArray a) { return Masking.argwhere(op, a); }
    @Override public NDArray flatnonzero(String op, NDArray a) { return Masking.flatnonzero(op, a); }
    @Override public NDArray quantile(String op, NDArray a, double q, Integer axis, boolean keepdims) { return Quantiles.quantile(op, a, q, axis, keepdims); }
    @Override public NDArray isclose(Object a, Object b, double rtol, double atol, boolean equalNan) { return Closeness.isclose(a, b, rtol, atol, equalNan); }
    @Override public boolean allclose(Object a, Object b, double rtol, double atol, boolean equalNan) { return Closeness.allclose(a, b, rtol, atol, equalNan); }
    @Override public boolean arrayEqual(NDArray a, NDArray b, boolean equalNan) { return Closeness.arrayEqual(a, b, equalNan); }
    @Override public NDArray take(String op, NDArray a, Object indices, Integer axis) { return Take.take(op, a, indices, axis); }
    @Override public NDArray concatenate(String op, List<NDArray> arrays, int axis) { return Joining.concatenate(op, arrays, axis); }
    @Override public NDArray stack(String op, List<NDArray> arrays, int axis) { return Joining.stack(op, arrays, axis); }
    @Override public NDArray hstack(String op, List<NDArray> arrays) { return Joining.hstack(op, arrays); }
    @Override public NDArray vstack(String op, List<NDArray> arrays) { return Joining.vstack(op, arrays); }
    @Override public NDArray diagonal(String op, NDArray a, long offset, int axis1, int axis2) { return Diagonals.diagonal(op, a, offset, axis1, axis2); }
    @Override public NDArray diag(String op, NDArray v, long k) { return Diagonals.diag(op, v, k); }
    @Override public NDArray trace(String op, NDArray a, long offset) { return Diagonals.trace(op, a, offset); }
    @Override public NDArray triangle(String op, NDArray a, long k, boolean upper) { return Diagonals.triangle(op, a, k, upper); }
    @Override public NDArray diff(String op, NDArray a, int n, int axis) { return Differences.diff(op, a, n, axis); }
    @Override public List<NDArray> arraySplit(String op, NDArray a, int sections, int axis) { return Tiling.arraySplit(op, a, sections, axis); }
    @Override public List<NDArray> split(String op, NDArray a, int sections, int axis) { return Tiling.split(op, a, sections, axis); }
    @Override public List<NDArray> splitAt(String op, NDArray a, long[] indices, int axis) { return Tiling.splitAt(op, a, indices, axis); }
    @Override public NDArray repeat(String op, NDArray a, long repeats, Integer axis) { return Tiling.repeat(op, a, repeats, axis); }
    @Override public NDArray repeat(String op, NDArray a, long[] repeats, Integer axis) { return Tiling.repeat(op, a, repeats, axis); }
    @Override public NDArray tile(String op, NDArray a, long... reps) { return Tiling.tile(op, a, reps); }
    @Override public NDArray roll(String op, NDArray a, long shift, Integer axis) { return Tiling.roll(op, a, shift, axis); }
    @Override public String repr(NDArray a) { return ArrayRepr.repr(a); }
    @Override public String str(NDArray a) { return ArrayRepr.str(a); }
    @Override public java.lang.foreign.MemorySegment toDlpack(NDArray a) { return DLPack.export(a); }
    @Override public NDArray fromDlpack(java.lang.foreign.MemorySegment tensor) { return DLPack.importTensor(tensor); }
    @Override public NDArray loadNpy(Path file, Device device) { return Npy.readToDevice(file, device); }
    @Override public void saveNpy(Path file, NDArray a) { Npy.writeToFile(file, a); }
    @Override public Map<String, NDArray> loadNpz(Path file) { return InputOutput.loadNpz(file); }
    @Override public void savez(String op, Path file, Map<String, NDArray> arrays, boolean compressed) { InputOutput.savez(op, file, arrays, compressed); }
    @Override public NDArray bincount(String op, NDArray x, NDArray weights, long minlength) { return Histograms.bincount(op, x, weights, minlength); }
    @Override public NDArray digitize(String op, NDArray x, NDArray bins, boolean right) { return Histograms.digitize(op, x, bins, right); }
    @Override public Histogram histogram(String op, NDArray a, long bins, double[] range) { return Histograms.histogram(op, a, bins, range); }
    @Override public Histogram histogram(String op, NDArray a, NDArray bins) { return Histograms.histogram(op, a, bins); }
    @Override public Histogram2d histogram2d(String op, NDArray x, NDArray y, long[] bins, double[][] range) { return Histograms.histogram2d(op, x, y, bins, range); }
    @Override public NDArray pad(String op, NDArray a, long[][] widths, String mode, Object constant) { return Padding.pad(op, a, widths, mode, constant); }
    @Override public NDArray interp(String op, NDArray x, NDArray xp, NDArray fp, Double left, Double right) { return Interpolation.interp(op, x, xp, fp, left, right); }
    @Override public NDArray convolve(String op, NDArray a, NDArray v, String mode) { return Convolution.convolve(op, a, v, mode); }
    @Override public NDArray correlate(String op, NDArray a, NDArray v, String mode) { return Convolution.correlate(op, a, v, mode); }
    @Override public NDArray average(String op, NDArray a, Integer axis, NDArray weights) { return Averages.average(op, a, axis, weights); }
    @Override public NDArray ptp(String op, NDArray a, Integer axis) { return Averages.ptp(op, a, axis); }
    @Override public NDArray cov(String op, NDArray m, boolean rowvar, boolean bias) { return Averages.cov(op, m, rowvar, bias); }
    @Override public NDArray corrcoef(String op, NDArray x, boolean rowvar) { return Averages.corrcoef(op, x, rowvar); }
    @Override public NDArray partition(String op, NDArray a, long kth, int axis, boolean indices) { return Partitioning.partition(op, a, kth, axis, indices); }
    @Override public NDArray isin(String op, NDArray element, NDArray test, boolean invert) { return SetOperations.isin(op, element, test, invert); }
    @Override public NDArray setOperation(String op, NDArray a, NDArray b) {
        return switch (op) {
            case "setdiff1d" -> SetOperations.setdiff1d(op, a, b);
            case "intersect1d" -> SetOperations.intersect1d(op, a, b);
            case "union1d" -> SetOperations.union1d(op, a, b);
            case "setxor1d" -> SetOperations.setxor1d(op, a, b);
            default -> throw new IllegalArgumentException("setOperation: unknown operation " + op);
        };
    }
    @Override public NDArray cross(String op, NDArray a, NDArray b) { return Products.cross(op, a, b); }
    @Override public NDArray kron(String op, NDArray a, NDArray b) { return Products.kron(op, a, b); }
    @Override public NDArray polyval(String op, NDArray p, NDArray x) { return Polynomials.polyval(op, p, x); }
    @Override public NDArray polyfit(String op, NDArray x, NDArray y, int deg) { return Polynomials.polyfit(op, x, y, deg); }
    @Override public NDArray nanmean(NDArray a, int[] axes, boolean keepdims) { return NanReductions.nanmean(a, axes, keepdims); }
    @Override public NDArray nanprod(NDArray a, int[] axes, boolean keepdims) { return NanReductions.nanprod(a, axes, keepdims); }
    @Override public NDArray nancumsum(NDArray a, Integer axis) { return NanReductions.nancumsum(a, axis); }
    @Override public NDArray nanvar(NDArray a, int[] axes, boolean keepdims, int ddof) { return NanReductions.nanvar(a, axes, keepdims, ddof); }
    @Override public NDArray nanstd(NDArray a, int[] axes, boolean keepdims, int ddof) { return NanReductions.nanstd(a, axes, keepdims, ddof); }
    @Override public NDArray nanarg(NDArray a, Integer axis, boolean max) { return NanReductions.nanarg(a, axis, max); }
    @Override public List<NDArray> scatter(NDArray a, List<Device> devices, int axis) { return Sharding.scatter(a, devices, axis); }
    @Override public NDArray gather(List<NDArray> shards, Device device, int axis) { return Sharding.gather(shards, device, axis); }
}
