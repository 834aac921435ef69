package org.ndgpu.ndimage;

import java.util.regex.Pattern;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * One axis of the exact Euclidean feature transform (the pass of {@link Edt}), banded so that every
 * line of the axis is worked on by many work-items, as the Parallel Banding Algorithm (Cao, Tang,
 * Mehta and Wong, PBA+, which CuPy's distance_transform_edt runs) does for its second and third
 * phases. Each element holding a feature is a site: the parabola {@code f(q) + (w (x - q))^2}, where
 * {@code f(q)} is its squared distance to its feature over the axes already done. The lowest of these
 * parabolas at each element is the lower convex hull of the points {@code (q, f(q) + (w q)^2)}:
 *
 * <ol>
 *   <li>band: each band of {@code width} elements of a line builds the hull of its own sites (a
 *       stack, as Felzenszwalb and Huttenlocher's and SciPy's Maurer pass build it);
 *   <li>merge: in log2(bands) rounds, neighbouring groups of bands join their hulls by the bridge
 *       between them (each band keeps a sub-range [lo, hi) of its stack; the bands with sites left
 *       are linked, so a round never walks over empty bands);
 *   <li>offsets and scatter: the kept sub-ranges, one line's after another, become one packed hull
 *       per line;
 *   <li>evaluate: each band finds its first element's parabola by a binary search of the hull, then
 *       walks the hull along its elements.
 * </ol>
 *
 * <p>Every step is O(1) amortised per element except the rounds, O(log(bands)) per band. Among equal
 * distances the site nearer the start of the line wins, which is SciPy's rule (its pass keeps the
 * earlier stack entry on a tie), so without sampling the features equal SciPy's. The values are
 * doubles; without sampling every value is an integer below 2^53, so each comparison is exact. With
 * sampling each value is summed as SciPy sums it (the squares of the axes in order, no product fused
 * into an add: nd_dmul_rn), so comparing two sites' values at an element sees SciPy's numbers; the
 * test that drops a site from a hull rounds in its own way.
 */
final class EdtPass {
    private EdtPass() {}

    /** The elements of a line one work-item builds and evaluates. */
    static final long WIDTH = 32;

    // where a line starts: line = outer * inner + rest, so lines next to each other in memory are
    // worked on by neighbouring work-items (the slots of the scratch arrays are band * lines + line)
    private static final String LINE = "long line = (long) i % lines; long band = (long) i / lines;"
            + " long outer = line / inner; long base = outer * n * inner + (line - outer * inner);"
            + " long s = band * width; long e = s + width < n ? s + width : n;";

    /** Whether the middle site q is not strictly below the chord from p to r (it never is nearest alone). */
    private static String pops(String p, String fp, String q, String fq, String r, String fr) {
        String left = "(" + fq + " - " + fp + " + nd_dmul_rn(w2, (double) ((" + q + " - " + p + ") * (" + q + " + " + p
                + "))))";
        String right = "(" + fr + " - " + fq + " + nd_dmul_rn(w2, (double) ((" + r + " - " + q + ") * (" + r + " + " + q
                + "))))";
        return "(nd_dmul_rn(" + left + ", (double) (" + r + " - " + q + ")) >= nd_dmul_rn(" + right + ", (double) (" + q
                + " - " + p + ")))";
    }

    private static final Pattern FIN = Pattern.compile("fin\\[base \\+ (\\w+) \\* inner\\]");
    private static final Pattern SRCIN = Pattern.compile("srcin\\[base \\+ (\\w+) \\* inner\\]");

    /**
     * A step as written, for a pass after the first (fin and srcin: the last pass's values and
     * features), and for the first pass, which reads the mask itself (a site's value is 0, its
     * feature its own index), so that no kernel first fills the values and features.
     */
    private static ElementwiseKernel[] both(String in, String out, String body, String name) {
        String firstIn = in.replace("raw float64 fin", "raw T mask").replace(", raw S srcin", "");
        String firstBody = FIN.matcher(body).replaceAll("(mask[base + $1 * inner] == (T) 0 ? 0.0 : INFINITY)");
        firstBody = SRCIN.matcher(firstBody).replaceAll("(base + $1 * inner)");
        return new ElementwiseKernel[] {
            new ElementwiseKernel(in, out, body, name), new ElementwiseKernel(firstIn, out, firstBody, name + "_first")
        };
    }

