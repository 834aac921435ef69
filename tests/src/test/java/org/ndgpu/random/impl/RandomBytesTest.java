package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Generator.bytes(length): the length asked for, the same bytes for a seed (they are the uint8
 * integers of [0, 256) the same stream gives, so every backend agrees), each byte value about
 * equally often, and the stream moving on between calls. NumPy's own bytes come from PCG64, so
 * its values are no oracle here; its contract (length, uniform bytes) is.
 */
public class RandomBytesTest extends PerDeviceTest {

    @Test
    void bytesAreTheStreamsUint8Integers() {
        byte[] b = Nd.random().seed(7).bytes(1000);
        assertEquals(1000, b.length);
        assertArrayEquals(b, Nd.random().seed(7).bytes(1000));
        try (NDArray u = Nd.random().seed(7).integers(0, 256, DType.UINT8, 1000)) {
            long[] want = u.toLongArray();
            for (int i = 0; i < b.length; i++) assertEquals(want[i], b[i] & 0xff, "byte " + i);
        }
        var r = Nd.random().seed(7);
        assertFalse(Arrays.equals(r.bytes(64), r.bytes(64)), "the stream moves on between calls");
        assertEquals(0, Nd.random().bytes(0).length);
    }

    @Test
    void everyByteValueAboutEquallyOften() {
        byte[] b = Nd.random().seed(11).bytes(256 * 400);
        int[] counts = new int[256];
        for (byte x : b) counts[x & 0xff]++;
        // 400 expected per value; 6 standard deviations (sqrt(400) = 20) either way
        for (int v = 0; v < 256; v++) assertTrue(Math.abs(counts[v] - 400) < 120, "value " + v + ": " + counts[v]);
    }

    @Test
    void aNegativeLengthIsRefused() {
        var e = assertThrows(NdException.class, () -> Nd.random().bytes(-1));
        assertTrue(e.getMessage().contains("random.bytes"), e.getMessage());
    }
}
