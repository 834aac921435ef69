package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * numpy.einsum, mapped onto views and {@link Matmul}s: for two operands, repeated labels
 * in an operand become a diagonal view, labels summed away in one operand only are contracted with
 * a vector of ones, labels in both operands and the output are matmul's batch, labels in both but
 * not the output its K, the rest M and N. Explicit ("ij,jk->ik") and implicit ("ij,jk") output,
 * "..." and size-1 broadcasting are supported. Three or more operands are contracted two at a
 * time in numpy.einsum_path's greedy order ({@link EinsumPath}).
 *
 * <pre>{@code
 * Einsum.einsum("bij,bjk->bik", a, b);   // batched matmul
 * Einsum.einsum("ii->", a);              // trace
 * }</pre>
 */
final class Einsum {
    private Einsum() {}

    /**
     * The broadcast ("...") dims get internal labels from Unicode's private use area: no user label can
     * equal one, because every subscript a user writes is checked to be an ASCII letter (as NumPy's)
     * before "..." is expanded, and none of these is a letter to that check.
     */
    private static final char ELLIPSIS_BASE = '\uE000';

    /** An operand with one label per axis. */
    private record Term(NDArray x, String labels) {}

    static NDArray einsum(String subscripts, NDArray... operands) {
        Parsed p = parse(subscripts, operands);
        return evaluate(subscripts, p.terms(), p.out());
    }

    /**
     * numpy.einsum_path(subscripts, *operands, optimize='greedy')'s path: the pairs of operand
     * positions contracted in turn, each result appended to the list ({@code [[0]]} for one operand).
     */
    static List<int[]> path(String subscripts, NDArray... operands) {
        Parsed p = parse(subscripts, operands);
        for (Term t : p.terms()) t.x.live("einsum_path");
        if (p.terms().size() == 1) return List.of(new int[] {0});
        Map<Character, Long> sizes = sizes(subscripts, p.terms());
        if (p.terms().size() == 2) return List.of(new int[] {0, 1});
        List<String> labels = new ArrayList<>();
        for (Term t : p.terms()) labels.add(t.labels);
        return EinsumPath.greedy(labels, p.out(), sizes);
    }

    /** The operands with their expanded labels, and the output's labels. */
    private record Parsed(List<Term> terms, String out) {}

    private static Parsed parse(String subscripts, NDArray... operands) {
        if (operands.length < 1) throw new NdException("einsum: expected at least one operand, got none");
        String s = subscripts.replace(" ", "");
        String[] io = s.split("->", -1);
        if (io.length > 2) throw new NdException("einsum: subscripts '" + subscripts + "' have more than one '->'");
        String[] ins = io[0].split(",", -1);
        if (ins.length != operands.length) {
            throw new NdException("einsum: subscripts '" + subscripts + "' name " + ins.length + " operands, "
                    + operands.length + " given");
        }
        int maxEll = 0;
        for (int i = 0; i < ins.length; i++) {
            if (operands[i] == null) throw new NullPointerException("einsum: operands[" + i + "] is null");
            validate(subscripts, ins[i], "operand " + i);
            if (ins[i].contains("...")) maxEll = Math.max(maxEll, operands[i].ndim() - (ins[i].length() - 3));
        }
        if (io.length == 2) validate(subscripts, io[1], "the output");
        List<Term> terms = new ArrayList<>();
        for (int i = 0; i < ins.length; i++) {
            String lab = expand(subscripts, ins[i], operands[i].ndim(), maxEll, i);
            terms.add(new Term(operands[i], lab));
        }
        String out;
        String ell = ellipsisLabels(maxEll, maxEll);
        if (io.length == 2) {
            out = io[1].replace("...", ell);
        } else {
            // implicit mode: labels seen exactly once, in alphabetical order, after the broadcast dims
            var once = new TreeSet<Character>();
            String all = String.join("", ins).replace("...", "");
            for (char c : all.toCharArray()) if (all.indexOf(c) == all.lastIndexOf(c)) once.add(c);
            var sb = new StringBuilder(ell);
            for (char c : once) sb.append(c);
            out = sb.toString();
        }
        for (int i = 0; i < out.length(); i++) {
            char c = out.charAt(i);
            if (out.indexOf(c) != i)
                throw new NdException(
                        "einsum: output subscript '" + c + "' appears more than once in '" + subscripts + "'");
            boolean found = false;
            for (Term t : terms) found |= t.labels.indexOf(c) >= 0;
            if (!found)
                throw new NdException(
                        "einsum: output subscript '" + c + "' does not appear in the inputs of '" + subscripts + "'");
        }
        return new Parsed(terms, out);
    }

