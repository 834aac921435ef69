package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Every ufunc x every dtype it accepts, against NumPy (fixtures/ufuncs/ufuncs.tsv, and ufuncs-unsigned.tsv for uint16,
 * uint32 and uint64 with values up to each dtype's maximum): on contiguous
 * inputs, on a transposed view and a strided view, and with the second input broadcast from one
 * row. Outputs are poisoned first where passed in. Integer and bool results are compared exactly.
 */
public class UfuncTest extends PerDeviceTest {
    private static final long[] SHAPE = {3, 4};
    /** Ufuncs whose results are exact in IEEE arithmetic: compared bit for bit, the sign of zero included. */
    private static final java.util.Set<String> EXACT = java.util.Set.of(
            "nextafter", "copysign", "fmax", "fmin", "fmod", "heaviside", "signbit", "positive", "gcd", "lcm");

    @TestFactory
    Stream<DynamicTest> everyUfuncEveryDtype() {
        return cases("/fixtures/ufuncs/ufuncs.tsv");
    }

    /** uint16, uint32 and uint64: values above 2^31 and 2^63, wrap-around, zero divisors, shifts by the width and more. */
    @TestFactory
    Stream<DynamicTest> everyUfuncUnsigned() {
        // the views, out and broadcast layouts generate the same code for every dtype of a width, and the
        // signed cases run them everywhere; on PoCL, which compiles each kernel on the CPU, the unsigned
        // cases run contiguous only, which keeps CI's time (the GPU hosts run every layout)
        return cases("/fixtures/ufuncs/ufuncs-unsigned.tsv", kind != org.ndgpu.testing.TestDevice.POCL);
    }

    private Stream<DynamicTest> cases(String fixture) {
        return cases(fixture, true);
    }

    private Stream<DynamicTest> cases(String fixture, boolean layouts) {
        return Fixtures.rows(fixture).stream()
                .map(r -> DynamicTest.dynamicTest(r[0] + "(" + r[1] + ")", () -> {
                    try (var _ = device().use()) {
                        check(r, layouts);
                    }
                }));
    }

    private void check(String[] r, boolean layouts) {
        String name = r[0];
        DType d = DType.of(r[1]);
        DType outType = DType.of(r[2]);
        int nin = r.length - 5;
        double[][] want = Fixtures.parse(r[3 + nin]);
        NDArray[] ins = new NDArray[nin];
        for (int k = 0; k < nin; k++) ins[k] = Fixtures.array(device(), d, SHAPE, r[3 + k]);

        // contiguous
        NDArray got = call(name, null, ins);
        assertEquals(outType, got.dtype(), name + " result dtype");
        assertNull(Fixtures.compare(outType, r[3 + nin], got), name + "(" + d + ") contiguous");
        if (EXACT.contains(name) && outType.isInexact())
            assertNull(Fixtures.compareExact(want, Fixtures.values(got)), name + "(" + d + ") exact");
        if (!layouts) return;

        // views: first input a transposed copy seen through .T(), second a strided view, into a poisoned out
        NDArray[] views = ins.clone();
        views[0] = ins[0].T().copy().T();
        if (nin > 1) {
            NDArray wide = Nd.zeros(d, 3, 8);
            wide.set(":, ::2", ins[1]);
            views[1] = wide.get(":, ::2");
        }
        NDArray out = Nd.zeros(outType, 3, 4);
        if (outType.isInexact()) out.fill(Double.NaN);
        else out.fill(7);
        call(name, out, views);
        assertNull(Fixtures.compare(outType, r[3 + nin], out), name + "(" + d + ") transposed/strided into out");
        if (EXACT.contains(name) && outType.isInexact())
            assertNull(Fixtures.compareExact(want, Fixtures.values(out)), name + "(" + d + ") exact, into out");

        if (nin == 2 && !name.equals("clip")) {
            NDArray bc = call(name, null, ins[0], ins[1].get("0:1, :"));
            assertNull(Fixtures.compare(outType, r[4 + nin], bc), name + "(" + d + ") broadcast");
        }
    }

    @org.junit.jupiter.api.Test
    void weakScalarsOutCastingWhereRealImag() {
        NDArray f = Nd.array(new float[] {1, -2, 3});
        assertEquals(DType.FLOAT32, f.mul(2.0).dtype()); // NEP 50
        assertEquals(DType.FLOAT64, Nd.array(new int[] {1, 2}).add(0.5).dtype());
        org.junit.jupiter.api.Assertions.assertThrows(
                org.ndgpu.exceptions.DTypeException.class,
                () -> Nd.array(new byte[] {1}).astype(DType.UINT8).add(300));
        org.junit.jupiter.api.Assertions.assertThrows(
                org.ndgpu.exceptions.DTypeException.class,
                () -> Nd.add(f, f, Nd.zeros(DType.INT32, 3))); // same_kind: float into int
        org.junit.jupiter.api.Assertions.assertThrows(
                org.ndgpu.exceptions.ShapeException.class, () -> Nd.add(f, f, Nd.zeros(DType.FLOAT32, 4)));
        NDArray d = Nd.zeros(DType.FLOAT64, 3);
        Nd.add(f, 1, d); // float32 into float64: allowed
        org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {2, -1, 4}, d.toDoubleArray());
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new long[] {0, 0, -2, 1},
                Nd.floorDiv(Nd.array(new long[] {7, 7, -7, 7}), Nd.array(new long[] {0, 0, 4, 4}))
                        .get("0:4")
                        .sub(Nd.array(new long[] {0, 0, 0, 0}))
                        .toLongArray());
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new long[] {0, 1, -3},
                Nd.mod(Nd.array(new long[] {7, -7, 7}), Nd.array(new long[] {0, 4, -5}))
                        .toLongArray());
        NDArray w = Nd.where(f.gt(0), f, 0);
        assertEquals(DType.FLOAT32, w.dtype());
        org.junit.jupiter.api.Assertions.assertArrayEquals(new float[] {1, 0, 3}, w.toFloatArray());
        NDArray c = Fixtures.array(device(), DType.COMPLEX64, new long[] {2}, new double[][] {{1, 2}, {-3, 4}});
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new float[] {1, -3}, c.real().toFloatArray());
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new float[] {2, 4}, c.imag().toFloatArray());
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new float[] {(float) Math.sqrt(5), 5}, c.abs().toFloatArray(), 1e-6f);
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new float[] {0, 0, 0}, f.imag().toFloatArray());
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new float[] {1, 0, 1}, f.clip(0, 1).toFloatArray());
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new float[] {0, -2, 0}, f.clip(null, 0).toFloatArray());
    }

    /** A call resolved as the one before it but for out's dtype (or no out) runs its own loop: out is part of the memo's key. */
    @org.junit.jupiter.api.Test
    void anOutOfAnotherDtypeIsNotThePreviousCall() {
        try (NDArray a = Nd.array(new float[] {1.5f, 2.5f});
                NDArray o64 = Nd.zeros(DType.FLOAT64, 2);
                NDArray o16 = Nd.zeros(DType.FLOAT16, 2)) {
            for (int round = 0; round < 2; round++) {
                try (NDArray r = a.add(a)) {
                    assertEquals(DType.FLOAT32, r.dtype());
                    org.junit.jupiter.api.Assertions.assertArrayEquals(new float[] {3, 5}, r.toFloatArray());
                }
                Nd.add(a, a, o64);
                org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {3, 5}, o64.toDoubleArray());
                Nd.add(a, 0.25, o16);
                org.junit.jupiter.api.Assertions.assertArrayEquals(
                        new double[] {1.75, 2.75}, o16.astype(DType.FLOAT64).toDoubleArray());
            }
        }
    }

    /** NumPy's complex fmax/fmin: a NaN part in b keeps a, so two NaN operands give a (nan+nanj), not b. */
    @org.junit.jupiter.api.Test
    void complexFmaxFminWithNaNs() {
        double nan = Double.NaN;
        NDArray a = Fixtures.array(
                device(), DType.COMPLEX128, new long[] {4}, new double[][] {{nan, 1}, {1, 2}, {nan, nan}, {3, 0}});
        NDArray b = Fixtures.array(
                device(), DType.COMPLEX128, new long[] {4}, new double[][] {{0.5, 0}, {0.5, nan}, {nan, 0}, {2, 1}});
        assertNull(Fixtures.compareExact(
                new double[][] {{0.5, 0}, {1, 2}, {nan, nan}, {3, 0}}, Fixtures.values(a.fmax(b))));
        assertNull(Fixtures.compareExact(
                new double[][] {{0.5, 0}, {1, 2}, {nan, nan}, {2, 1}}, Fixtures.values(Nd.fmin(a, b))));
    }

    private static NDArray call(String name, NDArray out, NDArray... ins) {
        if (name.equals("clip"))
            return out == null ? Nd.clip(ins[0], ins[1], ins[2]) : Nd.clip(ins[0], ins[1], ins[2], out);
        return Nd.ufunc(name, out, Arrays.copyOf(ins, ins.length, Object[].class));
    }

    /** NumPy: "Integers to negative integer powers are not allowed"; a float exponent or base is fine. */
    @org.junit.jupiter.api.Test
    void integerBaseToNegativeIntegerScalarPowerIsAnError() {
        try (NDArray a = Nd.arange(1, 4);
                NDArray f = a.pow(-1.0);
                NDArray p = a.pow(2)) {
            var e = org.junit.jupiter.api.Assertions.assertThrows(
                    org.ndgpu.exceptions.NdException.class, () -> a.pow(-1));
            org.junit.jupiter.api.Assertions.assertTrue(
                    e.getMessage().startsWith("power: Integers to negative integer powers are not allowed"),
                    e.getMessage());
            org.junit.jupiter.api.Assertions.assertArrayEquals(
                    new double[] {1, 0.5, 1.0 / 3}, f.toDoubleArray(), 1e-15);
            org.junit.jupiter.api.Assertions.assertArrayEquals(new long[] {1, 4, 9}, p.toLongArray());
        }
    }
}
