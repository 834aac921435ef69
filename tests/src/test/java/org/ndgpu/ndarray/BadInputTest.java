package org.ndgpu.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Bad input: each raises its specific NdException subclass with a message that names the
 * operation, what was expected and what was given, and leaves every array as it was (the array
 * operated on and a bystander are checked after each failure).
 */
public class BadInputTest extends PerDeviceTest {
    private NDArray a; // 3x4 int64 0..11
    private NDArray bystander; // float32 0.5 .. 5.5

    @BeforeEach
    void makeArrays() {
        a = Nd.arange(12).reshape(3, 4);
        bystander = Nd.array(new float[] {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f});
    }

    @AfterEach
    void closeArrays() {
        a.close();
        bystander.close();
    }

    /** Runs {@code body}, expects {@code type} with a message holding every one of {@code parts}, then checks nothing was harmed. */
    private <T extends NdException> T fails(Class<T> type, Executable body, String... parts) {
        T e = assertThrows(type, body);
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), () -> "message '" + e.getMessage() + "' should contain '" + p + "'");
        }
        assertArrayEquals(
                new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, a.toLongArray(), "the array operated on changed");
        assertArrayEquals(new long[] {3, 4}, a.shape());
        assertArrayEquals(
                new float[] {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f}, bystander.toFloatArray(), "a bystander changed");
        return e;
    }

    @Test
    void reshapeToAWrongSize() {
        fails(ShapeException.class, () -> a.reshape(5, 3), "reshape", "size 12", "(5, 3)");
        fails(ShapeException.class, () -> a.reshape(5, -1), "reshape", "size 12", "(5, -1)");
        fails(ShapeException.class, () -> a.reshape(-1, -1), "reshape", "one unknown dimension");
        fails(ShapeException.class, () -> a.reshape(-2, -6), "reshape", "negative dimension -2");
    }

    @Test
    void indexOutOfRange() {
        fails(IndexException.class, () -> a.get("3, 0"), "get", "index 3", "axis 0", "size 3");
        fails(IndexException.class, () -> a.get(0, -5), "get", "index -5", "axis 1", "size 4");
        fails(IndexException.class, () -> a.get("0, 0, 0"), "get", "too many indices", "2-dimensional", "3");
        fails(IndexException.class, () -> a.set("-4", 1), "set", "index -4");
    }

    @Test
    void malformedIndexStrings() {
        for (String bad : new String[] {"1:2:3:4", "foo", "1,,2", "..., ...", "1.5", "0:1:0", "[1"}) {
            fails(IndexException.class, () -> a.get(bad), "get", bad);
        }
        var npe = assertThrows(NullPointerException.class, () -> a.get((String) null));
        assertEquals("get: index is null", npe.getMessage());
    }

    @Test
    void unknownDtypeName() {
        fails(DTypeException.class, () -> a.astype("float128"), "astype", "float128", "float32");
        fails(DTypeException.class, () -> a.astype(""), "astype", "expected one of");
    }

    @Test
    void broadcastOfIncompatibleShapes() {
        fails(ShapeException.class, () -> a.broadcastTo(4, 3), "broadcast_to", "(3, 4)", "(4, 3)");
        fails(ShapeException.class, () -> a.broadcastTo(4), "broadcast_to", "(3, 4)", "(4,)");
        fails(
                ShapeException.class,
                () -> Shapes.broadcast("add", new long[] {3, 4}, new long[] {2, 1, 3}),
                "add",
                "(3, 4)",
                "(2, 1, 3)");
    }

    @Test
    void useOfAClosedArray() {
        NDArray c = Nd.arange(12);
        NDArray view = c.get("2:5");
        c.close();
        c.close(); // idempotent
        assertTrue(c.isClosed());
        fails(ArrayClosedException.class, () -> c.get("0"), "get", "closed", "int64");
        fails(ArrayClosedException.class, () -> c.reshape(3, 4), "reshape", "closed");
        fails(ArrayClosedException.class, c::toDoubleArray, "closed");
        fails(ArrayClosedException.class, () -> c.astype(DType.FLOAT32), "astype", "closed");
        fails(ArrayClosedException.class, () -> c.set("0", 1), "closed");
        fails(ArrayClosedException.class, () -> a.set("0, :3", c), "set", "closed");
        assertTrue(c.toString().contains("closed"));
        // the view keeps the memory alive and works
        assertArrayEquals(new long[] {2, 3, 4}, view.toLongArray());
        view.set("0", 20);
        assertArrayEquals(new long[] {20, 3, 4}, view.toLongArray());
        view.close();
    }

    @Test
    void setWithANonBroadcastableValue() {
        try (NDArray v = Nd.arange(4);
                NDArray w = Nd.arange(6).reshape(2, 3)) {
            fails(ShapeException.class, () -> a.set(":, 0", v), "set", "(4,)", "(3,)");
            fails(ShapeException.class, () -> a.set("...", w), "set", "(2, 3)", "(3, 4)");
            assertArrayEquals(new long[] {0, 1, 2, 3}, v.toLongArray());
        }
    }

    @Test
    void outOfRangeIntegerIntoUint8() {
        try (NDArray u = Nd.full(7, DType.UINT8, 4);
                NDArray i8 = Nd.zeros(DType.INT8, 2)) {
            fails(DTypeException.class, () -> u.set("0", 300), "set", "300", "uint8", "0..255");
            fails(DTypeException.class, () -> u.set("...", -1), "set", "-1", "uint8");
            fails(DTypeException.class, () -> u.fill(256), "fill", "256", "uint8");
            fails(DTypeException.class, () -> i8.set("1", 128), "set", "128", "int8");
            fails(DTypeException.class, () -> Nd.full(1000, DType.UINT8, 2), "full", "1000", "uint8");
            assertArrayEquals(new long[] {7, 7, 7, 7}, u.toLongArray());
            u.set("0", 255); // the edge fits
            assertEquals(255L, u.toLongArray()[0]);
        }
    }

    @Test
    void negativeDimensions() {
        fails(ShapeException.class, () -> Nd.zeros(-1, 3), "negative dimensions", "(-1, 3)");
        fails(ShapeException.class, () -> Nd.empty(DType.FLOAT32, 2, -2), "negative dimensions", "(2, -2)");
        fails(ShapeException.class, () -> a.broadcastTo(-1, 4), "broadcast_to", "non-negative", "(-1, 4)");
        fails(NdException.class, () -> Nd.linspace(0, 1, -1), "linspace", "-1");
    }

    @Test
    void badAxes() {
        fails(AxisException.class, () -> a.transpose(0, 0), "transpose", "repeated axis");
        fails(AxisException.class, () -> a.transpose(0), "transpose", "2 axes");
        fails(AxisException.class, () -> a.swapaxes(0, 2), "swapaxes", "axis 2", "dimension 2");
        fails(AxisException.class, () -> a.expandDims(4), "expand_dims", "axis 4");
        fails(ShapeException.class, () -> a.squeeze(0), "squeeze", "axis 0", "(3, 4)");
    }

    @Test
    void badJavaData() {
        fails(ShapeException.class, () -> Nd.array(new int[][] {{1, 2}, {3}}), "array", "ragged", "expected 2");
        fails(DTypeException.class, () -> Nd.array("text"), "array", "String");
        fails(
                ShapeException.class,
                () -> Nd.array(new double[] {1, 2, 3}, DType.FLOAT64, 2, 2),
                "reshape",
                "size 3",
                "(2, 2)");
        fails(DTypeException.class, () -> a.set("0", "x"), "set", "String");
        fails(NdException.class, () -> Nd.arange(0, 10, 0), "arange", "step");
    }
}
