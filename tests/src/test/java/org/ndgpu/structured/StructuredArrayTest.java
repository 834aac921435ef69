package org.ndgpu.structured;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * StructuredArray and StructuredDType built in Java: layouts as NumPy's np.dtype computes them
 * (offsets, itemsize, str), np.rec.fromarrays, np.zeros, field views that write through, printing,
 * and the errors of bad layouts, unknown fields and closed arrays.
 */
public class StructuredArrayTest extends PerDeviceTest {

    private static StructuredArray xy() {
        var m = new LinkedHashMap<String, NDArray>();
        m.put("x", Nd.array(new double[] {1, 3}));
        m.put("y", Nd.array(new long[] {2, 4}));
        return StructuredArray.of(m);
    }

    @Test
    void fromArraysPrintsAsNumPy() {
        // np.rec.fromarrays([np.array([1., 3.]), np.array([2, 4])], names='x,y')
        try (StructuredArray s = xy()) {
            assertEquals("array([(1., 2), (3., 4)], dtype=[('x', '<f8'), ('y', '<i8')])", s.toString());
            assertEquals("[(1., 2) (3., 4)]", s.str());
            assertEquals(List.of("x", "y"), s.fieldNames());
            assertArrayEquals(new long[] {2}, s.shape());
            assertEquals(16, s.itemsize());
            assertEquals(32, s.nbytes());
            assertEquals(1, s.ndim());
            assertEquals(2, s.size());
            assertEquals(device(), s.device());
        }
    }

    @Test
    void fieldViewsWriteThrough() {
        try (StructuredArray s = xy()) {
            try (NDArray x = s.field("x")) {
                x.set("...", 7.5);
            }
            try (NDArray x = s.field("x");
                    NDArray y = s.field("y")) {
                assertArrayEquals(new double[] {7.5, 7.5}, x.toDoubleArray());
                assertArrayEquals(new long[] {2, 4}, y.toLongArray());
                assertEquals(DType.INT64, y.dtype());
            }
            assertEquals("[(7.5, 2) (7.5, 4)]", s.str());
            assertEquals(List.of("x", "y"), List.copyOf(s.fields().keySet()));
        }
    }

    @Test
    void layoutsAreNumPys() {
        // np.dtype([('a', '<f4'), ('b', '<f8'), ('c', '?'), ('d', 'i1')], align=True)
        StructuredDType al = StructuredDType.aligned(
                Field.of("a", DType.FLOAT32),
                Field.of("b", DType.FLOAT64),
                Field.of("c", DType.BOOL),
                Field.of("d", DType.INT8));
        assertEquals(
                List.of(0L, 8L, 16L, 17L),
                al.fields().stream().map(Field::offset).toList());
        assertEquals(24, al.itemsize());
        assertEquals(
                "{'names': ['a', 'b', 'c', 'd'], 'formats': ['<f4', '<f8', '?', 'i1'], 'offsets': [0, 8, 16, 17],"
                        + " 'itemsize': 24, 'aligned': True}",
                al.toString());
        assertEquals("[('a', '<f4'), ('', '|V4'), ('b', '<f8'), ('c', '|b1'), ('d', '|i1'), ('', '|V6')]", al.descr());
        // complex aligns to its component; an aligned dtype prints as a dict even with no padding
        assertEquals(
                "{'names': ['a', 'b'], 'formats': ['i1', '<c8'], 'offsets': [0, 4], 'itemsize': 12, 'aligned': True}",
                StructuredDType.aligned(Field.of("a", DType.INT8), Field.of("b", DType.COMPLEX64))
                        .toString());
        assertEquals(
                "{'names': ['a', 'b'], 'formats': ['<f8', '<c16'], 'offsets': [0, 8], 'itemsize': 24, 'aligned': True}",
                StructuredDType.aligned(Field.of("a", DType.FLOAT64), Field.of("b", DType.COMPLEX128))
                        .toString());
        StructuredDType p = StructuredDType.packed(Field.of("x", DType.FLOAT32), Field.of("pos", DType.FLOAT64, 3));
        assertEquals(28, p.itemsize());
        assertEquals("[('x', '<f4'), ('pos', '<f8', (3,))]", p.toString());
        assertEquals("[('x', '<f4'), ('pos', '<f8', (3,))]", p.descr());
        assertEquals(4, p.field("pos").offset());
        StructuredDType gaps = new StructuredDType(
                List.of(new Field("a", DType.INT32, 4, new long[0]), new Field("b", DType.FLOAT64, 16, new long[0])),
                32,
                false);
        assertEquals(
                "{'names': ['a', 'b'], 'formats': ['<i4', '<f8'], 'offsets': [4, 16], 'itemsize': 32}",
                gaps.toString());
        assertEquals("[('', '|V4'), ('a', '<i4'), ('', '|V8'), ('b', '<f8'), ('', '|V8')]", gaps.descr());
    }

