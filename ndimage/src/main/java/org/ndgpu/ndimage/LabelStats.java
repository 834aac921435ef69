package org.ndgpu.ndimage;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The statistics of labelled regions behind scipy.ndimage's sum_labels, mean, variance, minimum,
 * maximum, extrema and center_of_mass, on the device. The requested labels become bins (their
 * distinct values, sorted, so each element finds its bin by a binary search in the kernel); each
 * work-item folds a run of consecutive elements in float64 and, where the bin changes, adds its
 * partial count, sum, NaN count, minimum and maximum to the bin with one atomic each (labelled
 * images hold long runs of one label, so the atomics are few). The variance is centred as SciPy
 * centres it (a second pass over the means); positions take the first element in C order that
 * holds the bin's extreme value. The results per bin, as many as the labels asked for, are
 * finished on the host.
 */
final class LabelStats {
    private LabelStats() {}

    /** Elements one work-item folds. */
    static final long CHUNK = 64;

    /** Which elements make the groups. */
    enum Form {
        /** No labels: the whole array is one group. */
        WHOLE,
        /** Labels, no index: the elements of positive label are one group. */
        POSITIVE,
        /** Labels and index: one group per index value. */
        INDEX
    }

    private static final String HELPERS = """
            #ifdef ND_CUDA
            ND_DEVICE_FN void nd_m_add_i64(long* p, long v) { atomicAdd((unsigned long long*)p, (unsigned long long)v); }
            ND_DEVICE_FN void nd_m_add_f64(double* p, double v) {
                unsigned long long* q = (unsigned long long*)p; unsigned long long old = *q, seen;
                do { seen = old; old = atomicCAS(q, seen, (unsigned long long)__double_as_longlong(__longlong_as_double((long long)seen) + v)); } while (old != seen);
            }
            ND_DEVICE_FN void nd_m_min_f64(double* p, double v) {
                unsigned long long* q = (unsigned long long*)p; unsigned long long old = *q, seen;
                while (v < __longlong_as_double((long long)old)) { seen = old; old = atomicCAS(q, seen, (unsigned long long)__double_as_longlong(v)); if (old == seen) break; }
            }
            ND_DEVICE_FN void nd_m_max_f64(double* p, double v) {
                unsigned long long* q = (unsigned long long*)p; unsigned long long old = *q, seen;
                while (v > __longlong_as_double((long long)old)) { seen = old; old = atomicCAS(q, seen, (unsigned long long)__double_as_longlong(v)); if (old == seen) break; }
            }
            ND_DEVICE_FN void nd_m_min_i64(long* p, long v) {
                unsigned long long* q = (unsigned long long*)p; unsigned long long old = *q, seen;
                while ((long)old > v) { seen = old; old = atomicCAS(q, seen, (unsigned long long)v); if (old == seen) break; }
            }
            #else
            #pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
            #pragma OPENCL EXTENSION cl_khr_fp64 : enable
            inline void nd_m_add_i64(__global long* p, long v) { atom_add((volatile __global long*)p, v); }
            inline void nd_m_add_f64(__global double* p, double v) {
                volatile __global long* q = (volatile __global long*)p; long old = *q, seen;
                do { seen = old; old = atom_cmpxchg(q, seen, as_long(as_double(seen) + v)); } while (old != seen);
            }
            inline void nd_m_min_f64(__global double* p, double v) {
                volatile __global long* q = (volatile __global long*)p; long old = *q, seen;
                while (v < as_double(old)) { seen = old; old = atom_cmpxchg(q, seen, as_long(v)); if (old == seen) break; }
            }
            inline void nd_m_max_f64(__global double* p, double v) {
                volatile __global long* q = (volatile __global long*)p; long old = *q, seen;
                while (v > as_double(old)) { seen = old; old = atom_cmpxchg(q, seen, as_long(v)); if (old == seen) break; }
            }
            inline void nd_m_min_i64(__global long* p, long v) {
                volatile __global long* q = (volatile __global long*)p; long old = *q, seen;
                while (old > v) { seen = old; old = atom_cmpxchg(q, seen, v); if (old == seen) break; }
            }
            #endif
            // the bin of label l: form 0 one group, 1 the positive labels, 2 its place in the sorted table t
            ND_DEVICE_FN int nd_m_bin(long l, ND_GLOBAL const long* t, long nt, int form) {
                if (form == 0) return 0;
                if (form == 1) return l > 0 ? 0 : -1;
                long lo = 0, hi = nt - 1;
                while (lo <= hi) { long mid = (lo + hi) >> 1; long v = t[mid]; if (v == l) return (int) mid; if (v < l) lo = mid + 1; else hi = mid - 1; }
                return -1;
            }
            """;

