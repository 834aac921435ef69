package org.ndgpu.routines.sorting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * numpy.partition and argpartition of empty arrays: NumPy returns an empty array of the same shape
 * (int64 for argpartition) whatever kth is, since there is nothing to select among; kth is checked
 * against the axis only when the array has elements.
 */
class PartitionEmptyTest extends PerDeviceTest {

    @Test
    void emptyArraysComeBackEmptyForAnyKth() {
        long[][] shapes = {{0}, {3, 0}, {0, 3}};
        for (long[] shape : shapes) {
            for (int axis : new int[] {-1, 0}) {
                for (long kth : new long[] {0, -1, 1, 5}) {
                    try (NDArray a = Nd.zeros(DType.FLOAT32, shape);
                            NDArray p = Nd.partition(a, kth, axis);
                            NDArray i = Nd.argpartition(a, kth, axis)) {
                        assertArrayEquals(shape, p.shape());
                        assertEquals(DType.FLOAT32, p.dtype());
                        assertArrayEquals(shape, i.shape());
                        assertEquals(DType.INT64, i.dtype());
                    }
                }
            }
        }
    }

    @Test
    void kthIsStillCheckedWhenThereAreElements() {
        try (NDArray a = Nd.zeros(DType.FLOAT64, 2, 3)) {
            assertThrows(NdException.class, () -> Nd.partition(a, 3));
            assertThrows(NdException.class, () -> Nd.argpartition(a, -4));
            var e = assertThrows(NdException.class, () -> Nd.partition(a, 5, 0)); // axis 0 has 2 elements
            assertEquals(true, e.getMessage().contains("kth"), e.getMessage());
        }
    }
}
