package org.ndgpu.routines.indexing;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;

/**
 * numpy.put: {@code a.flat[ind] = v}, v repeated cyclically when shorter than ind, out-of-range
 * indices treated by NumPy's mode ('raise' checks every index before anything is written, 'wrap',
 * 'clip'). One kernel over the indices, writing a C-contiguous a in place (another layout goes
 * through a C-ordered copy that is written back). With repeated indices the last one wins, as
 * NumPy's: more than one index takes a claim pass before the writes ({@link LastWins}).
 */
public final class Put {
    private Put() {}

    private record Key(DType a, DType index, IndexModes.Mode mode, Pass pass, boolean wide) {}

    /** One kernel for a single write; a claim then a write pass for several, so the last one wins. */
    private enum Pass {
        PLAIN,
        CLAIM,
        WRITE
    }

    private static final ConcurrentHashMap<Key, Spec> PUT = new ConcurrentHashMap<>();

    /** numpy.put(a, ind, v, mode): ind an integer NDArray, long[], int[] or Java integer; v an NDArray, number or Java array. */
    public static void put(String op, NDArray a, Object ind, Object v, String mode) {
        Operands.checkWriteable(op, a);
        IndexModes.Mode m = IndexModes.Mode.of(op, mode);
        NDArray idx = ind instanceof NDArray i ? i.live(op) : null;
        boolean ownIdx = idx == null;
        if (ownIdx) {
            try (var _ = a.device().use()) {
                idx = Take.indexArray(op, ind);
            }
        }
        try (NDArray vals = Values.flat(op, a, v)) {
            Operands.device(op, a, idx);
            IndexModes.requireInteger(op, "indices", idx);
            if (idx.size() == 0 || vals.size() == 0) return;
            if (a.size() == 0) throw new IndexException(op + ": cannot replace elements of an empty array");
            if (m == IndexModes.Mode.RAISE) IndexModes.check(op, idx, a.size(), 0);
            NDArray target = a.isCContiguous() ? a : a.copy(Order.C);
            boolean once = idx.size() == 1, wide = LastWins.wide(idx.size());
            try (NDArray flag = IndexModes.flag(a);
                    NDArray dst = target.view(new long[0], new long[0], target.offset());
                    NDArray win = once ? null : LastWins.scratch(a, a.size(), wide)) {
                if (once) {
                    run(spec(a, idx, m, Pass.PLAIN, false), idx, dst, vals, flag, null, a.size());
                } else {
                    run(spec(a, idx, m, Pass.CLAIM, wide), idx, dst, vals, flag, win, a.size());
                    run(spec(a, idx, m, Pass.WRITE, wide), idx, dst, vals, flag, win, a.size());
                }
                if (target != a) Copies.copyInto(target, a);
            } finally {
                if (target != a) target.close();
            }
        } finally {
            if (ownIdx) idx.close();
        }
    }

    private static void run(Spec spec, NDArray idx, NDArray dst, NDArray vals, NDArray flag, NDArray win, long len) {
        Object[] args = win == null
                ? new Object[] {idx, dst, vals, flag, len, vals.size()}
                : new Object[] {idx, dst, vals, flag, len, vals.size(), win};
        ElementwiseLoop.run(spec, args, idx.shape());
    }

    private static Spec spec(NDArray a, NDArray idx, IndexModes.Mode m, Pass pass, boolean wide) {
        return PUT.computeIfAbsent(new Key(a.dtype(), idx.dtype(), m, pass, wide), k -> {
            String store = CTypes.store(k.a(), "(dst + _t)", CTypes.load(k.a(), "(vals + (long)i % _nv)"));
            List<Param> params = new java.util.ArrayList<>(List.of(
                    new Param("ind", k.index(), Kind.IN),
                    new Param("dst", k.a(), Kind.RAW),
                    new Param("vals", k.a(), Kind.RAW),
                    new Param("flag", DType.INT64, Kind.RAW),
                    new Param("_len", DType.INT64, Kind.SCALAR),
                    new Param("_nv", DType.INT64, Kind.SCALAR)));
            if (k.pass() != Pass.PLAIN) params.add(LastWins.param(k.wide()));
            String body = "long _t = (long)ind;\n" + k.mode().c("flag")
                    + switch (k.pass()) {
                        case PLAIN -> store;
                        case CLAIM -> LastWins.claim(k.wide(), "_t");
                        case WRITE -> LastWins.store(k.wide(), "_t", store);
                    };
            String name = "nd_put_" + k.mode().name().toLowerCase(java.util.Locale.ROOT) + "_" + k.a() + "_"
                    + k.index()
                    + (k.pass() == Pass.PLAIN
                            ? ""
                            : "_" + k.pass().name().toLowerCase(java.util.Locale.ROOT) + (k.wide() ? "64" : ""));
            String pre = k.pass() == Pass.PLAIN ? "" : LastWins.preamble(k.wide());
            return new Spec(name, params, body, pre, "", "", List.of());
        });
    }
}
