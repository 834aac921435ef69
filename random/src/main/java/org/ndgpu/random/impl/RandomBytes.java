package org.ndgpu.random.impl;

import java.lang.foreign.ValueLayout;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * NumPy's Generator.bytes(length): {@code length} random bytes, each uniform over 0..255. They are
 * drawn on the device as uint8 integers of [0, 256) from the generator's stream (so a seed gives the
 * same bytes on every backend) and read back, since NumPy returns Python {@code bytes}, a host value.
 */
public final class RandomBytes {
    private RandomBytes() {}

    /** The bytes of one call, from the counters {@code c} reserves. */
    public static byte[] bytes(DistributionLibrary draws, Counters c, int length) {
        if (length < 0) throw new NdException("random.bytes: expected a non-negative length, got " + length);
        try (NDArray u = draws.integers(c, 0, 256, false, DType.UINT8, new long[] {length})) {
            return u.toBytes().toArray(ValueLayout.JAVA_BYTE);
        }
    }
}
