package org.ndgpu.reduction;

import org.ndgpu.codegen.CTypes;
import org.ndgpu.ndarray.DType;
import org.ndgpu.spi.Reduction;

/**
 * Per-dtype pieces of generated reduction source: helper functions (complex arithmetic, the
 * value-and-index pairs of argmin/argmax), NaN tests, orderings and extreme values. One text for
 * both dialects, written against the prelude's names.
 */
final class DeviceMath {
    private DeviceMath() {}

    /** Helpers every built-in reduction may use (complex add/sub/mul come from the dialect prelude). */
    static final String HELPERS = """
            #ifdef ND_CUDA
            #define ND_INF __int_as_float(0x7f800000)
            #define ND_NAN __int_as_float(0x7fc00000)
            #else
            #define ND_INF INFINITY
            #define ND_NAN NAN
            #endif
            ND_DEVICE_FN float nd_abs2_c64(complex64 v) { return v.x * v.x + v.y * v.y; }
            ND_DEVICE_FN float nd_sq_f32(float v) { return v * v; }
            #if defined(ND_CUDA) || defined(cl_khr_fp64)
            ND_DEVICE_FN double nd_abs2_c128(complex128 v) { return v.x * v.x + v.y * v.y; }
            ND_DEVICE_FN double nd_sq_f64(double v) { return v * v; }
            #endif
            """;

    /**
     * The scans' complex product, exact where a factor is the identity 1+0j: a scan starts from it,
     * where NumPy's starts from the first element (1 * (inf+0j) would be inf+nanj).
     */
    static final String SCAN_HELPERS = """
            ND_DEVICE_FN complex64 nd_c64_scanmul(complex64 a, complex64 b) {
                return (a.x == 1 && a.y == 0) ? b : (b.x == 1 && b.y == 0) ? a : nd_c64_mul(a, b);
            }
            #if defined(ND_CUDA) || defined(cl_khr_fp64)
            ND_DEVICE_FN complex128 nd_c128_scanmul(complex128 a, complex128 b) {
                return (a.x == 1 && a.y == 0) ? b : (b.x == 1 && b.y == 0) ? a : nd_c128_mul(a, b);
            }
            #endif
            """;

    /** Short tag of a dtype for generated names: "f32". */
    static String tag(DType d) {
        return switch (d) {
            case BOOL -> "b1";
            case UINT8 -> "u8";
            case INT8 -> "i8";
            case INT16 -> "i16";
            case UINT16 -> "u16";
            case INT32 -> "i32";
            case UINT32 -> "u32";
            case INT64 -> "i64";
            case UINT64 -> "u64";
            case FLOAT16 -> "f16";
            case FLOAT32 -> "f32";
            case FLOAT64 -> "f64";
            case COMPLEX64 -> "c64";
            case COMPLEX128 -> "c128";
            default -> "i64"; // datetime64 and timedelta64: their int64 storage
        };
    }

    /** An expression that is true when {@code v} (of d's compute type) is NaN (for complex: either part). */
    static String isnan(DType d, String v) {
        if (d.isFloating()) return "isnan(" + v + ")";
        if (d.isComplex()) return "(isnan((" + v + ").x) || isnan((" + v + ").y))";
        return "0";
    }

    /**
     * a > b in NumPy's order (lexicographic for complex, its CGT: the real parts decide only where
     * neither imaginary part is NaN); false when either is NaN.
     */
    static String gt(DType d, String a, String b) {
        if (d.isComplex())
            return "(((" + a + ").x > (" + b + ").x && !isnan((" + a + ").y) && !isnan((" + b + ").y)) || ((" + a
                    + ").x == (" + b + ").x && (" + a + ").y > (" + b + ").y))";
        return "(" + a + " > " + b + ")";
    }

    /** An expression: v != 0 (for complex: either part). */
    static String nonzero(DType d, String v) {
        if (d.isComplex()) return "((" + v + ").x != 0 || (" + v + ").y != 0)";
        return "(" + v + " != 0)";
    }

    /** The smallest value of d's compute type (-inf for floats), as a C expression. */
    static String lowest(DType d) {
        return switch (d) {
            case BOOL, UINT8, UINT16, UINT32 -> "0";
            case UINT64 -> "0UL";
            case INT8 -> "(-128)";
            case INT16 -> "(-32768)";
            case INT32 -> "(-2147483647 - 1)";
            case INT64 -> "(-9223372036854775807L - 1)";
            case FLOAT16, FLOAT32 -> "(-ND_INF)";
            case FLOAT64 -> "(-(double)ND_INF)";
            case COMPLEX64 -> "nd_c64(-ND_INF, -ND_INF)";
            case COMPLEX128 -> "nd_c128(-(double)ND_INF, -(double)ND_INF)";
            default -> lowest(DType.INT64); // datetime64 and timedelta64: their int64 storage
        };
    }

