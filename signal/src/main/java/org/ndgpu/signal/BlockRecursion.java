package org.ndgpu.signal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.DeviceFacts;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * lfilter's recursion (SciPy's transposed direct form II) on the device, parallel over chunks of
 * the signal. The state after a chunk of L samples is {@code A^L s + z}, A the companion matrix of
 * a and z the chunk's final state from rest, so:
 *
 * <ol>
 *   <li>every chunk runs from rest at once, one work-item each, and keeps only z (x read once);
 *   <li>the chunks' true initial states are a prefix scan of the maps {@code s -> M s + z}: nodes of
 *       {@link #FAN} chunks fold their children's maps (up), a single work-item per signal walks
 *       the top nodes from zi, and each node hands the true state down through its children (down);
 *       each level's M is A raised to the node's length;
 *   <li>every chunk runs again from its true initial state and writes y (x read again), the last
 *       chunk also zf.
 * </ol>
 *
 * So y is the serial recursion itself, rerun from each chunk's true initial state, with no table of
 * impulse responses, and a sample costs two reads of x and one write of y. The per-sample passes
 * run in the result's precision, as SciPy's; the carries in float64 where the device has it. A is
 * far from normal: its powers cancel heavily and a state's rounding grows through them, so M is
 * made on the host in double-double and {@code M u} sums its exact products (fma) in two words;
 * then the chunks' states are as accurate as the serial recursion's. The recursion's order is a
 * literal of each generated kernel, so its state stays in registers.
 */
final class BlockRecursion {
    private BlockRecursion() {}

    /** Children per node of the carry scan. */
    static final int FAN = 16;

    private static final Map<String, ElementwiseKernel> KERNELS = new ConcurrentHashMap<>();

    /**
     * Samples per chunk: the rows' samples spread over about twice the work-items the device keeps
     * resident (compute units x largest block), a power of two, at least twice the order (so the
     * carries cost less than the samples) and at most 2^16.
     */
    static long chunk(DeviceFacts facts, long rows, long n, int order) {
        long resident = Math.max(1L, (long) Math.max(1, facts.computeUnits()) * Math.max(1, facts.maxBlockSize()));
        long want = Math.max(1L, (rows * n + 2 * resident - 1) / (2 * resident));
        long lo = Math.max(32L, Long.highestOneBit(Math.max(1, 2L * order - 1)) << 1);
        long l = Long.highestOneBit(want) == want ? want : Long.highestOneBit(want) << 1;
        return Math.min(Math.max(l, lo), 1L << 16);
    }

    /**
     * Filters the rows of xc (C order, n samples each) into out (dtype w, the result's), from the
     * states z0 (rows x order, dtype c; null for rest), and writes the final states into zf (rows x
     * order, dtype w). {@code coef} holds b then a, normalized, length 2 order + 2.
     */
    static void run(
            NDArray xc,
            double[] coef,
            double[] a,
            int order,
            NDArray z0,
            NDArray out,
            NDArray zf,
            DType c,
            List<NDArray> temps) {
        Device device = xc.device();
        long n = xc.shape()[xc.ndim() - 1], rows = xc.size() / n;
        DType w = out.dtype();
        long len = chunk(device.facts(), rows, n, order), nb = (n + len - 1) / len;
        NDArray cf = track(temps, upload(device, coef, w, temps));
        NDArray sinit;
        long hasZi = z0 == null ? 0 : 1;
        if (nb == 1) {
            sinit = z0;
        } else {
            List<Long> counts = new ArrayList<>();
            for (long k = nb; ; k = (k + FAN - 1) / FAN) {
                counts.add(k);
                if (k <= FAN) break;
            }
            int top = counts.size() - 1;
            // M of each level: A^len, then each the FAN-th power of the one below
            int nn = order * order;
            double[] mats = new double[(top + 1) * 2 * nn];
            double[][] m = power(new double[][] {companion(a, order), new double[nn]}, len, order);
            for (int l = 0; l <= top; l++) {
                for (int k = 0; k < nn; k++) {
                    // the two words in the carries' precision (float32 ones where the device lacks fp64)
                    double hi = c == DType.FLOAT64 ? m[0][k] : (float) m[0][k];
                    mats[2 * l * nn + k] = hi;
                    mats[(2 * l + 1) * nn + k] = c == DType.FLOAT64 ? m[1][k] : (float) ((m[0][k] - hi) + m[1][k]);
                }
                if (l < top) m = power(m, FAN, order);
            }
            NDArray mc = track(temps, upload(device, mats, c, temps));
            NDArray[] z = new NDArray[top + 1], s = new NDArray[top + 1];
            for (int l = 0; l <= top; l++) {
                z[l] = track(temps, NDArray.empty(device, c, new long[] {rows * counts.get(l) * order}, Order.C));
                s[l] = track(temps, NDArray.empty(device, c, new long[] {rows * counts.get(l) * order}, Order.C));
            }
            kernel("state", order).callWithSize(rows * nb, xc, cf, n, nb, len, z[0]);
            for (int l = 0; l < top; l++) {
                long cl = counts.get(l), cu = counts.get(l + 1);
                kernel("up", order).callWithSize(rows * cu, z[l], mc, 2L * l * nn, cl, cu, (long) FAN, z[l + 1]);
            }
            long ct = counts.get(top);
            kernel("down", order)
                    .callWithSize(rows, z[top], mc, 2L * top * nn, z0 == null ? mc : z0, hasZi, ct, 1L, ct, s[top]);
            for (int l = top - 1; l >= 0; l--) {
                long cl = counts.get(l), cu = counts.get(l + 1);
                kernel("down", order)
                        .callWithSize(rows * cu, z[l], mc, 2L * l * nn, s[l + 1], 1L, cl, cu, (long) FAN, s[l]);
            }
            sinit = s[0];
            hasZi = 1;
        }
        kernel("apply", order).callWithSize(rows * nb, xc, cf, sinit == null ? cf : sinit, hasZi, n, nb, len, out, zf);
    }

    private static ElementwiseKernel kernel(String pass, int order) {
        return KERNELS.computeIfAbsent(pass + order, k -> switch (pass) {
            case "state", "apply" -> recursion(order, pass.equals("apply"));
            case "up" -> carries(order, false);
            default -> carries(order, true);
        });
    }

    // the chunk's recursion with its state in scalars z0..z{N-1}; four samples' loads ahead of their steps
    private static ElementwiseKernel recursion(int order, boolean apply) {
        StringBuilder s = new StringBuilder();
        s.append("long r = (long) i / nb; long j = (long) i - r * nb; long t = j * L;"
                + " long e = t + L < n ? t + L : n; long o = r * n;");
        for (int k = 0; k <= order; k++)
            s.append(" W b").append(k).append(" = coef[").append(k).append("];");
        for (int k = 1; k <= order; k++)
            s.append(" W a").append(k).append(" = coef[").append(order + 1 + k).append("];");
        for (int k = 0; k < order; k++) {
            s.append(" W z").append(k).append(" = ");
            s.append(apply ? "hz ? (W) s0[(long) i * " + order + " + " + k + "] : (W) 0;" : "(W) 0;");
        }
        s.append(" for (; t + 4 <= e; t += 4) {");
        for (int u = 0; u < 4; u++)
            s.append(" W x").append(u).append(" = (W) x[o + t + ").append(u).append("];");
        for (int u = 0; u < 4; u++) step(s, order, "x" + u, apply ? "y[o + t + " + u + "] = yv;" : "");
        s.append(" } for (; t < e; t++) { W x0 = (W) x[o + t];");
        step(s, order, "x0", apply ? "y[o + t] = yv;" : "");
        s.append(" }");
        if (apply) {
            s.append(" if (j == nb - 1) {");
            for (int k = 0; k < order; k++)
                s.append(" zf[r * ")
                        .append(order)
                        .append(" + ")
                        .append(k)
                        .append("] = z")
                        .append(k)
                        .append(';');
            s.append(" }");
        } else {
            for (int k = 0; k < order; k++) {
                s.append(" zst[(long) i * ")
                        .append(order)
                        .append(" + ")
                        .append(k)
                        .append("] = (C) z")
                        .append(k)
                        .append(';');
            }
        }
        String in = apply
                ? "raw X x, raw W coef, raw C s0, int64 hz, int64 n, int64 nb, int64 L"
                : "raw X x, raw W coef, int64 n, int64 nb, int64 L";
        String outs = apply ? "raw W y, raw W zf" : "raw C zst";
        return new ElementwiseKernel(in, outs, s.toString(), "signal_lfilter_" + (apply ? "apply" : "state") + order);
    }

    private static void step(StringBuilder s, int order, String xv, String store) {
        s.append(" { W yv = b0 * ").append(xv).append(" + z0;");
        for (int k = 0; k < order; k++) {
            s.append(" z").append(k).append(" = b").append(k + 1).append(" * ").append(xv);
            if (k + 1 < order) s.append(" + z").append(k + 1);
            s.append(" - a").append(k + 1).append(" * yv;");
        }
        s.append(' ').append(store).append(" }");
    }

    /*
     * One work-item per node of c children (per row): up folds the children's maps from rest into
     * the node's z; down starts from the node's true state (zi's row at the top, or rest when hz is 0)
     * and writes each child's true initial state.
     */
    private static ElementwiseKernel carries(int order, boolean down) {
        String n = Integer.toString(order);
        StringBuilder s = new StringBuilder();
        s.append("long r = (long) i / cu; long g = (long) i - r * cu; long j0 = g * G;"
                + " long j1 = j0 + G < c ? j0 + G : c; C u[" + n + "], w[" + n + "];");
        s.append(" for (int k = 0; k < " + n + "; k++) u[k] = ");
        s.append(down ? "hz ? sp[(long) i * " + n + " + k] : (C) 0;" : "(C) 0;");
        s.append(" for (long j = j0; j < j1; j++) { long zb = (r * c + j) * " + n + ";");
        if (down) s.append(" for (int k = 0; k < " + n + "; k++) sl[zb + k] = u[k]; if (j + 1 < j1) {");
        // M u + z with M's two parts, each product exact (fma) and the sum carried in two words
        s.append(" for (int k = 0; k < " + n + "; k++) { C hi = zl[zb + k], lo = (C) 0;"
                + " for (int q = 0; q < " + n + "; q++) { C mh = m[mo + k * " + n + " + q],"
                + " ml = m[mo + " + order * order + " + k * " + n + " + q], uq = u[q];"
                + " C p = mh * uq; C pe = fma(mh, uq, -p) + ml * uq;"
                + " C sum = hi + p; C bv = sum - hi; C err = (hi - (sum - bv)) + (p - bv) + lo + pe;"
                + " hi = sum + err; lo = err - (hi - sum); }"
                + " w[k] = hi + lo; }"
                + " for (int k = 0; k < " + n + "; k++) u[k] = w[k];");
        s.append(down ? " } }" : " } for (int k = 0; k < " + n + "; k++) zu[(long) i * " + n + " + k] = u[k];");
        String in = down
                ? "raw C zl, raw C m, int64 mo, raw C sp, int64 hz, int64 c, int64 cu, int64 G"
                : "raw C zl, raw C m, int64 mo, int64 c, int64 cu, int64 G";
        return new ElementwiseKernel(
                in, down ? "raw C sl" : "raw C zu", s.toString(), "signal_lfilter_" + (down ? "down" : "up") + order);
    }

    // A: the zero-input step s'[k] = s[k + 1] - a[k + 1] s[0], row-major
    private static double[] companion(double[] a, int order) {
        double[] m = new double[order * order];
        for (int k = 0; k < order; k++) {
            m[k * order] = -a[k + 1];
            if (k + 1 < order) m[k * order + k + 1] += 1;
        }
        return m;
    }

    /*
     * m^p by squaring in double-double: the companion matrix is far from normal, so its powers
     * cancel heavily and squaring in double alone loses most digits of A^L (the chunks' carries
     * would then be far less accurate than the serial recursion).
     */
    private static double[][] power(double[][] m, long p, int order) {
        double[][] r = {new double[order * order], new double[order * order]}, b = {m[0].clone(), m[1].clone()};
        for (int k = 0; k < order; k++) r[0][k * order + k] = 1;
        for (long e = p; e > 0; e >>= 1) {
            if ((e & 1) != 0) r = times(r, b, order);
            if (e > 1) b = times(b, b, order);
        }
        return r;
    }

    private static double[][] times(double[][] x, double[][] y, int order) {
        double[] hi = new double[order * order], lo = new double[order * order];
        for (int i = 0; i < order; i++)
            for (int j = 0; j < order; j++) {
                double sh = 0, sl = 0;
                for (int k = 0; k < order; k++) {
                    double ah = x[0][i * order + k], al = x[1][i * order + k];
                    double bh = y[0][k * order + j], bl = y[1][k * order + j];
                    // the product in double-double, then added to (sh, sl)
                    double ph = ah * bh, pl = Math.fma(ah, bh, -ph) + (ah * bl + al * bh);
                    double s = sh + ph, v = s - sh, err = (sh - (s - v)) + (ph - v) + sl + pl;
                    sh = s + err;
                    sl = err - (sh - s);
                }
                hi[i * order + j] = sh;
                lo[i * order + j] = sl;
            }
        return new double[][] {hi, lo};
    }

    private static NDArray upload(Device device, double[] v, DType t, List<NDArray> temps) {
        NDArray d = Lfilter.doubles(device, v);
        if (t == DType.FLOAT64) return d;
        track(temps, d);
        return d.astype(t);
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
