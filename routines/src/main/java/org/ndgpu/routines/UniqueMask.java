package org.ndgpu.routines;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * numpy.unique's mask over a sorted 1-d array of a real dtype: true where a run of equal values
 * starts, NaNs making one run (NumPy 2's {@code equal_nan}), in one kernel ({@code unique.tmpl}).
 * The values themselves are then taken by boolean indexing, as NumPy does ({@code aux[mask]}).
 */
final class UniqueMask {
    private UniqueMask() { }

    private static final int THREADS = 256;
    /** Work-groups at most; the kernel's loop strides over the rest. */
    private static final long MAX_GROUPS = 1 << 16;

    private static final KernelTemplate MASK =
            KernelTemplate.sections("unique.tmpl", UniqueMask.class.getResourceAsStream("unique.tmpl")).get("mask");

    private record Key(Dialect dialect, DType dtype) { }

    private static final ConcurrentHashMap<Key, String> SOURCES = new ConcurrentHashMap<>();

    /** The run-start mask (bool, same length) of contiguous sorted 1-d {@code sorted}, a real dtype. */
    static NDArray of(NDArray sorted) {
        DType d = sorted.dtype();
        if (d.isComplex() || sorted.ndim() != 1 || !sorted.isCContiguous()) {
            throw new IllegalArgumentException("unique mask: expected a contiguous 1-d real array, got " + sorted);
        }
        Device dev = sorted.device();
        long n = sorted.size();
        String name = "nd_unique_mask_" + d;
        String src = SOURCES.computeIfAbsent(new Key(dev.backend().dialect(), d), k -> source(k.dialect(), d));
        var kernel = dev.programs().kernel(name, src, List.of(), name);
        NDArray keep = NDArray.empty(dev, DType.BOOL, new long[]{n}, Order.C);
        long groups = Math.min(MAX_GROUPS, (n + THREADS - 1) / THREADS);
        dev.backend().launch(dev.currentStream().backendStream(), kernel, new long[]{groups}, new long[]{THREADS}, 0,
                sorted.buffer(), sorted.offset(), keep.buffer(), keep.offset(), n);
        return keep;
    }

    static String source(Dialect dialect, DType d) {
        Map<String, Object> v = new HashMap<>();
        v.put("tag", d.toString());
        v.put("t", CTypes.storage(d));
        v.put("c", CTypes.compute(d));
        v.put("at", CTypes.load(d, "(_s + _i)"));
        v.put("before", CTypes.load(d, "(_s + _i - 1)"));
        v.put("nan", d.isFloating() ? 1 : 0);
        return dialect.prelude() + "\n" + MASK.fill(v);
    }
}
