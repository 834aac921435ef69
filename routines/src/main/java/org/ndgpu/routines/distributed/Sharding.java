package org.ndgpu.routines.distributed;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.device.Devices;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * Data-parallel sharding: one array cut into parts along an axis, one part per device
 * ({@code Nd.scatter}), and parts on several devices joined on one
 * ({@code Nd.gather}). Parts have numpy.array_split's lengths: the first
 * {@code n % k} parts are one longer than the rest.
 *
 * <p>Every part is a new C-contiguous array that owns its memory. A part for another device is
 * copied with {@link NDArray#to}, through the host between OpenCL devices or between backends.
 * These are numpy.array_split and numpy.concatenate with a device per part, compositions of the
 * core's views and copies, so they sit beside {@code Tiling} and {@code Joining}.
 */
public final class Sharding {
    private Sharding() {}

    /** Nd.scatter: a's parts along {@code axis}, part i on {@code devices.get(i)}. */
    public static List<NDArray> scatter(NDArray a, List<Device> devices, int axis) {
        Objects.requireNonNull(a, "scatter: a is null");
        a.live("scatter");
        Devices.checkList("scatter", devices);
        int ax = Shapes.axis("scatter", axis, a.ndim());
        long[] shape = a.shape();
        long[] strides = a.strides();
        int k = devices.size();
        long n = shape[ax];
        long base = n / k;
        long extra = n % k;
        List<NDArray> parts = new ArrayList<>(k);
        long start = 0;
        try {
            for (int i = 0; i < k; i++) {
                long len = base + (i < extra ? 1 : 0);
                long[] partShape = shape.clone();
                partShape[ax] = len;
                // an empty part keeps the array's offset: its geometry is checked against the allocation
                long offset = len == 0 ? a.offset() : a.offset() + start * strides[ax];
                try (NDArray view = a.view(partShape, strides, offset)) {
                    Device d = devices.get(i);
                    parts.add(d == a.device() ? view.copy() : view.to(d));
                }
                start += len;
            }
        } catch (RuntimeException e) {
            parts.forEach(NDArray::close);
            throw e;
        }
        return List.copyOf(parts);
    }

    /** Nd.gather: the parts joined along {@code axis} in a new array on {@code device}. */
    public static NDArray gather(List<NDArray> shards, Device device, int axis) {
        Objects.requireNonNull(shards, "gather: shards is null");
        Objects.requireNonNull(device, "gather: device is null");
        if (shards.isEmpty()) throw new NdException("gather: expected at least one shard, got an empty list");
        NDArray first = null;
        for (int i = 0; i < shards.size(); i++) {
            Object o = shards.get(i); // read as Object: a raw or unchecked list may hold anything
            if (!(o instanceof NDArray s))
                throw new NdException("gather: expected arrays, got " + what(o) + " at index " + i);
            s.live("gather");
            if (first == null) first = s;
        }
        int ax = Shapes.axis("gather", axis, first.ndim());
        long[] shape = first.shape();
        long total = 0;
        for (int i = 0; i < shards.size(); i++) {
            NDArray s = shards.get(i);
            if (s.dtype() != first.dtype()) {
                throw new DTypeException("gather: every shard needs shard 0's dtype " + first.dtype() + "; shard " + i
                        + " is " + s.dtype());
            }
            long[] sh = s.shape();
            boolean same = sh.length == shape.length;
            for (int d = 0; same && d < sh.length; d++) same = d == ax || sh[d] == shape[d];
            if (!same) {
                throw new ShapeException("gather: shards must match shard 0's shape " + Shapes.str(shape)
                        + " except along axis " + ax + "; shard " + i + " has shape " + Shapes.str(sh));
            }
            total = Math.addExact(total, sh[ax]);
        }
        long[] outShape = shape.clone();
        outShape[ax] = total;
        NDArray out = Creation.empty(device, first.dtype(), outShape, Order.C);
        try {
            long[] strides = out.strides();
            long start = 0;
            for (NDArray s : shards) {
                long len = s.shape()[ax];
                if (len > 0) {
                    long[] partShape = outShape.clone();
                    partShape[ax] = len;
                    try (NDArray slot = out.view(partShape, strides, start * strides[ax])) {
                        Copies.assign("gather", slot, s);
                    }
                }
                start += len;
            }
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        return out;
    }

    private static String what(Object o) {
        return o == null ? "null" : "a " + o.getClass().getSimpleName();
    }
}