    private static final String RUN_HEAD =
            "long j0 = (long) i * chunk; long j1 = j0 + chunk; if (j1 > n) j1 = n;" + " int b = -1;";
    private static final String BIN_OF_J =
            "int nb = j < j1 ? nd_m_bin(form == 0 ? 0 : (long) lab[j], table, nt, form) : -2;";
    private static final String GROUP_IN =
            "raw T x, raw L lab, raw int64 table, int64 nt, int32 form, int64 n, int64 chunk";

    private static final ElementwiseKernel FOLD = new ElementwiseKernel(
            GROUP_IN,
            "raw int64 cnt, raw float64 sum, raw int64 nan, raw float64 mn, raw float64 mx",
            RUN_HEAD
                    + " long c = 0, nn = 0; double s = 0, lo = INFINITY, hi = -INFINITY;"
                    + " for (long j = j0; j <= j1; j++) { " + BIN_OF_J
                    + "   if (nb != b) {"
                    + "     if (b >= 0) { nd_m_add_i64(cnt + b, c); nd_m_add_f64(sum + b, s);"
                    + "       if (nn > 0) nd_m_add_i64(nan + b, nn); nd_m_min_f64(mn + b, lo); nd_m_max_f64(mx + b, hi); }"
                    + "     b = nb; c = 0; nn = 0; s = 0; lo = INFINITY; hi = -INFINITY; }"
                    + "   if (j < j1 && b >= 0) { double v = (double) x[j]; c++; s += v;"
                    + "     if (v != v) nn++; else { if (v < lo) lo = v; if (v > hi) hi = v; } }"
                    + " }",
            "ndimage_label_fold",
            ElementwiseKernel.Options.defaults().withPreamble(HELPERS));

    private static final ElementwiseKernel CENTRED = new ElementwiseKernel(
            GROUP_IN + ", raw float64 mean",
            "raw float64 ss",
            RUN_HEAD
                    + " double s = 0;"
                    + " for (long j = j0; j <= j1; j++) { " + BIN_OF_J
                    + "   if (nb != b) { if (b >= 0) nd_m_add_f64(ss + b, s); b = nb; s = 0; }"
                    + "   if (j < j1 && b >= 0) { double v = (double) x[j] - mean[b]; s += v * v; }"
                    + " }",
            "ndimage_label_centred",
            ElementwiseKernel.Options.defaults().withPreamble(HELPERS));

    private static final ElementwiseKernel MOMENTS = new ElementwiseKernel(
            GROUP_IN + ", raw int64 shape, int64 nd",
            "raw float64 mom",
            RUN_HEAD
                    + " double s[" + Window.MAX_DIMS + "];"
                    + " for (long j = j0; j <= j1; j++) { " + BIN_OF_J
                    + "   if (nb != b) { if (b >= 0) { for (long d = 0; d < nd; d++) nd_m_add_f64(mom + b * nd + d, s[d]); }"
                    + "     b = nb; for (long d = 0; d < nd; d++) s[d] = 0; }"
                    + "   if (j < j1 && b >= 0) { double v = (double) x[j]; long rem = j;"
                    + "     for (long d = nd - 1; d >= 0; d--) { s[d] += v * (double) (rem % shape[d]); rem /= shape[d]; } }"
                    + " }",
            "ndimage_label_moments",
            ElementwiseKernel.Options.defaults().withPreamble(HELPERS));

    // the first element in C order that holds its bin's extreme (a NaN extreme: the first NaN)
    private static final ElementwiseKernel POSITIONS = new ElementwiseKernel(
            "raw T x, raw L lab, raw int64 table, int64 nt, int32 form, raw float64 tmin, raw float64 tmax",
            "raw int64 pmin, raw int64 pmax",
            "int b = nd_m_bin(form == 0 ? 0 : (long) lab[i], table, nt, form);"
                    + " if (b >= 0) { double v = (double) x[i]; double a = tmin[b], z = tmax[b];"
                    + "   if (v == a || (v != v && a != a)) nd_m_min_i64(pmin + b, (long) i);"
                    + "   if (v == z || (v != v && z != z)) nd_m_min_i64(pmax + b, (long) i); }",
            "ndimage_label_positions",
            ElementwiseKernel.Options.defaults().withPreamble(HELPERS));

