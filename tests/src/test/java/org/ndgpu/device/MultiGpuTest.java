package org.ndgpu.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Every CUDA device of the host (two or more): peer copies (NDArray.to, Nd.copyto into a view)
 * between every ordered pair, with or without peer access (the driver stages the copy through host
 * memory where there is none), and Stream.waitEvent from GPU 0 to each other (cuStreamWaitEvent),
 * byte for byte against the host. Needs a host with two GPUs; skipped, saying so, elsewhere.
 */
@Tag("gpu")
class MultiGpuTest {
    private static final byte POISON = (byte) 0xA5;
    private final SplittableRandom random = new SplittableRandom(0x9e37_79b9L);
    private List<Device> gpus;

    @BeforeEach
    void twoGpus() {
        List<Device> cuda = Device.list().stream()
                .filter(d -> d.backendName().equals("cuda"))
                .toList();
        assumeTrue(cuda.size() >= 2, "needs two CUDA devices; found " + cuda + " " + Device.problems());
        gpus = cuda;
    }

    private byte[] randomFloats(int n) {
        byte[] out = new byte[n * 4];
        MemorySegment s = MemorySegment.ofArray(out);
        for (int i = 0; i < n; i++)
            s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, i * 4L, (float) random.nextDouble(-1e3, 1e3));
        return out;
    }

    private static NDArray on(Device d, byte[] bytes, DType t, long... shape) {
        try (var _ = d.use()) {
            return Nd.array(MemorySegment.ofArray(bytes), t, shape);
        }
    }

    private static byte[] bytes(NDArray a) {
        return a.toBytes().toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void peerCopiesAreExactIncludingViewsAndWindows() {
        for (Device from : gpus) for (Device to : gpus) if (from != to) peerCopies(from, to);
    }

    private void peerCopies(Device gpu0, Device gpu1) {
        for (int n : new int[] {1, 1000, 1 << 22}) {
            byte[] host = randomFloats(n);
            try (NDArray a = on(gpu0, host, DType.FLOAT32, n);
                    NDArray b = a.to(gpu1)) {
                assertSame(gpu1, b.device());
                assertArrayEquals(host, bytes(b), n + " elements " + gpu0.id() + " -> " + gpu1.id());
                try (NDArray back = b.to(gpu0)) {
                    assertArrayEquals(host, bytes(back));
                }
            }
        }
        byte[] poison = new byte[64 * 64 * 4];
        Arrays.fill(poison, POISON);
        byte[] src = randomFloats(30 * 20);
        try (NDArray dst = on(gpu1, poison, DType.FLOAT32, 64, 64);
                NDArray w = dst.get("3:33, 7:27");
                NDArray s = on(gpu0, src, DType.FLOAT32, 30, 20)) {
            Nd.copyto(w, s);
            assertArrayEquals(src, bytes(w));
            assertTrue(bytes(dst)[0] == POISON, "outside the window stays poisoned");
            try (NDArray sv = s.get("::3, 2:");
                    NDArray moved = sv.to(gpu1)) {
                assertArrayEquals(bytes(sv), bytes(moved));
            }
        }
    }

    @Test
    void waitEventAcrossGpusAndMisuse() {
        for (Device other : gpus.subList(1, gpus.size())) waitEventAcross(gpus.getFirst(), other);
    }

    private void waitEventAcross(Device gpu0, Device gpu1) {
        byte[] host = randomFloats(1 << 22);
        try (NDArray x = on(gpu0, host, DType.FLOAT32, 1 << 22);
                Stream s1 = Stream.create(gpu1)) {
            NDArray y;
            Event e;
            try (var _ = gpu0.use()) {
                y = x.astype(DType.FLOAT64); // a kernel on gpu0
                e = Event.record();
            }
            s1.waitEvent(e); // cuStreamWaitEvent, on the device
            try (var _ = gpu1.use();
                    var _ = s1.use();
                    NDArray z = Nd.empty(DType.FLOAT64, 1 << 22)) {
                Nd.copyto(z, y);
                s1.synchronize();
                try (NDArray want = x.astype(DType.FLOAT64)) {
                    assertArrayEquals(bytes(want), bytes(z));
                }
            }
            List<Device> opencl = Device.list().stream()
                    .filter(d -> d.backendName().equals("opencl"))
                    .toList();
            if (!opencl.isEmpty()) {
                try (Stream other = Stream.create(opencl.getFirst())) {
                    DeviceException wrong = assertThrows(DeviceException.class, () -> other.waitEvent(e));
                    assertTrue(wrong.getMessage().contains("Stream.waitEvent"), wrong.getMessage());
                }
            }
            e.close();
            y.close();
        }
    }
}
