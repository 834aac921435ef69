package org.ndgpu.device;

import static org.jocl.CL.CL_DEVICE_EXTENSIONS;
import static org.jocl.CL.clGetDeviceInfo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.jocl.Pointer;
import org.jocl.cl_device_id;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendGraph;
import org.ndgpu.backend.BackendStream;
import org.ndgpu.backend.opencl.OpenClHandles;
import org.ndgpu.config.Config;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * OpenCL graphs through {@code cl_khr_command_buffer}: a graph replays as one command buffer exactly
 * where the device lists the extension and {@code ndgpu.opencl.commandBuffer} allows it, and a step
 * replayed that way equals the eager run bit for bit, on the queue it was built for and on another.
 * On PoCL and on NVIDIA's OpenCL (run {@code -Dndgpu.test.devices=opencl-gpu} on the GPU host);
 * skipped on CUDA.
 */
@SuppressWarnings("try") // Stream.use scopes are held by try, not referenced
public class CommandBufferTest extends PerDeviceTest {
    private final SplittableRandom random = new SplittableRandom(0x3c6e_11a5L);

    @AfterEach
    void settingBack() {
        System.clearProperty(Config.OPENCL_COMMAND_BUFFER.property());
    }

    private Backend openCl() {
        Backend b = device().backend();
        assumeTrue(OpenClHandles.isOpenCl(b), "an OpenCL device's test");
        return b;
    }

    /** CL_DEVICE_EXTENSIONS lists cl_khr_command_buffer (a whole name, not a longer one that starts with it). */
    private static boolean listsExtension(Backend b) {
        cl_device_id d = OpenClHandles.device(b);
        long[] size = new long[1];
        clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, 0, null, size);
        byte[] text = new byte[(int) size[0]];
        clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, text.length, Pointer.to(text), null);
        String ext = new String(text, StandardCharsets.UTF_8).replace("\0", "");
        return Arrays.asList(ext.strip().split("\\s+")).contains("cl_khr_command_buffer");
    }

    private float[] randomFloats(int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) v[i] = (float) (random.nextDouble() * 4 - 2);
        return v;
    }

    /** A fill and a copy recorded on the backend, replayed on the default queue and on another. */
    private void fillAndCopy(Backend b, boolean expected) {
        BackendStream eager = b.defaultStream(), other = b.createStream();
        BackendBuffer src = b.allocate(64), dst = b.allocate(64);
        byte[] ramp = new byte[64];
        for (int i = 0; i < 64; i++) ramp[i] = (byte) i;
        b.copyIn(eager, MemorySegment.ofArray(ramp), src, 0, 64);
        BackendStream capturing = b.beginCapture();
        b.fill(capturing, dst, 0, 64, (byte) 7);
        b.copy(capturing, src, 8, dst, 16, 32);
        BackendGraph g = b.endCapture(capturing);
        try {
            assertEquals(expected, OpenClHandles.isCommandBuffer(g), "the command buffer is chosen");
            for (BackendStream s : new BackendStream[] {eager, other, eager}) {
                b.fill(s, dst, 0, 64, (byte) 0);
                g.launch(s);
                byte[] host = new byte[64];
                b.copyOut(s, dst, 0, MemorySegment.ofArray(host), 64);
                for (int i = 0; i < 64; i++) assertEquals(i >= 16 && i < 48 ? i - 8 : 7, host[i], "byte " + i);
            }
        } finally {
            g.close();
            b.synchronize(eager);
            b.synchronize(other);
            other.close();
            b.free(src);
            b.free(dst);
        }
    }

    @Test
    void theCommandBufferIsChosenExactlyWhereTheDeviceListsItAndTheSettingAllows() {
        Backend b = openCl();
        boolean listed = listsExtension(b);
        fillAndCopy(b, listed);
        System.setProperty(Config.OPENCL_COMMAND_BUFFER.property(), "false");
        fillAndCopy(b, false);
        System.setProperty(Config.OPENCL_COMMAND_BUFFER.property(), "true");
        fillAndCopy(b, listed);
    }

    @Test
    void aStepReplayedThroughTheCommandBufferEqualsTheEagerRunBitForBit() {
        Backend b = openCl();
        assumeTrue(listsExtension(b), "the device does not list cl_khr_command_buffer");
        int n = 4096;
        NDArray x = Nd.array(randomFloats(n)), y = Nd.array(randomFloats(n));
        NDArray[] out = new NDArray[2];
        try (Graph g = Nd.capture(() -> {
            NDArray[] r = GraphTest.step(x, y);
            out[0] = r[0];
            out[1] = r[1];
        })) {
            for (int round = 0; round < 12; round++) {
                GraphTest.write(x, randomFloats(n));
                GraphTest.write(y, randomFloats(n));
                // every third round on a stream of its own: the buffer is enqueued on another queue
                try (Stream s = round % 3 == 2 ? Stream.create(device()) : null;
                        var on = s != null ? s.use() : null) {
                    g.launch();
                    NDArray[] eager = GraphTest.step(x, y);
                    assertArrayEquals(eager[0].toFloatArray(), out[0].toFloatArray(), "round " + round);
                    assertEquals(
                            Float.floatToRawIntBits(eager[1].toFloatArray()[0]),
                            Float.floatToRawIntBits(out[1].toFloatArray()[0]),
                            "the sum, round " + round);
                }
            }
            // replays back to back, before any result is read: the last one's results
            for (int i = 0; i < 5; i++) g.launch();
            NDArray[] eager = GraphTest.step(x, y);
            assertArrayEquals(eager[0].toFloatArray(), out[0].toFloatArray(), "back to back");
        }
    }
}
