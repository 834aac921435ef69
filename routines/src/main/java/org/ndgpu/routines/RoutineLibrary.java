package org.ndgpu.routines;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.ndgpu.ndarray.IndexExpr;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.indexing.Choosing;
import org.ndgpu.routines.indexing.Compress;
import org.ndgpu.routines.indexing.FancyIndexing;
import org.ndgpu.routines.indexing.Put;
import org.ndgpu.routines.indexing.Take;
import org.ndgpu.routines.io.DLPack;
import org.ndgpu.routines.manipulation.Tiling;
import org.ndgpu.routines.math.Rounding;
import org.ndgpu.routines.printing.ArrayRepr;
import org.ndgpu.routines.sorting.Sorting;
import org.ndgpu.spi.Routines;

/** What NDArray's own methods need of this module, as the core's {@link Routines} contract; registered with ServiceLoader. */
public final class RoutineLibrary implements Routines {
    /** Made by ServiceLoader (ndarray's {@code uses org.ndgpu.spi.Routines}); callers go through NDArray and Nd. */
    public RoutineLibrary() {}

    @Override
    public NDArray sort(String op, NDArray a, int axis, boolean indices) {
        return Sorting.sort(op, a, axis, indices);
    }

    @Override
    public NDArray index(String op, NDArray a, List<IndexExpr.Item> items) {
        return FancyIndexing.get(op, a, items);
    }

    @Override
    public void indexAssign(String op, NDArray a, List<IndexExpr.Item> items, Object value) {
        FancyIndexing.set(op, a, items, value);
    }

    @Override
    public NDArray take(String op, NDArray a, Object indices, Integer axis) {
        return Take.take(op, a, indices, axis);
    }

    @Override
    public NDArray repeat(String op, NDArray a, long repeats, Integer axis) {
        return Tiling.repeat(op, a, repeats, axis);
    }

    @Override
    public void put(String op, NDArray a, Object ind, Object v, String mode) {
        Put.put(op, a, ind, v, mode);
    }

    @Override
    public NDArray compress(String op, NDArray condition, NDArray a, Integer axis) {
        return Compress.compress(op, condition, a, axis);
    }

    @Override
    public NDArray choose(String op, NDArray a, List<?> choices, String mode) {
        return Choosing.choose(op, a, choices, mode);
    }

    @Override
    public NDArray round(String op, NDArray a, int decimals) {
        return Rounding.round(op, a, decimals);
    }

    @Override
    public String repr(NDArray a) {
        return ArrayRepr.repr(a);
    }

    @Override
    public String str(NDArray a) {
        return ArrayRepr.str(a);
    }

    @Override
    public MemorySegment toDlpack(NDArray a) {
        return DLPack.export(a);
    }
}
