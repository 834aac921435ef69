package org.ndgpu.routines.sorting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.indexing.IndexingFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * lexsort against NumPy (make_indexing_fixtures.py): ties broken by the earlier keys, NaN last,
 * mixed key dtypes, every axis of 2-d keys; 0-d and empty keys; NumPy's errors.
 */
public class LexsortTest extends PerDeviceTest {
    @Test
    void lexsortMatchesNumpy() {
        for (var c : IndexingFixtures.cases("lexsort")) {
            List<NDArray> keys = new ArrayList<>();
            try {
                for (int k = 0; k < c.count() - 1; k++) keys.add(c.load(k));
                try (NDArray want = c.load(c.count() - 1);
                        NDArray got = Nd.lexsort(keys, c.axis())) {
                    IndexingFixtures.assertMatches(want, got, c.name());
                }
            } finally {
                keys.forEach(NDArray::close);
            }
        }
    }

    @Test
    void zeroDimensionalAndEmptyKeys() {
        try (NDArray e = Nd.zeros(DType.FLOAT32, 0);
                NDArray s = Nd.array(new double[] {2.5}).reshape();
                NDArray ek = Nd.lexsort(List.of(e));
                NDArray one = Nd.lexsort(List.of(s))) {
            assertArrayEquals(new long[] {0}, ek.shape());
            assertEquals(0, one.ndim());
        }
    }

    @Test
    void badInputIsNamed() {
        try (NDArray a = Nd.arange(3.0);
                NDArray b = Nd.arange(4.0)) {
            var e1 = assertThrows(NdException.class, () -> Nd.lexsort(List.of()));
            assertEquals("lexsort: need sequence of keys with len > 0 in lexsort", e1.getMessage());
            var e2 = assertThrows(ShapeException.class, () -> Nd.lexsort(List.of(a, b)));
            assertEquals("lexsort: all keys need to be the same shape, got (3,) and (4,)", e2.getMessage());
            assertThrows(AxisException.class, () -> Nd.lexsort(List.of(a), 1));
            NDArray closed = Nd.zeros(3);
            closed.close();
            assertThrows(ArrayClosedException.class, () -> Nd.lexsort(List.of(a, closed)));
            assertThrows(NullPointerException.class, () -> Nd.lexsort(null));
        }
    }
}
