package org.ndgpu.routines.manipulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.indexing.IndexingFixtures;
import org.ndgpu.testing.PerDeviceTest;

/**
 * atleast_1d/2d/3d, column_stack, row_stack, dstack, hsplit, vsplit, dsplit, broadcast_arrays,
 * broadcast_shapes, trim_zeros and vander against NumPy (make_indexing_fixtures.py): 0-d to 3-d
 * inputs, sections and indices, each trim side and an axis, all-zero input, vander's dtype
 * promotion and both orders; NumPy's errors.
 */
public class ShapingTest extends PerDeviceTest {
    private static List<NDArray> loadAll(IndexingFixtures.Case c, int from, int to) {
        List<NDArray> out = new ArrayList<>();
        for (int k = from; k < to; k++) out.add(c.load(k));
        return out;
    }

    @Test
    void oneResultFunctionsMatchNumpy() {
        for (String func : new String[] {
            "atleast_1d", "atleast_2d", "atleast_3d", "column_stack", "row_stack", "dstack", "trim_zeros", "vander"
        }) {
            for (var c : IndexingFixtures.cases(func)) {
                List<NDArray> in = loadAll(c, 0, c.count() - 1);
                try (NDArray want = c.load(c.count() - 1);
                        NDArray got = call(func, in, c.param())) {
                    try (NDArray copy = got.copy()) {
                        IndexingFixtures.assertMatches(want, copy, c.name());
                    }
                } finally {
                    in.forEach(NDArray::close);
                }
            }
        }
    }

    private static NDArray call(String func, List<NDArray> in, String param) {
        NDArray[] a = in.toArray(NDArray[]::new);
        return switch (func) {
            case "atleast_1d" -> Nd.atleast1d(a[0]);
            case "atleast_2d" -> Nd.atleast2d(a[0]);
            case "atleast_3d" -> Nd.atleast3d(a[0]);
            case "column_stack" -> Nd.columnStack(a);
            case "row_stack" -> Nd.rowStack(a);
            case "dstack" -> Nd.dstack(a);
            case "trim_zeros" -> {
                String[] p = param.split("\\|");
                yield p.length == 1 ? Nd.trimZeros(a[0], p[0]) : Nd.trimZeros(a[0], p[0], Integer.parseInt(p[1]));
            }
            case "vander" -> {
                if (param.isEmpty()) yield Nd.vander(a[0]);
                String[] p = param.split(",");
                yield Nd.vander(a[0], Long.parseLong(p[0]), p[1].equals("inc"));
            }
            default -> throw new IllegalArgumentException(func);
        };
    }

    @Test
    void splitsMatchNumpy() {
        for (String func : new String[] {"hsplit", "vsplit", "dsplit"}) {
            for (var c : IndexingFixtures.cases(func)) {
                try (NDArray a = c.load(0)) {
                    boolean idx = c.param().contains(";") || c.name().endsWith("idx");
                    long[] at = Arrays.stream(c.param().split(";"))
                            .mapToLong(Long::parseLong)
                            .toArray();
                    List<NDArray> got = switch (func) {
                        case "hsplit" -> idx ? Nd.hsplit(a, at) : Nd.hsplit(a, (int) at[0]);
                        case "vsplit" -> idx ? Nd.vsplit(a, at) : Nd.vsplit(a, (int) at[0]);
                        default -> Nd.dsplit(a, (int) at[0]);
                    };
                    assertEquals(c.count() - 1, got.size(), c.name());
                    for (int k = 0; k < got.size(); k++) {
                        try (NDArray want = c.load(k + 1);
                                NDArray g = got.get(k);
                                NDArray copy = g.copy()) {
                            assertTrue(g.sharesMemory(a) || g.size() == 0, c.name() + ": a view");
                            IndexingFixtures.assertMatches(want, copy, c.name() + " part " + k);
                        }
                    }
                }
            }
        }
    }

    @Test
    void broadcasting() {
        try (NDArray x = Nd.arange(3.0).reshape(3, 1);
                NDArray y = Nd.arange(4.0)) {
            List<NDArray> b = Nd.broadcastArrays(x, y);
            assertArrayEquals(new long[] {3, 4}, b.get(0).shape());
            assertArrayEquals(new long[] {3, 4}, b.get(1).shape());
            try (NDArray s = b.get(0).add(b.get(1))) {
                assertArrayEquals(new double[] {0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5}, s.toDoubleArray());
            }
            b.forEach(NDArray::close);
        }
        assertArrayEquals(new long[] {3, 4}, Nd.broadcastShapes(new long[] {3, 1}, new long[] {4}));
        assertArrayEquals(new long[0], Nd.broadcastShapes());
        var e = assertThrows(ShapeException.class, () -> Nd.broadcastShapes(new long[] {3}, new long[] {4}));
        assertEquals(
                "broadcast_shapes: shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between"
                        + " arg 0 with shape (3,) and arg 1 with shape (4,).",
                e.getMessage());
    }