    /** The einsum of terms whose labels are checked and expanded, into labels {@code out}; subscripts only for messages. */
    private static NDArray evaluate(String subscripts, List<Term> terms, String out) {
        if (terms.size() > 2) return many(subscripts, terms, out);
        List<NDArray> temps = new ArrayList<>();
        try {
            for (int i = 0; i < terms.size(); i++) terms.set(i, diagonal(subscripts, terms.get(i), temps));
            if (terms.size() == 1) {
                Term t = sumAway(terms.get(0), out, temps);
                return t.x.transpose(perm(t.labels, out));
            }
            Term a = terms.get(0), b = terms.get(1);
            a = sumAway(a, out + b.labels, temps);
            b = sumAway(b, out + a.labels, temps);
            return contract(subscripts, a, b, out, temps);
        } finally {
            for (NDArray t : temps) t.close();
        }
    }

    /**
     * Three or more operands: pairs in {@link EinsumPath}'s greedy order, each contracted by the
     * two-operand einsum above into the labels still needed (by the output or a remaining operand),
     * the result appended to the list as numpy.einsum_path numbers it.
     */
    private static NDArray many(String subscripts, List<Term> terms, String out) {
        Map<Character, Long> sizes = sizes(subscripts, terms);
        List<String> labels = new ArrayList<>();
        for (Term t : terms) labels.add(t.labels);
        List<Term> live = new ArrayList<>(terms);
        List<NDArray> made = new ArrayList<>();
        try {
            for (int[] pair : EinsumPath.greedy(labels, out, sizes)) {
                Term b = live.remove(pair[1]), a = live.remove(pair[0]);
                StringBuilder needed = new StringBuilder(out);
                for (Term t : live) needed.append(t.labels);
                StringBuilder kept = new StringBuilder();
                for (char c : (a.labels + b.labels).toCharArray()) {
                    if (needed.indexOf(String.valueOf(c)) >= 0 && kept.indexOf(String.valueOf(c)) < 0) kept.append(c);
                }
                NDArray r = evaluate(subscripts, new ArrayList<>(List.of(a, b)), kept.toString());
                made.add(r);
                live.add(new Term(r, kept.toString()));
            }
            Term last = live.getFirst();
            if (last.labels.equals(out) && made.contains(last.x)) {
                made.remove(last.x);
                return last.x;
            }
            return evaluate(subscripts, new ArrayList<>(List.of(last)), out);
        } finally {
            made.forEach(NDArray::close);
        }
    }

    /** Each label's size, broadcasting 1 against the others as NumPy's einsum. */
    private static Map<Character, Long> sizes(String subscripts, List<Term> terms) {
        Map<Character, Long> sizes = new HashMap<>();
        for (int i = 0; i < terms.size(); i++) {
            Term t = terms.get(i);
            for (int d = 0; d < t.labels.length(); d++) {
                char c = t.labels.charAt(d);
                long dim = t.x.shape(d);
                Long seen = sizes.get(c);
                if (seen == null || seen == 1) {
                    sizes.put(c, dim);
                } else if (dim != 1 && dim != seen) {
                    throw new ShapeException("einsum: operands could not be broadcast together: subscript '" + c
                            + "' has size " + seen + " in an earlier operand and " + dim + " in operand " + i + " ('"
                            + subscripts + "')");
                }
            }
        }
        return sizes;
    }

