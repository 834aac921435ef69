package org.ndgpu.reduction;

import java.util.List;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.reduction.ReductionDims.Merged;

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

    ReductionArgs(int size) {
        values = new Object[size];
    }

    void add(Object v) {
        values[n++] = v;
    }

    void addAll(Object[] vs) {
        System.arraycopy(vs, 0, values, n, vs.length);
        n += vs.length;
    }

    /** The arguments; every slot must have been filled. */
    Object[] array() {
        if (n != values.length)
            throw new AssertionError("reduction launch: " + n + " arguments for " + values.length + " slots");
        return values;
    }

    /** The count of the arguments {@link #addDims} appends. */
    static int dimCount(Merged k, Merged r) {
        return 7 + k.dims().length + (r != null ? r.dims().length : 0);
    }

    void addInputs(List<NDArray> ins, Merged k, Merged r) {
        for (int q = 0; q < ins.size(); q++) addInput(ins.get(q), q, k, r);
    }

    private void addInput(NDArray in, int q, Merged k, Merged r) {
        add(in.buffer());
        add(in.offset());
        for (long s : k.strides()[q]) add(s);
        for (long s : r.strides()[q]) add(s);
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

    /**
     * The arguments of a one-pass launch with the per-call values left out (null): every number in
     * it follows from the plan, that is from the call's geometry (shapes, strides, offsets), so a
     * repeat of the previous call's geometry copies {@code values} and fills in only the buffers
     * (input q's at {@code bufferAt[q]}, the output's last) and the scalars (from {@code scalarsAt})
     * instead of boxing every offset, stride and size again.
     */
    record Template(Object[] values, int[] bufferAt, int scalarsAt) {
        /** A fresh argument array for this call (the template itself is shared and never written). */
        Object[] fill(List<NDArray> ins, Object[] scalars, NDArray out) {
            Object[] v = values.clone();
            int na = ins.size();
            for (int q = 0; q < na; q++) v[bufferAt[q]] = ins.get(q).buffer();
            System.arraycopy(scalars, 0, v, scalarsAt, scalars.length);
            v[bufferAt[na]] = out.buffer();
            return v;
        }
    }

    /** The template of a one-pass launch: what addInputs, the scalars, addOut and addDims append, less buffers and scalars. */
    static Template template(
            List<NDArray> ins,
            int scalarCount,
            NDArray out,
            Merged k,
            Merged r,
            long K,
            long R,
            long chunk,
            int tx,
            int ty,
            long gridK) {
        int na = ins.size();
        ReductionArgs a = new ReductionArgs(
                na * (2 + k.dims().length + r.dims().length) + scalarCount + 2 + k.dims().length + dimCount(k, r));
        int[] bufferAt = new int[na + 1];
        for (int q = 0; q < na; q++) {
            bufferAt[q] = a.n;
            a.addInput(ins.get(q), q, k, r);
        }
        int scalarsAt = a.n;
        a.n += scalarCount;
        bufferAt[na] = a.n;
        a.addOut(out, k, na);
        a.addDims(K, R, chunk, R, tx, ty, gridK, k, r);
        Object[] values = a.array();
        for (int at : bufferAt) values[at] = null;
        return new Template(values, bufferAt, scalarsAt);
    }

    /**
     * The spec's SCALAR arguments converted to their parameters' types, and its RAW arrays' buffers
     * and offsets, in declaration order (a shared empty array when it has none); {@code count} is
     * its parameters' {@code scalarArgs()}.
     */
    static Object[] scalars(ReductionSpec spec, Object[] args, int count) {
        if (count == 0) return NO_SCALARS;
        List<Param> params = spec.params();
        Object[] s = new Object[count];
        for (int q = 0, i = 0; q < params.size(); q++) {
            Param p = params.get(q);
            if (p.kind() == Kind.RAW) {
                NDArray a = (NDArray) args[q];
                s[i++] = a.buffer();
                s[i++] = a.offset();
                continue;
            }
            if (p.kind() != Kind.SCALAR) continue;
            if (!(args[q] instanceof Number num)) {
                throw new DTypeException(
                        spec.name() + ": parameter '" + p.name() + "' expects a number, got " + args[q]);
            }
            s[i++] = CTypes.scalarArg(p.dtype(), num);
        }
        return s;
    }
}
