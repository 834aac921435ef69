package org.ndgpu.special;

import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.raw.RawModule;

/**
 * The kernels of logsumexp, softmax and log_softmax over the rows of a C-contiguous array (the
 * reduced axes last): one read of the input for the row statistics, as the online softmax of CuPy's
 * and PyTorch's kernels. A row's statistics are three numbers, the greatest value {@code m}, how
 * many elements equal it {@code c}, and the sum {@code s} of exp(x - m) over the others: SciPy
 * 1.17's logsumexp keeps the maxima out of the sum (log1p(s / c) + log(c) + m), so a dominant term
 * keeps its precision, and these three merge exactly as the sums they stand for (a larger maximum
 * rescales the other side's sum once). A NaN makes m NaN and stays.
 *
 * <p>{@code row_stats}: work-group g reads part g % parts of row g / parts (a long row is split
 * so that the device has enough groups), each work-item its strided elements, then the group
 * merges in local memory. {@code row_finish}: one work-item per row merges the row's parts and
 * writes logsumexp, or the two numbers the elementwise pass needs. {@code row_apply}: softmax
 * exp(x - m) / t, or log_softmax (x - m) - log(t), by the same groups as row_stats.
 */
final class RowExpKernels {
    private RowExpKernels() {}

    /** Work-items per group. */
    static final int GROUP = 256;

    /** What row_finish writes and row_apply computes. */
    enum Mode {
        LOGSUMEXP,
        SOFTMAX,
        LOG_SOFTMAX
    }

    private static final String SOURCE = """
            $PRAGMA
            #define GROUP 256
            /* (m, c, s) += (mb, cb, sb); c == 0 is the empty state */
            void row_merge($T* m, $T* c, $T* s, $T mb, $T cb, $T sb) {
                if (cb == 0) return;
                if (*c == 0) { *m = mb; *c = cb; *s = sb; return; }
                if (*m != *m || mb != mb) { *m = *m + mb; *c = *c + cb; *s = 0; return; }
                if (mb > *m) { *s = sb + (*c + *s) * exp(*m - mb); *c = cb; *m = mb; }
                else if (mb < *m) { *s = *s + (cb + sb) * exp(mb - *m); }
                else { *c = *c + cb; *s = *s + sb; }
            }
            __kernel void row_stats(__global const $T* x, long inner, long parts, long part,
                                    __global $T* pm, __global $T* pc, __global $T* ps) {
                __local $T lm[GROUP];
                __local $T lc[GROUP];
                __local $T ls[GROUP];
                long g = get_group_id(0);
                int lid = (int) get_local_id(0);
                long row = g / parts, k = g - row * parts;
                long lo = k * part, hi = min(inner, lo + part);
                __global const $T* r = x + row * inner;
                $T m = 0, c = 0, s = 0;
                for (long j = lo + lid; j < hi; j += GROUP) {
                    $T v = r[j];
                    if (c == 0) { m = v; c = 1; }
                    else if (v < m) s += exp(v - m);
                    else if (v == m) c += 1;
                    else row_merge(&m, &c, &s, v, 1, 0);
                }
                lm[lid] = m; lc[lid] = c; ls[lid] = s;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (int h = GROUP / 2; h > 0; h >>= 1) {
                    if (lid < h) {
                        row_merge(&m, &c, &s, lm[lid + h], lc[lid + h], ls[lid + h]);
                        lm[lid] = m; lc[lid] = c; ls[lid] = s;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (lid == 0) { pm[g] = m; pc[g] = c; ps[g] = s; }
            }
            __kernel void row_finish(__global const $T* pm, __global const $T* pc, __global const $T* ps,
                                     long rows, long parts, int mode, __global $T* a, __global $T* b) {
                long row = get_global_id(0);
                if (row >= rows) return;
                $T m = 0, c = 0, s = 0;
                for (long k = row * parts; k < (row + 1) * parts; k++) row_merge(&m, &c, &s, pm[k], pc[k], ps[k]);
                int finite = m - m == 0;
                if (mode == 0) {
                    /* SciPy's log1p(s / m) + log(m) + max; where the max is not finite, log(sum(exp(x))) is the max */
                    $T q = s == 0 ? s : s / c;
                    a[row] = finite ? log1p(q) + log(c) + m : m;
                } else if (mode == 1) {
                    /* softmax: exp(x - m) / (c + s); an infinite max makes the sum NaN, as exp(inf - inf) does in SciPy's */
                    a[row] = m;
                    b[row] = finite || m < 0 ? c + s : m - m;
                } else {
                    /* log_softmax: (x - m') - log(sum(exp(x - m'))), m' the max, or 0 where it is not finite */
                    a[row] = finite ? m : 0;
                    b[row] = finite ? log(c + s) : m;
                }
            }
            __kernel void row_apply(__global const $T* x, long inner, long parts, long part, int mode,
                                    __global const $T* a, __global const $T* b, __global $T* y) {
                long g = get_group_id(0);
                long row = g / parts, k = g - row * parts;
                long lo = k * part, hi = min(inner, lo + part);
                __global const $T* r = x + row * inner;
                __global $T* w = y + row * inner;
                $T m = a[row], t = b[row];
                if (mode == 1) for (long j = lo + get_local_id(0); j < hi; j += GROUP) w[j] = exp(r[j] - m) / t;
                else for (long j = lo + get_local_id(0); j < hi; j += GROUP) w[j] = (r[j] - m) - t;
            }
            """;

