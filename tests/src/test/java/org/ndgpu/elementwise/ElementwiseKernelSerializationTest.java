package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.NDArray;

/** An ElementwiseKernel survives Java serialization (as Spark ships closures) and computes the same there. */
class ElementwiseKernelSerializationTest {
    static Object roundTrip(Object o) throws IOException, ClassNotFoundException {
        var bytes = new ByteArrayOutputStream();
        try (var out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (var in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    @Test
    void roundTripKeepsTheDefinitionAndTheResults() throws Exception {
        var k = new ElementwiseKernel(
                "float32 x, T y",
                "float32 z",
                "z = SQ(x) * SCALE + y",
                "sq_axpy",
                ElementwiseKernel.Options.defaults()
                        .withPreamble("#define SQ(v) ((v) * (v))")
                        .withCompileOptions("-DSCALE=3.0f"));
        var back = (ElementwiseKernel) roundTrip(k);
        assertNotSame(k, back);
        assertEquals(k.toString(), back.toString());
        Random r = new Random(7);
        float[] x = new float[1000];
        float[] y = new float[1000];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) r.nextGaussian();
            y[i] = (float) r.nextGaussian();
        }
        NDArray a = Nd.array(x), b = Nd.array(y);
        assertEquals(k.generatedSource(a, b), back.generatedSource(a, b));
        float[] got = back.call(a, b).toFloatArray();
        for (int i = 0; i < x.length; i++) {
            double want = (double) x[i] * x[i] * 3.0 + y[i];
            assertEquals(want, got[i], 1e-5 * Math.max(1, Math.abs(want)));
        }
    }
}
