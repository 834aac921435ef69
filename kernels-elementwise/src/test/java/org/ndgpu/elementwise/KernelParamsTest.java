package org.ndgpu.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;

/** Parsing of parameter lists; needs no device. Binding with arrays is covered by the conformance suite. */
class KernelParamsTest {
    @Test
    void parsesTypedPlaceholderAndRaw() {
        KernelParams p = KernelParams.parse("k", " T x,raw float32  y , U z");
        assertEquals(3, p.size());
        assertEquals(new KernelParams.Param("x", null, "T", false), p.get(0));
        assertEquals(new KernelParams.Param("y", DType.FLOAT32, null, true), p.get(1));
        assertTrue(p.get(2).isPlaceholder());
        assertEquals(List.of("T", "U"), p.placeholders());
        assertEquals("T x, raw float32 y, U z", p.toString());
        assertEquals(0, KernelParams.parse("k", "  ").size());
    }

    @Test
    void rejectsBadDeclarations() {
        assertThrows(NdException.class, () -> KernelParams.parse("k", "x"));
        assertThrows(NdException.class, () -> KernelParams.parse("k", "const float32 x"));
        assertThrows(DTypeException.class, () -> KernelParams.parse("k", "float x"));
        assertThrows(NdException.class, () -> KernelParams.parse("k", "T x, T x"));
        assertThrows(NdException.class, () -> KernelParams.parse("k", "T 1x"));
    }

    @Test
    void scalarsBindUnboundPlaceholdersAndAreWeakOtherwise() {
        KernelParams in = KernelParams.parse("k", "T a, float32 b, int8 c");
        KernelParams out = KernelParams.parse("k", "T z");
        var b = KernelParams.bind("k", in, new Object[] {3, 2.5, 7}, out, new Object[0]);
        assertEquals(DType.INT64, b.dtype(out.get(0)));
        assertEquals("typedef long T;\n", b.typedefs());
        assertTrue(b.isBound("T"));
        assertFalse(b.isBound("U"));
        assertThrows(
                DTypeException.class, () -> KernelParams.bind("k", in, new Object[] {3, 2.5, 300}, out, new Object[0]));
        assertThrows(
                DTypeException.class, () -> KernelParams.bind("k", in, new Object[] {3, 2.5, 1.5}, out, new Object[0]));
        assertNull(KernelParams.parse("k", "U q").get(0).dtype());
    }
}
