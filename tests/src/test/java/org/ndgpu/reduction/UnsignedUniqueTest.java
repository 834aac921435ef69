package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.unique of uint16, uint32 and uint64 (routines' sort, then the ufunc not_equal of kernels-elementwise,
 * which routines' own tests do not have): lengths that take the network and the radix sort, values over the
 * whole range with 2^63 and 2^64 - 1, against a Java TreeSet ordered by Long.compareUnsigned.
 */
public class UnsignedUniqueTest extends PerDeviceTest {

    @Test
    void uniqueInUnsignedOrder() {
        SplittableRandom r = new SplittableRandom(34);
        for (DType d : new DType[] {DType.UINT16, DType.UINT32, DType.UINT64}) {
            int w = 8 * d.itemsize();
            long max = w == 64 ? -1L : (1L << w) - 1, half = 1L << (w - 1);
            long[] special = {0, 1, max, max - 1, half, half - 1, half + 1};
            for (int n : new int[] {9, 700, 5000}) {
                long[] v = new long[n];
                MemorySegment seg = MemorySegment.ofArray(new byte[n * d.itemsize()]);
                TreeSet<Long> set = new TreeSet<>(Long::compareUnsigned);
                for (int i = 0; i < n; i++) {
                    int k = r.nextInt(10);
                    v[i] = k == 0
                            ? special[r.nextInt(special.length)]
                            : k < 5 ? r.nextInt(50) : r.nextLong() & max; // many repeats
                    set.add(v[i]);
                    switch (d.itemsize()) {
                        case 2 -> seg.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i, (short) v[i]);
                        case 4 -> seg.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, (int) v[i]);
                        default -> seg.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, v[i]);
                    }
                }
                long[] want = set.stream().mapToLong(Long::longValue).toArray();
                try (NDArray a = Nd.array(seg, d, n);
                        NDArray u = Nd.unique(a)) {
                    assertEquals(d, u.dtype());
                    assertArrayEquals(want, u.toLongArray(), d + " unique of " + n);
                }
            }
        }
    }
}