    // for the median: each element's bin, the unrequested last, so a stable sort groups them
    private static final ElementwiseKernel BINS = new ElementwiseKernel(
            "L lab, raw int64 table, int64 nt, int32 form, int32 none",
            "int32 y",
            "int b = nd_m_bin(form == 0 ? 0 : (long) lab, table, nt, form); y = b >= 0 ? b : none;",
            "ndimage_label_bins",
            ElementwiseKernel.Options.defaults().withPreamble(HELPERS));

    /** The groups of one call: the flat values and labels on the device, the bins' label values. */
    record Groups(String op, NDArray values, NDArray labels, Form form, long[] table, long[] shape, DType dtype)
            implements AutoCloseable {
        int bins() {
            return form == Form.INDEX ? table.length : 1;
        }

        Object[] args(NDArray tableOnDevice) {
            return new Object[] {
                values,
                labels == null ? values : labels,
                tableOnDevice,
                (long) table.length,
                form.ordinal(),
                values.size(),
                CHUNK
            };
        }

        @Override
        public void close() {
            values.close();
            if (labels != null) labels.close();
        }
    }

    /** Checks the arguments and flattens them: labels null for WHOLE, index null for POSITIVE. */
    static Groups groups(String op, NDArray input, NDArray labels, long[] index) {
        Objects.requireNonNull(input, op + ": input is null");
        input.live(op);
        DType dt = input.dtype();
        if (dt.isComplex()) throw new DTypeException(op + ": complex input is not supported, got " + dt);
        if (dt == DType.FLOAT16) throw new DTypeException(op + ": float16 input is not supported; use float32");
        if (!input.device().facts().fp64()) {
            throw new NdException(op + ": needs float64 on the device (SciPy accumulates in float64); "
                    + input.device().id() + " has none");
        }
        Form form = labels == null ? Form.WHOLE : index == null ? Form.POSITIVE : Form.INDEX;
        long[] table = new long[0];
        if (labels != null) {
            labels.live(op);
            if (!labels.dtype().isInteger() && !labels.dtype().isBool()) {
                throw new DTypeException(op + ": expected integer labels, got " + labels.dtype());
            }
            if (!Arrays.equals(labels.shape(), input.shape())) {
                throw new ShapeException(op + ": the labels' shape " + Arrays.toString(labels.shape())
                        + " differs from the input's " + Arrays.toString(input.shape()));
            }
            if (index != null) table = Arrays.stream(index).sorted().distinct().toArray();
        }
        if (table.length > Integer.MAX_VALUE / Window.MAX_DIMS)
            throw new NdException(
                    op + ": at most " + Integer.MAX_VALUE / Window.MAX_DIMS + " labels, got " + table.length);
        NDArray v = input.ravel();
        NDArray l = labels == null ? null : labels.ravel();
        return new Groups(op, v, l, form, table, input.shape(), dt);
    }

    /** Per bin: count, sum, NaN count, least and greatest value other than NaN. */
    record Folded(long[] count, double[] sum, long[] nan, double[] min, double[] max) {}

    static Folded fold(Groups g) {
        int k = g.bins();
        Device dev = g.values().device();
        try (NDArray t = table(dev, g);
                NDArray cnt = zeros(dev, DType.INT64, k);
                NDArray sum = zeros(dev, DType.FLOAT64, k);
                NDArray nan = zeros(dev, DType.INT64, k);
                NDArray mn = zeros(dev, DType.FLOAT64, k).fill(Double.POSITIVE_INFINITY);
                NDArray mx = zeros(dev, DType.FLOAT64, k).fill(Double.NEGATIVE_INFINITY)) {
            if (g.values().size() > 0) FOLD.callWithSize(chunks(g), concat(g.args(t), cnt, sum, nan, mn, mx));
            return new Folded(
                    cnt.toLongArray(), sum.toDoubleArray(), nan.toLongArray(), mn.toDoubleArray(), mx.toDoubleArray());
        }
    }

