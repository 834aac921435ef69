package org.ndgpu.codegen;

import org.ndgpu.ndarray.DType;

/**
 * How each dtype is declared, loaded, stored and converted in generated source, the same text for
 * both dialects (the preludes give the names their meaning). float16 is stored as 16 bits and
 * computed in float.
 */
public final class CTypes {
    private CTypes() {}

    /** The type a value of {@code d} has while a kernel computes with it. */
    public static String compute(DType d) {
        return switch (d) {
            case BOOL -> "nd_bool";
            case UINT8 -> "uchar";
            case INT8 -> "char";
            case INT16 -> "short";
            case UINT16 -> "ushort";
            case INT32 -> "int";
            case UINT32 -> "uint";
            case INT64 -> "long";
            case UINT64 -> "ulong";
            case FLOAT16, FLOAT32 -> "float";
            case FLOAT64 -> "double";
            case COMPLEX64 -> "complex64";
            case COMPLEX128 -> "complex128";
            default -> "long"; // datetime64 and timedelta64: their int64 count of units
        };
    }

    /** The type of an element in memory. */
    public static String storage(DType d) {
        return d == DType.FLOAT16 ? "nd_half" : compute(d);
    }

    /** An expression reading the element at typed pointer expression {@code ptr}. */
    public static String load(DType d, String ptr) {
        return d == DType.FLOAT16 ? "ND_HALF_TO_FLOAT(" + ptr + ")" : "(*(" + ptr + "))";
    }

    /** A statement writing {@code value} (already of the compute type) to typed pointer {@code ptr}. */
    public static String store(DType d, String ptr, String value) {
        return d == DType.FLOAT16 ? "ND_STORE_HALF(" + ptr + ", " + value + ");" : "*(" + ptr + ") = " + value + ";";
    }

    /** {@code expr} of dtype {@code from} converted to {@code to}'s compute type, as NumPy's astype (unsafe casting). */
    public static String cast(DType from, DType to, String expr) {
        if (from == to) return expr;
        if (to == DType.BOOL) {
            return from.isComplex()
                    ? "(nd_bool)((" + expr + ").x != 0 || (" + expr + ").y != 0)"
                    : "(nd_bool)((" + expr + ") != 0)";
        }
        if (to.isComplex()) {
            String mk = to == DType.COMPLEX64 ? "nd_c64" : "nd_c128";
            String re = to == DType.COMPLEX64 ? "float" : "double";
            if (from.isComplex()) return mk + "((" + re + ")(" + expr + ").x, (" + re + ")(" + expr + ").y)";
            return mk + "((" + re + ")(" + expr + "), 0)";
        }
        // a complex value converts as its real part would (float to unsigned through the wrap-around below)
        if (from.isComplex()) return cast(from.real(), to, "(" + expr + ").x");
        if (from == DType.FLOAT64 && to == DType.FLOAT16) return "nd_double_to_half_float(" + expr + ")";
        if (from.isFloating() && to == DType.UINT64) {
            // exact up to 2^64 through the unsigned conversion; a negative value wraps through long, as NumPy's x86
            // loop
            return "nd_float_to_ulong(" + expr + ")";
        }
        if (from.isFloating() && to.isInteger()) {
            // C leaves out-of-range float->int undefined; truncate through a wide type as NumPy's loops do
            return "(" + compute(to) + ")(long)(" + expr + ")";
        }
        return "(" + compute(to) + ")(" + expr + ")";
    }

    /** The declared type of a scalar parameter of {@code d} (float16 scalars travel as float). */
    public static String scalarParam(DType d) {
        return d == DType.FLOAT16 ? "float" : compute(d);
    }
}
