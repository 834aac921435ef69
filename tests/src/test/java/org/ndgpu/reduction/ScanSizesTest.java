package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/** A scan of a broadcast view whose result could be no array is a ShapeException naming the scan (it named "empty"). */
public class ScanSizesTest extends PerDeviceTest {
    @Test
    void scanOfAHugeBroadcastView() {
        try (NDArray a = Nd.ones(1).reshape(1, 1).broadcastTo(1L << 40, 1L << 22)) {
            var e = assertThrows(ShapeException.class, () -> Nd.cumsum(a, 1));
            assertTrue(e.getMessage().startsWith("cumsum: ") && e.getMessage().contains("too big"), e.getMessage());
            var p = assertThrows(ShapeException.class, () -> Nd.cumprod(a, 0));
            assertTrue(p.getMessage().startsWith("cumprod: "), p.getMessage());
        }
    }
}