    /** Per bin, the sum of squared differences from {@code mean}. */
    static double[] centred(Groups g, double[] mean) {
        Device dev = g.values().device();
        try (NDArray t = table(dev, g);
                NDArray m = Weights.toDevice(dev, mean);
                NDArray ss = zeros(dev, DType.FLOAT64, g.bins())) {
            if (g.values().size() > 0) CENTRED.callWithSize(chunks(g), concat(g.args(t), m, ss));
            return ss.toDoubleArray();
        }
    }

    /** Per bin and axis, the sum of value times coordinate (bins x ndim, C order). */
    static double[] moments(Groups g, int nd) {
        Device dev = g.values().device();
        long[] shape = g.shape().length == 0 ? new long[] {1} : g.shape();
        try (NDArray t = table(dev, g);
                NDArray sh = Weights.longs(dev, shape);
                NDArray mom = zeros(dev, DType.FLOAT64, (long) g.bins() * Math.max(1, nd))) {
            if (g.values().size() > 0 && nd > 0) MOMENTS.callWithSize(chunks(g), concat(g.args(t), sh, (long) nd, mom));
            return mom.toDoubleArray();
        }
    }

    /** Per bin, the flat index of the first element equal to tmin and to tmax (Long.MAX_VALUE: none). */
    static long[][] positions(Groups g, double[] tmin, double[] tmax) {
        Device dev = g.values().device();
        try (NDArray t = table(dev, g);
                NDArray a = Weights.toDevice(dev, tmin);
                NDArray z = Weights.toDevice(dev, tmax);
                NDArray pmin = zeros(dev, DType.INT64, g.bins()).fill(Long.MAX_VALUE);
                NDArray pmax = zeros(dev, DType.INT64, g.bins()).fill(Long.MAX_VALUE)) {
            Object[] args = g.args(t);
            if (g.values().size() > 0) {
                POSITIONS.callWithSize(
                        g.values().size(), args[0], args[1], args[2], args[3], args[4], a, z, pmin, pmax);
            }
            return new long[][] {pmin.toLongArray(), pmax.toLongArray()};
        }
    }

    /**
     * Per bin, its median as np.median gives it (the mean of the two middle values in sorted order,
     * NaN sorted last), from one stable sort of the values and one of their bins.
     */
    static double[] medians(Groups g, long[] count) {
        int k = g.bins();
        Device dev = g.values().device();
        double[] out = new double[k];
        if (g.values().size() == 0) {
            Arrays.fill(out, Double.NaN);
            return out;
        }
        try (NDArray t = table(dev, g);
                NDArray v = g.values().astype(DType.FLOAT64);
                NDArray byValue = v.argsort();
                NDArray lab = g.labels() == null ? v : g.labels();
                NDArray bins = BINS.call(lab, t, (long) k, g.form().ordinal(), k);
                NDArray binsByValue = bins.take(byValue);
                NDArray byBin = binsByValue.argsort();
                NDArray order = byValue.take(byBin);
                NDArray sorted = v.take(order)) {
            long[] picks = new long[2 * k];
            long off = 0;
            for (int b = 0; b < k; b++) {
                long c = count[b];
                picks[2 * b] = c == 0 ? 0 : off + (c - 1) / 2;
                picks[2 * b + 1] = c == 0 ? 0 : off + c / 2;
                off += c;
            }
            try (NDArray p = Weights.longs(dev, picks);
                    NDArray mid = sorted.take(p)) {
                double[] m = mid.toDoubleArray();
                for (int b = 0; b < k; b++) out[b] = count[b] == 0 ? Double.NaN : (m[2 * b] + m[2 * b + 1]) / 2.0;
            }
        }
        return out;
    }

    // the bins' label values on the device (one unread element when there are none)
    private static NDArray table(Device dev, Groups g) {
        return Weights.longs(dev, g.table().length == 0 ? new long[1] : g.table());
    }

    private static long chunks(Groups g) {
        return (g.values().size() + CHUNK - 1) / CHUNK;
    }

    private static NDArray zeros(Device dev, DType dt, long n) {
        return NDArray.empty(dev, dt, new long[] {Math.max(1, n)}, Order.C).fill(0);
    }

    private static Object[] concat(Object[] head, Object... tail) {
        Object[] all = Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }
}
