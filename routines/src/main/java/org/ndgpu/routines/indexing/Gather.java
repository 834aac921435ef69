package org.ndgpu.routines.indexing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Sizes;

/**
 * The one gather and scatter kernel of ndgpu's integer indexing ({@code a[idx]}, {@code a[idx] = v},
 * numpy.take): each result element {@code r[..., b, ...]} is {@code a}'s element at the view's
 * offset of the basic coordinates plus {@code sum_k idx_k[b] * stride_k}. The basic axes (slices,
 * None) walk the view's strides, so neither the array nor a negative-stride view is copied; the
 * index arrays are broadcast once into one int64 (K, |B|) array. Out-of-range indices set a flag the
 * gather reads back once (as numpy.take's mode='raise', CuPy wraps instead); a scatter checks every
 * index first, so that a bad index writes nothing, as NumPy, and where an element may be written
 * twice it takes a claim pass first, so that the last write in C order lands ({@link LastWins}).
 */
final class Gather {
    private Gather() {}

    /** An advanced index over an axis of length {@code len} and {@code stride} elements; {@code axis} names it in errors. */
    record Adv(NDArray index, long len, long stride, int axis) {}

    /**
     * A gather: the array, the byte offset of the basic view's first element, the basic axes (their
     * strides in elements), the position of the broadcast index shape {@code b} among them, and the
     * advanced indices.
     */
    record Plan(NDArray a, long offset, long[] vShape, long[] vStrides, int bPos, long[] b, List<Adv> advs) {
        long[] outShape() {
            long[] s = new long[vShape.length + b.length];
            System.arraycopy(vShape, 0, s, 0, bPos);
            System.arraycopy(b, 0, s, bPos, b.length);
            System.arraycopy(vShape, bPos, s, bPos + b.length, vShape.length - bPos);
            return s;
        }
    }

    private static final ConcurrentHashMap<DType, Spec> GATHER = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<DType, Spec> SCATTER = new ConcurrentHashMap<>();

    /** The claim and write passes of a scatter whose writes may meet. */
    private record PassKey(DType t, boolean claim, boolean wide) {}

    private static final ConcurrentHashMap<PassKey, Spec> PASSES = new ConcurrentHashMap<>();

    // the source offset of result element i: basic coordinates by the merged dims, then each index array's entry
    private static final String OFFSET = """
            long _gr = (long)i, _go = 0, _gb = 0;
            if (_nd == 1) _gb = _gr;
            else for (long _gd = _nd - 1; _gd >= 0; _gd--) {
                long _gn = geo[1 + _gd], _gc = _gr % _gn;
                _gr /= _gn;
                if (_gd == _bd) _gb = _gc; else _go += _gc * geo[1 + _nd + _gd];
            }
            for (long _gk = 0; _gk < _na; _gk++) {
                long _gl = geo[1 + 2 * _nd + _gk], _gt = ind[_gk * _nb + _gb];
                if (_gt < 0) _gt += _gl;
                if (_gt < 0 || _gt >= _gl) { geo[0] = 1; _gt = 0; }
                _go += _gt * geo[1 + 2 * _nd + _na + _gk];
            }
            """;

    private static final Spec CHECK = new Spec(
            "nd_index_check",
            List.of(
                    new Param("ind", DType.INT64, Kind.IN),
                    new Param("geo", DType.INT64, Kind.RAW),
                    new Param("_nd", DType.INT64, Kind.SCALAR),
                    new Param("_nb", DType.INT64, Kind.SCALAR)),
            """
            long _gl = geo[1 + 2 * _nd + (long)i / _nb];
            if (ind < -_gl || ind >= _gl) geo[0] = 1;""");

    private static List<Param> params(Param first, DType t) {
        return List.of(
                first,
                new Param("src", t, Kind.RAW),
                new Param("ind", DType.INT64, Kind.RAW),
                new Param("geo", DType.INT64, Kind.RAW),
                new Param("_nd", DType.INT64, Kind.SCALAR),
                new Param("_bd", DType.INT64, Kind.SCALAR),
                new Param("_na", DType.INT64, Kind.SCALAR),
                new Param("_nb", DType.INT64, Kind.SCALAR));
    }

