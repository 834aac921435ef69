package org.ndgpu.reduction;

import java.util.List;
import org.ndgpu.DTypeException;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.reduction.ReductionLoop.Merged;

/**
 * The arguments of one reduction launch, in the order {@link ReductionSource}'s kernels declare
 * them: each input's buffer, offset and merged strides, the scalars, the output (or the partials
 * buffer), then the sizes. Appended into an array sized for them up front: no list to grow and
 * copy, since this runs on every call (and, early on, in the bytecode interpreter).
 */
final class ReductionArgs {
    private static final Object[] NO_SCALARS = {};

    private final Object[] values;
    private int n;

    ReductionArgs(int size) { values = new Object[size]; }

    void add(Object v) { values[n++] = v; }

    void addAll(Object[] vs) {
        System.arraycopy(vs, 0, values, n, vs.length);
        n += vs.length;
    }

    /** The arguments; every slot must have been filled. */
    Object[] array() {
        if (n != values.length) throw new AssertionError("reduction launch: " + n + " arguments for " + values.length + " slots");
        return values;
    }

    /** The count of the arguments {@link #addDims} appends. */
    static int dimCount(Merged k, Merged r) { return 7 + k.dims().length + (r != null ? r.dims().length : 0); }

    void addInputs(List<NDArray> ins, Merged k, Merged r) {
        for (int q = 0; q < ins.size(); q++) {
            add(ins.get(q).buffer());
            add(ins.get(q).offset());
            for (long s : k.strides()[q]) add(s);
            for (long s : r.strides()[q]) add(s);
        }
    }

    void addOut(NDArray out, Merged k, int na) {
        add(out.buffer());
        add(out.offset());
        for (long s : k.strides()[na]) add(s);
    }

    void addDims(long K, long R, long chunk, long rtotal, int tx, int ty, long gridK, Merged k, Merged r) {
        add(K);
        add(R);
        add(chunk);
        add(rtotal);
        add(tx);
        add(ty);
        add((int) gridK);
        for (long d : k.dims()) add(d);
        if (r != null) for (long d : r.dims()) add(d);
    }

    /** The spec's SCALAR arguments converted to their parameters' types (a shared empty array when it has none). */
    static Object[] scalars(ReductionSpec spec, Object[] args) {
        List<Param> params = spec.params();
        int count = 0;
        for (int q = 0; q < params.size(); q++) if (params.get(q).kind() == Kind.SCALAR) count++;
        if (count == 0) return NO_SCALARS;
        Object[] s = new Object[count];
        for (int q = 0, i = 0; q < params.size(); q++) {
            Param p = params.get(q);
            if (p.kind() != Kind.SCALAR) continue;
            if (!(args[q] instanceof Number num)) {
                throw new DTypeException(spec.name() + ": parameter '" + p.name() + "' expects a number, got " + args[q]);
            }
            s[i++] = CTypes.scalarArg(p.dtype(), num);
        }
        return s;
    }
}
