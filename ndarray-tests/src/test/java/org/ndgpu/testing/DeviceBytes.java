package org.ndgpu.testing;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Arrays as raw bytes, for tests that move data between devices and compare it bit for bit: random
 * valid elements, an array made from bytes on a chosen device, and an array's bytes back.
 */
public final class DeviceBytes {
    private DeviceBytes() {}

    /** Random valid elements of {@code d} in C order (bool, int8, int64, float16, float32, complex128): bools 0/1, finite floats. */
    public static byte[] randomBytes(SplittableRandom random, DType d, long n) {
        byte[] out = new byte[Math.toIntExact(n * d.itemsize())];
        MemorySegment s = MemorySegment.ofArray(out);
        for (long i = 0; i < n; i++) {
            switch (d) {
                case BOOL -> s.set(ValueLayout.JAVA_BYTE, i, (byte) random.nextInt(2));
                case INT8 -> s.set(ValueLayout.JAVA_BYTE, i, (byte) random.nextInt(256));
                case INT64 -> s.set(ValueLayout.JAVA_LONG_UNALIGNED, i * 8, random.nextLong());
                case FLOAT16 ->
                    s.set(ValueLayout.JAVA_SHORT_UNALIGNED, i * 2, Float.floatToFloat16((float)
                            random.nextDouble(-1e4, 1e4)));
                case FLOAT32 -> s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, i * 4, (float) random.nextDouble(-1e6, 1e6));
                case COMPLEX128 -> {
                    s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, i * 16, random.nextDouble(-1e6, 1e6));
                    s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, i * 16 + 8, random.nextDouble(-1e6, 1e6));
                }
                default -> throw new AssertionError(d);
            }
        }
        return out;
    }

    /** An array of {@code dtype} and {@code shape} from little-endian C-order bytes, made on device {@code d}. */
    public static NDArray onDevice(Device d, byte[] bytes, DType dtype, long... shape) {
        try (var _ = d.use()) {
            return Creation.fromBytes(MemorySegment.ofArray(bytes), dtype, shape);
        }
    }

    /** The array's elements as little-endian C-order bytes. */
    public static byte[] bytes(NDArray a) {
        return a.toBytes().toArray(ValueLayout.JAVA_BYTE);
    }
}
