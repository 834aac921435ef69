package org.ndgpu.reduction;

import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ParamList;

/**
 * A reduction kernel as data, the input of {@link ReductionLoop}: CuPy's ReductionKernel parts.
 *
 * <p>Per element, {@code map} (an expression over the IN parameters, loaded as local variables
 * named after them, the SCALAR parameters, and {@code _j}, the flat C-order index within the
 * reduced axes) gives a value of {@code reduceType}; {@code reduce} (an expression of {@code a} and
 * {@code b}) combines two; {@code postMap} (a statement over {@code a}, the reduced element count
 * {@code _r} and the scalars) assigns the OUT parameter. A RAW parameter is a pointer to its array's
 * first element, in every pass, indexed by the snippets themselves (CuPy's {@code raw T x}).
 *
 * <pre>{@code
 * new ReductionSpec("l2norm_f32", List.of(new Param("x", FLOAT32, IN), new Param("y", FLOAT32, OUT)),
 *         "float", 4, "x * x", "a + b", "y = sqrt(a)", "0", true, false, "", List.of());
 * }</pre>
 *
 * @param name         kernel name (a C identifier; also the cache key's prefix)
 * @param params       IN arrays, RAW arrays and SCALARs, then exactly one OUT array, last
 * @param reduceType   C type of the accumulator (a prelude or preamble type name)
 * @param reduceBytes  an upper bound of sizeof(reduceType), for the partial-results buffer
 * @param map          per-element expression of type reduceType
 * @param reduce       expression combining {@code a} and {@code b}
 * @param postMap      statement assigning the output from {@code a}
 * @param identity     start value of every accumulator (C expression of reduceType)
 * @param hasIdentity  false: reducing zero elements is an error (max), true: it gives identity (sum)
 * @param orderedIndex true when {@code map} uses {@code _j}: the reduced axes then keep their order
 * @param preamble     source placed before the kernel (helper functions, struct types)
 * @param options      compiler options
 */
public record ReductionSpec(
        String name,
        List<Param> params,
        String reduceType,
        int reduceBytes,
        String map,
        String reduce,
        String postMap,
        String identity,
        boolean hasIdentity,
        boolean orderedIndex,
        String preamble,
        List<String> options) {
    /** Copies the lists (the parameters into a {@link ParamList}) and checks there is exactly one output, the last parameter. */
    public ReductionSpec {
        params = ParamList.of(params);
        options = List.copyOf(options);
        long outs = params.stream().filter(p -> p.kind() == Kind.OUT).count();
        if (outs != 1 || params.get(params.size() - 1).kind() != Kind.OUT) {
            throw new IllegalArgumentException(name + ": a reduction has exactly one output, the last parameter");
        }
    }

    // written out: a spec is hashed on every kernel lookup, and a record's generated hashCode goes through
    // method handles over every component (slow until JIT-compiled); specs of one name rarely differ, and
    // equals (generated, by value) still tells them apart
    @Override
    public int hashCode() {
        return java.util.Objects.hashCode(name);
    }

    /** The parameters with their facts for the per-call loops. */
    ParamList paramList() {
        return (ParamList) params;
    }

    /** The output parameter. */
    public Param out() {
        return params.get(params.size() - 1);
    }

    /** The IN array parameters, in order. */
    public List<Param> inputs() {
        return params.stream().filter(p -> p.kind() == Kind.IN).toList();
    }

    /** The SCALAR parameters, in order. */
    public List<Param> scalars() {
        return params.stream().filter(p -> p.kind() == Kind.SCALAR).toList();
    }
}
