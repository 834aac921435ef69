package org.ndgpu.random.impl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoublePredicate;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;

/**
 * The Generator methods with NDArray parameters, broadcast as NumPy broadcasts them: one per-element kernel
 * whose parameters are IN arrays (float64, int64 for binomial's n), element i drawing from its own Philox
 * stream (i, the call's offset, the seed) as the scalar rejection samplers do, so a seed gives the same numbers
 * on every device. Results are float64 (int64 for the discrete laws), as NumPy's. The parameters are checked on
 * the device, a reduction each; only a failing check reads the array back, to name the value.
 */
final class ArrayDraws {
    private ArrayDraws() {}

    private static final Map<String, Spec> SPECS = new ConcurrentHashMap<>();

    /** The result's shape: the parameters' broadcast shape, or {@code size} where given, which they must broadcast to. */
    static long[] shape(String op, long[] size, NDArray... params) {
        Objects.requireNonNull(size, op + ": size is null");
        long[][] shapes = new long[params.length][];
        for (int k = 0; k < params.length; k++) {
            Objects.requireNonNull(params[k], op + ": parameter " + k + " is null");
            params[k].live(op);
            DType d = params[k].dtype();
            if (d.isComplex() || !(d.isFloating() || d.isInteger() || d.isBool()))
                throw new DTypeException(op + ": expected real parameters, got " + d);
            shapes[k] = params[k].shape();
        }
        long[] b = Shapes.broadcast(op, shapes);
        if (size.length == 0) return b;
        DistributionLibrary.checkShape(op, size);
        long[][] all = Arrays.copyOf(shapes, shapes.length + 1);
        all[shapes.length] = size;
        long[] with = Shapes.broadcast(op, all);
        if (!Arrays.equals(with, size))
            throw new ShapeException(op + ": parameters of shapes " + Arrays.deepToString(shapes)
                    + " do not broadcast to size " + Shapes.str(size));
        return size;
    }

    /**
     * Every element of {@code p} passes {@code ok} (NaN fails, as the scalar checks); a failure names the first
     * value that does not. The test runs on the device as {@code cond}, an all-reduction of one comparison array.
     */
    static void require(String op, String what, NDArray p, NDArray cond, DoublePredicate ok) {
        boolean pass;
        try (cond;
                NDArray all = cond.all()) {
            pass = (Boolean) all.item();
        }
        if (pass) return;
        double bad = Arrays.stream(p.toDoubleArray())
                .filter(v -> !ok.test(v))
                .findFirst()
                .orElse(Double.NaN);
        throw new NdException(op + ": expected " + what + " in every element, got " + bad);
    }

    /** a AND b, closing both. */
    static NDArray both(NDArray a, NDArray b) {
        try (a;
                b) {
            return a.logicalAnd(b);
        }
    }

    /**
     * The statements of a per-element draw of {@code dist} with parameters _p0.._p2: the rejection samplers'
     * own, and per-element forms of the laws the scalar methods draw a Philox block at a time.
     */
    static String sample(Continuous dist) {
        return switch (dist) {
            case EXPONENTIAL -> "double _v = _p0 * nd_std_exp(&_rng);";
            case LOGNORMAL -> "double _v = exp(_p0 + _p1 * nd_std_normal(&_rng));";
            // NumPy's random_laplace: the inverse CDF, u = 0 drawn again
            case LAPLACE -> """
                    double _u = nd_next_double(&_rng);
                    while (_u <= 0.0) _u = nd_next_double(&_rng);
                    double _v = _u >= 0.5 ? _p0 - _p1 * log(2.0 - _u - _u) : _p0 + _p1 * log(_u + _u);""";
            case STANDARD_NORMAL -> "double _v = nd_std_normal(&_rng);";
            case RANDOM -> "double _v = nd_next_double(&_rng);";
            default -> DeviceDraws.sample(dist);
        };
    }

    /** float64 draws of {@code sample} (statements ending in {@code double _v = ...}) over parameters _p0.._p2. */
    static NDArray continuous(String name, String sample, Counters c, long[] shape, NDArray... params) {
        List<Param> ps = new ArrayList<>();
        for (int k = 0; k < params.length; k++) ps.add(new Param("_p" + k, DType.FLOAT64, Kind.IN));
        ps.add(new Param("y", DType.FLOAT64, Kind.OUT));
        ps.add(new Param("_seed", DType.INT64, Kind.SCALAR));
        ps.add(new Param("_off", DType.INT64, Kind.SCALAR));
        Spec spec = SPECS.computeIfAbsent(
                name,
                k -> new Spec(
                        "nd_random_array_" + name,
                        ps,
                        "nd_rng _rng;\nnd_rng_init(&_rng, (ulong)i, (ulong)_off, (ulong)_seed);\n" + sample
                                + "\ny = _v;",
                        DeviceDraws.HEADER,
                        "",
                        "",
                        List.of()));
        return run(spec, c, DType.FLOAT64, shape, params, DType.FLOAT64);
    }

    /** int64 draws of {@code call} over a float64 parameter _x0 and a second _x1 of dtype {@code second}. */
    static NDArray discrete(String name, String call, Counters c, long[] shape, NDArray x0, NDArray x1, DType second) {
        List<Param> ps = new ArrayList<>();
        ps.add(new Param("_x0", DType.FLOAT64, Kind.IN));
        if (x1 != null) ps.add(new Param("_x1", second, Kind.IN));
        ps.add(new Param("y", DType.INT64, Kind.OUT));
        ps.add(new Param("_seed", DType.INT64, Kind.SCALAR));
        ps.add(new Param("_off", DType.INT64, Kind.SCALAR));
        Spec spec = SPECS.computeIfAbsent(
                name,
                k -> new Spec(
                        "nd_random_array_" + name,
                        ps,
                        "nd_rng _rng;\nnd_rng_init(&_rng, (ulong)i, (ulong)_off, (ulong)_seed);\ny = " + call + ";",
                        DeviceDraws.HEADER,
                        "",
                        "",
                        List.of()));
        NDArray[] params = x1 == null ? new NDArray[] {x0} : new NDArray[] {x0, x1};
        return run(spec, c, DType.INT64, shape, params, DType.FLOAT64, second);
    }

    private static NDArray run(Spec spec, Counters c, DType out, long[] shape, NDArray[] params, DType... dtypes) {
        NDArray[] cast = new NDArray[params.length];
        boolean[] owned = new boolean[params.length];
        try {
            for (int k = 0; k < params.length; k++) {
                DType want = dtypes[Math.min(k, dtypes.length - 1)];
                owned[k] = params[k].dtype() != want;
                cast[k] = owned[k] ? params[k].astype(want) : params[k];
            }
            NDArray y = NDArray.empty(Device.current(), out, shape, Order.C);
            Draw d = c.reserve(DeviceDraws.units(y.size()));
            if (y.size() == 0) return y;
            Object[] args = new Object[params.length + 3];
            System.arraycopy(cast, 0, args, 0, params.length);
            args[params.length] = y;
            args[params.length + 1] = d.seed();
            args[params.length + 2] = d.offset();
            ElementwiseLoop.run(spec, args, shape);
            return y;
        } finally {
            for (int k = 0; k < cast.length; k++) if (owned[k] && cast[k] != null) cast[k].close();
        }
    }
}
