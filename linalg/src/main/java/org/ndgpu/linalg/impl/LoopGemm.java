package org.ndgpu.linalg.impl;

import java.util.List;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Matrix products for the dtypes no BLAS has (bool, the integers, float16), as NumPy's own
 * non-BLAS matmul loops: one output element per work item, any element strides (negative and
 * broadcast 0 included), one kernel through {@link ElementwiseLoop} for both dialects.
 *
 * <p>Integers accumulate in their own type (wrapping as NumPy's do), bool as OR of ANDs, float16
 * in float. The product is exact for the integers: no detour through floating point.
 *
 * <pre>{@code
 * // c: (batch, m, n) C-contiguous; a and b views whose element 0 is A[0][0][0], B[0][0][0]
 * LoopGemm.gemm(m, n, k, a, 0, k, 1, b, 0, n, 1, c);    // strides in elements: batch, row, column
 * }</pre>
 */
public final class LoopGemm {
    private LoopGemm() {}

    /** True for the dtypes this kernel multiplies (everything but complex). */
    public static boolean supports(DType dtype) {
        return !dtype.isComplex();
    }

    /**
     * {@code c[q, i, j] = sum_l A[q, i, l] * B[q, l, j]} where A's element (q, i, l) sits at
     * {@code a}'s first element plus {@code q*sab + i*sam + l*sak} elements (B likewise with
     * sbb, sbk, sbn). {@code c} has shape (batch, m, n); a, b and c share one dtype.
     */
    public static void gemm(
            long m,
            long n,
            long k,
            NDArray a,
            long sab,
            long sam,
            long sak,
            NDArray b,
            long sbb,
            long sbk,
            long sbn,
            NDArray c) {
        DType dt = c.dtype();
        if (!supports(dt)) throw new DTypeException("matmul: the loop kernel does not handle " + dt);
        ElementwiseLoop.run(spec(dt), new Object[] {c, a, b, m, n, k, sab, sam, sak, sbb, sbk, sbn}, c.shape());
    }

    static Spec spec(DType dt) {
        String acc = dt == DType.FLOAT16 ? "float" : CTypes.compute(dt);
        String step = dt == DType.BOOL ? "_acc = (nd_bool)(_acc | (_x && _y));" : "_acc += _x * _y;";
        String body = ""
                + "long _j = (long)i % gn; long _t = (long)i / gn; long _i = _t % gm; long _q = _t / gm;\n"
                + "ND_GLOBAL " + CTypes.storage(dt) + "* _pa = a + _q * sab + _i * sam;\n"
                + "ND_GLOBAL " + CTypes.storage(dt) + "* _pb = b + _q * sbb + _j * sbn;\n"
                + acc + " _acc = 0;\n"
                + "for (long _l = 0; _l < gk; _l++) {\n"
                + "    " + acc + " _x = " + CTypes.load(dt, "_pa + _l * sak") + ";\n"
                + "    " + acc + " _y = " + CTypes.load(dt, "_pb + _l * sbk") + ";\n"
                + "    " + step + "\n"
                + "}\n"
                + "c = (" + CTypes.compute(dt) + ")_acc;";
        return new Spec(
                "nd_matmul_loop_" + dt,
                List.of(
                        new Param("c", dt, Kind.OUT),
                        new Param("a", dt, Kind.RAW),
                        new Param("b", dt, Kind.RAW),
                        new Param("gm", DType.INT64, Kind.SCALAR),
                        new Param("gn", DType.INT64, Kind.SCALAR),
                        new Param("gk", DType.INT64, Kind.SCALAR),
                        new Param("sab", DType.INT64, Kind.SCALAR),
                        new Param("sam", DType.INT64, Kind.SCALAR),
                        new Param("sak", DType.INT64, Kind.SCALAR),
                        new Param("sbb", DType.INT64, Kind.SCALAR),
                        new Param("sbk", DType.INT64, Kind.SCALAR),
                        new Param("sbn", DType.INT64, Kind.SCALAR)),
                body);
    }
}