    @Test
    void ofWithADtypeCastsAndTakesSubarrays() {
        StructuredDType dt = StructuredDType.packed(Field.of("n", DType.INT16), Field.of("v", DType.FLOAT32, 2));
        try (StructuredArray s = StructuredArray.of(
                dt,
                Map.of(
                        "n", Nd.array(new long[] {5, 6, 7}),
                        "v", Nd.array(new double[] {1, 2, 3, 4, 5, 6}, DType.FLOAT64, 3, 2)))) {
            assertArrayEquals(new long[] {3}, s.shape());
            try (NDArray n = s.field("n");
                    NDArray v = s.field("v")) {
                assertEquals(DType.INT16, n.dtype());
                assertArrayEquals(new long[] {3, 2}, v.shape());
                assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6}, v.toDoubleArray());
            }
            assertEquals(
                    "array([(5, [1., 2.]), (6, [3., 4.]), (7, [5., 6.])],\n      dtype=[('n', '<i2'), ('v', '<f4', (2,))])",
                    s.toString());
        }
    }

    @Test
    void recordsIndexAsNumPy() {
        // a = np.zeros(4, dtype=[('x', '<f8'), ('p', '<i4', (2,))]); a['x'] = [0, 1, 2, 3]; a['p'] = [[0, 1], ...]
        StructuredDType dt = StructuredDType.packed(Field.of("x", DType.FLOAT64), Field.of("p", DType.INT32, 2));
        String d = "dtype=[('x', '<f8'), ('p', '<i4', (2,))])";
        try (StructuredArray s = StructuredArray.of(
                dt,
                Map.of(
                        "x", Nd.array(new double[] {0, 1, 2, 3}),
                        "p", Nd.arange(8).astype(DType.INT32).reshape(4, 2)))) {
            try (StructuredArray v = s.get("1:3")) {
                assertEquals("array([(1., [2, 3]), (2., [4, 5])],\n      " + d, v.toString());
                try (NDArray x = v.field("x")) {
                    x.set("...", 9.0); // a view: writes reach s
                }
            }
            try (NDArray x = s.field("x")) {
                assertArrayEquals(new double[] {0, 9, 9, 3}, x.toDoubleArray());
            }
            // NumPy gives an np.void scalar for a[-1]; ndgpu a 0-d structured array, as NDArray.get gives 0-d arrays
            try (StructuredArray last = s.get(-1)) {
                assertEquals("array((3., [6, 7]), " + d, last.toString());
                assertEquals(0, last.ndim());
            }
            // the ellipsis spans the record axes only
            try (StructuredArray r = s.get("..., ::-2")) {
                assertEquals("array([(3., [6, 7]), (9., [2, 3])],\n      " + d, r.toString());
                Path p = Path.of("target", "structured-strided.npy");
                Nd.save(p, r); // strided fields are written in C order
                try (StructuredArray back = Nd.loadStructured(p)) {
                    assertEquals(r.toString(), back.toString());
                }
            }
            fails(
                    org.ndgpu.exceptions.IndexException.class,
                    () -> s.get("0, 1"),
                    "StructuredArray.get: index \"0, 1\" of records of shape (4,)");
        }
    }

    @Test
    void zerosAndZeroD() {
        StructuredDType dt = StructuredDType.packed(Field.of("x", DType.FLOAT64), Field.of("y", DType.INT64));
        try (StructuredArray z = StructuredArray.zeros(dt)) {
            assertEquals("array((0., 0), dtype=[('x', '<f8'), ('y', '<i8')])", z.toString());
            assertEquals("(0.0, 0)", z.str());
        }
        try (StructuredArray e = StructuredArray.zeros(dt, 0, 3)) {
            assertEquals("array([], shape=(0, 3), dtype=[('x', '<f8'), ('y', '<i8')])", e.toString());
            assertEquals("[]", e.str());
        }
        try (StructuredArray one = StructuredArray.zeros(StructuredDType.packed(Field.of("v", DType.BOOL)), 2)) {
            assertEquals("array([(False,), (False,)], dtype=[('v', '?')])", one.toString());
        }
    }

    @Test
    void saveAndLoadRoundTrip() {
        Path p = Path.of("target", "structured-roundtrip.npy");
        try (StructuredArray s = xy()) {
            Nd.save(p, s);
        }
        try (StructuredArray back = Nd.loadStructured(p)) {
            assertEquals("array([(1., 2), (3., 4)], dtype=[('x', '<f8'), ('y', '<i8')])", back.toString());
        }
    }

    // ---------------------------------------------------------------- errors

    private static void fails(Class<? extends NdException> type, Runnable call, String... parts) {
        String m = assertThrows(type, call::run).getMessage();
        for (String part : parts) assertTrue(m.contains(part), "expected \"" + part + "\" in: " + m);
    }

    @Test
    void badLayoutsAreRefused() {
        Field a = new Field("a", DType.FLOAT64, 0, new long[0]);
        fails(
                DTypeException.class,
                () -> new StructuredDType(List.of(a, new Field("b", DType.INT32, 4, new long[0])), 16, false),
                "StructuredDType: field 'b' at offset 4 overlaps the field before it, which ends at byte 8");
        fails(
                DTypeException.class,
                () -> new StructuredDType(List.of(a), 4, false),
                "itemsize 4 is smaller than the fields' end at byte 8");
        fails(
                DTypeException.class,
                () -> StructuredDType.packed(Field.of("a", DType.INT8), Field.of("a", DType.INT8)),
                "field name 'a' appears twice");
        fails(DTypeException.class, () -> StructuredDType.packed(), "expected at least one field");
        fails(DTypeException.class, () -> new Field("a", DType.INT8, -1, new long[0]), "negative offset -1");
        fails(DTypeException.class, () -> Field.of("", DType.INT8), "must not be empty");
        fails(ShapeException.class, () -> Field.of("a", DType.INT8, -2), "negative dimension");
        fails(
                DTypeException.class,
                () -> new StructuredDType(List.of(new Field("b", DType.FLOAT64, 4, new long[0])), 12, true),
                "not aligned to 8 bytes");
    }

    @Test
    void unknownFieldsAndMismatchedValuesAreRefused() {
        try (StructuredArray s = xy()) {
            fails(DTypeException.class, () -> s.field("z"), "field: no field named 'z'; the fields are [x, y]");
            fails(DTypeException.class, () -> s.dtype().field("z"), "no field named 'z'");
        }
        var m = new LinkedHashMap<String, NDArray>();
        m.put("x", Nd.array(new double[] {1, 3}));
        m.put("y", Nd.array(new long[] {2, 4, 6}));
        fails(ShapeException.class, () -> StructuredArray.of(m), "array-shape mismatch in field 'y'", "(2,)", "(3,)");
        StructuredDType dt = StructuredDType.packed(Field.of("x", DType.FLOAT64), Field.of("y", DType.INT64));
        fails(DTypeException.class, () -> StructuredArray.of(dt, Map.of("x", Nd.zeros(2))), "no values for field 'y'");
        fails(
                DTypeException.class,
                () -> StructuredArray.of(dt, Map.of("x", Nd.zeros(2), "y", Nd.zeros(2), "w", Nd.zeros(2))),
                "values for 'w', which is not a field");
        fails(DTypeException.class, () -> StructuredArray.of(new LinkedHashMap<>()), "at least one field");
        NDArray closed = Nd.zeros(2);
        closed.close();
        var c = new LinkedHashMap<String, NDArray>();
        c.put("x", closed);
        fails(ArrayClosedException.class, () -> StructuredArray.of(c), "StructuredArray.of");
    }

    @Test
    void aScopeReleasesItsFields() {
        StructuredArray s;
        try (var _ = Nd.scope()) {
            s = xy();
            assertEquals("[(1., 2) (3., 4)]", s.str());
        }
        assertTrue(s.isClosed());
        assertEquals("array(<closed>, dtype=[('x', '<f8'), ('y', '<i8')], shape=(2,))", s.toString());
        fails(ArrayClosedException.class, () -> s.field("y"), "field: ");
    }

    @Test
    void aClosedArraySaysSo() {
        StructuredArray s = xy();
        NDArray view = s.field("x");
        s.close();
        s.close(); // idempotent
        assertTrue(s.isClosed());
        fails(ArrayClosedException.class, () -> s.field("x"), "field: the structured array");
        fails(ArrayClosedException.class, s::str, "str: ");
        fails(ArrayClosedException.class, s::fields, "fields: ");
        fails(ArrayClosedException.class, s::device, "device: ");
        assertEquals("array(<closed>, dtype=[('x', '<f8'), ('y', '<i8')], shape=(2,))", s.toString());
        // a view taken before close keeps the memory alive, as an NDArray view does
        assertArrayEquals(new double[] {1, 3}, view.toDoubleArray());
        view.close();
    }
}
