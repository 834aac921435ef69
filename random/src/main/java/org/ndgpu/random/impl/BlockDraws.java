package org.ndgpu.random.impl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The distributions that need a fixed number of random words per value (random, uniform,
 * standard_normal, exponential, lognormal, laplace, and the keys of weighted choice): Philox block b
 * of the call (distributions.h) gives elements 4b..4b+3 of a float32 result or 2b, 2b+1 of a float64
 * one, with one 16-byte store where the block is whole. Box-Muller keeps both normals of a pair.
 * Thread i computes blocks i, i + T, i + 2T, i + 3T (T threads) with their rounds interleaved.
 * Element e thus depends only on (seed, offset, e), as in the per-element kernels, and a Philox
 * block, the costly part, is computed once per four (or two) values instead of once per value.
 */
final class BlockDraws {
    private BlockDraws() {}

    /** The distributions drawn here; {@link DeviceDraws} runs the rest. */
    static boolean handles(Continuous dist) {
        return switch (dist) {
            case RANDOM, STANDARD_NORMAL, EXPONENTIAL, LOGNORMAL, LAPLACE -> true;
            default -> false;
        };
    }

    /** Elements per Philox block: four 24/32-bit float32 values or two 53-bit float64 values. */
    static int perBlock(DType dtype) {
        return dtype == DType.FLOAT32 ? 4 : 2;
    }

    private static final Map<String, Spec> SPECS = new ConcurrentHashMap<>();

    /** Philox blocks per thread: four independent chains of rounds to interleave (see distributions.h's nd_rng_block4). */
    static final int BLOCKS_PER_THREAD = 4;

    // thread i computes blocks i, i + T, i + 2T, i + 3T (T = _n, the threads), so each of its four stores is
    // coalesced with its neighbours'; a block past the last (_nb) is computed and not stored
    private static final String WORDS = """
            nd_rng _r0, _r1, _r2, _r3;
            const ulong _t = (ulong)_n, _q0 = (ulong)i, _q1 = _q0 + _t, _q2 = _q1 + _t, _q3 = _q2 + _t;
            nd_rng_init(&_r0, _q0, (ulong)_off, (ulong)_seed);
            nd_rng_init(&_r1, _q1, (ulong)_off, (ulong)_seed);
            nd_rng_init(&_r2, _q2, (ulong)_off, (ulong)_seed);
            nd_rng_init(&_r3, _q3, (ulong)_off, (ulong)_seed);
            nd_rng_block4(&_r0, &_r1, &_r2, &_r3);
            """;

    /** float32: statements setting _v0.._v3 from the block's words _rng.w0.._rng.w3. */
    private static String sample32(Continuous dist) {
        return switch (dist) {
            case RANDOM ->
                "_v0 = nd_f32_u01(_rng.w0); _v1 = nd_f32_u01(_rng.w1); _v2 = nd_f32_u01(_rng.w2); _v3 = nd_f32_u01(_rng.w3);";
            case STANDARD_NORMAL ->
                "nd_f32_normal2(_rng.w0, _rng.w1, &_v0, &_v1); nd_f32_normal2(_rng.w2, _rng.w3, &_v2, &_v3);";
            case LOGNORMAL -> """
                    nd_f32_normal2(_rng.w0, _rng.w1, &_v0, &_v1); nd_f32_normal2(_rng.w2, _rng.w3, &_v2, &_v3);
                    _v0 = exp(_a + _b * _v0); _v1 = exp(_a + _b * _v1); _v2 = exp(_a + _b * _v2); _v3 = exp(_a + _b * _v3);""";
            case EXPONENTIAL -> """
                    _v0 = _a * nd_f32_exp(_rng.w0); _v1 = _a * nd_f32_exp(_rng.w1);
                    _v2 = _a * nd_f32_exp(_rng.w2); _v3 = _a * nd_f32_exp(_rng.w3);""";
            case LAPLACE -> """
                    _v0 = nd_f32_laplace(_rng.w0, _a, _b); _v1 = nd_f32_laplace(_rng.w1, _a, _b);
                    _v2 = nd_f32_laplace(_rng.w2, _a, _b); _v3 = nd_f32_laplace(_rng.w3, _a, _b);""";
            default -> throw new IllegalArgumentException(dist + " is drawn by DeviceDraws");
        };
    }

    /** float64: statements setting _v0, _v1, each from two words. */
    private static String sample64(Continuous dist) {
        return switch (dist) {
            case RANDOM -> "_v0 = nd_f64_u01(_rng.w0, _rng.w1); _v1 = nd_f64_u01(_rng.w2, _rng.w3);";
            case STANDARD_NORMAL -> "nd_f64_normal2(_rng.w0, _rng.w1, _rng.w2, _rng.w3, &_v0, &_v1);";
            case LOGNORMAL -> """
                    nd_f64_normal2(_rng.w0, _rng.w1, _rng.w2, _rng.w3, &_v0, &_v1);
                    _v0 = exp(_a + _b * _v0); _v1 = exp(_a + _b * _v1);""";
            case EXPONENTIAL -> "_v0 = _a * nd_f64_exp(_rng.w0, _rng.w1); _v1 = _a * nd_f64_exp(_rng.w2, _rng.w3);";
            case LAPLACE ->
                "_v0 = nd_f64_laplace(_rng.w0, _rng.w1, _a, _b); _v1 = nd_f64_laplace(_rng.w2, _rng.w3, _a, _b);";
            default -> throw new IllegalArgumentException(dist + " is drawn by DeviceDraws");
        };
    }

