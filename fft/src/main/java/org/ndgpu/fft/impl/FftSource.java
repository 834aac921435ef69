package org.ndgpu.fft.impl;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.KernelTemplate;
import org.ndgpu.ndarray.DType;

/**
 * The source of ndgpu's own FFT kernels, written once for both dialects against the prelude's
 * ND_* names (template {@code fft.tmpl}). What varies is computed here: the radix butterflies as
 * straight-line code with their constants spelled out (radix 2, 4, 8 and 16 split into halves, as a
 * radix-2 decimation in time; 3, 5 and 7 as a direct DFT), and the Stockham passes unrolled for one
 * length, so every loop bound and divisor is a constant the compiler sees. A pass computes its
 * twiddles, the L-th roots of unity of the sub-transforms it joins, as sincospi of -2 i / L (a
 * fraction exact in floating point when L is a power of two): read from a table in global memory,
 * they kept the L1 cache busier than anything else in the kernel.
 */
final class FftSource {
    private FftSource() {}

    private static final KernelTemplate.Sections TEMPLATES =
            KernelTemplate.sections("fft.tmpl", FftSource.class.getResourceAsStream("fft.tmpl"));
    private static final KernelTemplate STEP = TEMPLATES.get("step"),
            PASS = TEMPLATES.get("pass"),
            HELPERS = TEMPLATES.get("helpers");

    /** The radices the passes use, each with a butterfly below. */
    static final int[] RADICES = {16, 8, 4, 2, 3, 5, 7};

    /**
     * One step kernel's shape: transforms of length {@code m} made of passes of {@code radices} (in
     * order), {@code g} transforms per group of {@code t} work-items (forward; the caller conjugates for
     * the inverse); {@code loadG} and {@code storeG} when the transform index runs fastest over
     * neighbouring work-items in the load and the store (the transforms' elements are strided there);
     * {@code wide} when an element offset the kernel forms may reach 2^31 (64-bit address arithmetic).
     *
     * <p>Local memory has 32 banks of 4 bytes: a 128-byte row of them holds {@link #banks} elements (16
     * complex64, 8 complex128), and a warp's access is served 128 bytes at a time (16 or 8
     * work-items), each time in one pass only if those work-items ask every bank for one element at
     * most. Two layouts keep every access of the kernel at that minimum for each power-of-two length
     * from 16 points on:
     * <ul>
     * <li>columns ({@code g >= banks}): the passes, too, give neighbouring work-items neighbouring
     *     transforms at one position, and transforms are {@code m} or {@code m + 1} elements apart, an
     *     odd stride, so those work-items meet distinct banks whatever the position;</li>
     * <li>rows (fewer transforms, each of more than 256 points): work-items walk a transform, and one
     *     element of padding follows each 16 ({@code i + i / 16}), so that a radix-16 butterfly's
     *     elements, 16 apart, fall 17 apart, an odd stride, and runs of neighbouring elements stay
     *     neighbours (the passes of such a length have NS = 1 or NS >= 16, see FftPlan.radices).
     *     The padding is linear in the element, so the address of element {@code j + r * SPAN} is a
     *     work-item's base plus a constant per r: no index arithmetic per access. Transforms lie
     *     banks / g elements past a multiple of a run apart, so a load or store that takes g of them
     *     side by side spreads them over the banks too.</li>
     * </ul>
     */
    record Step(DType dtype, int m, int[] radices, int g, int t, boolean loadG, boolean storeG, boolean wide) {
        String tag() {
            var sb = new StringBuilder(P(dtype))
                    .append('_')
                    .append(m)
                    .append('_')
                    .append(g)
                    .append('_')
                    .append(t);
            for (int r : radices) sb.append('r').append(r);
            return sb.append('_')
                    .append(loadG ? 's' : 'c')
                    .append(storeG ? 's' : 'c')
                    .append(wide ? "_w" : "")
                    .toString();
        }

        /** Elements in one 128-byte row of local memory banks (32 banks of 4 bytes). */
        int banks() {
            return 128 / dtype.itemsize();
        }

        /** The columns layout: neighbouring work-items take neighbouring transforms in the passes. */
        boolean columns() {
            return g >= banks();
        }

        /** Elements from one transform's start to the next one's in the local buffer. */
        int row() {
            if (columns()) return m | 1;
            int padded = m + (m - 1) / 16 + 1;
            int runs = (padded + banks() - 1) / banks();
            return runs * banks() + banks() / g % banks();
        }

