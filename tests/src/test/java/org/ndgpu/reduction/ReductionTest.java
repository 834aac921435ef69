package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;
import org.ndgpu.spi.Scan;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Every reduction and scan against NumPy: all dtypes, contiguous, transposed and strided inputs,
 * axis choices and keepdims, NaN propagation (fixtures from make_reduction_fixtures.py).
 */
public class ReductionTest extends PerDeviceTest {

    @TestFactory
    Stream<DynamicTest> againstNumpy() {
        return Fixtures.cases().stream().map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    private static String str(DType d, long v) {
        return d == DType.UINT64 ? Long.toUnsignedString(v) : Long.toString(v);
    }

    private void check(Fixtures.Case c) {
        try (NDArray a = Fixtures.input(c.input(), c.dtype(), c.layout())) {
            NDArray r;
            if (c.op().startsWith("cum")) {
                r = Providers.reductions().scan(Scan.of(c.op()), a, c.axes() == null ? null : c.axes()[0], null);
            } else {
                r = Providers.reductions().reduce(Reduction.of(c.op()), a, c.axes(), c.keepdims(), null, c.ddof());
            }
            try (r) {
                assertEquals(c.resultType(), r.dtype(), "dtype");
                assertArrayEquals(c.resultShape(), r.shape(), "shape");
                if (c.exact() != null) { // integer results: every bit, uint64 beyond 2^63 included
                    long[] got = Fixtures.exactValues(r);
                    assertEquals(c.exact().length, got.length, "element count");
                    for (int i = 0; i < got.length; i++) {
                        if (c.exact()[i] != got[i]) {
                            fail("element " + i + ": expected " + str(r.dtype(), c.exact()[i]) + ", got "
                                    + str(r.dtype(), got[i]));
                        }
                    }
                    return;
                }
                double[] got = Fixtures.values(r);
                double tol = Fixtures.tolerance(r.dtype());
                if (c.op().equals("prod") || c.op().equals("cumprod")) tol *= 4;
                assertEquals(c.values().length, got.length, "element count");
                for (int i = 0; i < got.length; i++) {
                    double e = c.values()[i], g = got[i];
                    if (Double.isNaN(e)) {
                        assertTrue(Double.isNaN(g), "element " + i + ": expected nan, got " + g);
                    } else if (tol == 0 || Double.isInfinite(e)) {
                        assertEquals(e, g, "element " + i);
                    } else {
                        double scale = Math.max(
                                Math.abs(e), c.op().startsWith("var") || c.op().startsWith("std") ? 1e-3 : 1.0);
                        assertTrue(Math.abs(g - e) <= tol * scale, "element " + i + ": expected " + e + ", got " + g);
                    }
                }
            }
        }
    }
}