    // exponential clocks over the weights; a weight past the end is not read
    private static final String WEIGHTED_KEYS = """
            _v0 = nd_f64_exp(_rng.w0, _rng.w1) / _w[2 * _blk];
            _v1 = 2 * _blk + 1 < (ulong)_cnt ? nd_f64_exp(_rng.w2, _rng.w3) / _w[2 * _blk + 1] : 0.0;""";

    /** The kernel {@code name} of {@code dtype} whose threads run {@code sample} on their block; {@code weighted} reads weights _w. */
    private static Spec spec(String name, DType dtype, boolean weighted, String sample) {
        return SPECS.computeIfAbsent(name + "|" + dtype, k -> {
            boolean f32 = dtype == DType.FLOAT32;
            List<Param> params = new ArrayList<>();
            if (weighted) params.add(new Param("_w", DType.FLOAT64, Kind.RAW));
            params.add(new Param("y", dtype, Kind.RAW));
            params.add(new Param("_seed", DType.INT64, Kind.SCALAR));
            params.add(new Param("_off", DType.INT64, Kind.SCALAR));
            params.add(new Param("_cnt", DType.INT64, Kind.SCALAR));
            params.add(new Param("_nb", DType.INT64, Kind.SCALAR));
            params.add(new Param("_wide", DType.INT32, Kind.SCALAR));
            params.add(new Param("_p0", DType.FLOAT64, Kind.SCALAR));
            params.add(new Param("_p1", DType.FLOAT64, Kind.SCALAR));
            // float32 draws compute in float32 (a float64 log or sincos costs many times more on GPUs)
            var body = new StringBuilder(WORDS);
            body.append(f32 ? "const float _a = (float)_p0, _b = (float)_p1;\n" : "const double _a = _p0, _b = _p1;\n");
            for (int q = 0; q < BLOCKS_PER_THREAD; q++) {
                body.append("if (_q")
                        .append(q)
                        .append(" < (ulong)_nb) {\n    const ulong _blk = _q")
                        .append(q);
                body.append(";\n    nd_rng _rng = _r").append(q).append(";\n");
                body.append(f32 ? "    float _v0, _v1, _v2, _v3;\n" : "    double _v0, _v1;\n");
                body.append("    ")
                        .append(sample.strip().replace("\n", "\n    "))
                        .append('\n');
                body.append(
                                f32
                                        ? "    nd_store4f(y, _blk, (ulong)_cnt, _wide, _v0, _v1, _v2, _v3);\n"
                                        : "    nd_store2d(y, _blk, (ulong)_cnt, _wide, _v0, _v1);\n")
                        .append("}\n");
            }
            return new Spec(
                    "nd_random_block_" + name + "_" + dtype,
                    params,
                    body.toString(),
                    DeviceDraws.HEADER,
                    "",
                    "",
                    List.of());
        });
    }

    /** A fresh C-order array of {@code dtype} (float32 or float64) of the distribution. */
    static NDArray draw(Continuous dist, Counters c, DType dtype, long[] shape, double p0, double p1) {
        NDArray y = NDArray.empty(Device.current(), dtype, shape, Order.C);
        String sample = dtype == DType.FLOAT32 ? sample32(dist) : sample64(dist);
        run(spec(dist.numpyName(), dtype, false, sample), c, DeviceDraws.units(y.size()), y, null, p0, p1);
        return y;
    }

    // Random.uniform's numbers: the same words and arithmetic as UniformNormalDraws' float16 kernel, (hi - lo) in
    // double
    private static final String UNIFORM32 = """
            const float _span = (float)(_p1 - _p0);
            _v0 = _a + _span * nd_f32_u01(_rng.w0); _v1 = _a + _span * nd_f32_u01(_rng.w1);
            _v2 = _a + _span * nd_f32_u01(_rng.w2); _v3 = _a + _span * nd_f32_u01(_rng.w3);""";
    private static final String UNIFORM64 = """
            const double _span = _p1 - _p0;
            _v0 = _a + _span * nd_f64_u01(_rng.w0, _rng.w1); _v1 = _a + _span * nd_f64_u01(_rng.w2, _rng.w3);""";
    // where low + span u can round up to high (uniform's host check says when), _top, the largest value of the
    // dtype below high (low when there is none), keeps the draws in [low, high) and every value below high as it was
    private static final String UNIFORM32_CLAMPED = UNIFORM32 + """

            float _top = (float)_p1;
            if ((double)_top >= _p1) _top = nextafter(_top, (float)-INFINITY);
            if (_top < _a) _top = _a;
            _v0 = _v0 > _top ? _top : _v0; _v1 = _v1 > _top ? _top : _v1;
            _v2 = _v2 > _top ? _top : _v2; _v3 = _v3 > _top ? _top : _v3;""";
    private static final String UNIFORM64_CLAMPED = UNIFORM64 + """

            const double _top = _p1 > _p0 ? nextafter(_p1, (double)-INFINITY) : _p0;
            _v0 = _v0 > _top ? _top : _v0; _v1 = _v1 > _top ? _top : _v1;""";