    @Test
    void geomspaceMatchesNumpy() {
        for (var c : IndexingFixtures.cases("geomspace")) {
            String[] p = c.param().split(",");
            try (NDArray want = c.load(0);
                    NDArray got = Nd.geomspace(
                            Double.parseDouble(p[0]),
                            Double.parseDouble(p[1]),
                            Long.parseLong(p[2]),
                            Boolean.parseBoolean(p[3].toLowerCase(java.util.Locale.ROOT)))) {
                IndexingFixtures.assertMatches(want, got, c.name());
            }
        }
        var e = assertThrows(NdException.class, () -> Nd.geomspace(0, 10));
        assertEquals("geomspace: Geometric sequence cannot include zero, got start 0.0 and stop 10.0", e.getMessage());
        assertThrows(NdException.class, () -> Nd.geomspace(1, 10, -1));
    }

    @Test
    void blockMatchesNumpy() {
        try (NDArray a = Nd.arange(4.0).reshape(2, 2);
                NDArray b = Nd.array(new float[] {7, 8}).reshape(2, 1);
                NDArray c = Nd.array(new long[] {9, 10, 11});
                NDArray v = Nd.array(new double[] {5});
                NDArray r = Nd.block(List.of(List.of(a, b), List.of(c)));
                NDArray flat = Nd.block(List.of(v, c, v));
                NDArray same = Nd.block(a)) {
            // np.block([[a, b], [c]]) and np.block([v, c, v])
            assertArrayEquals(new long[] {3, 3}, r.shape());
            assertEquals(DType.FLOAT64, r.dtype());
            assertArrayEquals(new double[] {0, 1, 7, 2, 3, 8, 9, 10, 11}, r.toDoubleArray());
            assertArrayEquals(new double[] {5, 9, 10, 11, 5}, flat.toDoubleArray());
            assertArrayEquals(new double[] {0, 1, 2, 3}, same.toDoubleArray());
            var e1 = assertThrows(ShapeException.class, () -> Nd.block(List.of(List.of(a), b)));
            assertEquals(
                    "block: List depths are mismatched. First element was at depth 2, but there is an element at"
                            + " depth 1 (arrays[1])",
                    e1.getMessage());
            var e2 = assertThrows(ShapeException.class, () -> Nd.block(List.of(a, List.of())));
            assertEquals("block: List at arrays[1] cannot be empty", e2.getMessage());
            assertThrows(ShapeException.class, () -> Nd.block(List.of(List.of(a, c))));
            assertThrows(org.ndgpu.exceptions.DTypeException.class, () -> Nd.block(List.of("x")));
        }
    }

    @Test
    void badInputIsNamed() {
        try (NDArray v = Nd.arange(6.0);
                NDArray m = Nd.zeros(2, 3);
                NDArray s = Nd.zeros(1).reshape()) {
            var e1 = assertThrows(ShapeException.class, () -> Nd.vsplit(v, 2));
            assertEquals("vsplit: vsplit only works on arrays of 2 or more dimensions, got 1-d", e1.getMessage());
            assertThrows(ShapeException.class, () -> Nd.dsplit(m, 2));
            assertThrows(ShapeException.class, () -> Nd.hsplit(s, 1));
            assertThrows(ShapeException.class, () -> Nd.hsplit(v, 4));
            var e2 = assertThrows(NdException.class, () -> Nd.trimZeros(v, "fx"));
            assertEquals("trim_zeros: unexpected character(s) in `trim`: 'x'", e2.getMessage());
            assertThrows(AxisException.class, () -> Nd.trimZeros(v, "fb", 1));
            // np.trim_zeros(a, ''): ValueError, whatever a holds; np.broadcast_shapes with a missing shape
            assertThrows(NdException.class, () -> Nd.trimZeros(v, ""));
            assertThrows(NdException.class, () -> Nd.trimZeros(m, ""));
            var e3 = assertThrows(NullPointerException.class, () -> Nd.broadcastShapes(new long[] {3}, null));
            assertTrue(e3.getMessage().contains("shape 1 is null"), e3.getMessage());
            assertThrows(ShapeException.class, () -> Nd.vander(m));
            assertThrows(ShapeException.class, () -> Nd.vander(v, -1, false));
            assertThrows(ShapeException.class, () -> Nd.columnStack(v, m));
            assertThrows(ShapeException.class, () -> Nd.dstack());
            assertThrows(ShapeException.class, () -> Nd.broadcastArrays(v, m));
            NDArray closed = Nd.zeros(2, 2);
            closed.close();
            assertThrows(ArrayClosedException.class, () -> Nd.atleast3d(closed));
            assertThrows(ArrayClosedException.class, () -> Nd.trimZeros(closed));
            assertThrows(ArrayClosedException.class, () -> Nd.dstack(m, closed));
            assertThrows(NullPointerException.class, () -> Nd.vander(null));
            assertThrows(NullPointerException.class, () -> Nd.broadcastShapes((long[]) null));
            assertEquals(DType.FLOAT64, Nd.vander(Nd.ones(DType.FLOAT32, 2)).dtype(), "promoted with int64");
        }
    }
}
