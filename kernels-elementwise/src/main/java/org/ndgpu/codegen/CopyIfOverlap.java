package org.ndgpu.codegen;

import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;

/**
 * NumPy's copy-if-overlap for the elementwise and reduction loops, decided in one place: the
 * threads of one launch read and write in no fixed order, so an input that shares memory with an
 * output, other than as the identical element-for-element view, is read from a copy
 * ({@code Nd.add(a.get("::-1"), 0, a)}, {@code Nd.add(t, t.T(), t)}, a sum into a view of its own
 * input). Every output must also be writeable.
 *
 * <pre>{@code
 * NDArray[] copies = CopyIfOverlap.copies(spec.name(), spec.paramList(), args, shape);
 * if (copies == null) run(args);                  // the common case: nothing allocated
 * else try { run(CopyIfOverlap.substitute(args, copies)); } finally { CopyIfOverlap.close(copies); }
 * }</pre>
 */
public final class CopyIfOverlap {
    private CopyIfOverlap() {}

    /**
     * Checks that every OUT array among {@code args} is live and writeable, and copies each IN
     * array that overlaps one of them ({@link Operands#overlaps(NDArray, long[], NDArray)}): the
     * copies by argument position, or null when no input needs one. {@code shape} is the loop's,
     * to which the inputs broadcast and the outputs have (an elementwise loop); null where the
     * output is not of the inputs' shape (a reduction's), and an input is compared with its own
     * strides.
     */
    public static NDArray[] copies(String op, ParamList params, Object[] args, long[] shape) {
        // the parameters' OUT and IN positions, worked out with the spec: every launch runs these loops,
        // the first ones in the bytecode interpreter
        int[] outputs = params.outputAt, inputs = params.inputAt();
        NDArray[] copies = null;
        for (int o : outputs) {
            if (!(args[o] instanceof NDArray out)) continue;
            Operands.checkWriteable(op, out);
            for (int k : inputs) {
                if (!(args[k] instanceof NDArray in) || !in.sharesMemory(out)) continue;
                if (copies != null && copies[k] != null) continue;
                long[] st = shape != null ? LoopPlan.broadcastStrides(op, in, shape) : in.strides();
                if (!Operands.overlaps(in, st, out)) continue;
                if (copies == null) copies = new NDArray[args.length];
                copies[k] = in.live(op).copy();
            }
        }
        return copies;
    }

    /** {@code args} with each copy in its argument's place: a new array ({@code args} is not written). */
    public static Object[] substitute(Object[] args, NDArray[] copies) {
        Object[] safe = args.clone();
        for (int k = 0; k < copies.length; k++) if (copies[k] != null) safe[k] = copies[k];
        return safe;
    }

    /**
     * Closes the copies once the launch that reads them is queued: the memory pool is stream-ordered,
     * so their memory is reused only by work queued after it.
     */
    public static void close(NDArray[] copies) {
        for (NDArray c : copies) if (c != null) c.close();
    }
}
