package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The order in which einsum contracts three or more operands two at a time: NumPy's
 * {@code einsum_path(..., optimize='greedy')} (numpy/_core/einsumfunc.py, {@code _greedy_path}),
 * step for step, so that both choose the same pairs. Each step picks the pair whose contraction
 * removes the most elements (the sum of the two operands' sizes minus the result's), then the
 * fewest flops; outer products only when nothing else is left; NumPy's sieves (no intermediate
 * larger than the largest operand or the output, no path costlier than the naive one) included.
 *
 * <p>Where those sieves leave nothing, NumPy would contract the rest in one loop; ndgpu has only
 * pairwise contractions, so it goes on choosing greedily without the sieves.
 *
 * <pre>{@code
 * EinsumPath.greedy(List.of("ij", "jk", "kl"), "il", sizes);   // [[0, 1], [0, 1]]
 * }</pre>
 */
final class EinsumPath {
    private EinsumPath() {}

    /** A possible contraction: its sort key (-removed size, flops), positions and the operand sets after it. */
    private record Candidate(long negRemoved, long cost, int x, int y, List<Set<Character>> sets) {}

    /** Pairs of positions; after each, the two operands leave the list and their result is appended. */
    static List<int[]> greedy(List<String> inputs, String output, Map<Character, Long> sizes) {
        List<Set<Character>> sets = new ArrayList<>();
        for (String in : inputs) sets.add(set(in));
        Set<Character> out = set(output);
        long limit = size(output, sizes);
        for (String in : inputs) limit = Math.max(limit, size(in, sizes));
        List<int[]> path = new ArrayList<>();
        if (sets.size() == 2) path.add(new int[] {0, 1});
        if (sets.size() <= 2) return path;
        List<Set<Character>> naive = contraction(range(sets.size()), sets, out);
        long naiveCost = flops(union(sets), !naive.getLast().containsAll(union(sets)), sets.size(), sizes);
        boolean sieve = true;
        double pathCost = 0;
        List<Candidate> known = new ArrayList<>();
        List<int[]> pairs = pairs(sets.size());
        while (sets.size() > 1) {
            for (int[] p : pairs) {
                if (disjoint(sets.get(p[0]), sets.get(p[1]))) continue;
                add(known, p, sets, out, sizes, sieve, limit, pathCost, naiveCost);
            }
            if (known.isEmpty()) {
                for (int[] p : pairs(sets.size())) add(known, p, sets, out, sizes, sieve, limit, pathCost, naiveCost);
                if (known.isEmpty()) {
                    // NumPy would finish in one loop here; continue pairwise without the sieves
                    sieve = false;
                    pairs = pairs(sets.size());
                    continue;
                }
            }
            Candidate best = known.getFirst();
            for (Candidate c : known) {
                if (c.negRemoved < best.negRemoved || (c.negRemoved == best.negRemoved && c.cost < best.cost)) best = c;
            }
            known = update(known, best);
            sets = best.sets;
            int last = sets.size() - 1;
            pairs = new ArrayList<>();
            for (int i = 0; i < last; i++) pairs.add(new int[] {i, last});
            path.add(new int[] {best.x, best.y});
            pathCost += best.cost;
        }
        return path;
    }

    private static void add(
            List<Candidate> known,
            int[] p,
            List<Set<Character>> sets,
            Set<Character> out,
            Map<Character, Long> sizes,
            boolean sieve,
            long limit,
            double pathCost,
            long naiveCost) {
        List<Set<Character>> after = contraction(p, sets, out);
        Set<Character> result = after.getLast();
        long newSize = size(result, sizes);
        if (sieve && newSize > limit) return;
        long removed = size(sets.get(p[0]), sizes) + size(sets.get(p[1]), sizes) - newSize;
        Set<Character> contract = union(List.of(sets.get(p[0]), sets.get(p[1])));
        long cost = flops(contract, !result.containsAll(contract), 2, sizes);
        if (sieve && pathCost + cost > naiveCost) return;
        known.add(new Candidate(-removed, cost, p[0], p[1], after));
    }

    /** NumPy's _find_contraction: the others in order, then the labels of the contracted ones still needed. */
    private static List<Set<Character>> contraction(int[] positions, List<Set<Character>> sets, Set<Character> out) {
        Set<Character> contract = new LinkedHashSet<>(), remain = new LinkedHashSet<>(out);
        List<Set<Character>> rest = new ArrayList<>();
        for (int i = 0; i < sets.size(); i++) {
            boolean in = false;
            for (int p : positions) in |= p == i;
            if (in) {
                contract.addAll(sets.get(i));
            } else {
                rest.add(sets.get(i));
                remain.addAll(sets.get(i));
            }
        }
        contract.retainAll(remain);
        rest.add(contract);
        return rest;
    }

    /** NumPy's _update_other_results: drop candidates that used a contracted operand, renumber the others. */
    private static List<Candidate> update(List<Candidate> known, Candidate best) {
        int bx = best.x, by = best.y;
        List<Candidate> r = new ArrayList<>();
        for (Candidate c : known) {
            int x = c.x, y = c.y;
            if (x == bx || x == by || y == bx || y == by) continue;
            List<Set<Character>> s = new ArrayList<>(c.sets);
            s.remove(by - (by > x ? 1 : 0) - (by > y ? 1 : 0));
            s.remove(bx - (bx > x ? 1 : 0) - (bx > y ? 1 : 0));
            s.add(s.size() - 1, best.sets.getLast());
            r.add(new Candidate(
                    c.negRemoved,
                    c.cost,
                    x - (x > bx ? 1 : 0) - (x > by ? 1 : 0),
                    y - (y > bx ? 1 : 0) - (y > by ? 1 : 0),
                    s));
        }
        return r;
    }

    /** NumPy's _flop_count. */
    private static long flops(Set<Character> contract, boolean inner, int terms, Map<Character, Long> sizes) {
        return size(contract, sizes) * (Math.max(1, terms - 1) + (inner ? 1 : 0));
    }

    private static long size(Set<Character> labels, Map<Character, Long> sizes) {
        long s = 1;
        for (char c : labels) s *= sizes.get(c);
        return s;
    }

    /** The size of a term as written, a repeated label counted each time (NumPy's size_list). */
    private static long size(String term, Map<Character, Long> sizes) {
        long s = 1;
        for (char c : term.toCharArray()) s *= sizes.get(c);
        return s;
    }

    private static Set<Character> set(String labels) {
        Set<Character> s = new LinkedHashSet<>();
        for (char c : labels.toCharArray()) s.add(c);
        return s;
    }

    private static Set<Character> union(List<Set<Character>> sets) {
        Set<Character> u = new LinkedHashSet<>();
        sets.forEach(u::addAll);
        return u;
    }

    private static boolean disjoint(Set<Character> a, Set<Character> b) {
        for (char c : a) if (b.contains(c)) return false;
        return true;
    }

    private static int[] range(int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) r[i] = i;
        return r;
    }

    private static List<int[]> pairs(int n) {
        List<int[]> r = new ArrayList<>();
        for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) r.add(new int[] {i, j});
        return r;
    }
}
