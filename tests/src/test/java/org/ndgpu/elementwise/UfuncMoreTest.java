package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Divmod;
import org.ndgpu.ndarray.Frexp;
import org.ndgpu.ndarray.Modf;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * ldexp, frexp, modf, divmod and sinc against NumPy (fixtures/ufuncs/ufuncs-more.tsv, from
 * gen_ufunc_more_fixtures.py): every input dtype NumPy accepts, edge values included (signed
 * zeros, infinities, NaN, subnormals, exponents beyond int32, INT_MIN // -1), on contiguous inputs
 * into new and into poisoned outputs, and (for the 64-bit dtypes) from a transposed and a strided view. All but sinc are exact in IEEE
 * arithmetic and compared bit for bit, the sign of zero included. ufuncs-more-unsigned.tsv adds uint16, uint32 and uint64:
 * these ufuncs, binary ufuncs of mixed signed and unsigned operands, astype to and from every dtype, and Java numbers
 * beside unsigned arrays (NEP 50), each against NumPy; integer results exactly.
 */
public class UfuncMoreTest extends PerDeviceTest {
    private static final long[] SHAPE = {3, 4};
    private static final Set<String> EXACT = Set.of("ldexp", "frexp", "modf", "divmod");

    @TestFactory
    Stream<DynamicTest> everyDtypeAgainstNumPy() {
        return cases("/fixtures/ufuncs/ufuncs-more.tsv");
    }

    /** The unsigned rows: these ufuncs, mixed signed and unsigned operands, astype, Java numbers beside unsigned arrays. */
    @TestFactory
    Stream<DynamicTest> unsignedAgainstNumPy() {
        return cases("/fixtures/ufuncs/ufuncs-more-unsigned.tsv");
    }

    private Stream<DynamicTest> cases(String fixture) {
        return Fixtures.rows(fixture).stream()
                .map(r -> DynamicTest.dynamicTest(
                        r[0] + "(" + r[1] + (r[0].equals("astype") ? " -> " + r[2] : "") + ")", () -> {
                            try (var _ = device().use()) {
                                if (r[0].equals("astype")) checkAstype(r);
                                else check(r);
                            }
                        }));
    }

    private static NDArray[] call(String name, NDArray[] outs, Object... in) {
        return switch (name) {
            case "ldexp" -> new NDArray[] {outs == null ? Nd.ldexp(in[0], in[1]) : Nd.ldexp(in[0], in[1], outs[0])};
            case "sinc" -> new NDArray[] {outs == null ? ((NDArray) in[0]).sinc() : Nd.sinc((NDArray) in[0], outs[0])};
            case "frexp" -> {
                Frexp f = outs == null ? ((NDArray) in[0]).frexp() : Nd.frexp((NDArray) in[0], outs[0], outs[1]);
                yield new NDArray[] {f.mantissa(), f.exponent()};
            }
            case "modf" -> {
                Modf m = outs == null ? Nd.modf((NDArray) in[0]) : Nd.modf((NDArray) in[0], outs[0], outs[1]);
                yield new NDArray[] {m.fractional(), m.integral()};
            }
            case "divmod" -> {
                Divmod d = outs == null ? Nd.divmod(in[0], in[1]) : Nd.divmod(in[0], in[1], outs[0], outs[1]);
                yield new NDArray[] {d.quotient(), d.remainder()};
            }
            // the other ufuncs (the mixed-dtype and Java-number rows of ufuncs-more-unsigned.tsv) by name
            default -> new NDArray[] {Nd.ufunc(name, outs == null ? null : outs[0], in)};
        };
    }

    /** Operand k of a row: an array of its dtype, or for "pyint", "pyfloat" and "pybool" a Java long, double or boolean. */
    private static Object operand(Device dev, String type, String text) {
        return switch (type) {
            case "pyint" -> Long.parseLong(text);
            case "pyfloat" -> Double.parseDouble(text);
            case "pybool" -> !text.equals("0");
            default -> Fixtures.array(dev, DType.of(type), SHAPE, text);
        };
    }

    private void check(String[] r) {
        String name = r[0];
        String[] inTypes = r[1].split(","), outTypes = r[2].split(",");
        int nin = inTypes.length, nout = outTypes.length;
        Object[] in = new Object[nin];
        for (int k = 0; k < nin; k++) in[k] = operand(device(), inTypes[k], r[3 + k]);
        if (r[2].equals("error")) { // NumPy has no loop, or a Java number does not fit (OverflowError)
            assertThrows(DTypeException.class, () -> call(name, null, in), name + "(" + r[1] + ")");
            return;
        }
        NDArray[] got = call(name, null, in);
        // views (a strided kernel each) for the widest dtypes only, so the suite compiles few kernels
        boolean viewed = r[1].contains("64");
        Object[] views = in.clone();
        if (viewed && in[0] instanceof NDArray a) views[0] = a.T().copy().T();
        if (viewed && nin > 1 && in[1] instanceof NDArray b) {
            NDArray wide = Nd.zeros(b.dtype(), 3, 8);
            wide.set(":, ::2", b);
            views[1] = wide.get(":, ::2");
        }
        NDArray[] outs = new NDArray[nout];
        for (int k = 0; k < nout; k++) {
            DType d = DType.of(outTypes[k]);
            outs[k] = Nd.zeros(d, 3, 4);
            if (d.isInexact()) outs[k].fill(Double.NaN);
            else outs[k].fill(7);
        }
        NDArray[] into = call(name, outs, views);
        for (int k = 0; k < nout; k++) {
            DType d = DType.of(outTypes[k]);
            double[][] want = Fixtures.parse(r[3 + nin + k]);
            String what = name + "(" + r[1] + ") output " + (k + 1);
            assertEquals(d, got[k].dtype(), what + " dtype");
            assertTrue(into[k] == outs[k], what + ": the out array is returned");
            for (NDArray g : new NDArray[] {got[k], outs[k]}) {
                assertNull(Fixtures.compare(d, r[3 + nin + k], g), what);
                if (EXACT.contains(name) && d.isInexact())
                    assertNull(Fixtures.compareExact(want, Fixtures.values(g)), what + " exact");
            }
        }
    }

    /** astype from r[1] to r[2] (unsafe casting, as numpy's astype), contiguous and from a transposed view; compared exactly. */
    private void checkAstype(String[] r) {
        DType from = DType.of(r[1]), to = DType.of(r[2]);
        NDArray a = Fixtures.array(device(), from, SHAPE, r[3]);
        String what = "astype(" + from + " -> " + to + ")";
        for (NDArray src : new NDArray[] {a, a.T().copy().T()}) {
            NDArray got = src.astype(to);
            assertEquals(to, got.dtype(), what + " dtype");
            assertNull(Fixtures.compare(to, r[4], got), what);
            if (to.isInexact())
                assertNull(Fixtures.compareExact(Fixtures.parse(r[4]), Fixtures.values(got)), what + " exact");
        }
    }

    @Test
    void typeResolutionOutCastingAndErrors() {
        try (NDArray f = Nd.array(new float[] {1.5f, -3f});
                NDArray h = f.astype(DType.FLOAT16);
                NDArray i8 = Nd.array(new byte[] {3, -2})) {
            // a Java integer exponent takes NumPy's int64-exponent loop: the mantissa's dtype stays
            assertEquals(DType.FLOAT32, f.ldexp(3).dtype());
            assertArrayEquals(new float[] {12f, -24f}, f.ldexp(3).toFloatArray());
            assertEquals(DType.FLOAT16, h.ldexp(2L).dtype());
            assertEquals(DType.FLOAT16, Nd.ldexp(2, i8).dtype()); // the weak 2 becomes int8: float16 loop
            assertArrayEquals(new float[] {16f, 0.5f}, Nd.ldexp(2, i8).toFloatArray());
            assertEquals(DType.FLOAT64, Nd.ldexp(2, 3).dtype());
            assertThrows(DTypeException.class, () -> f.ldexp(3.0)); // NumPy has no float exponent loop
            assertThrows(DTypeException.class, () -> Nd.ldexp(f, f));
            assertThrows(
                    DTypeException.class,
                    () -> Nd.frexp(Nd.array(new double[] {1}).astype(DType.COMPLEX128)));
            assertEquals(DType.INT8, i8.divmod(3).quotient().dtype()); // NEP 50 weak scalar
            assertArrayEquals(new long[] {1, -1}, i8.divmod(3).quotient().toLongArray());
            assertArrayEquals(new long[] {0, 1}, i8.divmod(3).remainder().toLongArray());
            assertEquals(DType.FLOAT64, Nd.sinc(i8).dtype());
            // out: same_kind casting per output, shapes checked, a float into an int refused
            NDArray m64 = Nd.zeros(DType.FLOAT64, 2), e64 = Nd.zeros(DType.INT64, 2);
            Frexp fr = Nd.frexp(f, m64, e64);
            assertArrayEquals(new double[] {0.75, -0.75}, m64.toDoubleArray());
            assertArrayEquals(new long[] {1, 2}, e64.toLongArray());
            assertTrue(fr.mantissa() == m64 && fr.exponent() == e64);
            assertThrows(DTypeException.class, () -> Nd.frexp(f, Nd.zeros(DType.INT32, 2), null));
            assertThrows(DTypeException.class, () -> Nd.modf(f, null, Nd.zeros(DType.INT64, 2)));
            assertThrows(ShapeException.class, () -> Nd.divmod(f, 2, Nd.zeros(DType.FLOAT32, 3), null));
            assertThrows(
                    NdException.class,
                    () -> Nd.divmod(f, 2, Nd.zeros(DType.FLOAT32, 1).broadcastTo(2), null)); // read-only
            var e = assertThrows(NdException.class, () -> Nd.ufunc("divmod", null, f, f));
            assertTrue(e.getMessage().contains("two outputs"), e.getMessage());
            assertThrows(NullPointerException.class, () -> Nd.modf(null));
            try (Modf m = Nd.modf(Nd.zeros(DType.FLOAT32, 0, 3))) {
                assertArrayEquals(new long[] {0, 3}, m.integral().shape());
            }
            try (Divmod d = Nd.divmod(Nd.array(new long[] {7}).reshape(), 2)) {
                assertEquals(0, d.quotient().ndim());
                assertArrayEquals(new long[] {3}, d.quotient().toLongArray());
            }
        }
    }
}
