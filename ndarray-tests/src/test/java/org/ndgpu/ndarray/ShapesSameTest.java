package org.ndgpu.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Shapes.same, the per-call shape comparison of NDArray.hasShape: the answer of Arrays.equals for
 * random shapes of every rank up to 6 (equal, one axis off, one axis more or less, empty), and a
 * null side refused by name.
 */
class ShapesSameTest {
    @Test
    void agreesWithArraysEquals() {
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 2000; i++) {
            long[] a = new long[r.nextInt(7)];
            for (int d = 0; d < a.length; d++) a[d] = r.nextInt(4) == 0 ? 0 : r.nextLong(1, 1L << 40);
            long[] b = a.clone();
            switch (r.nextInt(4)) {
                case 0 -> {}
                case 1 -> {
                    if (b.length > 0) b[r.nextInt(b.length)] += r.nextBoolean() ? 1 : -1;
                }
                case 2 -> b = Arrays.copyOf(b, b.length + 1);
                default -> b = Arrays.copyOf(b, Math.max(0, b.length - 1));
            }
            assertEquals(Arrays.equals(a, b), Shapes.same(a, b), Arrays.toString(a) + " vs " + Arrays.toString(b));
            assertEquals(Arrays.equals(b, a), Shapes.same(b, a), Arrays.toString(b) + " vs " + Arrays.toString(a));
        }
    }

    @Test
    void aNullSideIsNamed() {
        assertEquals(
                "Shapes.same: a is null",
                assertThrows(NullPointerException.class, () -> Shapes.same(null, new long[] {1}))
                        .getMessage());
        assertEquals(
                "Shapes.same: b is null",
                assertThrows(NullPointerException.class, () -> Shapes.same(new long[] {1}, null))
                        .getMessage());
    }
}
