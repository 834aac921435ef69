package org.ndgpu.routines.manipulation;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Sizes;

/**
 * numpy.pad with modes constant, edge, reflect, symmetric and wrap: one kernel over the result, each
 * element mapping its coordinates back into the array, axis by axis, through the array's strides (a
 * view pads without a copy). Reflect and symmetric extend periodically (period 2n-2 and 2n), which
 * is what NumPy's axis-by-axis reflections give for any width; wrap is the period n. The modes that
 * fill from the axis's values (maximum, minimum, mean, median, linear_ramp) are {@link PadFills}.
 */
public final class Padding {
    private Padding() {}

    private static final List<String> MODES = List.of("constant", "edge", "reflect", "symmetric", "wrap");
    private static final ConcurrentHashMap<String, Spec> SPECS = new ConcurrentHashMap<>();

    /**
     * numpy.pad(a, widths, mode, constant_values): {@code widths} as NumPy's forms: {@code {{n}}} (every
     * side), {@code {{before, after}}} (every axis), or one {@code {before, after}} per axis.
     */
    public static NDArray pad(String op, NDArray a, long[][] widths, String given, Object constant) {
        a.live(op);
        if (given == null) throw new NullPointerException(op + ": mode is null");
        // 'empty' leaves the padding undefined in NumPy: zeros here
        String mode = given.equals("empty") ? "constant" : given;
        int m = MODES.indexOf(mode);
        boolean fills = PadFills.MODES.contains(mode);
        if (m < 0 && !fills)
            throw new NdException(op + ": mode '" + mode + "' is not supported; expected one of " + MODES + ", "
                    + PadFills.MODES + " or empty");
        long[][] w = widths(op, widths, a.ndim());
        long[] s = a.shape(), os = new long[s.length];
        for (int d = 0; d < s.length; d++) {
            try {
                os[d] = Math.addExact(Math.addExact(s[d], w[d][0]), w[d][1]);
            } catch (ArithmeticException e) {
                throw new org.ndgpu.exceptions.ShapeException(op + ": axis " + d + " of length " + s[d] + " padded by "
                        + w[d][0] + " and " + w[d][1] + " is longer than an array can be");
            }
            if (m != 0 && s[d] == 0 && w[d][0] + w[d][1] > 0) {
                throw new NdException(
                        op + ": can't extend empty axis " + d + " using modes other than 'constant' or 'empty'");
            }
        }
        Sizes.bytes(op, os, a.dtype());
        if (fills) return PadFills.pad(op, a, w, mode);
        NDArray out = NDArray.empty(a.device(), a.dtype(), os, Order.C);
        if (out.size() == 0) return out;
        int nd = s.length;
        long[] geo = new long[3 * nd];
        for (int d = 0; d < nd; d++) {
            geo[d] = os[d];
            geo[nd + d] = s[d];
            geo[2 * nd + d] = w[d][0];
        }
        try (var _ = a.device().use();
                NDArray g = Creation.array(nd == 0 ? new long[] {0} : geo);
                NDArray st = Creation.array(strides(a));
                NDArray cv = NDArray.empty(a.device(), a.dtype(), new long[0], Order.C)) {
            Copies.assign(op, cv, constant == null ? 0 : constant);
            if (a.size() == 0) {
                Copies.assign(op, out, cv);
                return out;
            }
            Spec spec = SPECS.computeIfAbsent(mode + " " + a.dtype(), k -> spec(mode, a.dtype()));
            try (NDArray src = a.view(new long[0], new long[0], a.offset())) {
                ElementwiseLoop.run(spec, new Object[] {out, src, g, st, cv, (long) nd}, os);
            }
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static long[] strides(NDArray a) {
        long[] st = a.strides();
        long[] e = new long[Math.max(1, st.length)];
        for (int d = 0; d < st.length; d++) e[d] = st[d] / a.itemsize();
        return e;
    }

    private static long[][] widths(String op, long[][] widths, int nd) {
        if (widths == null) throw new NullPointerException(op + ": pad widths are null");
        if (widths.length != 1 && widths.length != nd) {
            throw new NdException(op + ": pad widths must be one (before, after) pair or one per axis (" + nd
                    + "), got " + widths.length);
        }
        long[][] w = new long[nd][];
        for (int d = 0; d < nd; d++) {
            long[] p = widths[widths.length == 1 ? 0 : d];
            if (p == null || p.length < 1 || p.length > 2) {
                throw new NdException(
                        op + ": each pad width is {n} or {before, after}, got " + java.util.Arrays.toString(p));
            }
            w[d] = new long[] {p[0], p[p.length - 1]};
            if (w[d][0] < 0 || w[d][1] < 0)
                throw new NdException(
                        op + ": index can't contain negative values: pad widths " + java.util.Arrays.toString(p));
        }
        return w;
    }

    // per axis: the coordinate in the array (or out of it, for constant), then the strided load
    private static Spec spec(String mode, DType t) {
        String map = switch (mode) {
            case "constant" -> "if (_pc < 0 || _pc >= _pn) { _pin = 0; break; }";
            case "edge" -> "_pc = _pc < 0 ? 0 : (_pc >= _pn ? _pn - 1 : _pc);";
            case "wrap" -> "_pc %= _pn; if (_pc < 0) _pc += _pn;";
            case "reflect" ->
                "if (_pn == 1) _pc = 0; else { long _pp = 2 * _pn - 2; _pc %= _pp; if (_pc < 0) _pc += _pp; if (_pc >= _pn) _pc = _pp - _pc; }";
            default ->
                "{ long _pp = 2 * _pn; _pc %= _pp; if (_pc < 0) _pc += _pp; if (_pc >= _pn) _pc = _pp - 1 - _pc; }"; // symmetric
        };
        String body = """
                long _pr = (long)i, _po = 0; int _pin = 1;
                for (long _pd = _nd - 1; _pd >= 0; _pd--) {
                    long _pon = g[_pd], _pn = g[_nd + _pd];
                    long _pc = _pr %% _pon - g[2 * _nd + _pd];
                    _pr /= _pon;
                    %s
                    _po += _pc * st[_pd];
                }
                y = _pin ? %s : %s;""".formatted(map, CTypes.load(t, "(src + _po)"), CTypes.load(t, "cv"));
        return new Spec(
                "nd_pad_" + mode + "_" + t,
                List.of(
                        new Param("y", t, Kind.OUT),
                        new Param("src", t, Kind.RAW),
                        new Param("g", DType.INT64, Kind.RAW),
                        new Param("st", DType.INT64, Kind.RAW),
                        new Param("cv", t, Kind.RAW),
                        new Param("_nd", DType.INT64, Kind.SCALAR)),
                body);
    }
}
