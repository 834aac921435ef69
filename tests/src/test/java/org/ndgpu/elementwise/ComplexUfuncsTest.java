package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.ComplexParts;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * The complex sin, cos, tan, sinh, cosh, tanh, exp2, expm1, log1p, log2 and log10 against NumPy 2.4 on
 * a grid of complex128 and complex64 values, and their inverses on a grid across the branch cuts (fixtures/complexfn, make_complexfn_fixtures.py): each part
 * within 1e-13 (complex64: 2e-6) of NumPy's relative to the value's magnitude, infinities and NaN
 * where NumPy has them, and NumPy's sign of a zero part.
 */
public class ComplexUfuncsTest extends PerDeviceTest {
    @TempDir
    Path dir;

    private NDArray fixture(String name) throws IOException {
        Path p = dir.resolve(name + ".npy");
        try (InputStream in = ComplexUfuncsTest.class.getResourceAsStream("/fixtures/complexfn/" + name + ".npy")) {
            Files.write(p, in.readAllBytes());
        }
        return Nd.load(p);
    }

    private void check(String f, UnaryOperator<NDArray> op) throws IOException {
        check("z", f, new String[] {"", "64"}, op);
    }

    // the grid (with suffix w: "" complex128, "64" complex64) through op against NumPy's `f`
    private void check(String grid, String f, String[] widths, UnaryOperator<NDArray> op) throws IOException {
        for (String w : widths) {
            try (NDArray z = fixture(grid + w);
                    NDArray want = fixture(f + w);
                    NDArray got = op.apply(z)) {
                assertEquals(want.dtype(), got.dtype(), f + w);
                double tol = w.isEmpty() ? 1e-13 : 2e-6;
                double[] e = ComplexParts.of(want), g = ComplexParts.of(got), in = ComplexParts.of(z);
                for (int k = 0; k < e.length; k += 2) {
                    double mag = Math.max(1, Math.hypot(e[k], e[k + 1]));
                    for (int p = k; p < k + 2; p++) {
                        String at = f + w + " at " + in[k]
                                + (in[k + 1] < 0 || (in[k + 1] == 0 && 1 / in[k + 1] < 0) ? "" : "+") + in[k + 1]
                                + "j: NumPy " + e[k] + "," + e[k + 1] + " ndgpu " + g[k] + "," + g[k + 1];
                        if (Double.isNaN(e[p])) assertTrue(Double.isNaN(g[p]), at);
                        else if (Double.isInfinite(e[p])) assertEquals(e[p], g[p], at);
                        else {
                            assertTrue(Math.abs(e[p] - g[p]) <= tol * mag, at);
                            if (e[p] == 0 && g[p] == 0 && w.isEmpty())
                                assertEquals(Math.copySign(1, e[p]), Math.copySign(1, g[p]), "sign of zero: " + at);
                        }
                    }
                }
            }
        }
    }

    @Test
    void trigonometricAndHyperbolic() throws IOException {
        check("sin", NDArray::sin);
        check("cos", NDArray::cos);
        check("tan", NDArray::tan);
        check("sinh", NDArray::sinh);
        check("cosh", NDArray::cosh);
        check("tanh", NDArray::tanh);
    }

    @Test
    void exponentialsAndLogarithms() throws IOException {
        check("exp2", NDArray::exp2);
        check("expm1", NDArray::expm1);
        check("log1p", NDArray::log1p);
        check("log2", NDArray::log2);
        check("log10", NDArray::log10);
        try (NDArray z = fixture("z")) {
            assertEquals(DType.COMPLEX128, z.dtype());
        }
    }

    @Test
    void inverseFunctionsOnTheirPrincipalBranches() throws IOException {
        String[] wide = {""};
        check("invz", "invarcsin", wide, NDArray::arcsin);
        check("invz", "invarccos", wide, NDArray::arccos);
        check("invz", "invarctan", wide, NDArray::arctan);
        check("invz", "invarcsinh", wide, NDArray::arcsinh);
        check("invz", "invarccosh", wide, NDArray::arccosh);
        check("invz", "invarctanh", wide, NDArray::arctanh);
    }
}
