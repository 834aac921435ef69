package org.ndgpu.routines.manipulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.indexing.IndexingFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * rot90, fliplr, flipud, rollaxis, permute_dims, matrix_transpose and unstack against NumPy
 * (make_indexing_fixtures.py): every k (negative and 4 too) in several planes, negative axes;
 * views of the input; NumPy's errors.
 */
public class RearrangingTest extends PerDeviceTest {
    private static int[] ints(String csv) {
        return Arrays.stream(csv.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    private static NDArray call(String func, NDArray c, String param) {
        return switch (func) {
            case "rot90" -> {
                int[] p = ints(param);
                yield Nd.rot90(c, p[0], p[1], p[2]);
            }
            case "fliplr" -> Nd.fliplr(c);
            case "flipud" -> Nd.flipud(c);
            case "rollaxis" -> {
                int[] p = ints(param);
                yield Nd.rollaxis(c, p[0], p[1]);
            }
            case "permute_dims" -> Nd.permuteDims(c, ints(param));
            case "matrix_transpose" -> Nd.matrixTranspose(c);
            default -> throw new IllegalArgumentException(func);
        };
    }

    @Test
    void viewsMatchNumpy() {
        for (String func : new String[] {"rot90", "fliplr", "flipud", "rollaxis", "permute_dims", "matrix_transpose"}) {
            for (var c : IndexingFixtures.cases(func)) {
                try (NDArray a = c.load(0);
                        NDArray want = c.load(1);
                        NDArray got = call(func, a, c.param())) {
                    assertTrue(got.sharesMemory(a), c.name() + ": a view");
                    try (NDArray copy = got.copy()) {
                        IndexingFixtures.assertMatches(want, copy, c.name());
                    }
                }
            }
        }
        for (var c : IndexingFixtures.cases("unstack")) {
            try (NDArray a = c.load(0)) {
                List<NDArray> got = Nd.unstack(a, c.axis());
                assertEquals(c.count() - 1, got.size(), c.name());
                for (int k = 0; k < got.size(); k++) {
                    try (NDArray want = c.load(k + 1);
                            NDArray g = got.get(k);
                            NDArray copy = g.copy()) {
                        IndexingFixtures.assertMatches(want, copy, c.name() + " part " + k);
                    }
                }
            }
        }
    }

    @Test
    void badInputIsNamed() {
        try (NDArray v = Nd.arange(3.0);
                NDArray m = Nd.zeros(2, 3);
                NDArray s = Nd.zeros(1).reshape()) {
            var e1 = assertThrows(AxisException.class, () -> Nd.rot90(m, 1, 0, 0));
            assertEquals("rot90: Axes must be different, got (0, 0)", e1.getMessage());
            assertThrows(AxisException.class, () -> Nd.rot90(m, 1, 0, 2));
            assertThrows(AxisException.class, () -> Nd.rot90(m, 1, 0, -2));
            var e2 = assertThrows(ShapeException.class, () -> Nd.fliplr(v));
            assertEquals("fliplr: Input must be >= 2-d, got 1-d", e2.getMessage());
            assertThrows(ShapeException.class, () -> Nd.flipud(s));
            var e3 = assertThrows(AxisException.class, () -> Nd.rollaxis(m, 0, 3));
            assertEquals("rollaxis: 'start' arg requires -2 <= start < 3, but 3 was passed in", e3.getMessage());
            assertThrows(AxisException.class, () -> Nd.rollaxis(m, 2));
            assertThrows(ShapeException.class, () -> Nd.matrixTranspose(v));
            assertThrows(ShapeException.class, () -> Nd.unstack(s));
            assertThrows(AxisException.class, () -> Nd.unstack(m, 2));
            assertThrows(AxisException.class, () -> Nd.permuteDims(m, 0, 0));
            NDArray closed = Nd.zeros(2, 2);
            closed.close();
            assertThrows(ArrayClosedException.class, () -> Nd.rot90(closed));
            assertThrows(ArrayClosedException.class, () -> Nd.unstack(closed));
            assertThrows(NullPointerException.class, () -> Nd.fliplr(null));
        }
    }
}