    /**
     * Random.uniform(low, high) of float32 or float64: element e from word e%4 of block e/4 (float32)
     * or words 2(e%2), 2(e%2)+1 of block e/2 (float64), reserving one offset more than the blocks, as
     * the element-per-thread kernel that drew them first did, so a seed keeps its numbers and its
     * later calls' places. The kernel clamps below high only where the largest uniform can round up to
     * it ({@link #mayReachHigh}); random()'s [0, 1) and most ranges never do.
     */
    static NDArray uniform(Counters c, double low, double high, DType dtype, long[] shape) {
        NDArray y = NDArray.empty(Device.current(), dtype, shape, Order.C);
        int per = perBlock(dtype);
        boolean f32 = dtype == DType.FLOAT32, clamp = mayReachHigh(low, high, f32);
        Spec spec = spec(
                clamp ? "uniform_clamped" : "uniform",
                dtype,
                false,
                f32 ? (clamp ? UNIFORM32_CLAMPED : UNIFORM32) : (clamp ? UNIFORM64_CLAMPED : UNIFORM64));
        run(spec, c, (y.size() + per - 1) / per + 1, y, null, low, high);
        return y;
    }

    /**
     * Whether low + span u, for the largest u the kernel draws (1 - 2^-53, or 1 - 2^-24 in float32),
     * reaches high when evaluated as the device may: the product and the sum rounded apart, or fused.
     * Both are monotone in u, so the largest u gives the largest draw.
     */
    static boolean mayReachHigh(double low, double high, boolean f32) {
        if (f32) {
            float a = (float) low, span = (float) (high - low), u = 0x1.fffffep-1f;
            return (double) (a + span * u) >= high || (double) Math.fma(span, u, a) >= high;
        }
        double span = high - low, u = 0x1.fffffffffffffp-1;
        return low + span * u >= high || Math.fma(span, u, low) >= high;
    }

    // Random.normal's float64 numbers: UniformNormalDraws' Box-Muller, both values of the pair from one thread
    private static final String NORMAL64 = """
            const double _rr = sqrt(-2.0 * log(1.0 - nd_f64_u01(_rng.w0, _rng.w1)));
            const double _t = 6.283185307179586 * nd_f64_u01(_rng.w2, _rng.w3);
            _v0 = _a + _b * _rr * cos(_t); _v1 = _a + _b * _rr * sin(_t);""";

    /**
     * Random.normal(loc, scale) of float64: elements 2b and 2b+1 are the cosine and sine values of
     * block b's pair, with the reservation of the element-per-thread kernel that drew them first.
     */
    static NDArray normal64(Counters c, double loc, double scale, long[] shape) {
        NDArray y = NDArray.empty(Device.current(), DType.FLOAT64, shape, Order.C);
        run(spec("normal", DType.FLOAT64, false, NORMAL64), c, (y.size() + 1) / 2 + 1, y, null, loc, scale);
        return y;
    }

    /** Exponential(1) / w per weight, float64: sorting these keys orders the items as weighted draws without replacement. */
    static NDArray weightedKeys(Counters c, NDArray w) {
        NDArray y = NDArray.empty(Device.current(), DType.FLOAT64, w.shape(), Order.C);
        // the same reservation as the per-element kernels, so a call moves the stream the same way whichever kernel
        // draws it
        run(spec("weighted_keys", DType.FLOAT64, true, WEIGHTED_KEYS), c, DeviceDraws.units(y.size()), y, w, 0, 0);
        return y;
    }

    /** Runs {@code spec} into {@code y}, reserving {@code units} counter offsets for the call. */
    static void run(Spec spec, Counters c, long units, NDArray y, NDArray w, double p0, double p1) {
        long n = y.size();
        int per = perBlock(y.dtype());
        Draw d = c.reserve(units);
        long blocks = (n + per - 1) / per;
        int wide = y.offset() % 16 == 0 ? 1 : 0;
        Object[] args = w == null
                ? new Object[] {y, d.seed(), d.offset(), n, blocks, wide, p0, p1}
                : new Object[] {w, y, d.seed(), d.offset(), n, blocks, wide, p0, p1};
        ElementwiseLoop.run(spec, args, new long[] {(blocks + BLOCKS_PER_THREAD - 1) / BLOCKS_PER_THREAD});
    }
}
