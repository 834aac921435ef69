package org.ndgpu.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * NumPy's copy-if-overlap as the loops decide it: no copy for distinct arrays or the identical
 * view, a copy of an input that overlaps an output otherwise (elementwise: with the input's strides
 * broadcast to the loop; a reduction: its own), and a read-only output refused.
 */
public class CopyIfOverlapTest extends PerDeviceTest {
    private static final ParamList X_Y = ParamList.of(List.of(
            new Param("x", DType.FLOAT64, Kind.IN),
            new Param("s", DType.FLOAT64, Kind.SCALAR),
            new Param("y", DType.FLOAT64, Kind.OUT)));

    @Test
    void distinctArraysAndTheIdenticalViewNeedNoCopy() {
        try (NDArray a = Nd.arange(6.0);
                NDArray b = Nd.zeros(DType.FLOAT64, 6)) {
            long[] shape = {6};
            assertNull(CopyIfOverlap.copies("t", X_Y, new Object[] {a, 1.0, b}, shape));
            assertNull(CopyIfOverlap.copies("t", X_Y, new Object[] {a, 1.0, a}, shape));
            assertNull(CopyIfOverlap.copies("t", X_Y, new Object[] {a, 1.0, a}, null));
        }
    }

    @Test
    void anOverlappingInputIsReadFromACopy() {
        try (NDArray a = Nd.arange(6.0);
                NDArray reversed = a.get("::-1")) {
            Object[] args = {reversed, 1.0, a};
            NDArray[] copies = CopyIfOverlap.copies("t", X_Y, args, new long[] {6});
            assertNotNull(copies);
            assertEquals(3, copies.length);
            assertNotSame(reversed, copies[0]);
            assertNull(copies[1]);
            assertNull(copies[2]);
            assertArrayEquals(reversed.toDoubleArray(), copies[0].toDoubleArray());
            Object[] safe = CopyIfOverlap.substitute(args, copies);
            assertSame(copies[0], safe[0]);
            assertSame(args[1], safe[1]);
            assertSame(a, safe[2]);
            assertSame(reversed, args[0]); // args itself is not written
            CopyIfOverlap.close(copies);
            assertTrue(copies[0].isClosed());
        }
    }

    @Test
    void aBroadcastInputOverOneRowOfItsOutputIsCopied() {
        // y[0] read by every row while rows are written: the broadcast strides (0, 8) differ from y's
        try (NDArray y = Nd.zeros(DType.FLOAT64, 3, 2);
                NDArray row = y.get("0")) {
            NDArray[] copies = CopyIfOverlap.copies("t", X_Y, new Object[] {row, 0.0, y}, new long[] {3, 2});
            assertNotNull(copies);
            CopyIfOverlap.close(copies);
        }
    }

    @Test
    void aReadOnlyOutputIsRefused() {
        try (NDArray a = Nd.arange(3.0);
                NDArray b = Nd.zeros(DType.FLOAT64, 1);
                NDArray ro = b.broadcastTo(3)) {
            NdException e = assertThrows(
                    NdException.class,
                    () -> CopyIfOverlap.copies("myop", X_Y, new Object[] {a, 1.0, ro}, new long[] {3}));
            assertTrue(e.getMessage().startsWith("myop: assignment destination is read-only"), e.getMessage());
        }
    }
}
