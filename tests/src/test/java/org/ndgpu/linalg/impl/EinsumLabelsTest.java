package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * einsum's subscripts as NumPy takes them: ASCII letters a-zA-Z and one "..." per operand, anything
 * else an error that names the subscripts. Labels outside ASCII once passed, and one of them was
 * the label einsum gave the first broadcast dim, so "...\u0100" on a matrix summed its diagonal.
 */
class EinsumLabelsTest extends PerDeviceTest {

    private static void refused(String subscripts, String fragment, NDArray... operands) {
        var e = assertThrows(NdException.class, () -> Nd.einsum(subscripts, operands), subscripts);
        assertTrue(e.getMessage().startsWith("einsum"), e.getMessage());
        assertTrue(e.getMessage().contains(subscripts), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }

    @Test
    void nonAsciiAndOtherNonLetterLabelsAreRefused() {
        try (NDArray m = Nd.array(new double[][] {{1, 2}, {3, 4}})) {
            refused("...\u0100->...", "\u0100", m); // once the ellipsis' own label: a diagonal
            refused("\u0100\u0100->", "\u0100", m);
            refused("i\u00e9->i", "\u00e9", m);
            refused("\u03b1\u03b2->\u03b2\u03b1", "\u03b1", m);
            refused("i\uE000->i", "ASCII a-zA-Z", m); // the private-use labels einsum uses for "..."
            refused("i1->i", "'1'", m);
            refused("i_j->", "'_'", m);
            refused("ij->\u00e9", "\u00e9", m);
            refused("i.j->", "'.'", m);
            refused("......->", "'.'", m);
        }
    }

    @Test
    void asciiLabelsAndTheEllipsisStillWork() {
        try (NDArray m = Nd.array(new double[][] {{1, 2}, {3, 4}});
                NDArray t = Nd.einsum("Ab->bA", m);
                NDArray tr = Nd.einsum("ii->", m);
                NDArray e = Nd.einsum("...->...", m);
                NDArray s = Nd.einsum("ij->...", m);
                NDArray d = Nd.einsum("...ii->...", m);
                NDArray z = Nd.einsum("Zz", m)) {
            assertArrayEquals(new double[] {1, 3, 2, 4}, t.toDoubleArray());
            assertArrayEquals(new double[] {5}, tr.toDoubleArray());
            assertArrayEquals(new double[] {1, 2, 3, 4}, e.toDoubleArray());
            assertArrayEquals(new double[] {10}, s.toDoubleArray());
            assertArrayEquals(new double[] {5}, d.toDoubleArray());
            assertArrayEquals(new double[] {1, 2, 3, 4}, z.toDoubleArray()); // implicit: 'Z' sorts before 'z'
        }
        try (NDArray a = Nd.arange(24).reshape(2, 3, 4).astype(org.ndgpu.ndarray.DType.FLOAT64);
                NDArray b = Nd.arange(12).reshape(4, 3).astype(org.ndgpu.ndarray.DType.FLOAT64);
                NDArray c = Nd.arange(6).reshape(3, 2).astype(org.ndgpu.ndarray.DType.FLOAT64);
                NDArray r = Nd.einsum("...ij,jk,kl->...il", a, b, c)) {
            // numpy.einsum('...ij,jk,kl->...il', arange(24).reshape(2,3,4), arange(12).reshape(4,3),
            // arange(6).reshape(3,2))[1, 2]
            assertArrayEquals(new long[] {2, 3, 2}, r.shape());
            assertArrayEquals(new double[] {3272, 4736}, r.get("1, 2").toDoubleArray());
        }
    }
}
