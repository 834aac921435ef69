package org.ndgpu.codegen;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.ndarray.DType;

/**
 * A kernel's parameters as its spec holds them: an immutable list (equal to any list of the same
 * parameters, as {@code List.copyOf}'s are), with what the per-call loops read of the parameters
 * worked out once, when the spec is made. The loops walk the parameters several times per launch,
 * and each {@code params.get(k).kind()} is two invocations in the bytecode interpreter where an
 * array read is none. {@link ElementwiseLoop.Spec} and the reduction spec copy their parameters
 * into one.
 */
public final class ParamList extends AbstractList<Param> implements RandomAccess {
    private final Param[] params;
    // read by ElementwiseLoop on every launch; never written after construction
    final Kind[] kinds;
    final DType[] dtypes;
    /** The count of IN and OUT parameters (the arrays a loop indexes). */
    final int indexed;
    /** The count of launch arguments the parameters take in a contiguous layout (a scalar one, an array two). */
    final int flatArgs;

    private final int[] inputAt;
    /** The positions of the OUT parameters, in order (CopyIfOverlap's outer loop). */
    final int[] outputAt;

    private final int scalarArgs;

    private ParamList(Param[] params) {
        this.params = params;
        int n = params.length;
        kinds = new Kind[n];
        dtypes = new DType[n];
        int in = 0, out = 0, indexedCount = 0, args = 0, scalars = 0;
        for (int k = 0; k < n; k++) {
            Kind kind = Objects.requireNonNull(params[k]).kind(); // as List.copyOf, a null parameter is refused
            kinds[k] = kind;
            dtypes[k] = params[k].dtype();
            if (kind == Kind.IN) in++;
            if (kind == Kind.OUT) out++;
            if (kind == Kind.IN || kind == Kind.OUT) indexedCount++;
            if (kind == Kind.SCALAR) scalars++;
            if (kind == Kind.RAW) scalars += 2;
            args += kind == Kind.SCALAR ? 1 : 2;
        }
        indexed = indexedCount;
        flatArgs = args;
        scalarArgs = scalars;
        inputAt = new int[in];
        for (int k = 0, q = 0; k < n; k++) if (kinds[k] == Kind.IN) inputAt[q++] = k;
        outputAt = new int[out];
        for (int k = 0, q = 0; k < n; k++) if (kinds[k] == Kind.OUT) outputAt[q++] = k;
    }

    /** {@code params} as a ParamList: itself when it is one, else a copy (a null list or parameter is a NullPointerException). */
    public static ParamList of(List<Param> params) {
        if (params instanceof ParamList p) return p;
        return new ParamList(params.toArray(new Param[0]));
    }

    @Override
    public Param get(int index) {
        return params[index];
    }

    @Override
    public int size() {
        return params.length;
    }

    /** The positions of the IN parameters, in order (the array is shared: never write it). */
    public int[] inputAt() {
        return inputAt;
    }

    /** The count of launch arguments of the SCALAR parameters (one each) and RAW arrays (buffer and offset). */
    public int scalarArgs() {
        return scalarArgs;
    }
}
