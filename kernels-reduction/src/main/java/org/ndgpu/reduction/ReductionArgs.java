package org.ndgpu.reduction;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
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
     * The arguments of a one-pass launch, complete, kept from the call that planned it: every number
     * in them but the scalars follows from the plan, that is from the call's geometry (shapes,
     * strides, offsets), so a repeat of that geometry replaces the buffers and the scalars in place
     * and leaves every offset, stride and size as it is (in the bytecode interpreter, where a
     * script's first calls run, that is a few stores instead of an append per argument). One caller
     * at a time fills and launches the kept arguments, claimed with a compare-and-set; a concurrent
     * or nested caller (a launch that first runs work a capture held back) fills a copy of its own.
     */
    static final class Template {
        // what a copy starts from: never written after construction
        private final LaunchArgs fixed;
        private final LaunchArgs kept;
        // the positions of each input's buffer, then the output's
        private final int[] bufferAt;
        private final int scalarsAt;
        private final AtomicInteger busy = new AtomicInteger();

        private Template(LaunchArgs fixed, int[] bufferAt, int scalarsAt) {
            this.fixed = fixed;
            this.kept = fixed.copy();
            this.bufferAt = bufferAt;
            this.scalarsAt = scalarsAt;
        }

        /** This call's arguments: the kept ones when no other caller holds them, else a copy; {@link #release} them after the launch. */
        LaunchArgs fill(NDArray[] ins, LaunchArgs scalars, NDArray out) {
            LaunchArgs v = busy.compareAndSet(0, 1) ? kept : fixed.copy();
            try {
                int na = ins.length;
                for (int q = 0; q < na; q++) v.replaceBuffer(bufferAt[q], ins[q].buffer());
                if (scalars.size() != 0) v.replace(scalarsAt, scalars);
                return v.replaceBuffer(bufferAt[na], out.buffer());
            } catch (RuntimeException | Error e) {
                release(v); // the caller releases only what it was given
                throw e;
            }
        }

        /** Gives the kept arguments back once the launch has read them; does nothing for a copy. */
        @SuppressWarnings("ReferenceEquality") // the kept builder itself, by identity
        void release(LaunchArgs v) {
            if (v == kept) busy.set(0);
        }
    }

    /** The template of a one-pass launch: what addInputs, the scalars, addOut and addDims append, for this call. */
    static Template template(
            NDArray[] ins,
            LaunchArgs scalars,
            NDArray out,
            Merged k,
            Merged r,
            long K,
            long R,
            long chunk,
            int tx,
            int ty,
            long gridK) {
        int na = ins.length;
        int[] bufferAt = new int[na + 1];
        LaunchArgs a = LaunchArgs.of(
                na * (2 + k.dims().length + r.dims().length) + scalars.size() + 2 + k.dims().length + dimCount(k, r));
        for (int q = 0; q < na; q++) {
            bufferAt[q] = a.size();
            a.array(ins[q]);
            addInputStrides(a, q, k, r);
        }
        int scalarsAt = a.size();
        a.append(scalars);
        bufferAt[na] = a.size();
        addOut(a, out, k, na);
        addDims(a, K, R, chunk, R, tx, ty, gridK, k, r);
        return new Template(a, bufferAt, scalarsAt);
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
