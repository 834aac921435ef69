package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;

/** A ReductionKernel survives Java serialization (as Spark ships closures) and reduces the same there. */
class ReductionKernelSerializationTest {
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
    void roundTripKeepsEveryPart() throws Exception {
        var k = new ReductionKernel(
                "T x",
                "T y",
                "SQ(x)",
                "a + b",
                "y = sqrt(a) * W",
                "0",
                "l2norm_w",
                "float64",
                "#define SQ(v) ((v) * (v))",
                List.of("-DW=2"));
        var back = (ReductionKernel) roundTrip(k);
        assertNotSame(k, back);
        assertEquals(k.toString(), back.toString());
        Random r = new Random(3);
        float[] x = new float[6 * 500];
        for (int i = 0; i < x.length; i++) x[i] = (float) r.nextGaussian();
        float[] got = back.call(Nd.array(x, DType.FLOAT32, 6, 500), 1).toFloatArray();
        for (int row = 0; row < 6; row++) {
            double s = 0;
            for (int c = 0; c < 500; c++) s += (double) x[row * 500 + c] * x[row * 500 + c];
            assertEquals(Math.sqrt(s) * 2, got[row], 1e-5 * Math.sqrt(s) * 2);
        }
    }
}
