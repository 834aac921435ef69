package org.ndgpu.linalg.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.ndgpu.linalg.impl.Fixtures.assertClose;
import static org.ndgpu.linalg.impl.Fixtures.load;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/** einsum, tensordot, dot, vdot, inner and outer against NumPy fixtures. */
class ContractionTest extends PerDeviceTest {

    @Test
    void einsumMatchesNumpy() {
        Map<String, NDArray> ops = new HashMap<>();
        for (String n : new String[] {"x", "y", "z", "w", "sq", "v", "u"}) ops.put(n, load("ein_" + n));
        int count = 0;
        for (String[] row : Fixtures.tsv("einsum.tsv")) {
            NDArray r = row[2].isEmpty()
                    ? Nd.einsum(row[0], ops.get(row[1]))
                    : Nd.einsum(row[0], ops.get(row[1]), ops.get(row[2]));
            try {
                assertClose(load(row[3]), r, 1e-12);
            } catch (AssertionError e) {
                throw new AssertionError("einsum '" + row[0] + "': " + e.getMessage(), e);
            }
            count++;
        }
        assertEquals(17, count);
    }

    @Test
    void einsumErrors() {
        NDArray x = load("ein_x"), y = load("ein_y");
        assertThrows(ShapeException.class, () -> Nd.einsum("ij,jk->ik", x, x)); // j: 4 vs 3
        assertThrows(NdException.class, () -> Nd.einsum("ij->k", x));
        assertThrows(ShapeException.class, () -> Nd.einsum("ij,jk,kl->il", x, y, y)); // k: 5 vs 4
        assertThrows(ShapeException.class, () -> Nd.einsum("ijk->i", x));
    }

    @Test
    void tensordotDotInnerOuterVdot() {
        assertClose(load("td_c"), Nd.tensordot(load("td_a"), load("td_b"), 2), 1e-12);
        assertClose(load("inner_c"), Nd.inner(load("ein_x"), load("ein_sq")), 1e-12);
        assertClose(load("outer_c"), Nd.outer(load("ein_v"), load("ein_x")), 1e-12);
        assertClose(load("vdot_c"), Nd.vdot(load("vdot_a"), load("vdot_b")), 1e-12); // conjugates the first
        assertClose(load("dot3_c"), Nd.dot(load("dot3_a"), load("dot3_b")), 1e-12);
        assertClose(load("ein_r0"), Nd.dot(load("ein_x"), load("ein_y")), 1e-12);
    }

    @Test
    void contractionErrors() {
        var e = assertThrows(ShapeException.class, () -> Nd.dot(Nd.zeros(3, 4), Nd.zeros(5, 6)));
        assertEquals("dot: shapes (3,4) and (5,6) not aligned: 4 (dim 1) != 5 (dim 0)", e.getMessage());
        assertThrows(ShapeException.class, () -> Nd.vdot(Nd.zeros(3), Nd.zeros(4)));
        assertThrows(ShapeException.class, () -> Nd.tensordot(Nd.zeros(3, 4), Nd.zeros(3, 4), 1));
    }
}