    private static final ElementwiseKernel[] BAND = both(
            "raw float64 fin, int64 n, int64 inner, int64 lines, int64 width, float64 w2",
            "raw I v, raw I slo, raw I shi, raw I prev, raw I next, raw I first, raw I last",
            LINE + " long k = 0;"
                    + " for (long q = s; q < e; q++) {"
                    + "   double fq = fin[base + q * inner]; if (isinf(fq)) continue;"
                    + "   while (k >= 2) { long p = v[(s + k - 2) * lines + line]; long r = v[(s + k - 1) * lines + line];"
                    + "     double fp = fin[base + p * inner]; double fr = fin[base + r * inner];"
                    + "     if (" + pops("p", "fp", "r", "fr", "q", "fq") + ") k--; else break; }"
                    + "   v[(s + k) * lines + line] = (I) q; k++; }"
                    + " slo[i] = (I) 0; shi[i] = (I) k; prev[i] = (I) -1; next[i] = (I) -1;"
                    + " first[i] = (I) (k > 0 ? band : -1); last[i] = (I) (k > 0 ? band : -1);",
            "ndimage_edt_band");

    // a band's kept sub-range is [slo, shi) of its stack; the bands with sites left are linked within
    // their group (prev, next: -1 at the group's ends), and a group's first and last such band are at
    // its first band (first, last: -1 when it has none). A pair joins groups [l0, m0) and [m0, ...):
    // a moves left through the left group's hull and b right through the right group's until
    // neither is above the chord of its neighbour and the other; the sites passed are dropped
    private static final String AT = "v[(%1$s * width + %2$s) * lines + line]";

    private static final ElementwiseKernel[] MERGE = both(
            "raw float64 fin, int64 n, int64 inner, int64 lines, int64 width, int64 bands, int64 group, float64 w2",
            "raw I v, raw I slo, raw I shi, raw I prev, raw I next, raw I first, raw I last",
            "long line = (long) i % lines; long pair = (long) i / lines;"
                    + " long outer = line / inner; long base = outer * n * inner + (line - outer * inner);"
                    + " long l0 = pair * 2 * group; long m0 = l0 + group;"
                    + " if (m0 < bands) { long gl = l0 * lines + line; long gm = m0 * lines + line;"
                    + "   long la = last[gl]; long fb = first[gm];"
                    + "   if (la < 0) { first[gl] = first[gm]; last[gl] = last[gm]; }"
                    + "   else if (fb >= 0) {"
                    + "     long ba = la; long ka = shi[ba * lines + line] - 1; long bb = fb; long kb = slo[bb * lines + line];"
                    + "     long a = " + AT.formatted("ba", "ka") + "; long b = " + AT.formatted("bb", "kb") + ";"
                    + "     double fa = fin[base + a * inner]; double fb2 = fin[base + b * inner];"
                    + "     bool moved = true;"
                    + "     while (moved) { moved = false;"
                    + "       while (true) { long pb = ba; long pk = ka - 1;"
                    + "         if (pk < slo[pb * lines + line]) { pb = prev[ba * lines + line]; if (pb < 0) break;"
                    + "           pk = shi[pb * lines + line] - 1; }"
                    + "         long p = " + AT.formatted("pb", "pk") + "; double fp = fin[base + p * inner];"
                    + "         if (!" + pops("p", "fp", "a", "fa", "b", "fb2") + ") break;"
                    + "         ba = pb; ka = pk; a = p; fa = fp; moved = true; }"
                    + "       while (true) { long nb = bb; long nk = kb + 1;"
                    + "         if (nk >= shi[nb * lines + line]) { nb = next[bb * lines + line]; if (nb < 0) break;"
                    + "           nk = slo[nb * lines + line]; }"
                    + "         long r = " + AT.formatted("nb", "nk") + "; double fr = fin[base + r * inner];"
                    + "         if (!" + pops("a", "fa", "b", "fb2", "r", "fr") + ") break;"
                    + "         bb = nb; kb = nk; b = r; fb2 = fr; moved = true; } }"
                    + "     for (long t = next[ba * lines + line]; t >= 0; t = next[t * lines + line])"
                    + "       shi[t * lines + line] = slo[t * lines + line];"
                    + "     shi[ba * lines + line] = (I) (ka + 1);"
                    + "     for (long t = fb; t != bb; t = next[t * lines + line]) slo[t * lines + line] = shi[t * lines + line];"
                    + "     slo[bb * lines + line] = (I) kb;"
                    + "     next[ba * lines + line] = (I) bb; prev[bb * lines + line] = (I) ba; last[gl] = last[gm]; } }",
            "ndimage_edt_merge");

