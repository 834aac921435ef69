package org.ndgpu.ndarray;

/**
 * NumPy's casting rules, as the {@code casting=} argument of ufuncs and {@code numpy.copyto}:
 * which conversions of a result into an output array are allowed.
 *
 * <pre>{@code
 * Casting.SAME_KIND.allows(DType.FLOAT64, DType.FLOAT32);   // true: float to float
 * Casting.SAME_KIND.allows(DType.FLOAT32, DType.INT32);     // false: numpy raises UFuncTypeError
 * Casting.UNSAFE.allows(DType.FLOAT32, DType.INT32);        // true: truncates, as a C cast
 * }</pre>
 */
public enum Casting {
    /** Only the identical dtype. */
    NO,
    /** The identical dtype (ndgpu's dtypes are all little-endian, so 'equiv' is 'no'). */
    EQUIV,
    /** Only casts that keep every value ({@link DType#canCastSafely}). */
    SAFE,
    /** Safe casts, and casts within a kind or towards a later one (bool, uint, int, float, complex): NumPy's default for out=. */
    SAME_KIND,
    /** Any cast, as a C cast. */
    UNSAFE;

    /** numpy.can_cast(from, to, casting=this). */
    public boolean allows(DType from, DType to) {
        java.util.Objects.requireNonNull(from, "Casting.allows: from is null");
        java.util.Objects.requireNonNull(to, "Casting.allows: to is null");
        return switch (this) {
            case NO, EQUIV -> from == to;
            case SAFE -> DType.canCastSafely(from, to);
            case SAME_KIND ->
                (from.isTime() || to.isTime())
                        ? (from == to || TimeTypes.canCast(from, to, true))
                        : (DType.canCastSafely(from, to) || kindRank(from) <= kindRank(to));
            case UNSAFE -> true;
        };
    }

    /** NumPy's spelling: "same_kind". */
    public String numpyName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    private static int kindRank(DType d) {
        return switch (d.kind()) {
            case 'b' -> 0;
            case 'u' -> 1;
            case 'i' -> 2;
            case 'f' -> 3;
            default -> 4;
        };
    }
}
