package org.ndgpu.linalg.impl;

import java.util.List;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Qr;

/**
 * Householder QR of stacks of small matrices (both sides at most {@link SmallFactor#MAX}) in ndgpu's
 * kernel dialect (small-qr.tmpl): one work-group per matrix, the matrix and its reflectors in local
 * memory, as LAPACK's geqr2 and orgqr, so R's diagonal signs are those NumPy gets from LAPACK. The
 * kernel is specialised for sides up to 16, 32 and 64, as {@link SmallFactor}'s.
 */
final class SmallQr {
    private SmallQr() {}

    private static final KernelTemplate QR = KernelTemplate.sections(
                    "small-qr.tmpl", SmallQr.class.getResourceAsStream("small-qr.tmpl"))
            .get("qr");

    private static int tile(long side) {
        return side <= 16 ? 16 : side <= 32 ? 32 : 64;
    }

    /** True when (m, n) matrices of {@code dt} fit the kernel's local memory on {@code device}. */
    static boolean fits(Device device, DType dt, long m, long n) {
        long side = Math.max(m, n), t = tile(side);
        return side <= SmallFactor.MAX
                && (t * t + t) * dt.itemsize() + 64 <= device.facts().localMemoryBytes();
    }

    /** The reduced QR of each matrix of the C-contiguous stack {@code a} (batch, m, n): q (batch, m, k), r (batch, k, n). */
    static Qr qr(NDArray a) {
        Device dev = a.device();
        DType dt = a.dtype();
        long b = a.shape(0), m = a.shape(1), n = a.shape(2), k = Math.min(m, n);
        int t = tile(Math.max(m, n));
        String tag = dt.toString();
        String src = dev.backend().dialect().prelude() + "\n"
                + QR.fill("T", dt == DType.FLOAT32 ? "float" : "double", "tag", tag, "N", t, "G", t);
        BackendKernel kernel =
                dev.programs().kernel("nd_small_qr_" + tag + "_" + t, src, List.of(), "nd_qr_small_" + tag);
        NDArray q = NDArray.empty(dev, dt, new long[] {b, m, k}, Order.C), r = null;
        try {
            r = NDArray.empty(dev, dt, new long[] {b, k, n}, Order.C);
            LaunchArgs.of(8)
                    .array(a)
                    .array(q)
                    .array(r)
                    .i32((int) m)
                    .i32((int) n)
                    .launch(dev, kernel, b, t);
            return new Qr(q, r);
        } catch (RuntimeException e) {
            q.close();
            if (r != null) r.close();
            throw e;
        }
    }
}