    // the kept sites of each band, summed over the bands of its line up to it (inclusive): one
    // work-item per line for lines of few bands, the library's cumsum over the bands otherwise
    private static final ElementwiseKernel OFFSETS = new ElementwiseKernel(
            "raw I slo, raw I shi, int64 lines, int64 bands",
            "raw J upto",
            "long off = 0; for (long b = 0; b < bands; b++) { long j = b * lines + (long) i;"
                    + " off += (long) shi[j] - (long) slo[j]; upto[j] = (J) off; }",
            "ndimage_edt_offsets");

    private static final ElementwiseKernel COUNTS = new ElementwiseKernel(
            "raw I slo, raw I shi", "raw int64 c", "c[i] = (long) shi[i] - (long) slo[i];", "ndimage_edt_counts");

    /** Above this many bands a line's offsets come from a parallel cumsum. */
    private static final long SCAN_BANDS = 256;

    private static final ElementwiseKernel SCATTER = new ElementwiseKernel(
            "raw I v, raw I slo, raw I shi, raw J upto, int64 lines, int64 width",
            "raw I hull",
            "long line = (long) i % lines; long band = (long) i / lines;"
                    + " long o = (long) upto[i] - (long) shi[i];"
                    + " for (long k = slo[i]; k < shi[i]; k++) hull[(o + k) * lines + line] = v[(band * width + k) * lines + line];",
            "ndimage_edt_scatter");

    /** What {@link #run} writes: a middle pass's values and features. */
    static final long MIDDLE = 0;
    /** The last pass: the distances (sqrt of the values) into fout, and the features. */
    static final long LAST = 1;
    /** The last pass: the distances only. */
    static final long LAST_DISTANCES = 2;
    /** The last pass: the features only. */
    static final long LAST_FEATURES = 3;

    // SciPy's distance of an element of a mask without background: to the feature (-1, 0, ..., 0),
    // the squares summed from the first axis (only a last pass's line without sites is in such a mask)
    private static final String NO_FEATURE = "double sum = 0; long st = n * lines; long flat = base + x * inner;"
            + " for (long d = 0; d < nd; d++) { st /= shape[d]; long c = (flat / st) % shape[d];"
            + "   double t = (double) ((d == 0 ? -1 : 0) - c) * samp[d]; sum += nd_dmul_rn(t, t); }";

    // the first entry of the hull not above the next one at x = s is the parabola lowest there (the
    // first of equal ones); then each element moves on while the next parabola is strictly lower
    private static final ElementwiseKernel[] EVALUATE = both(
            "raw float64 fin, raw S srcin, raw I hull, raw J upto, int64 n, int64 inner, int64 lines,"
                    + " int64 bands, int64 width, float64 w, int64 mode, raw int64 shape, raw float64 samp, int64 nd",
            "raw float64 fout, raw S srcout",
            LINE + " long m = upto[(bands - 1) * lines + line]; bool wd = mode == 1 || mode == 2; bool ws = mode != 2;"
                    + " if (m == 0) { for (long x = s; x < e; x++) {"
                    + "     if (wd) { " + NO_FEATURE + " fout[base + x * inner] = sqrt(sum); }"
                    + "     else if (mode == 0) fout[base + x * inner] = INFINITY;"
                    + "     if (ws) srcout[base + x * inner] = -1; } }"
                    + " else { long a = 0; long b = m - 1;"
                    + "   while (a < b) { long c = (a + b) / 2;"
                    + "     long p0 = hull[c * lines + line]; long p1 = hull[(c + 1) * lines + line];"
                    + "     double d0 = w * (double) (s - p0); double d1 = w * (double) (s - p1);"
                    + "     double v0 = fin[base + p0 * inner] + nd_dmul_rn(d0, d0);"
                    + " double v1 = fin[base + p1 * inner] + nd_dmul_rn(d1, d1);"
                    + "     if (v0 <= v1) b = c; else a = c + 1; }"
                    + "   long k = a; long p = hull[k * lines + line]; double fp = fin[base + p * inner];"
                    + "   for (long x = s; x < e; x++) {"
                    + "     while (k + 1 < m) { long q = hull[(k + 1) * lines + line]; double fq = fin[base + q * inner];"
                    + "       double dp = w * (double) (x - p); double dq = w * (double) (x - q);"
                    + "       if (fq + nd_dmul_rn(dq, dq) < fp + nd_dmul_rn(dp, dp)) { k++; p = q; fp = fq; } else break; }"
                    + "     double d = w * (double) (x - p); double val = fp + nd_dmul_rn(d, d);"
                    + "     if (wd) fout[base + x * inner] = sqrt(val); else if (mode == 0) fout[base + x * inner] = val;"
                    + "     if (ws) srcout[base + x * inner] = srcin[base + p * inner]; } }",
            "ndimage_edt_evaluate");

