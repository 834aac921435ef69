package org.ndgpu.random.impl;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.routines.sorting.Sorting;

/**
 * Generator.permuted(x, axis): every slice of x along the axis shuffled on its own. The axis is swapped to the
 * end of a C-order copy, each row is ordered by random int64 keys (an argsort along the last axis, as
 * permutation's keys), and one gather kernel takes row r's element idx[r, j] to place j; the axis is swapped
 * back. The keys come from the call's Philox counters, so a seed gives the same permutations on every device.
 */
final class Permuted {
    private Permuted() {}

    private static final Map<DType, Spec> SPECS = new ConcurrentHashMap<>();

    /** {@code axis} null: x flattened, permuted, and given x's shape again, as NumPy's axis=None. */
    static NDArray permuted(Counters c, NDArray x, Integer axis) {
        String op = "random.permuted";
        Objects.requireNonNull(x, op + ": x is null");
        x.live(op);
        if (axis == null) {
            try (NDArray flat = x.ravel();
                    NDArray p = along(op, c, flat, 0)) {
                return p.reshape(x.shape()).copy();
            }
        }
        return along(op, c, x, Shapes.axis(op, axis, x.ndim()));
    }

    private static NDArray along(String op, Counters c, NDArray x, int axis) {
        int last = x.ndim() - 1;
        try (NDArray swapped = x.swapaxes(axis, last);
                NDArray rows = swapped.copy();
                NDArray keys = DeviceDraws.integers(c, Long.MIN_VALUE, 0, DType.INT64, rows.shape());
                NDArray idx = Sorting.sort(op, keys, last, true);
                NDArray out = NDArray.empty(Device.current(), x.dtype(), rows.shape(), Order.C)) {
            long n = rows.shape()[last];
            if (out.size() > 0) ElementwiseLoop.run(spec(x.dtype()), new Object[] {idx, rows, out, n}, out.shape());
            try (NDArray back = out.swapaxes(axis, last)) {
                return back.copy();
            }
        }
    }

    private static Spec spec(DType d) {
        return SPECS.computeIfAbsent(
                d,
                k -> new Spec(
                        "nd_random_permuted_" + d,
                        List.of(
                                new Param("_idx", DType.INT64, Kind.IN),
                                new Param("_x", d, Kind.RAW),
                                new Param("y", d, Kind.OUT),
                                new Param("_len", DType.INT64, Kind.SCALAR)),
                        "y = _x[((ulong)i / (ulong)_len) * (ulong)_len + (ulong)_idx];",
                        "",
                        "",
                        "",
                        List.of()));
    }
}
