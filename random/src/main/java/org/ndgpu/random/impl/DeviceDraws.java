package org.ndgpu.random.impl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The kernels of the rejection samplers and integers: one elementwise loop per call whose element i
 * seeds its own Philox stream (distributions.h) with (i, the call's offset, the seed) and runs the
 * distribution's device function, reading as many words as it needs. A thread draws four elements
 * (i, i + T, i + 2T, i + 3T), the four streams' first blocks computed in one interleaved pass, or one
 * element ({@link #perThread(Continuous)}); the numbers are those of one element a thread. The distributions with a fixed number of words per value
 * go to {@link BlockDraws}. Parameters travel as scalars, so one compiled kernel serves every value.
 */
final class DeviceDraws {
    private DeviceDraws() {}

    /** distributions.h: the Philox stream and the samplers. */
    static final String HEADER = read("distributions.h");

    private static final Map<String, Spec> SPECS = new ConcurrentHashMap<>();

    private static final String INIT = "nd_rng _rng;\nnd_rng_init(&_rng, (ulong)i, (ulong)_off, (ulong)_seed);\n";

    /** Elements a thread of the per-element kernels draws: their streams' first blocks are computed together. */
    static final int ELEMENTS_PER_THREAD = 4;

    // thread i draws elements i, i + T, i + 2T, i + 3T (T = _n, the threads; _cnt the elements), each from its own
    // stream exactly as a thread of one element would: the four first blocks come from nd_rng_block4, whose
    // interleaved rounds keep the multiplier busy, and the rest of each stream as the sampler asks for it
    private static final String FOUR = """
            nd_rng _r0, _r1, _r2, _r3;
            const ulong _t = (ulong)_n, _e0 = (ulong)i;
            nd_rng_init(&_r0, _e0, (ulong)_off, (ulong)_seed);
            nd_rng_init(&_r1, _e0 + _t, (ulong)_off, (ulong)_seed);
            nd_rng_init(&_r2, _e0 + 2 * _t, (ulong)_off, (ulong)_seed);
            nd_rng_init(&_r3, _e0 + 3 * _t, (ulong)_off, (ulong)_seed);
            nd_rng_block4(&_r0, &_r1, &_r2, &_r3);
            for (int _k = 0; _k < 4; _k++) {
                const ulong _e = _e0 + (ulong)_k * _t;
                if (_e >= (ulong)_cnt) break;
                nd_rng _rng = _k == 0 ? _r0 : _k == 1 ? _r1 : _k == 2 ? _r2 : _r3;
            """;

    // thread i draws element i alone, the same numbers as above
    private static final String ONE = """
            {
                const ulong _e = (ulong)i;
                nd_rng _rng;
                nd_rng_init(&_rng, _e, (ulong)_off, (ulong)_seed);
            """;

    /**
     * Elements a thread draws for a sampler: one for the samplers that spend most of their time in
     * their own rejection or search loops (negative_binomial's gamma then Poisson, the noncentral laws,
     * vonmises, zipf, ...), where three more streams' registers cost more warps than their interleaved
     * first blocks save; four for the rest, whose first block is most of the work. Either way element
     * e draws the same numbers.
     */
    static int perThread(Continuous dist) {
        return switch (dist) {
            case STANDARD_T, VONMISES, NONCENTRAL_CHISQUARE, NONCENTRAL_F -> 1;
            default -> ELEMENTS_PER_THREAD;
        };
    }

    /** As {@link #perThread(Continuous)}: geometric's one logarithm is its first block's work. */
    static int perThread(Discrete dist) {
        return dist == Discrete.GEOMETRIC ? ELEMENTS_PER_THREAD : 1;
    }

    /**
     * The body of a per-element kernel into RAW {@code y} of {@code out}: {@code draw} (statements
     * reading {@code _rng}) then element {@code _e} of y set to {@code value} of dtype {@code from}.
     */
    private static String perElement(int perThread, String draw, DType from, String value, DType out) {
        return (perThread == 1 ? ONE : FOUR) + "    " + draw.strip().replace("\n", "\n    ") + "\n    "
                + CTypes.store(out, "y + _e", CTypes.cast(from, out, value)) + "\n}";
    }

    /** Runs a per-element kernel of {@code spec} over {@code y}: args are y, seed, offset, count, then {@code rest}. */
    private static void launch(Spec spec, int perThread, NDArray y, Draw d, Object... rest) {
        long n = y.size();
        if (n == 0) return;
        Object[] args = new Object[4 + rest.length];
        args[0] = y;
        args[1] = d.seed();
        args[2] = d.offset();
        args[3] = n;
        System.arraycopy(rest, 0, args, 4, rest.length);
        ElementwiseLoop.run(spec, args, new long[] {(n + perThread - 1) / perThread});
    }

    /** The first parameters of a per-element kernel: y (RAW, of {@code out}), _seed, _off, _cnt, then {@code rest}. */
    private static List<Param> perElementParams(DType out, Param... rest) {
        var p = new java.util.ArrayList<Param>();
        p.add(new Param("y", out, Kind.RAW));
        p.add(new Param("_seed", DType.INT64, Kind.SCALAR));
        p.add(new Param("_off", DType.INT64, Kind.SCALAR));
        p.add(new Param("_cnt", DType.INT64, Kind.SCALAR));
        p.addAll(List.of(rest));
        return p;
    }

    private static String read(String name) {
        try (InputStream in = DeviceDraws.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException(name + " is missing from the ndgpu-random jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The double-valued sample of a rejection sampler, as statements ending in {@code _v = ...}. */
    static String sample(Continuous dist) {
        return switch (dist) {
            case GAMMA -> "double _v = _p1 * nd_std_gamma(&_rng, _p0);";
            case BETA -> "double _v = nd_beta(&_rng, _p0, _p1);";
            case CHISQUARE -> "double _v = nd_chisq(&_rng, _p0);";
            case STANDARD_CAUCHY -> "double _v = nd_std_normal(&_rng); _v /= nd_std_normal(&_rng);";
            case STANDARD_T -> "double _v = nd_std_t(&_rng, _p0);";
            case LOGISTIC -> "double _v = nd_logistic(&_rng, _p0, _p1);";
            case GUMBEL -> "double _v = nd_gumbel(&_rng, _p0, _p1);";
            case PARETO -> "double _v = expm1(nd_std_exp(&_rng) / _p0);";
            case POWER -> "double _v = pow(-expm1(-nd_std_exp(&_rng)), 1.0 / _p0);";
            case RAYLEIGH -> "double _v = _p0 * sqrt(2.0 * nd_std_exp(&_rng));";
            case WALD -> "double _v = nd_wald(&_rng, _p0, _p1);";
            case WEIBULL -> "double _v = _p0 == 0.0 ? 0.0 : pow(nd_std_exp(&_rng), 1.0 / _p0);";
            case VONMISES -> "double _v = nd_vonmises(&_rng, _p0, _p1);";
            case TRIANGULAR -> "double _v = nd_triangular(&_rng, _p0, _p1, _p2);";
            case NONCENTRAL_CHISQUARE -> "double _v = nd_noncentral_chisq(&_rng, _p0, _p1);";
            case NONCENTRAL_F -> "double _v = nd_noncentral_f(&_rng, _p0, _p1, _p2);";
            case F -> "double _v = nd_f(&_rng, _p0, _p1);";
            default -> throw new IllegalArgumentException(dist + " is drawn by BlockDraws");
        };
    }

    private static final Param P0 = new Param("_p0", DType.FLOAT64, Kind.SCALAR),
            P1 = new Param("_p1", DType.FLOAT64, Kind.SCALAR),
            P2 = new Param("_p2", DType.FLOAT64, Kind.SCALAR);

    /** Counter offsets a call of n elements reserves (any positive number keeps calls apart; this one is kept for stable streams). */
    static long units(long n) {
        return (n + 3) / 4 + 1;
    }

    private static NDArray empty(DType dtype, long[] shape) {
        return NDArray.empty(Device.current(), dtype, shape, Order.C);
    }

    static NDArray continuous(Continuous dist, Counters c, DType dtype, long[] shape, double... params) {
        if (BlockDraws.handles(dist)) return BlockDraws.draw(dist, c, dtype, shape, param(params, 0), param(params, 1));
        NDArray y = empty(dtype, shape);
        String name = dist.numpyName();
        Spec spec = SPECS.computeIfAbsent(
                name + "|" + dtype,
                k -> new Spec(
                        "nd_random_" + name + "_" + dtype,
                        perElementParams(dtype, P0, P1, P2),
                        perElement(perThread(dist), sample(dist), DType.FLOAT64, "_v", dtype),
                        HEADER,
                        "",
                        "",
                        List.of()));
        Draw d = c.reserve(units(y.size()));
        launch(spec, perThread(dist), y, d, param(params, 0), param(params, 1), param(params, 2));
        return y;
    }

    private static double param(double[] p, int k) {
        return p != null && p.length > k ? p[k] : 0.0;
    }

    /** Uniform integers low + [0, range) of {@code dtype}; {@code range} is unsigned, 0 meaning 2^64. */
    static NDArray integers(Counters c, long low, long range, DType dtype, long[] shape) {
        NDArray y = empty(dtype, shape);
        Spec spec = SPECS.computeIfAbsent(
                "integers|" + dtype,
                k -> new Spec(
                        "nd_random_integers_" + dtype,
                        perElementParams(
                                dtype,
                                new Param("_low", DType.INT64, Kind.SCALAR),
                                new Param("_range", DType.INT64, Kind.SCALAR)),
                        perElement(
                                ELEMENTS_PER_THREAD,
                                "",
                                DType.INT64,
                                "(long)((ulong)_low + nd_bounded(&_rng, (ulong)_range))",
                                dtype),
                        HEADER,
                        "",
                        "",
                        List.of()));
        Draw d = c.reserve(units(y.size()));
        launch(spec, ELEMENTS_PER_THREAD, y, d, low, range);
        return y;
    }

    /** poisson(lam) or binomial(n, p) as int64: {@code x} is lam or p, {@code n} binomial's count. */
    static NDArray discrete(String name, Counters c, long[] shape, double x, long n) {
        NDArray y = empty(DType.INT64, shape);
        boolean poisson = name.equals("poisson");
        String call = poisson ? "nd_poisson(&_rng, _x)" : "nd_binomial(&_rng, _nn, _x)";
        // Poisson's search and PTRS loop as the samplers of perThread's one a thread; binomial gained nothing
        int perThread = poisson ? 1 : ELEMENTS_PER_THREAD;
        Spec spec = SPECS.computeIfAbsent(
                name,
                k -> new Spec(
                        "nd_random_" + name,
                        perElementParams(
                                DType.INT64,
                                new Param("_x", DType.FLOAT64, Kind.SCALAR),
                                new Param("_nn", DType.INT64, Kind.SCALAR)),
                        perElement(perThread, "", DType.INT64, call, DType.INT64),
                        HEADER,
                        "",
                        "",
                        List.of()));
        Draw d = c.reserve(units(y.size()));
        launch(spec, perThread, y, d, x, n);
        return y;
    }

    /** One of {@link Discrete} as int64, its real parameters {@code x0}, {@code x1} and its counts (hypergeometric's). */
    static NDArray discrete(Discrete dist, Counters c, long[] shape, double x0, double x1, long[] counts) {
        NDArray y = empty(DType.INT64, shape);
        String call = switch (dist) {
            case GEOMETRIC -> "nd_geometric(&_rng, _x0)";
            case NEGATIVE_BINOMIAL -> "nd_negative_binomial(&_rng, _x0, _x1)";
            case LOGSERIES -> "nd_logseries(&_rng, _x0)";
            case ZIPF -> "nd_zipf(&_rng, _x0)";
            case HYPERGEOMETRIC -> "nd_hypergeometric(&_rng, _n0, _n1, _n2)";
        };
        String name = dist.numpyName();
        Spec spec = SPECS.computeIfAbsent(
                name,
                k -> new Spec(
                        "nd_random_" + name,
                        perElementParams(
                                DType.INT64,
                                new Param("_x0", DType.FLOAT64, Kind.SCALAR),
                                new Param("_x1", DType.FLOAT64, Kind.SCALAR),
                                new Param("_n0", DType.INT64, Kind.SCALAR),
                                new Param("_n1", DType.INT64, Kind.SCALAR),
                                new Param("_n2", DType.INT64, Kind.SCALAR)),
                        perElement(perThread(dist), "", DType.INT64, call, DType.INT64),
                        HEADER,
                        "",
                        "",
                        List.of()));
        long n0 = counts.length > 0 ? counts[0] : 0, n1 = counts.length > 1 ? counts[1] : 0;
        long n2 = counts.length > 2 ? counts[2] : 0;
        Draw d = c.reserve(units(y.size()));
        launch(spec, perThread(dist), y, d, x0, x1, n0, n1, n2);
        return y;
    }

    /** Multivariate hypergeometric rows: one thread per row, each color a hypergeometric draw of what is left. */
    static NDArray multivariateHypergeometric(Counters c, long[] colors, long nsample, long total, long[] size) {
        int k = colors.length;
        long[] shape = java.util.Arrays.copyOf(size, size.length + 1);
        shape[size.length] = k;
        NDArray y = empty(DType.INT64, shape);
        if (y.size() == 0) return y;
        Spec spec = SPECS.computeIfAbsent(
                "multivariate_hypergeometric",
                x -> new Spec(
                        "nd_random_multivariate_hypergeometric",
                        List.of(
                                new Param("_row", DType.INT8, Kind.IN),
                                new Param("o", DType.INT64, Kind.RAW),
                                new Param("cl", DType.INT64, Kind.RAW),
                                new Param("_seed", DType.INT64, Kind.SCALAR),
                                new Param("_off", DType.INT64, Kind.SCALAR),
                                new Param("_ns", DType.INT64, Kind.SCALAR),
                                new Param("_tot", DType.INT64, Kind.SCALAR),
                                new Param("_k", DType.INT64, Kind.SCALAR)),
                        INIT + """
                        ND_GLOBAL long* _o = o + (ulong)i * (ulong)_k;
                        long _left = _ns, _rest = _tot;
                        for (long j = 0; j < _k; j++) {
                            _rest -= cl[j];
                            long _x = _left > 0 ? nd_hypergeometric(&_rng, cl[j], _rest, _left) : 0;
                            _o[j] = _x;
                            _left -= _x;
                        }""",
                        HEADER,
                        "",
                        "",
                        List.of()));
        Draw d = c.reserve(units(y.size()));
        try (NDArray row = NDArray.empty(Device.current(), DType.INT8, new long[0], Order.C);
                NDArray cl = Creation.array(colors)) {
            ElementwiseLoop.run(spec, new Object[] {row, y, cl, d.seed(), d.offset(), nsample, total, (long) k}, size);
        }
        return y;
    }

    /**
     * Dirichlet rows of float64, one kernel: thread r draws Gamma(alpha_j, 1) for j = 0..k-1, element
     * r k + j from its own stream as the per-element gamma kernel would (the same numbers), and writes
     * them over their sum, where a gamma kernel, a sum and a division took three passes over the result.
     */
    static NDArray dirichlet(Counters c, double[] alpha, long[] size) {
        int k = alpha.length;
        long[] shape = java.util.Arrays.copyOf(size, size.length + 1);
        shape[size.length] = k;
        NDArray y = empty(DType.FLOAT64, shape);
        Draw d = c.reserve(units(y.size()));
        if (y.size() == 0) return y;
        if (Arrays.stream(alpha).max().orElse(0) < 0.1) return dirichletStick(y, d, alpha);
        Spec spec = SPECS.computeIfAbsent(
                "dirichlet",
                x -> new Spec(
                        "nd_random_dirichlet",
                        List.of(
                                new Param("o", DType.FLOAT64, Kind.RAW),
                                new Param("al", DType.FLOAT64, Kind.RAW),
                                new Param("_seed", DType.INT64, Kind.SCALAR),
                                new Param("_off", DType.INT64, Kind.SCALAR),
                                new Param("_k", DType.INT64, Kind.SCALAR)),
                        """
                        const ulong _kk = (ulong)_k, _e0 = (ulong)i * _kk;
                        ND_GLOBAL double* _o = o + _e0;
                        double _s = 0.0;
                        for (ulong j = 0; j < _kk; j++) {
                            nd_rng _rng;
                            nd_rng_init(&_rng, _e0 + j, (ulong)_off, (ulong)_seed);
                            double _g = nd_std_gamma(&_rng, al[j]);
                            _o[j] = _g;
                            _s += _g;
                        }
                        for (ulong j = 0; j < _kk; j++) _o[j] = _o[j] / _s;""",
                        HEADER,
                        "",
                        "",
                        List.of()));
        try (NDArray al = Creation.array(alpha)) {
            ElementwiseLoop.run(spec, new Object[] {y, al, d.seed(), d.offset(), (long) k}, new long[] {y.size() / k});
        }
        return y;
    }

    /**
     * NumPy's dirichlet when every alpha is below 0.1, where Gamma(alpha) draws underflow to 0 and a row of them
     * would be 0/0: a stick broken by betas, x_j = acc Beta(alpha_j, alpha_{j+1} + ... + alpha_{k-1}) of the
     * acc left, the last category the rest. Element r k + j draws its beta from its own stream.
     */
    private static NDArray dirichletStick(NDArray y, Draw d, double[] alpha) {
        int k = alpha.length;
        // the tail sums summed from the end, as NumPy's alpha_csum
        double[] tail = new double[k + 1];
        for (int j = k - 1; j >= 0; j--) tail[j] = tail[j + 1] + alpha[j];
        Spec spec = SPECS.computeIfAbsent(
                "dirichlet_stick",
                x -> new Spec(
                        "nd_random_dirichlet_stick",
                        List.of(
                                new Param("o", DType.FLOAT64, Kind.RAW),
                                new Param("al", DType.FLOAT64, Kind.RAW),
                                new Param("cs", DType.FLOAT64, Kind.RAW),
                                new Param("_seed", DType.INT64, Kind.SCALAR),
                                new Param("_off", DType.INT64, Kind.SCALAR),
                                new Param("_k", DType.INT64, Kind.SCALAR)),
                        """
                        const ulong _kk = (ulong)_k, _e0 = (ulong)i * _kk;
                        ND_GLOBAL double* _o = o + _e0;
                        double _acc = 1.0;
                        for (ulong j = 0; j + 1 < _kk; j++) {
                            nd_rng _rng;
                            nd_rng_init(&_rng, _e0 + j, (ulong)_off, (ulong)_seed);
                            double _v = nd_beta(&_rng, al[j], cs[j + 1]);
                            _o[j] = _acc * _v;
                            _acc *= 1.0 - _v;
                        }
                        _o[_kk - 1] = _acc;""",
                        HEADER,
                        "",
                        "",
                        List.of()));
        try (NDArray al = Creation.array(alpha);
                NDArray cs = Creation.array(tail)) {
            ElementwiseLoop.run(
                    spec, new Object[] {y, al, cs, d.seed(), d.offset(), (long) k}, new long[] {y.size() / k});
        }
        return y;
    }

    /**
     * Multinomial rows: one thread per row draws each category as a binomial of what is left
     * (NumPy's random_multinomial), so a row always sums to n.
     */
    static NDArray multinomial(Counters c, long n, double[] pvals, long[] size) {
        int k = pvals.length;
        long[] shape = java.util.Arrays.copyOf(size, size.length + 1);
        shape[size.length] = k;
        NDArray y = empty(DType.INT64, shape);
        if (y.size() == 0) return y;
        Spec spec = SPECS.computeIfAbsent(
                "multinomial",
                x -> new Spec(
                        "nd_random_multinomial",
                        List.of(
                                new Param("_row", DType.INT8, Kind.IN),
                                new Param("o", DType.INT64, Kind.RAW),
                                new Param("pv", DType.FLOAT64, Kind.RAW),
                                new Param("_seed", DType.INT64, Kind.SCALAR),
                                new Param("_off", DType.INT64, Kind.SCALAR),
                                new Param("_nn", DType.INT64, Kind.SCALAR),
                                new Param("_k", DType.INT64, Kind.SCALAR)),
                        INIT + """
                        ND_GLOBAL long* _o = o + (ulong)i * (ulong)_k;
                        long _left = _nn;
                        double _rest = 1.0;
                        for (long j = 0; j < _k - 1; j++) {
                            long _x = 0;
                            if (_left > 0) {
                                double _q = _rest > 0 ? pv[j] / _rest : 1.0;
                                _x = nd_binomial(&_rng, _left, _q < 1.0 ? _q : 1.0);
                            }
                            _o[j] = _x;
                            _left -= _x;
                            _rest -= pv[j];
                        }
                        _o[_k - 1] = _left;""",
                        HEADER,
                        "",
                        "",
                        List.of()));
        Draw d = c.reserve(units(y.size()));
        try (NDArray row = NDArray.empty(Device.current(), DType.INT8, new long[0], Order.C);
                NDArray pv = Creation.array(pvals)) {
            ElementwiseLoop.run(spec, new Object[] {row, y, pv, d.seed(), d.offset(), n, (long) k}, size);
        }
        return y;
    }
}
