package org.ndgpu.ndimage;

import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage's binary morphology on the device: an erosion pass (every true position of the
 * structure finds a true input) and a dilation pass (some position does, the structure reflected
 * as SciPy reflects it), positions outside the input reading {@code border_value}, and where a
 * mask is false the input kept. One generated kernel per (pass kind, border value, masked), those
 * three constants of its text; {@code iterations} passes
 * (below 1: until a pass changes nothing, checked after batches of 1, 2, 4, ... passes, since a
 * pass of a converged image changes nothing).
 */
final class Binary {
    private Binary() {}

    // one kernel per (erosion, border value, masked): these are constants of the kernel's text
    private static final ElementwiseKernel[] KERNELS = new ElementwiseKernel[8];

    private static synchronized ElementwiseKernel kernel(boolean all, boolean border, boolean masked) {
        int key = (all ? 4 : 0) + (border ? 2 : 0) + (masked ? 1 : 0);
        if (KERNELS[key] == null) {
            String stop = all ? "if (!v) { r = false; break; }" : "if (v) { r = true; break; }";
            String body = "bool in = x[i] != 0;"
                    + (masked ? " if (m[i] == 0) { y = in; } else {" : " {")
                    + "   long c[" + Window.MAX_DIMS + "]; long rem = (long) i;"
                    + "   for (long d = nd - 1; d >= 0; d--) { long n = shape[d]; c[d] = rem % n; rem /= n; }"
                    + "   bool r = " + all + ";"
                    + "   for (long t = 0; t < ntaps; t++) {"
                    + "     long src = 0, stride = 1; bool out = false;"
                    + "     for (long d = nd - 1; d >= 0; d--) {"
                    + "       long n = shape[d]; long k = c[d] + taps[t * nd + d];"
                    + "       if (k < 0 || k >= n) out = true; src += k * stride; stride *= n; }"
                    + "     bool v = out ? " + border + " : x[src] != 0; " + stop
                    + "   }"
                    + "   y = r; }";
            KERNELS[key] = new ElementwiseKernel(
                    "raw bool x, raw bool m, raw int64 shape, raw int64 taps, int64 nd, int64 ntaps",
                    "bool y",
                    body,
                    "ndimage_binary_" + (all ? "erosion" : "dilation") + (border ? "_border1" : "_border0")
                            + (masked ? "_masked" : ""));
        }
        return KERNELS[key];
    }

    /** The default structure, generate_binary_structure(ndim, 1), as a footprint. */
    static Footprint cross(int nd, int[] origins, String op) {
        boolean[] on = Structures.connectivity(nd, 1);
        long[] shape = new long[nd];
        java.util.Arrays.fill(shape, 3);
        return Footprint.of(op, shape, on, origins);
    }

    /**
     * binary_erosion (erosion true) or binary_dilation of {@code input} (any real dtype, nonzero
     * true): a new boolean array.
     */
    static NDArray apply(
            String op,
            boolean erosion,
            NDArray input,
            NDArray structure,
            int iterations,
            NDArray mask,
            boolean borderValue,
            int[] origins) {
        Footprint.input(op, input, true);
        int nd = input.ndim();
        Footprint f = structure == null
                ? cross(nd, origins, op)
                : Footprint.of(op, nd, structure, "structure", null, origins);
        if (mask != null) {
            mask.live(op);
            if (mask.dtype().isComplex()) throw new DTypeException(op + ": complex mask is not supported");
            if (!java.util.Arrays.equals(mask.shape(), input.shape())) {
                throw new ShapeException(op + ": mask and input must have equal shapes: expected "
                        + java.util.Arrays.toString(input.shape()) + ", got "
                        + java.util.Arrays.toString(mask.shape()));
            }
        }
        return run(erosion ? f : f.reflected(), erosion, input, iterations, mask, borderValue);
    }

    /** The passes themselves, {@code f} already reflected for a dilation. */
    static NDArray run(Footprint f, boolean all, NDArray input, int iterations, NDArray mask, boolean borderValue) {
        Device device = input.device();
        NDArray cur = input.astype(DType.BOOL);
        if (input.size() == 0) return cur;
        try (NDArray sh = Weights.longs(device, input.shape());
                NDArray taps = Weights.longs(device, f.taps());
                // no mask: a one-element stand-in, which the unmasked kernel never reads
                NDArray m = mask == null
                        ? NDArray.empty(device, DType.BOOL, new long[] {1}, org.ndgpu.ndarray.Order.C)
                        : mask.astype(DType.BOOL)) {
            // the last slot, the output, is filled for each pass
            Object[] args = {null, m, sh, taps, (long) f.shape().length, (long) f.count(), null};
            ElementwiseKernel k = kernel(all, borderValue, mask != null);
            // a pass of a converged image changes nothing: stop there, even before the iterations asked for
            long done = 0;
            for (int batch = 1; ; batch = Math.min(2 * batch, 64)) {
                long todo = iterations < 1 ? batch : Math.min(batch, iterations - done);
                for (long it = 1; it < todo; it++) cur = pass(k, args, cur);
                NDArray next = k.call(withInput(args, cur));
                done += todo;
                if (iterations >= 1 && done >= iterations) {
                    cur.close();
                    return next;
                }
                boolean changed;
                try (NDArray ne = next.ne(cur);
                        NDArray any = ne.any()) {
                    changed = (Boolean) any.item();
                }
                cur.close();
                cur = next;
                if (!changed) return cur;
            }
        }
    }

    private static NDArray pass(ElementwiseKernel k, Object[] args, NDArray cur) {
        NDArray next = k.call(withInput(args, cur));
        cur.close();
        return next;
    }

    private static Object[] withInput(Object[] args, NDArray cur) {
        Object[] a = args.clone();
        a[0] = cur;
        a[a.length - 1] = NDArray.empty(cur.device(), DType.BOOL, cur.shape(), org.ndgpu.ndarray.Order.C);
        return a;
    }
}
