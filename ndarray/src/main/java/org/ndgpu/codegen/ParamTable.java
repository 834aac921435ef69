package org.ndgpu.codegen;

import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.ndarray.DType;

/**
 * A spec's parameter kinds and dtypes as arrays, for the per-call loops of {@link ElementwiseLoop}:
 * they walk the parameters several times per launch, and each {@code params.get(k).kind()} is two
 * method invocations in the interpreter where an array read is none. The previous call's table is
 * kept, so a loop of one op builds it once.
 */
final class ParamTable {
    // immutable (final fields, arrays never written after construction) and published through a
    // volatile field: safe for concurrent callers
    private static volatile ParamTable last;

    final Spec spec;
    final Kind[] kinds;
    final DType[] dtypes;

    private ParamTable(Spec spec, Kind[] kinds, DType[] dtypes) {
        this.spec = spec;
        this.kinds = kinds;
        this.dtypes = dtypes;
    }

    /** The table of {@code spec}: the previous call's when it is the same spec (by identity). */
    @SuppressWarnings("ReferenceEquality") // a one-entry cache, hit by the same Spec instance
    static ParamTable of(Spec spec) {
        ParamTable t = last;
        if (t != null && t.spec == spec) return t;
        List<Param> params = spec.params();
        Kind[] kinds = new Kind[params.size()];
        DType[] dtypes = new DType[params.size()];
        for (int k = 0; k < kinds.length; k++) {
            kinds[k] = params.get(k).kind();
            dtypes[k] = params.get(k).dtype();
        }
        last = t = new ParamTable(spec, kinds, dtypes);
        return t;
    }
}
