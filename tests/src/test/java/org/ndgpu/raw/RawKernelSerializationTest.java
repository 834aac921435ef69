package org.ndgpu.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.NDArray;

/** RawKernel and RawModule survive Java serialization (as Spark ships closures) and launch the same there. */
class RawKernelSerializationTest {
    static Object roundTrip(Object o) throws IOException, ClassNotFoundException {
        var bytes = new ByteArrayOutputStream();
        try (var out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (var in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    static String source(Dialect d) {
        return d == Dialect.CUDA ? """
                extern "C" __global__ void axpb(const float* x, float* y, float a, int n) {
                    int i = blockIdx.x * blockDim.x + threadIdx.x;
                    if (i < n) y[i] = a * x[i] + B;
                }""" : """
                __kernel void axpb(__global const float* x, __global float* y, float a, int n) {
                    int i = get_global_id(0);
                    if (i < n) y[i] = a * x[i] + B;
                }""";
    }

    @Test
    void kernelAndModuleRoundTrip() throws Exception {
        Dialect d = Device.current().backend().dialect();
        var k = new RawKernel(source(d), "axpb", "-DB=0.5f");
        var back = (RawKernel) roundTrip(k);
        assertNotSame(k, back);
        assertEquals("axpb", back.name());
        assertEquals(k.module().options(), back.module().options());
        assertEquals(k.module().code(), back.module().code());
        var mod = (RawModule) roundTrip(new RawModule(source(d), "-DB=0.5f"));
        assertEquals(java.util.List.of("axpb"), mod.kernelNames());
        Random r = new Random(9);
        float[] x = new float[777];
        for (int i = 0; i < x.length; i++) x[i] = (float) r.nextGaussian();
        for (RawKernel kk : new RawKernel[] {back, mod.function("axpb")}) {
            NDArray y = Nd.full(Float.NaN, org.ndgpu.ndarray.DType.FLOAT32, x.length); // poisoned
            kk.launch(new long[] {(x.length + 127) / 128}, new long[] {128}, Nd.array(x), y, 3f, x.length);
            float[] got = y.toFloatArray();
            for (int i = 0; i < x.length; i++)
                assertEquals(3.0 * x[i] + 0.5, got[i], 1e-5 * Math.max(1, Math.abs(3.0 * x[i])));
        }
        // a binary module travels as its bytes
        var bin = (RawModule) roundTrip(RawModule.fromBinary(Dialect.CUDA, new byte[] {1, 2, 3}));
        assertEquals(Dialect.CUDA, bin.dialect());
        assertEquals(null, bin.code());
    }

    /** A JavaKernel is an Aparapi Kernel, which is not Serializable: it is made where it runs. */
    @Test
    void aJavaKernelDoesNotTravel() {
        var e = assertThrows(NotSerializableException.class, () -> roundTrip(new TestKernels.Saxpy()));
        assertTrue(e.getMessage().contains("Saxpy"), e.getMessage());
    }
}