    private static Spec gatherSpec(DType d) {
        return GATHER.computeIfAbsent(
                d,
                t -> new Spec(
                        "nd_gather_" + t,
                        params(new Param("y", t, Kind.OUT), t),
                        OFFSET + "y = " + CTypes.load(t, "(src + _go)") + ";"));
    }

    private static Spec scatterSpec(DType d) {
        return SCATTER.computeIfAbsent(
                d,
                t -> new Spec(
                        "nd_scatter_" + t,
                        params(new Param("v", t, Kind.IN), t),
                        OFFSET + CTypes.store(t, "(src + _go)", "v")));
    }

    // _w0: the flat index in the C-contiguous array of the basic view's first element
    private static Spec passSpec(DType d, boolean claim, boolean wide) {
        return PASSES.computeIfAbsent(new PassKey(d, claim, wide), k -> {
            List<Param> ps = new ArrayList<>(params(new Param("v", k.t(), Kind.IN), k.t()));
            ps.add(LastWins.param(k.wide()));
            ps.add(new Param("_w0", DType.INT64, Kind.SCALAR));
            String body = k.claim()
                    ? LastWins.claim(k.wide(), "_go + _w0")
                    : LastWins.store(k.wide(), "_go + _w0", CTypes.store(k.t(), "(src + _go)", "v"));
            String name = "nd_scatter_" + k.t() + (k.claim() ? "_claim" : "_write") + (k.wide() ? "64" : "");
            return new Spec(name, ps, OFFSET + body, LastWins.preamble(k.wide()), "", "", List.of());
        });
    }

