package org.ndgpu.ndimage;

/**
 * Division of a 31-bit index by an invariant divisor as a product and a shift (Granlund and
 * Montgomery's round-up method), what a compiler does for a constant divisor: the interpolation
 * kernels unravel their output index with it, where a division by a runtime divisor costs a GPU a
 * reciprocal, two conversions and a correction per element.
 */
final class Reciprocal {
    private Reciprocal() {}

    /**
     * The multiplier {@code m} and shift {@code s} with {@code n / d == (n * m) >> s} for every
     * {@code 0 <= n < 2^31}, {@code d} from 1 to 2^31 - 1: with l = ceil(log2 d), m = ceil(2^(31 + l) / d)
     * is below 2^32, so {@code n * m} is a product of two 32-bit words, exact in 64 bits.
     */
    static long[] of(long d) {
        if (d < 1 || d > Integer.MAX_VALUE) throw new IllegalArgumentException("divisor out of range: " + d);
        int l = 64 - Long.numberOfLeadingZeros(d - 1);
        int s = 31 + l;
        return new long[] {((1L << s) + d - 1) / d, s};
    }

    /**
     * The C expression of {@code (uint) n / d} for the uint expression {@code n}, the multiplier and
     * the shift being the int64 expressions {@code m} and {@code s}.
     */
    static String quotient(String n, String m, String s) {
        // m as a 32-bit word, so that the product is one 32 x 32 -> 64-bit multiply
        return "(uint) (((ulong) " + n + " * (ulong) (uint) " + m + ") >> (int) " + s + ")";
    }
}