    /** The largest value of d's compute type (+inf for floats). */
    static String highest(DType d) {
        return switch (d) {
            case BOOL -> "1";
            case UINT8 -> "255";
            case INT8 -> "127";
            case INT16 -> "32767";
            case INT32 -> "2147483647";
            case INT64 -> "9223372036854775807L";
            case UINT16 -> "65535";
            case UINT32 -> "4294967295U";
            case UINT64 -> "18446744073709551615UL";
            case FLOAT16, FLOAT32 -> "ND_INF";
            case FLOAT64 -> "((double)ND_INF)";
            case COMPLEX64 -> "nd_c64(ND_INF, ND_INF)";
            case COMPLEX128 -> "nd_c128((double)ND_INF, (double)ND_INF)";
            default -> highest(DType.INT64); // datetime64 and timedelta64: their int64 storage
        };
    }

    /** NaN of d's compute type (floats and complex only). */
    static String nan(DType d) {
        return switch (d) {
            case COMPLEX64 -> "nd_c64(ND_NAN, ND_NAN)";
            case COMPLEX128 -> "nd_c128((double)ND_NAN, (double)ND_NAN)";
            case FLOAT64 -> "((double)ND_NAN)";
            default -> "ND_NAN";
        };
    }

    /** Zero of an accumulator dtype. */
    static String zero(DType d) {
        return switch (d) {
            case COMPLEX64 -> "nd_c64(0, 0)";
            case COMPLEX128 -> "nd_c128(0, 0)";
            default -> "0";
        };
    }

    /**
     * The identity of a scan's sum: -0.0 for the float and complex types, since -0.0 + x is x for every
     * x, -0.0 too (NumPy's cumsum starts from the first element: cumsum([-0.0]) is [-0.0]); else 0.
     */
    static String sumIdentity(DType d) {
        return switch (d) {
            case COMPLEX64 -> "nd_c64(-0.0f, -0.0f)";
            case COMPLEX128 -> "nd_c128(-0.0, -0.0)";
            case FLOAT16, FLOAT32 -> "(-0.0f)";
            case FLOAT64 -> "(-0.0)";
            default -> "0";
        };
    }

    /** One of an accumulator dtype. */
    static String one(DType d) {
        return switch (d) {
            case COMPLEX64 -> "nd_c64(1, 0)";
            case COMPLEX128 -> "nd_c128(1, 0)";
            default -> "1";
        };
    }

    static String add(DType d, String a, String b) {
        return d.isComplex() ? "nd_" + tag(d) + "_add(" + a + ", " + b + ")" : "(" + a + " + " + b + ")";
    }

    static String mul(DType d, String a, String b) {
        return d.isComplex() ? "nd_" + tag(d) + "_mul(" + a + ", " + b + ")" : "(" + a + " * " + b + ")";
    }

    /** A scan's product: {@link #mul}, exact beside the identity for complex (SCAN_HELPERS' function). */
    static String scanMul(DType d, String a, String b) {
        return d.isComplex() ? "nd_" + tag(d) + "_scanmul(" + a + ", " + b + ")" : mul(d, a, b);
    }

    /** Size of the C compute type of d in bytes (complex64 is float2: 8). */
    static int bytes(DType d) {
        return d == DType.FLOAT16 ? 4 : d.itemsize();
    }

    /**
     * The struct type of a value-and-index pair for argmin/argmax over d, with its maker and its
     * two combiners. Ties and NaN go to the smaller index, so the first occurrence wins whatever
     * order the tree combines in; a NaN beats every number, as NumPy's argmax says.
     */
    static String argTypes(DType d) {
        String c = CTypes.compute(d), t = "nd_arg_" + tag(d);
        var s = new StringBuilder();
        s.append("typedef struct { ")
                .append(c)
                .append(" v; long i; } ")
                .append(t)
                .append(";\n");
        s.append("ND_DEVICE_FN ")
                .append(t)
                .append(' ')
                .append(t)
                .append("_make(")
                .append(c)
                .append(" v, long i) { ")
                .append(t)
                .append(" r; r.v = v; r.i = i; return r; }\n");
        for (Reduction op : new Reduction[] {Reduction.ARGMAX, Reduction.ARGMIN}) {
            String kind = op.numpyName().substring(3); // nd_arg_T_max, nd_arg_T_min
            String better = op == Reduction.ARGMAX ? gt(d, "a.v", "b.v") : gt(d, "b.v", "a.v");
            String worse = op == Reduction.ARGMAX ? gt(d, "b.v", "a.v") : gt(d, "a.v", "b.v");
            s.append("ND_DEVICE_FN ")
                    .append(t)
                    .append(' ')
                    .append(t)
                    .append('_')
                    .append(kind)
                    .append('(')
                    .append(t)
                    .append(" a, ")
                    .append(t)
                    .append(" b) {\n");
            s.append("    int an = ")
                    .append(isnan(d, "a.v"))
                    .append(", bn = ")
                    .append(isnan(d, "b.v"))
                    .append(";\n");
            s.append("    if (an || bn) return (an && bn) ? (a.i <= b.i ? a : b) : (an ? a : b);\n");
            s.append("    if (").append(better).append(") return a;\n");
            s.append("    if (").append(worse).append(") return b;\n");
            s.append("    return a.i <= b.i ? a : b;\n}\n");
        }
        return s.toString();
    }

    /** Bytes of an arg pair (value padded to 8, plus the index; complex128's 16-byte alignment makes 32). */
    static int argBytes(DType d) {
        return d == DType.COMPLEX128 ? 32 : 16;
    }
}
