package org.ndgpu.random.impl;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The kernels of Random.uniform and Random.normal: element i reads Philox block i/4 (float32 and
 * float16 uniforms) or i/2 (float64 uniforms, normals by Box-Muller on pairs), counter (block, the
 * call's offset), key the seed. This counter layout is older than distributions.h's and is kept as
 * it is, word for word and in the offsets a call reserves, so a seed keeps giving the numbers it
 * always gave. Round 0 of distributions.h's layout is the same counter, so the float32 and float64
 * uniforms and the float64 normals run {@link BlockDraws}' kernel (four blocks a thread, both values
 * of a pair from one thread); float16, and float32 normals (two words a pair), stay here.
 */
final class UniformNormalDraws {
    private UniformNormalDraws() {}

    /** nd_philox(block, offset, seed, word) and the [0, 1) conversions. */
    static final String PHILOX = """
            // Philox4x32-10 (Salmon et al., SC'11): 10 rounds of a keyed bijection on a 128-bit counter
            ND_DEVICE_FN uint nd_mulhilo(uint a, uint b, uint* hi) {
                ulong p = (ulong)a * (ulong)b;
                *hi = (uint)(p >> 32);
                return (uint)p;
            }
            ND_DEVICE_FN uint nd_philox(ulong block, ulong offset, ulong seed, int word) {
                uint c0 = (uint)block, c1 = (uint)(block >> 32), c2 = (uint)offset, c3 = (uint)(offset >> 32);
                uint k0 = (uint)seed, k1 = (uint)(seed >> 32);
                for (int r = 0; r < 10; r++) {
                    uint hi0, hi1;
                    uint lo0 = nd_mulhilo(0xD2511F53u, c0, &hi0);
                    uint lo1 = nd_mulhilo(0xCD9E8D57u, c2, &hi1);
                    uint n0 = hi1 ^ c1 ^ k0, n2 = hi0 ^ c3 ^ k1;
                    c0 = n0; c1 = lo1; c2 = n2; c3 = lo0;
                    k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
                }
                return word == 0 ? c0 : word == 1 ? c1 : word == 2 ? c2 : c3;
            }
            // [0, 1) with 24 random bits
            ND_DEVICE_FN float nd_u01f(uint x) { return (float)(x >> 8) * 5.9604644775390625e-8f; }
            """;

    private static final Map<String, Spec> SPECS = new ConcurrentHashMap<>();

    /**
     * Uniform in [low, high) of float16, float32 or float64; float16 is drawn as float32 and cast.
     * float32 and float64 run BlockDraws' kernel, four blocks a thread, with the same numbers.
     */
    static NDArray uniform(Counters c, double low, double high, DType dtype, long[] shape) {
        if (dtype == DType.FLOAT32 || dtype == DType.FLOAT64) return BlockDraws.uniform(c, low, high, dtype, shape);
        // the float draw can round to high in float16; _top, the largest float16 below high (as a float), keeps it
        // in [low, high), and a float at most _top rounds to at most _top
        String body =
                "float _u = (float)_lo + (float)(_hi - _lo) * nd_u01f(nd_philox(i >> 2, _off, _seed, (int)(i & 3)));\n"
                        + "y = " + CTypes.cast(DType.FLOAT32, dtype, "(_u > (float)_top ? (float)_top : _u)") + ";";
        return generate("nd_uniform_" + dtype, c, dtype, shape, body, low, high, halfBelow(low, high), 4);
    }

    /** The largest float16 value below {@code high}, or float16 {@code low} when none is at least low. */
    static double halfBelow(double low, double high) {
        short h = Float.floatToFloat16((float) high);
        // float16 of the float of high may be a step off either way (two roundings): walk to the last one below high
        while (Float.float16ToFloat(h) >= high) h = halfStep(h, -1);
        while (Float.float16ToFloat(halfStep(h, 1)) < high) h = halfStep(h, 1);
        float lo = Float.float16ToFloat(Float.floatToFloat16((float) low));
        return Math.max(Float.float16ToFloat(h), lo);
    }

    /** The float16 next to {@code h} upward (dir 1) or downward (-1), for finite h. */
    private static short halfStep(short h, int dir) {
        int bits = h & 0xFFFF;
        boolean negative = (bits & 0x8000) != 0;
        if ((bits & 0x7FFF) == 0) return (short) (dir > 0 ? 0x0001 : 0x8001);
        return (short) (negative == (dir > 0) ? bits - 1 : bits + 1);
    }

    /**
     * Normal(loc, scale) of float16, float32 or float64: elements 2b and 2b+1 are the cos and sin of
     * pair b; float64 runs BlockDraws' kernel, four pairs a thread, with the same numbers.
     */
    static NDArray normal(Counters c, double loc, double scale, DType dtype, long[] shape) {
        if (dtype == DType.FLOAT64) return BlockDraws.normal64(c, loc, scale, shape);
        String body = """
                    ulong _b = i >> 1;
                    float _u1 = 1.0f - nd_u01f(nd_philox(_b, _off, _seed, 0));
                    float _u2 = nd_u01f(nd_philox(_b, _off, _seed, 1));
                    float _r = sqrt(-2.0f * log(_u1));
                    float _t = 6.283185307179586f * _u2;
                    y = %s;""".formatted(CTypes.cast(
                DType.FLOAT32, dtype, "(float)_lo + (float)_hi * _r * ((i & 1) ? sin(_t) : cos(_t))"));
        return generate("nd_normal_" + dtype, c, dtype, shape, body, loc, scale, 0, 2);
    }

    private static NDArray generate(
            String name,
            Counters c,
            DType dtype,
            long[] shape,
            String body,
            double a,
            double b,
            double top,
            int perBlock) {
        NDArray out = NDArray.empty(Device.current(), dtype, shape, Order.C);
        long n = out.size();
        // one offset more than the blocks used, as these kernels always reserved: another count would move every later
        // call's numbers
        Draw d = c.reserve((n + perBlock - 1) / perBlock + 1);
        Spec spec = SPECS.computeIfAbsent(
                name,
                k -> new Spec(
                        name,
                        List.of(
                                new Param("y", dtype, Kind.OUT),
                                new Param("_seed", DType.INT64, Kind.SCALAR),
                                new Param("_off", DType.INT64, Kind.SCALAR),
                                new Param("_lo", DType.FLOAT64, Kind.SCALAR),
                                new Param("_hi", DType.FLOAT64, Kind.SCALAR),
                                new Param("_top", DType.FLOAT64, Kind.SCALAR)),
                        body,
                        PHILOX,
                        "",
                        "",
                        List.of()));
        ElementwiseLoop.run(spec, new Object[] {out, d.seed(), d.offset(), a, b, top}, out.shape());
        return out;
    }
}
