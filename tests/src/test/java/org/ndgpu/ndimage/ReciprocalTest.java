package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The interpolation kernels' division by a product and a shift: for divisors from 1 to 2^31 - 1
 * (small ones, powers of two and their neighbours, random ones), the multiplier fits 32 bits and
 * the quotient of every numerator tried (0, the divisor's multiples and their neighbours, 2^31 - 1,
 * random ones) is the integer division's, as the kernel computes it: a 64-bit product, shifted.
 */
class ReciprocalTest {
    @Test
    void productAndShiftDivideEvery31BitIndex() {
        SplittableRandom r = new SplittableRandom(40);
        long checked = 0;
        for (int t = 0; t < 6000; t++) {
            long d;
            if (t < 3000) d = t + 1;
            else if (t < 3093) d = Math.max(1, Math.min(Integer.MAX_VALUE, (1L << ((t - 3000) / 3 + 1)) + (t % 3) - 1));
            else d = 1 + r.nextLong(Integer.MAX_VALUE);
            long[] ms = Reciprocal.of(d);
            assertTrue(ms[0] > 0 && ms[0] < 1L << 32, "multiplier of " + d + ": " + ms[0]);
            long top = Integer.MAX_VALUE;
            long[] ns = {0, 1, d - 1, d, d + 1, top, top - 1, top / d * d, top / d * d - 1, r.nextLong(top + 1)};
            for (long n : ns) {
                if (n < 0 || n > top) continue;
                long q = (n * ms[0]) >>> ms[1]; // n < 2^31 and m < 2^32: the product fits 63 bits
                assertEquals(n / d, q, n + " / " + d);
                checked++;
            }
        }
        assertTrue(checked > 50_000);
    }
}