    /** The result of a gather: a new C-ordered array of {@link Plan#outShape()}. */
    static NDArray gather(String op, Plan p) {
        long[] outShape = p.outShape();
        Sizes.bytes(op, outShape, p.a().dtype()); // named for the caller, before the index copy and the result are made
        NDArray out = NDArray.empty(p.a().device(), p.a().dtype(), outShape, Order.C);
        try (Launch l = launch(op, p)) {
            if (out.size() == 0 || p.a().size() == 0) {
                l.check(op);
                return out;
            }
            try (NDArray src = p.a().view(new long[0], new long[0], p.offset())) {
                ElementwiseLoop.run(gatherSpec(p.a().dtype()), l.args(out, src), outShape);
            }
            l.raiseIfFlagged(op);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /**
     * a[index] = v, v already of a's dtype and broadcast to {@link Plan#outShape()}; every index is
     * checked before a write. {@code distinct}: no element can be written twice (the indices come from
     * masks), so one pass does; else, with more than one index, the last write lands, and the plan's
     * array must be C-contiguous.
     */
    static void scatter(String op, Plan p, NDArray v, boolean distinct) {
        try (Launch l = launch(op, p)) {
            l.check(op);
            if (v.size() == 0 || p.a().size() == 0) return;
            try (NDArray dst = p.a().view(new long[0], new long[0], p.offset())) {
                if (distinct || l.nb() <= 1) {
                    ElementwiseLoop.run(scatterSpec(p.a().dtype()), l.args(v, dst), p.outShape());
                    return;
                }
                if (!p.a().isCContiguous())
                    throw new IllegalStateException(op + ": a last-wins scatter needs a C-contiguous array");
                long w0 = (p.offset() - p.a().offset()) / p.a().itemsize();
                boolean wide = LastWins.wide(v.size());
                try (NDArray win = LastWins.scratch(p.a(), p.a().size(), wide)) {
                    Object[] args = l.args(v, dst, win, w0);
                    ElementwiseLoop.run(passSpec(p.a().dtype(), true, wide), args, p.outShape());
                    ElementwiseLoop.run(passSpec(p.a().dtype(), false, wide), args, p.outShape());
                }
            }
        }
    }

    /** The geometry array (flag, merged dims, index lengths and strides) and the (K, |B|) int64 indices, on the device. */
    private record Launch(Plan p, NDArray geo, NDArray ind, boolean ownInd, int nd, int bd, long nb)
            implements AutoCloseable {
        Object[] args(NDArray first, NDArray src) {
            return new Object[] {
                first, src, ind, geo, (long) nd, (long) bd, (long) p.advs().size(), nb
            };
        }

        Object[] args(NDArray first, NDArray src, NDArray win, long w0) {
            return new Object[] {
                first, src, ind, geo, (long) nd, (long) bd, (long) p.advs().size(), nb, win, w0
            };
        }

        // every index within range, else the IndexException of the first bad one
        void check(String op) {
            if (nb == 0) return;
            try (NDArray flat = ind.reshape(ind.size())) {
                ElementwiseLoop.run(CHECK, new Object[] {flat, geo, (long) nd, nb}, flat.shape());
            }
            raiseIfFlagged(op);
        }

        void raiseIfFlagged(String op) {
            long flag;
            try (NDArray f = geo.get(0)) {
                flag = f.toLongArray()[0];
            }
            if (flag == 0) return;
            long[] all = ind.toLongArray();
            for (int k = 0; k < p.advs().size(); k++) {
                Adv a = p.advs().get(k);
                for (long j = 0; j < nb; j++) {
                    long t = all[(int) (k * nb + j)];
                    if (t < -a.len() || t >= a.len()) {
                        throw new IndexException(op + ": index " + t + " is out of bounds for axis " + a.axis()
                                + " with size " + a.len());
                    }
                }
            }
            throw new IllegalStateException(op + ": the index kernel flagged an index that is in range");
        }

        @Override
        public void close() {
            geo.close();
            if (ownInd) ind.close();
        }
    }

    private static Launch launch(String op, Plan p) {
        // the result's dims with the index shape as one dim, size-1 basic dims dropped and contiguous neighbours merged
        List<long[]> dims = new ArrayList<>(); // {size, stride, isB}
        long nb = Sizes.count(op, p.b());
        for (int d = 0; d <= p.vShape().length; d++) {
            if (d == p.bPos()) dims.add(new long[] {nb, 0, 1});
            if (d == p.vShape().length) break;
            long n = p.vShape()[d], s = p.vStrides()[d];
            if (n == 1) continue;
            long[] last = dims.isEmpty() ? null : dims.get(dims.size() - 1);
            if (last != null && last[2] == 0 && last[1] == s * n) {
                last[0] *= n;
                last[1] = s;
            } else {
                dims.add(new long[] {n, s, 0});
            }
        }
        int nd = dims.size(), na = p.advs().size(), bd = 0;
        long[] geo = new long[1 + 2 * nd + 2 * na];
        for (int d = 0; d < nd; d++) {
            long[] x = dims.get(d);
            geo[1 + d] = Math.max(x[0], 1);
            geo[1 + nd + d] = x[1];
            if (x[2] == 1) bd = d;
        }
        for (int k = 0; k < na; k++) {
            geo[1 + 2 * nd + k] = p.advs().get(k).len();
            geo[1 + 2 * nd + na + k] = p.advs().get(k).stride();
        }
        NDArray a = p.a();
        try (var _ = a.device().use()) {
            NDArray g = Creation.array(geo);
            try {
                NDArray first = p.advs().get(0).index();
                boolean direct = na == 1
                        && first.dtype() == DType.INT64
                        && first.isCContiguous()
                        && java.util.Arrays.equals(first.shape(), p.b());
                NDArray ind = direct ? first : NDArray.empty(a.device(), DType.INT64, new long[] {na, nb}, Order.C);
                if (!direct && nb > 0) {
                    for (int k = 0; k < na; k++) {
                        try (NDArray row = ind.get(k);
                                NDArray rowB = row.reshape(p.b())) {
                            Copies.assign(op, rowB, p.advs().get(k).index());
                        }
                    }
                }
                return new Launch(p, g, ind, !direct, nd, bd, nb);
            } catch (RuntimeException e) {
                g.close();
                throw e;
            }
        }
    }
}