    private static final ConcurrentHashMap<DType, RawModule> MODULES = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<String, RawKernel> KERNELS = new ConcurrentHashMap<>();

    private static RawKernel kernel(String name, DType t) {
        return KERNELS.computeIfAbsent(
                name + "/" + t,
                k -> MODULES.computeIfAbsent(t, RowExpKernels::module).function(name));
    }

    private static RawModule module(DType t) {
        boolean f64 = t == DType.FLOAT64;
        return new RawModule(SOURCE.replace("$PRAGMA", f64 ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" : "")
                .replace("$T", f64 ? "double" : "float"));
    }

    /** Work-groups the statistics pass aims for, enough to fill any device's cores. */
    private static final long TARGET_GROUPS = 2048;

    /** Parts a row of {@code inner} elements is split into, for {@code rows} rows. */
    static long parts(long rows, long inner) {
        long byGroups = (TARGET_GROUPS + rows - 1) / rows;
        long byLength = Math.max(1, inner / (4L * GROUP)); // at least 4 elements per work-item
        return Math.max(1, Math.min(byGroups, byLength));
    }

    /**
     * The row results of {@code x} (C-contiguous from its buffer's start, float32 or float64, rows x
     * inner elements, inner &gt; 0): for LOGSUMEXP one array {rows}; for SOFTMAX and LOG_SOFTMAX the
     * result of x's shape.
     */
    static NDArray rows(Mode mode, NDArray x, long rows, long inner) {
        DType t = x.dtype();
        Device device = x.device();
        long parts = parts(rows, inner);
        long part = (inner + parts - 1) / parts;
        long groups = rows * parts;
        try (NDArray pm = NDArray.empty(device, t, new long[] {groups}, Order.C);
                NDArray pc = NDArray.empty(device, t, new long[] {groups}, Order.C);
                NDArray ps = NDArray.empty(device, t, new long[] {groups}, Order.C)) {
            kernel("row_stats", t).launch(new long[] {groups}, new long[] {GROUP}, x, inner, parts, part, pm, pc, ps);
            NDArray a = NDArray.empty(device, t, new long[] {rows}, Order.C);
            long finishGroups = (rows + GROUP - 1) / GROUP;
            if (mode == Mode.LOGSUMEXP) {
                kernel("row_finish", t)
                        .launch(new long[] {finishGroups}, new long[] {GROUP}, pm, pc, ps, rows, parts, 0, a, a);
                return a;
            }
            try (a;
                    NDArray b = NDArray.empty(device, t, new long[] {rows}, Order.C)) {
                int m = mode == Mode.SOFTMAX ? 1 : 2;
                kernel("row_finish", t)
                        .launch(new long[] {finishGroups}, new long[] {GROUP}, pm, pc, ps, rows, parts, m, a, b);
                NDArray y = NDArray.empty(device, t, x.shape(), Order.C);
                kernel("row_apply", t)
                        .launch(new long[] {groups}, new long[] {GROUP}, x, inner, parts, part, m, a, b, y);
                return y;
            }
        }
    }
}
