package org.ndgpu.fuse;

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
import org.ndgpu.ndarray.NDArray;

/** A fused function travels with its lambda (as Spark ships closures); one that captures something unserializable says so. */
class FuseSerializationTest {
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
    @SuppressWarnings("unchecked")
    void aFusedFunctionAndWhatItCapturesRoundTrip() throws Exception {
        double scale = 1.5;
        float[] shift = {0.25f};
        Fused<NDArray> f = Fuse.of((NDArray x, NDArray y) ->
                        x.sub(y).mul(x.sub(y)).mul(scale).add(shift[0]))
                .named("scaled_sqdiff");
        var back = (Fused<NDArray>) roundTrip(f);
        assertNotSame(f, back);
        assertEquals("scaled_sqdiff", back.name());
        Random r = new Random(21);
        float[] a = new float[500], b = new float[500];
        for (int i = 0; i < a.length; i++) {
            a[i] = (float) r.nextGaussian();
            b[i] = (float) r.nextGaussian();
        }
        NDArray x = Nd.array(a), y = Nd.array(b);
        assertEquals(1, back.kernelCount(x, y));
        assertEquals(f.source(x, y), back.source(x, y));
        float[] got = back.call(x, y).toFloatArray();
        for (int i = 0; i < a.length; i++) {
            double d = (double) a[i] - b[i], want = d * d * 1.5 + 0.25;
            assertEquals(want, got[i], 1e-5 * Math.max(1, want));
        }
        // the other shapes of Fuse.of travel too
        var sum = (Fused<NDArray>) roundTrip(Fuse.varargs(xs -> xs[0].add(xs[1]).sum()));
        double want = 0;
        for (int i = 0; i < a.length; i++) want += (double) a[i] + b[i];
        assertEquals(want, ((Number) sum.call(x, y).item()).doubleValue(), 1e-4 * Math.max(1, Math.abs(want)));
    }

    @Test
    void capturingSomethingUnserializableNamesTheFunctionAndTheClass() {
        Thread notSerializable = Thread.currentThread();
        Fused<NDArray> f = Fuse.of(
                        (NDArray x) -> x.mul(notSerializable.getName().length()))
                .named("captures_thread");
        var e = assertThrows(NotSerializableException.class, () -> roundTrip(f));
        assertTrue(
                e.getMessage().contains("fuse 'captures_thread'")
                        && e.getMessage().contains("java.lang.Thread"),
                e.getMessage());
    }
}
