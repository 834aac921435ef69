package org.ndgpu.routines.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The NumPy results of make_math_fixtures.py (fixtures/math/GROUP.npz), loaded onto the current
 * device, and the comparison every suite of issue 39 uses: NumPy's dtype and shape, then the
 * values (bool and integers exactly, floats by relative error for their precision, NaN equal to
 * NaN, complex part by part).
 */
public final class MathFixtures implements AutoCloseable {
    private final Map<String, NDArray> arrays;

    private MathFixtures(Map<String, NDArray> arrays) {
        this.arrays = new TreeMap<>(arrays);
    }

    /** The arrays of one group file, on the current device; close to release them. */
    public static MathFixtures load(String group) {
        // copied out of the class path: inside a jar (the GPU host runs the tests from jars) a
        // resource has no file system path for Nd.loadNpz
        String name = "/fixtures/math/" + group + ".npz";
        try (java.io.InputStream in = MathFixtures.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("no fixture " + name);
            Path p = java.nio.file.Files.createTempFile("ndgpu-fixture-" + group, ".npz");
            try {
                java.nio.file.Files.copy(in, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                return new MathFixtures(Nd.loadNpz(p));
            } finally {
                java.nio.file.Files.deleteIfExists(p);
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The case names ("name|dtype") of every case of the group, sorted. */
    public java.util.List<String> cases() {
        return arrays.keySet().stream()
                .filter(k -> k.endsWith("|r"))
                .map(k -> k.substring(0, k.length() - 2))
                .toList();
    }

    /** An operand or result of a case: {@code get("acos|float32", "x")}. */
    public NDArray get(String c, String part) {
        NDArray a = arrays.get(c + "|" + part);
        if (a == null) throw new IllegalArgumentException("no " + c + "|" + part + " in the fixtures");
        return a;
    }

    /** Whether a case has that operand. */
    public boolean has(String c, String part) {
        return arrays.containsKey(c + "|" + part);
    }

    /** Asserts NumPy's dtype and shape only. */
    public static void assertDtypeAndShape(NDArray want, NDArray got, String what) {
        assertEquals(want.dtype(), got.dtype(), what + ": dtype");
        assertArrayEquals(want.shape(), got.shape(), what + ": shape");
    }

    /** Asserts that {@code got} is NumPy's {@code want}: dtype, shape, then values. */
    public static void assertMatches(NDArray want, NDArray got, String what) {
        assertEquals(want.dtype(), got.dtype(), what + ": dtype");
        assertArrayEquals(want.shape(), got.shape(), what + ": shape");
        DType d = want.dtype();
        if (d.isComplex()) {
            try (NDArray wr = want.real();
                    NDArray gr = got.real();
                    NDArray wi = want.imag();
                    NDArray gi = got.imag()) {
                assertMatches(wr, gr, what + " (real part)");
                assertMatches(wi, gi, what + " (imaginary part)");
            }
        } else if (d == DType.BOOL) {
            assertArrayEquals(want.toBooleanArray(), got.toBooleanArray(), what);
        } else if (d.isInteger()) {
            assertArrayEquals(want.toLongArray(), got.toLongArray(), what);
        } else {
            double tol = d == DType.FLOAT64 ? 1e-12 : d == DType.FLOAT32 ? 2e-6 : 1e-3;
            assertClose(want.toDoubleArray(), got.toDoubleArray(), tol, what);
        }
    }

    /** Element by element: NaN matches NaN, infinities match exactly, the rest within tol relative. */
    public static void assertClose(double[] want, double[] got, double tol, String what) {
        assertEquals(want.length, got.length, what + ": length");
        for (int i = 0; i < want.length; i++) {
            double w = want[i], g = got[i];
            boolean ok = Double.isNaN(w)
                    ? Double.isNaN(g)
                    : Double.isInfinite(w) ? w == g : Math.abs(g - w) <= tol * Math.max(Math.abs(w), Double.MIN_NORMAL);
            assertTrue(ok, what + ": element " + i + " is " + g + ", NumPy's " + w);
        }
    }

    /**
     * Asserts NumPy's dtype and shape, then |got - want| &lt;= atol + rtol * |want| per element (NaN
     * matches NaN): for results whose last bits depend on the order of operations.
     */
    public static void assertNear(NDArray want, NDArray got, double rtol, double atol, String what) {
        assertEquals(want.dtype(), got.dtype(), what + ": dtype");
        assertArrayEquals(want.shape(), got.shape(), what + ": shape");
        double[] w = want.toDoubleArray(), g = got.toDoubleArray();
        for (int i = 0; i < w.length; i++) {
            boolean ok = Double.isNaN(w[i])
                    ? Double.isNaN(g[i])
                    : w[i] == g[i] || Math.abs(g[i] - w[i]) <= atol + rtol * Math.abs(w[i]);
            assertTrue(ok, what + ": element " + i + " is " + g[i] + ", NumPy's " + w[i]);
        }
    }

    /** {@link #assertNear} with tolerances for the dtype: float32 1e-5 and 1e-6, float64 1e-12 and 1e-13. */
    public static void assertNear(NDArray want, NDArray got, String what) {
        boolean single = want.dtype() == DType.FLOAT32 || want.dtype() == DType.FLOAT16;
        if (!want.dtype().isInexact() || want.dtype().isComplex()) assertMatches(want, got, what);
        else assertNear(want, got, single ? 1e-5 : 1e-12, single ? 1e-6 : 1e-13, what);
    }

    @Override
    public void close() {
        arrays.values().forEach(NDArray::close);
    }
}