        /** Where element {@code _i} of a transform lies in its row, as C: the rows layout pads one element after each 16. */
        String inRow() {
            return columns() ? "_i" : "(_i + (_i >> 4))";
        }

        /**
         * The distance in the local buffer between the elements {@code i + r * stride} and {@code i + (r + 1) * stride}
         * of a transform, for every such i the kernel forms, when it is one constant (0 when not):
         * always in the columns layout; in the rows layout when the stride is a multiple of 16, or 1 with
         * runs of a radix dividing 16 that start at multiples of it.
         */
        int step(int stride, int radix) {
            if (columns()) return stride;
            if (stride % 16 == 0) return stride + stride / 16;
            return stride == 1 && 16 % radix == 0 ? 1 : 0;
        }

        /** Elements of the local buffer. */
        int size() {
            return g * row();
        }

        /** Bytes of local memory the kernel declares: the buffer, and three longs per transform. */
        long localBytes() {
            return (long) size() * dtype.itemsize() + 3L * Long.BYTES * g;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Step s
                    && s.dtype == dtype
                    && s.m == m
                    && s.g == g
                    && s.t == t
                    && java.util.Arrays.equals(s.radices, radices)
                    && s.loadG == loadG
                    && s.storeG == storeG
                    && s.wide == wide;
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(dtype, m, g, t, java.util.Arrays.hashCode(radices), loadG, storeG, wide);
        }
    }

    private record Key(Dialect dialect, Object what) {}

    private static final Map<Key, String> SOURCES = new ConcurrentHashMap<>();

    /** "c64" or "c128". */
    static String P(DType complex) {
        return complex == DType.COMPLEX64 ? "c64" : "c128";
    }

    private static String real(DType complex) {
        return complex == DType.COMPLEX64 ? "float" : "double";
    }

    /** The source holding {@code nd_fft_step_<tag>}. */
    static String step(Dialect dialect, Step s) {
        return SOURCES.computeIfAbsent(new Key(dialect, s), k -> dialect.prelude() + "\n" + stepSource(s));
    }

    /** The source of the helper kernels (chirps, Hermitian extension, real parts, scaling) for one dtype. */
    static String helpers(Dialect dialect, DType dtype) {
        return SOURCES.computeIfAbsent(
                new Key(dialect, dtype),
                k -> dialect.prelude() + "\n"
                        + HELPERS.fill(Map.of(
                                "C",
                                dtype.ctype(),
                                "R",
                                real(dtype),
                                "P",
                                P(dtype),
                                "tag",
                                P(dtype),
                                "sincospi",
                                sincospi(dtype, P(dtype)))));
    }

    static String stepSource(Step s) {
        return STEP.fill(layout(s));
    }

    /** The source holding {@code nd_fft_<section>_<tag>}: a kernel of template section {@code section} around the passes of {@code s}. */
    static String fused(Dialect dialect, String section, Step s) {
        return SOURCES.computeIfAbsent(new Key(dialect, section + s.tag()), k -> {
            KernelTemplate t = TEMPLATES.get(section);
            Map<String, Object> v = layout(s);
            v.keySet().retainAll(t.placeholders());
            return dialect.prelude() + "\n" + t.fill(v);
        });
    }

    /** The placeholders of a kernel around the passes of {@code s}: the butterflies, the unrolled passes, the local layout. */
    private static Map<String, Object> layout(Step s) {
        String c = s.dtype.ctype(), p = P(s.dtype), tag = s.tag();
        Set<Integer> used = new LinkedHashSet<>();
        for (int r : s.radices) used.add(r);
        var dfts = new StringBuilder();
        for (int r : used) dfts.append(butterfly(s.dtype, r, false, tag));
        var passes = new StringBuilder();
        int ns = 1;
        for (int r : s.radices) {
            int span = s.m / r, butterflies = s.g * span;
            int items = (butterflies + s.t - 1) / s.t;
            var v = new HashMap<String, Object>();
            v.put("C", c);
            v.put("R", real(s.dtype));
            v.put("P", p);
            v.put("tag", tag);
            v.put("RADIX", r);
            v.put("NS", ns);
            v.put("L", ns * r);
            v.put("G", s.g);
            v.put("T", s.t);
            v.put("SPAN", span);
            v.put("ITEMS", items);
            v.put("BUTTERFLIES", butterflies);
            v.put("COLS", s.columns() ? 1 : 0);
            int read = s.step(span, r), write = s.step(ns, r);
            v.put(
                    "READ",
                    read > 0
                            ? "nd_fft_at_" + tag + "(_g, _j) + _r * " + read
                            : "nd_fft_at_" + tag + "(_g, _j + _r * " + span + ")");
            v.put(
                    "WRITE",
                    write > 0
                            ? "nd_fft_at_" + tag + "(_g, _d) + _r * " + write
                            : "nd_fft_at_" + tag + "(_g, _d + _r * " + ns + ")");
            passes.append(PASS.fill(v));
            ns *= r;
        }
        var v = new HashMap<String, Object>();
        v.put("C", c);
        v.put("R", real(s.dtype));
        v.put("P", p);
        v.put("tag", tag);
        v.put("M", s.m);
        v.put("G", s.g);
        v.put("T", s.t);
        v.put("ROW", s.row());
        v.put("INROW", s.inRow());
        v.put("SIZE", s.size());
        v.put("LOADG", s.loadG ? 1 : 0);
        v.put("STOREG", s.storeG ? 1 : 0);
        v.put("I", s.wide ? "long" : "int");
        v.put("sincospi", sincospi(s.dtype, tag));
        v.put("dfts", dfts.toString());
        v.put("passes", passes.toString());
        return v;
    }