    /** Scratch for the passes of one transform, sized for its largest. */
    record Scratch(
            NDArray v,
            NDArray slo,
            NDArray shi,
            NDArray prev,
            NDArray next,
            NDArray first,
            NDArray last,
            NDArray upto,
            NDArray hull) {}

    /** The number of bands of an axis of n elements. */
    static long bands(long n, long width) {
        return (n + width - 1) / width;
    }

    /**
     * The pass along an axis of n elements, each {@code inner} apart, {@code lines} lines: fin/srcin
     * (squared partial distances and features, flat indices as int32 where the array's size allows,
     * else int64; for the first pass fin is the mask and srcin unused)
     * to fout/srcout as {@code mode} says ({@link #MIDDLE}, {@link #LAST}, ...); shape, samp and nd
     * are the whole mask's.
     */
    static void run(
            boolean first,
            NDArray fin,
            NDArray srcin,
            NDArray fout,
            NDArray srcout,
            long n,
            long inner,
            long lines,
            long width,
            double w,
            long mode,
            NDArray shape,
            NDArray samp,
            long nd,
            Scratch t) {
        int k = first ? 1 : 0;
        long bands = bands(n, width);
        double w2 = w * w;
        BAND[k].callWithSize(
                lines * bands,
                fin,
                n,
                inner,
                lines,
                width,
                w2,
                t.v(),
                t.slo(),
                t.shi(),
                t.prev(),
                t.next(),
                t.first(),
                t.last());
        for (long group = 1; group < bands; group *= 2) {
            long pairs = (bands + 2 * group - 1) / (2 * group);
            MERGE[k].callWithSize(
                    lines * pairs,
                    fin,
                    n,
                    inner,
                    lines,
                    width,
                    bands,
                    group,
                    w2,
                    t.v(),
                    t.slo(),
                    t.shi(),
                    t.prev(),
                    t.next(),
                    t.first(),
                    t.last());
        }
        NDArray counts = null;
        NDArray upto = t.upto();
        try {
            if (bands > SCAN_BANDS) {
                counts = NDArray.empty(fin.device(), DType.INT64, new long[] {bands, lines}, Order.C);
                COUNTS.callWithSize(lines * bands, t.slo(), t.shi(), counts);
                upto = counts.cumsum(0);
            } else {
                OFFSETS.callWithSize(lines, t.slo(), t.shi(), lines, bands, upto);
            }
            SCATTER.callWithSize(lines * bands, t.v(), t.slo(), t.shi(), upto, lines, width, t.hull());
            if (first) {
                EVALUATE[1].callWithSize(
                        lines * bands,
                        fin,
                        t.hull(),
                        upto,
                        n,
                        inner,
                        lines,
                        bands,
                        width,
                        w,
                        mode,
                        shape,
                        samp,
                        nd,
                        fout,
                        srcout);
            } else {
                EVALUATE[0].callWithSize(
                        lines * bands,
                        fin,
                        srcin,
                        t.hull(),
                        upto,
                        n,
                        inner,
                        lines,
                        bands,
                        width,
                        w,
                        mode,
                        shape,
                        samp,
                        nd,
                        fout,
                        srcout);
            }
        } finally {
            if (counts != null) {
                counts.close();
                upto.close();
            }
        }
    }
}
