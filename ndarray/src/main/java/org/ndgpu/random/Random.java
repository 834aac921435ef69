package org.ndgpu.random;

import java.util.List;
import java.util.Objects;
import org.ndgpu.DTypeException;
import org.ndgpu.NdException;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * A device random generator, counter-based (Philox4x32-10, as cuRAND's and NumPy's Philox): element
 * i of a call is a pure function of (seed, call offset, i), so one seed gives the same numbers on
 * every backend and any number of threads. Integer arithmetic only until the final conversion.
 *
 * <pre>{@code
 * Nd.random().seed(42);
 * var u = Nd.random().uniform(-1, 1, DType.FLOAT32, 64, 64);
 * var z = Nd.random().normal(0, 1, DType.FLOAT64, 1000);
 * }</pre>
 */
public final class Random {
    private static final Device.Key<Random> GENERATOR = new Device.Key<>("random generator");

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
            // [0, 1) with 24 or 53 random bits
            ND_DEVICE_FN float nd_u01f(uint x) { return (float)(x >> 8) * 5.9604644775390625e-8f; }
            ND_DEVICE_FN double nd_u01d(uint a, uint b) { return ((double)(a >> 5) * 67108864.0 + (double)(b >> 6)) * 1.1102230246251565e-16; }
            """;

    private long seed;
    private long offset;

    private Random(long seed) { this.seed = seed; }

    /** The generator of a device, seeded from the clock until seed() is called; {@link Device#reset()} drops it. */
    public static Random forDevice(Device d) { Objects.requireNonNull(d, "forDevice: d is null"); return d.state(GENERATOR, () -> new Random(System.nanoTime())); }

    /** Restarts the stream of numbers from {@code seed}. */
    public synchronized Random seed(long seed) {
        if (seed < 0) throw new NdException("random.seed: expected a non-negative integer, got " + seed);
        this.seed = seed;
        this.offset = 0;
        return this;
    }

    /** The generator and where its stream stands, e.g. {@code Random(Philox4x32-10, seed=42, offset=3)}. */
    @Override
    public synchronized String toString() { return "Random(Philox4x32-10, seed=" + seed + ", offset=" + offset + ")"; }

    /** Uniform in [0, 1), float64. */
    public NDArray random(long... shape) { Objects.requireNonNull(shape, "random: shape is null"); return uniform(0, 1, DType.FLOAT64, shape); }

    /** Uniform in [low, high), float64. */
    public NDArray uniform(double low, double high, long... shape) { return uniform(low, high, DType.FLOAT64, shape); }

    /** Uniform in [low, high) of a float dtype. */
    public NDArray uniform(double low, double high, DType dtype, long... shape) {
        Objects.requireNonNull(dtype, "uniform: dtype is null");
        Objects.requireNonNull(shape, "uniform: shape is null");
        // NumPy's Generator.uniform: the range must be finite and not negative
        if (!Double.isFinite(high - low)) {
            throw new NdException("random.uniform: high - low range exceeds valid bounds (low " + low + ", high " + high + ")");
        }
        if (high < low) throw new NdException("random.uniform: high - low < 0 (low " + low + ", high " + high + ")");
        boolean f32 = floatType("uniform", dtype) != DType.FLOAT64;
        String u = f32 ? "nd_u01f(nd_philox(i >> 2, _off, _seed, (int)(i & 3)))"
                : "nd_u01d(nd_philox(i >> 1, _off, _seed, (int)(i & 1) * 2), nd_philox(i >> 1, _off, _seed, (int)(i & 1) * 2 + 1))";
        String t = f32 ? "float" : "double";
        String body = "y = " + CTypes.cast(f32 ? DType.FLOAT32 : DType.FLOAT64, dtype, "(" + t + ")_lo + (" + t + ")(_hi - _lo) * " + u) + ";";
        return generate("nd_uniform_" + dtype, dtype, shape, body, low, high, f32 ? 4 : 2);
    }

    /** Normal with mean {@code loc} and standard deviation {@code scale}, by Box-Muller on pairs. */
    public NDArray normal(double loc, double scale, DType dtype, long... shape) {
        Objects.requireNonNull(dtype, "normal: dtype is null");
        Objects.requireNonNull(shape, "normal: shape is null");
        // NumPy's check: a negative scale (-0.0 included) is an error; NaN passes and gives NaN
        if (scale < 0 || (scale == 0 && 1 / scale < 0)) throw new NdException("random.normal: scale < 0 (got " + scale + ")");
        boolean f32 = floatType("normal", dtype) != DType.FLOAT64;
        String body;
        if (f32) {
            body = """
                    ulong _b = i >> 1;
                    float _u1 = 1.0f - nd_u01f(nd_philox(_b, _off, _seed, 0));
                    float _u2 = nd_u01f(nd_philox(_b, _off, _seed, 1));
                    float _r = sqrt(-2.0f * log(_u1));
                    float _t = 6.283185307179586f * _u2;
                    y = %s;""".formatted(CTypes.cast(DType.FLOAT32, dtype, "(float)_lo + (float)_hi * _r * ((i & 1) ? sin(_t) : cos(_t))"));
        } else {
            body = """
                    ulong _b = i >> 1;
                    double _u1 = 1.0 - nd_u01d(nd_philox(_b, _off, _seed, 0), nd_philox(_b, _off, _seed, 1));
                    double _u2 = nd_u01d(nd_philox(_b, _off, _seed, 2), nd_philox(_b, _off, _seed, 3));
                    double _r = sqrt(-2.0 * log(_u1));
                    double _t = 6.283185307179586 * _u2;
                    y = _lo + _hi * _r * ((i & 1) ? sin(_t) : cos(_t));""";
        }
        return generate("nd_normal_" + dtype, dtype, shape, body, loc, scale, 2);
    }

    /** Standard normal, float64. */
    public NDArray normal(long... shape) { return normal(0, 1, DType.FLOAT64, shape); }

    private static DType floatType(String op, DType d) {
        java.util.Objects.requireNonNull(d, "dtype");
        if (d != DType.FLOAT32 && d != DType.FLOAT64 && d != DType.FLOAT16) {
            throw new DTypeException("random." + op + ": expected a float dtype (float16, float32, float64), got " + d);
        }
        return d;
    }

    private NDArray generate(String name, DType dtype, long[] shape, String body, double a, double b, int perBlock) {
        java.util.Objects.requireNonNull(shape, "shape");
        Device device = Device.current();
        NDArray out = NDArray.empty(device, dtype, shape, Order.C);
        long n = out.size();
        long off;
        synchronized (this) {
            off = offset;
            offset += (n + perBlock - 1) / perBlock + 1;
        }
        var spec = new Spec(name, List.of(new Param("y", dtype, Kind.OUT), new Param("_seed", DType.INT64, Kind.SCALAR),
                new Param("_off", DType.INT64, Kind.SCALAR), new Param("_lo", DType.FLOAT64, Kind.SCALAR),
                new Param("_hi", DType.FLOAT64, Kind.SCALAR)), body, PHILOX, "", "", List.of());
        ElementwiseLoop.run(spec, new Object[]{out, seed, off, a, b}, out.shape());
        return out;
    }
}