    // ---------------------------------------------------------------- twiddles

    /**
     * {@code nd_fft_sincospi_<tag>(x, &s, &c)}: sin(pi x) and cos(pi x) for |x| <= 2, the twiddles' only
     * transcendental. One reduction serves both (x = r + q / 2, |r| <= 1/4, exact), then the Taylor
     * polynomials of sin(pi r) and cos(pi r), cut where the next term is below half an ulp (degree 9
     * and 10 for float, 17 and 18 for double), and the quadrant by selects. OpenCL has no sincospi:
     * sinpi and cospi there would each reduce and evaluate on their own.
     */
    static String sincospi(DType dtype, String tag) {
        String r = real(dtype);
        boolean f = dtype == DType.COMPLEX64;
        int terms = f ? 5 : 9;
        var sin = new StringBuilder();
        var cos = new StringBuilder();
        double fact = 1;
        for (int k = 1; k <= 2 * terms; k++) {
            fact *= k;
            double coef = (k % 4 == 1 || k % 4 == 0 ? 1 : -1) * Math.pow(Math.PI, k) / fact;
            String lit = f ? Float.toString((float) coef) + "f" : Double.toString(coef);
            var into = k % 2 == 1 ? sin : cos;
            into.append(into.isEmpty() ? "" : " + _r2 * (").append(lit);
        }
        sin.append(")".repeat(terms - 1));
        cos.append(")".repeat(terms - 1));
        String half = f ? "0.5f" : "0.5";
        return "ND_DEVICE_FN void nd_fft_sincospi_" + tag + "(" + r + " _x, " + r + "* _s, " + r + "* _c) {\n"
                + "    int _q = (int)(_x * 2 + (_x < 0 ? -" + half + " : " + half + "));\n"
                + "    " + r + " _r = _x - (" + r + ")_q * " + half + ", _r2 = _r * _r;\n"
                + "    " + r + " _sp = _r * (" + sin + ");\n"
                + "    " + r + " _cp = 1 + _r2 * (" + cos + ");\n"
                + "    " + r + " _a = (_q & 1) ? _cp : _sp, _b = (_q & 1) ? _sp : _cp;\n"
                + "    *_s = (_q & 2) ? -_a : _a;\n"
                + "    *_c = ((_q + 1) & 2) ? -_b : _b;\n"
                + "}\n";
    }

    // ---------------------------------------------------------------- butterflies

    /** {@code nd_fft_dft<r>_<tag>(C* v)}: v[0..r) replaced by its DFT (sign -1 forward, +1 inverse), unscaled. */
    static String butterfly(DType dtype, int r, boolean inverse, String tag) {
        var g = new Gen(dtype, inverse);
        String[] in = new String[r];
        for (int i = 0; i < r; i++) {
            in[i] = g.fresh();
            g.body.append("    ")
                    .append(dtype.ctype())
                    .append(' ')
                    .append(in[i])
                    .append(" = _v[")
                    .append(i)
                    .append("];\n");
        }
        String[] out = g.dft(in);
        for (int i = 0; i < r; i++)
            g.body.append("    _v[").append(i).append("] = ").append(out[i]).append(";\n");
        return "ND_DEVICE_FN void nd_fft_dft" + r + "_" + tag + "(" + dtype.ctype() + "* _v) {\n" + g.body + "}\n";
    }

    /** Straight-line code for one butterfly. */
    private static final class Gen {
        final DType dtype;
        final String c, p;
        final int sign;
        final StringBuilder body = new StringBuilder();
        int vars;

