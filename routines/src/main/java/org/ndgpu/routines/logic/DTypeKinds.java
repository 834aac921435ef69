package org.ndgpu.routines.logic;

import java.util.Objects;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;

/**
 * NumPy's dtype classification: numpy.isdtype (the array API's kinds: "bool", "signed integer",
 * "unsigned integer", "integral", "real floating", "complex floating", "numeric", or dtypes) and
 * numpy.issubdtype (NumPy's abstract scalar types by name: "generic", "number", "integer",
 * "signedinteger", "unsignedinteger", "inexact", "floating", "complexfloating", "bool", or a
 * dtype's name). Both read the dtype's kind only; nothing runs on a device.
 */
public final class DTypeKinds {
    private DTypeKinds() {}

    /** numpy.isdtype(dtype, kind): whether dtype is of any of {@code kinds}. */
    public static boolean isdtype(DType dtype, String... kinds) {
        Objects.requireNonNull(dtype, "isdtype: dtype is null");
        Objects.requireNonNull(kinds, "isdtype: kind is null");
        boolean any = false;
        for (String k : kinds) {
            Objects.requireNonNull(k, "isdtype: a kind is null");
            any |= switch (k) {
                case "bool" -> dtype.isBool();
                case "signed integer" -> dtype.isSigned();
                case "unsigned integer" -> dtype.isInteger() && !dtype.isSigned();
                case "integral" -> dtype.isInteger();
                case "real floating" -> dtype.isFloating();
                case "complex floating" -> dtype.isComplex();
                case "numeric" -> !dtype.isBool();
                default ->
                    throw new NdException("isdtype: kind argument is a string, but '" + k
                            + "' is not a known kind name (expected 'bool', 'signed integer', 'unsigned integer',"
                            + " 'integral', 'real floating', 'complex floating' or 'numeric')");
            };
        }
        return any;
    }

    /** numpy.isdtype(dtype, kind) with dtypes as the kinds: whether dtype is one of them. */
    public static boolean isdtype(DType dtype, DType... kinds) {
        Objects.requireNonNull(dtype, "isdtype: dtype is null");
        Objects.requireNonNull(kinds, "isdtype: kind is null");
        for (DType k : kinds) if (Objects.requireNonNull(k, "isdtype: a kind is null") == dtype) return true;
        return false;
    }

    /** numpy.issubdtype(arg1, arg2): whether arg1 is arg2 or below it in NumPy's type hierarchy. */
    public static boolean issubdtype(DType arg1, String arg2) {
        Objects.requireNonNull(arg1, "issubdtype: arg1 is null");
        Objects.requireNonNull(arg2, "issubdtype: arg2 is null");
        return switch (arg2) {
            case "generic" -> true;
            case "number" -> !arg1.isBool();
            case "integer" -> arg1.isInteger();
            case "signedinteger" -> arg1.isSigned();
            case "unsignedinteger" -> arg1.isInteger() && !arg1.isSigned();
            case "inexact" -> arg1.isInexact();
            case "floating" -> arg1.isFloating();
            case "complexfloating" -> arg1.isComplex();
            case "bool", "bool_" -> arg1.isBool();
            default -> arg1 == DType.of(arg2);
        };
    }

    /** numpy.issubdtype(arg1, arg2) of two dtypes: concrete dtypes have no subtypes, so whether they are equal. */
    public static boolean issubdtype(DType arg1, DType arg2) {
        Objects.requireNonNull(arg1, "issubdtype: arg1 is null");
        return arg1 == Objects.requireNonNull(arg2, "issubdtype: arg2 is null");
    }
}