    /**
     * One operand's (or the output's) subscripts as the user wrote them: ASCII letters a-zA-Z, as
     * NumPy's, and at most one "..." with no other '.'.
     */
    private static void validate(String subscripts, String part, String where) {
        int ell = part.indexOf("...");
        String rest = ell < 0 ? part : part.substring(0, ell) + part.substring(ell + 3);
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (c == '.') {
                throw new NdException("einsum: subscripts '" + subscripts
                        + "' contain a '.' that is not part of an ellipsis ('...') in " + where);
            }
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
                throw new NdException("einsum: invalid subscript '" + c + "' (U+" + String.format("%04X", (int) c)
                        + ") in '" + subscripts + "'; expected letters (ASCII a-zA-Z, as NumPy) and '...'");
            }
        }
    }

    private static String ellipsisLabels(int count, int maxEll) {
        var sb = new StringBuilder();
        for (int i = maxEll - count; i < maxEll; i++) sb.append((char) (ELLIPSIS_BASE + i));
        return sb.toString();
    }

    private static String expand(String subscripts, String in, int ndim, int maxEll, int operand) {
        String lab = in;
        if (in.contains("...")) {
            int e = ndim - (in.length() - 3);
            if (e < 0)
                throw new ShapeException("einsum: operand " + operand + " has " + ndim
                        + " dims, fewer than its subscripts '" + in + "' name in '" + subscripts + "'");
            lab = in.replace("...", ellipsisLabels(e, maxEll));
        }
        if (lab.length() != ndim) {
            throw new ShapeException("einsum: operand " + operand + " has " + ndim + " dims but its subscripts '" + in
                    + "' name " + lab.length() + " in '" + subscripts + "'");
        }
        return lab;
    }

    /** Repeated labels (ii) become one axis walking the diagonal: a view with the strides added. */
    private static Term diagonal(String subscripts, Term t, List<NDArray> temps) {
        NDArray x = t.x;
        String lab = t.labels;
        for (int i = 0; i < lab.length(); i++) {
            int j = lab.indexOf(lab.charAt(i), i + 1);
            while (j > 0) {
                long[] sh = x.shape(), st = x.strides();
                if (sh[i] != sh[j]) {
                    throw new ShapeException("einsum: subscript '" + lab.charAt(i) + "' repeated in '" + subscripts
                            + "' for axes of sizes " + sh[i] + " and " + sh[j]);
                }
                long[] ns = new long[sh.length - 1], nst = new long[sh.length - 1];
                for (int d = 0, q = 0; d < sh.length; d++) {
                    if (d == j) continue;
                    ns[q] = sh[d];
                    nst[q++] = d == i ? st[i] + st[j] : st[d];
                }
                x = x.view(ns, nst, x.offset());
                temps.add(x);
                lab = lab.substring(0, j) + lab.substring(j + 1);
                j = lab.indexOf(lab.charAt(i), i + 1);
            }
        }
        return new Term(x, lab);
    }

    /** Sums over the labels of {@code t} not in {@code keep}, as a product with a vector of ones. */
    private static Term sumAway(Term t, String keep, List<NDArray> temps) {
        StringBuilder kept = new StringBuilder(), gone = new StringBuilder();
        for (char c : t.labels.toCharArray()) (keep.indexOf(c) >= 0 ? kept : gone).append(c);
        if (gone.isEmpty()) return t;
        long[] sh = t.x.shape();
        long rows = 1, cols = 1;
        List<Long> keptShape = new ArrayList<>();
        for (int i = 0; i < sh.length; i++) {
            if (keep.indexOf(t.labels.charAt(i)) >= 0) {
                rows *= sh[i];
                keptShape.add(sh[i]);
            } else {
                cols *= sh[i];
            }
        }
        NDArray tr = t.x.transpose(perm(t.labels, kept.toString() + gone));
        temps.add(tr);
        NDArray m = tr.reshape(rows, cols);
        temps.add(m);
        NDArray ones = NDArray.empty(t.x.device(), t.x.dtype(), new long[] {cols}, Order.C);
        temps.add(ones);
        ones.fill(1);
        NDArray r = Matmul.matmul("einsum", m, ones, null, false);
        temps.add(r);
        NDArray shaped = r.reshape(keptShape.stream().mapToLong(Long::longValue).toArray());
        temps.add(shaped);
        return new Term(shaped, kept.toString());
    }

    private static NDArray contract(String subscripts, Term a, Term b, String out, List<NDArray> temps) {
        StringBuilder batch = new StringBuilder(),
                k = new StringBuilder(),
                fa = new StringBuilder(),
                fb = new StringBuilder();
        for (char c : a.labels.toCharArray()) {
            boolean inB = b.labels.indexOf(c) >= 0, inOut = out.indexOf(c) >= 0;
            if (inB && inOut) batch.append(c);
            else if (inB) k.append(c);
            else fa.append(c);
        }
        for (char c : b.labels.toCharArray()) if (a.labels.indexOf(c) < 0) fb.append(c);
        // sizes of shared labels: equal, or 1 on one side and broadcast
        long[] as = a.x.shape(), bs = b.x.shape();
        long[] at = as.clone(), bt = bs.clone();
        for (int i = 0; i < a.labels.length(); i++) {
            int j = b.labels.indexOf(a.labels.charAt(i));
            if (j < 0 || as[i] == bs[j]) continue;
            if (as[i] == 1) at[i] = bs[j];
            else if (bs[j] == 1) bt[j] = as[i];
            else
                throw new ShapeException("einsum: operands could not be broadcast together: subscript '"
                        + a.labels.charAt(i) + "' has size " + as[i] + " in operand 0 and " + bs[j] + " in operand 1 ('"
                        + subscripts + "')");
        }
        NDArray ax = Arrays.equals(as, at) ? a.x : track(a.x.broadcastTo(at), temps);
        NDArray bx = Arrays.equals(bs, bt) ? b.x : track(b.x.broadcastTo(bt), temps);
        String la = batch + fa.toString() + k, lb = batch + k.toString() + fb;
        NDArray a2 = track(ax.transpose(perm(a.labels, la)), temps);
        NDArray b2 = track(bx.transpose(perm(b.labels, lb)), temps);
        int nb = batch.length();
        long[] a2s = a2.shape(), b2s = b2.shape();
        long[] a3 = Arrays.copyOf(a2s, nb + 2), b3 = Arrays.copyOf(b2s, nb + 2);
        a3[nb] = prod(a2s, nb, nb + fa.length());
        a3[nb + 1] = prod(a2s, nb + fa.length(), a2s.length);
        b3[nb] = prod(b2s, nb, nb + k.length());
        b3[nb + 1] = prod(b2s, nb + k.length(), b2s.length);
        NDArray c = track(
                Matmul.matmul("einsum", track(a2.reshape(a3), temps), track(b2.reshape(b3), temps), null, false),
                temps);
        long[] cs = new long[nb + fa.length() + fb.length()];
        System.arraycopy(a2s, 0, cs, 0, nb + fa.length());
        System.arraycopy(b2s, nb + k.length(), cs, nb + fa.length(), fb.length());
        NDArray shaped = track(c.reshape(cs), temps);
        return shaped.transpose(perm(batch + fa.toString() + fb, out));
    }

    private static NDArray track(NDArray x, List<NDArray> temps) {
        temps.add(x);
        return x;
    }

    private static long prod(long[] s, int from, int to) {
        long p = 1;
        for (int i = from; i < to; i++) p *= s[i];
        return p;
    }

    /** The axes of {@code from} in the order of {@code to} (same labels, permuted). */
    private static int[] perm(String from, String to) {
        int[] p = new int[to.length()];
        for (int i = 0; i < to.length(); i++) p[i] = from.indexOf(to.charAt(i));
        return p;
    }
}