        Gen(DType dtype, boolean inverse) {
            this.dtype = dtype;
            this.c = dtype.ctype();
            this.p = P(dtype);
            this.sign = inverse ? 1 : -1;
        }

        String fresh() {
            return "_x" + vars++;
        }

        String lit(double v) {
            if (dtype == DType.COMPLEX64) return Float.toString((float) v) + "f";
            return Double.toString(v);
        }

        String let(String expr) {
            String n = fresh();
            body.append("    ")
                    .append(c)
                    .append(' ')
                    .append(n)
                    .append(" = ")
                    .append(expr)
                    .append(";\n");
            return n;
        }

        /** exp(sign * 2 pi i * k / n) with the exact values 0 and +-1 recognised. */
        double[] root(int k, int n) {
            double a = sign * 2 * Math.PI * k / n;
            double cs = Math.cos(a), sn = Math.sin(a);
            if ((4L * k) % n == 0) {
                cs = Math.rint(cs);
                sn = Math.rint(sn);
            }
            return new double[] {cs, sn};
        }

        /** x * w as an expression, with the trivial products (1, -1, i, -i) written as moves. */
        String times(String x, double[] w) {
            double cs = w[0], sn = w[1];
            if (cs == 1 && sn == 0) return x;
            if (cs == -1 && sn == 0) return "nd_" + p + "(-" + x + ".x, -" + x + ".y)";
            if (cs == 0 && sn == 1) return "nd_" + p + "(-" + x + ".y, " + x + ".x)";
            if (cs == 0 && sn == -1) return "nd_" + p + "(" + x + ".y, -" + x + ".x)";
            String c0 = lit(cs), s0 = lit(sn);
            return "nd_" + p + "(" + x + ".x * " + c0 + " - " + x + ".y * " + s0 + ", " + x + ".x * " + s0 + " + " + x
                    + ".y * " + c0 + ")";
        }

        String[] dft(String[] x) {
            int n = x.length;
            if (n == 1) return x;
            String[] out = new String[n];
            if (n % 2 == 0) {
                String[] ev = new String[n / 2], od = new String[n / 2];
                for (int i = 0; i < n / 2; i++) {
                    ev[i] = x[2 * i];
                    od[i] = x[2 * i + 1];
                }
                String[] e = dft(ev), o = dft(od);
                for (int k = 0; k < n / 2; k++) {
                    String t = let(times(o[k], root(k, n)));
                    out[k] = let("nd_" + p + "_add(" + e[k] + ", " + t + ")");
                    out[k + n / 2] = let("nd_" + p + "_sub(" + e[k] + ", " + t + ")");
                }
                return out;
            }
            // odd: X[k] = x[0] + sum over the pairs (r, n - r) of (x[r] + x[n-r]) cos + i (x[r] - x[n-r]) sin
            String[] sum = new String[n / 2 + 1], dif = new String[n / 2 + 1];
            for (int r = 1; r <= n / 2; r++) {
                sum[r] = let("nd_" + p + "_add(" + x[r] + ", " + x[n - r] + ")");
                dif[r] = let("nd_" + p + "_sub(" + x[r] + ", " + x[n - r] + ")");
            }
            var total = new StringBuilder(x[0]);
            for (int r = 1; r <= n / 2; r++)
                total.insert(0, "nd_" + p + "_add(").append(", ").append(sum[r]).append(')');
            out[0] = let(total.toString());
            for (int k = 1; k < n; k++) {
                // re = x0.x + sum (sum_r.x cos - dif_r.y sin), im = x0.y + sum (sum_r.y cos + dif_r.x sin), angle
                // sign*2pi*r*k/n
                var re = new StringBuilder(x[0] + ".x");
                var im = new StringBuilder(x[0] + ".y");
                for (int r = 1; r <= n / 2; r++) {
                    double[] w = root((int) ((long) r * k % n), n);
                    re.append(" + ")
                            .append(sum[r])
                            .append(".x * ")
                            .append(lit(w[0]))
                            .append(" - ")
                            .append(dif[r])
                            .append(".y * ")
                            .append(lit(w[1]));
                    im.append(" + ")
                            .append(sum[r])
                            .append(".y * ")
                            .append(lit(w[0]))
                            .append(" + ")
                            .append(dif[r])
                            .append(".x * ")
                            .append(lit(w[1]));
                }
                out[k] = let("nd_" + p + "(" + re + ", " + im + ")");
            }
            return out;
        }
    }
}
