package org.ndgpu.routines.printing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.ArrayClosedException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * An array that cannot be read still prints: a closed one says so, since a debugger or a log calls
 * toString on whatever it holds; str refuses it, naming the operation.
 */
class UnreadableReprTest {
    @Test
    void aClosedArraySaysSoInsteadOfReadingItsMemory() {
        NDArray a = Nd.arange(6).astype(DType.FLOAT32).reshape(2, 3);
        assertEquals("array([[0., 1., 2.],\n       [3., 4., 5.]], dtype=float32)", a.toString());
        a.close();
        assertEquals("array(<closed>, dtype=float32, shape=(2, 3))", a.toString());
        ArrayClosedException e = assertThrows(ArrayClosedException.class, a::str);
        assertTrue(e.getMessage().contains("str"), e.getMessage());
    }
}
