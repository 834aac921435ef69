package org.ndgpu.reduction;

import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.codegen.LoopPlan.Merged;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.NDArray;

/**
 * The arguments of one reduction launch, in the order {@link ReductionSource}'s kernels declare
 * them: each input's buffer, offset and merged strides, the scalars, the output (or the partials
 * buffer), then the sizes. Appended to a {@link LaunchArgs} sized for them up front, since this
 * runs on every call (and, early on, in the bytecode interpreter).
 */
final class ReductionArgs {
    private ReductionArgs() {}

    /** The arguments of a spec without SCALAR parameters or RAW arrays: never appended to. */
    private static final LaunchArgs NO_SCALARS = LaunchArgs.of(0);

    /** The count of the arguments {@link #addDims} appends. */
    static int dimCount(Merged k, Merged r) {
        return 7 + k.dims().length + (r != null ? r.dims().length : 0);
    }

    static void addInputs(LaunchArgs a, List<NDArray> ins, Merged k, Merged r) {
        for (int q = 0; q < ins.size(); q++) {
            a.array(ins.get(q));
            addInputStrides(a, q, k, r);
        }
    }

    private static void addInputStrides(LaunchArgs a, int q, Merged k, Merged r) {
        a.i64s(k.strides()[q]).i64s(r.strides()[q]);
    }

    static void addOut(LaunchArgs a, NDArray out, Merged k, int na) {
        a.array(out).i64s(k.strides()[na]);
    }

    static void addDims(
            LaunchArgs a, long K, long R, long chunk, long rtotal, int tx, int ty, long gridK, Merged k, Merged r) {
        a.i64(K).i64(R).i64(chunk).i64(rtotal).i32(tx).i32(ty).i32((int) gridK).i64s(k.dims());
        if (r != null) a.i64s(r.dims());
    }

    /**
     * The arguments of a one-pass launch less the per-call ones: every number in it follows from the
     * plan, that is from the call's geometry (shapes, strides, offsets), so a repeat of the previous
     * call's geometry appends the buffers and scalars between runs of {@code fixed} instead of
     * appending every offset, stride and size again. {@code fixed} holds each input's offset and
     * strides ({@code inputRun} arguments each), then the output's offset, strides and the sizes.
     */
    record Template(LaunchArgs fixed, int inputRun) {
        /** This call's arguments, in the thread's reused builder (the template itself is shared and never written). */
        LaunchArgs fill(List<NDArray> ins, LaunchArgs scalars, NDArray out) {
            int na = ins.size();
            LaunchArgs v = LaunchArgs.reused(fixed.size() + na + 1 + scalars.size());
            int at = 0;
            for (int q = 0; q < na; q++) {
                v.buffer(ins.get(q).buffer()).append(fixed, at, at + inputRun);
                at += inputRun;
            }
            return v.append(scalars).buffer(out.buffer()).append(fixed, at, fixed.size());
        }
    }

    /** The template of a one-pass launch: what addInputs, the scalars, addOut and addDims append, less buffers and scalars. */
    static Template template(
            List<NDArray> ins,
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
        int inputRun = 1 + k.dims().length + r.dims().length;
        LaunchArgs a = LaunchArgs.of(na * inputRun + 1 + k.dims().length + dimCount(k, r));
        for (int q = 0; q < na; q++) {
            a.i64(ins.get(q).offset());
            addInputStrides(a, q, k, r);
        }
        a.i64(out.offset()).i64s(k.strides()[na]);
        addDims(a, K, R, chunk, R, tx, ty, gridK, k, r);
        return new Template(a, inputRun);
    }

    /**
     * The spec's SCALAR arguments converted to their parameters' types, and its RAW arrays' buffers
     * and offsets, in declaration order (a shared empty run when it has none); {@code count} is its
     * parameters' {@code scalarArgs()}.
     */
    static LaunchArgs scalars(ReductionSpec spec, Object[] args, int count) {
        if (count == 0) return NO_SCALARS;
        List<Param> params = spec.params();
        LaunchArgs s = LaunchArgs.of(count);
        for (int q = 0; q < params.size(); q++) {
            Param p = params.get(q);
            if (p.kind() == Kind.RAW) {
                s.array((NDArray) args[q]);
                continue;
            }
            if (p.kind() != Kind.SCALAR) continue;
            if (!(args[q] instanceof Number num)) {
                throw new DTypeException(
                        spec.name() + ": parameter '" + p.name() + "' expects a number, got " + args[q]);
            }
            s.scalar(p.dtype(), num);
        }
        return s;
    }
}
