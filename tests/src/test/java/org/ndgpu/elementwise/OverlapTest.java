package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * NumPy's rules for writing into an output that overlaps an input: the result is as if the inputs
 * were read completely before anything was written (NumPy computes through a temporary). Each case
 * is checked against a plain Java loop over a copy of the old values; inputs are fresh random
 * numbers. Also the other out= rules: read-only broadcast views and the same_kind casting of copyto.
 */
public class OverlapTest extends PerDeviceTest {
    private static double[] random(long seed, int n) {
        var r = new SplittableRandom(seed);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = r.nextDouble(-100, 100);
        return d;
    }

    @Test
    void addIntoItsOwnReversedView() {
        int n = 100_000; // many work-groups, so a wrong order shows
        double[] old = random(1, n);
        try (NDArray a = Nd.array(old)) {
            Nd.add(a.get("::-1"), 0, a);
            double[] got = a.toDoubleArray();
            for (int i = 0; i < n; i++) assertEquals(old[n - 1 - i], got[i], 0, "element " + i);
        }
    }

    @Test
    void addTransposeIntoItself() {
        for (int m : new int[] {3, 64, 257}) {
            double[] old = random(m, m * m);
            try (NDArray t = Nd.array(old).reshape(m, m)) {
                Nd.add(t, t.T(), t);
                double[] got = t.toDoubleArray();
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < m; j++) {
                        assertEquals(
                                old[i * m + j] + old[j * m + i],
                                got[i * m + j],
                                0,
                                m + "x" + m + " [" + i + "," + j + "]");
                    }
                }
            }
        }
        // the 3x3 int64 example, as NumPy prints it
        try (NDArray t = Nd.arange(9).reshape(3, 3)) {
            Nd.add(t, t.T(), t);
            assertArrayEquals(new long[] {0, 4, 8, 4, 8, 12, 8, 12, 16}, t.toLongArray());
        }
    }

    @Test
    void shiftedPartialAndStridedOutputs() {
        int n = 50_001;
        double[] old = random(2, n);
        try (NDArray a = Nd.array(old)) {
            Nd.add(a.get("1:"), a.get(":-1"), a.get(":-1")); // out[i] = old[i+1] + old[i]
            double[] got = a.toDoubleArray();
            for (int i = 0; i < n - 1; i++) assertEquals(old[i + 1] + old[i], got[i], 0, "shift by one, element " + i);
            assertEquals(old[n - 1], got[n - 1], 0, "the element outside out is untouched");
        }
        try (NDArray a = Nd.array(old)) {
            int half = (n + 1) / 2;
            Nd.mul(a.get("::2"), 2, a.get(":" + half)); // out[i] = 2 * old[2i]
            double[] got = a.toDoubleArray();
            for (int i = 0; i < half; i++)
                assertEquals(2 * old[2 * i], got[i], 0, "strided into partial, element " + i);
            for (int i = half; i < n; i++) assertEquals(old[i], got[i], 0, "outside out, element " + i);
        }
        try (NDArray a = Nd.array(old)) {
            Nd.neg(a.get("::-1"), a); // unary ufunc
            double[] got = a.toDoubleArray();
            for (int i = 0; i < n; i++) assertEquals(-old[n - 1 - i], got[i], 0, "negative reversed, element " + i);
        }
        try (NDArray a = Nd.array(old)) {
            Nd.add(a.get("0:1"), a, a); // an input broadcast from out's first element
            double[] got = a.toDoubleArray();
            for (int i = 0; i < n; i++) assertEquals(old[0] + old[i], got[i], 0, "broadcast element 0, element " + i);
        }
    }

    @Test
    void theIdenticalViewNeedsNoCopyAndIsRight() {
        double[] old = random(3, 10_000);
        try (NDArray a = Nd.array(old)) {
            Nd.mul(a, a, a);
            double[] got = a.toDoubleArray();
            for (int i = 0; i < old.length; i++) assertEquals(old[i] * old[i], got[i], 0);
        }
    }

    @Test
    void copytoBetweenOverlappingViews() {
        double[] old = random(4, 20_000);
        int n = old.length;
        try (NDArray a = Nd.array(old)) {
            Nd.copyto(a.get("1:"), a.get(":-1")); // forwards: a memmove, not a memcpy
            double[] got = a.toDoubleArray();
            assertEquals(old[0], got[0], 0);
            for (int i = 1; i < n; i++) assertEquals(old[i - 1], got[i], 0, "forward, element " + i);
        }
        try (NDArray a = Nd.array(old)) {
            Nd.copyto(a.get(":-1"), a.get("1:")); // backwards
            double[] got = a.toDoubleArray();
            for (int i = 0; i < n - 1; i++) assertEquals(old[i + 1], got[i], 0, "backward, element " + i);
        }
        try (NDArray a = Nd.array(old)) {
            a.set("...", a.get("::-1")); // a[...] = a[::-1]
            double[] got = a.toDoubleArray();
            for (int i = 0; i < n; i++) assertEquals(old[n - 1 - i], got[i], 0, "set reversed, element " + i);
        }
    }

    @Test
    void elementwiseKernelOutputOverlappingItsInput() {
        var twice = new ElementwiseKernel("float64 x", "float64 z", "z = x * 2", "overlap_twice");
        double[] old = random(5, 30_000);
        try (NDArray y = Nd.array(old)) {
            twice.call(y.get("::-1"), y);
            double[] got = y.toDoubleArray();
            for (int i = 0; i < old.length; i++) assertEquals(2 * old[old.length - 1 - i], got[i], 0, "element " + i);
        }
    }

    @Test
    void broadcastViewsAreReadOnly() {
        try (NDArray row = Nd.arange(0.0, 3.0, 1.0);
                NDArray b = row.broadcastTo(4, 3)) {
            assertFalse(b.isWriteable());
            assertFalse(b.T().isWriteable(), "a view of a read-only view is read-only");
            assertTrue(b.copy().isWriteable());
            assertTrue(row.isWriteable());
            for (Runnable write : new Runnable[] {
                () -> Nd.add(b, 1, b),
                () -> Nd.copyto(b, 1.0),
                () -> b.fill(2.0),
                () -> b.set("0", 5.0),
                () -> b.set(b.gt(0), 7.0),
                () -> b.sort(),
                () -> Nd.neg(row, b.get("0"))
            }) {
                var e = assertThrows(NdException.class, write::run);
                assertTrue(e.getMessage().contains("assignment destination is read-only"), e.getMessage());
            }
            assertArrayEquals(new double[] {0, 1, 2}, row.toDoubleArray(), "nothing was written through the view");
        }
    }

    @Test
    void copytoCastsSameKindByDefault() {
        try (NDArray ints = Nd.full(7, DType.INT32, 3);
                NDArray floats = Nd.array(new float[] {1.5f, -2.5f, 3.9f})) {
            var e = assertThrows(DTypeException.class, () -> Nd.copyto(ints, floats));
            assertTrue(
                    e.getMessage().contains("copyto")
                            && e.getMessage().contains("float32")
                            && e.getMessage().contains("int32")
                            && e.getMessage().contains("same_kind"),
                    e.getMessage());
            assertThrows(DTypeException.class, () -> Nd.copyto(ints, 1.5), "a Python float into int32 needs 'unsafe'");
            try (NDArray bools = Nd.zeros(DType.BOOL, 3)) {
                assertThrows(
                        DTypeException.class, () -> Nd.copyto(bools, 1), "a Python int into bool is not same_kind");
            }
            assertArrayEquals(new int[] {7, 7, 7}, ints.toIntArray(), "a refused copyto writes nothing");
            Nd.copyto(ints, floats, Casting.UNSAFE); // truncation, as a C cast, when asked for
            assertArrayEquals(new int[] {1, -2, 3}, ints.toIntArray());
            ints.set("...", floats.mul(2)); // setitem casts unsafely, as NumPy's a[...] = x
            assertArrayEquals(new int[] {3, -5, 7}, ints.toIntArray());
        }
    }

    @Test
    void nanAndInfinityNeverGoSilentlyIntoIntegers() {
        try (NDArray ints = Nd.full(7, DType.INT32, 3)) {
            for (double bad :
                    new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e20, -3e9}) {
                var e = assertThrows(DTypeException.class, () -> ints.fill(bad), "fill " + bad);
                assertTrue(e.getMessage().contains("fill") && e.getMessage().contains("int32"), e.getMessage());
                assertThrows(DTypeException.class, () -> ints.set("1", bad), "set " + bad);
                assertThrows(DTypeException.class, () -> Nd.full(bad, DType.INT32, 2), "full " + bad);
            }
            var e = assertThrows(DTypeException.class, () -> Nd.full(Double.NaN, DType.INT32, 2, 2));
            assertTrue(e.getMessage().contains("cannot convert float NaN to integer"), e.getMessage());
            assertArrayEquals(new int[] {7, 7, 7}, ints.toIntArray());
            ints.fill(-2.7); // in range: truncates towards zero, as NumPy
            assertArrayEquals(new int[] {-2, -2, -2}, ints.toIntArray());
        }
        try (NDArray f = Nd.full(Double.NaN, DType.FLOAT32, 2)) { // NaN into a float is fine
            assertTrue(Float.isNaN(f.toFloatArray()[1]));
        }
    }

    @Test
    void nullOperandsNameTheirPosition() {
        try (NDArray x = Nd.arange(3)) {
            var e = assertThrows(NullPointerException.class, () -> x.add(null));
            assertTrue(e.getMessage().contains("add") && e.getMessage().contains("x2"), e.getMessage());
            e = assertThrows(NullPointerException.class, () -> Nd.mul(null, x));
            assertTrue(e.getMessage().contains("multiply") && e.getMessage().contains("x1"), e.getMessage());
            e = assertThrows(NullPointerException.class, () -> x.astype((DType) null));
            assertEquals("astype: to is null", e.getMessage());
        }
    }
}
