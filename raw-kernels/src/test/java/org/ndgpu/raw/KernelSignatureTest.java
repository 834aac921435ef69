package org.ndgpu.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Dialect;

/** Reading kernel parameter lists from source, both dialects; no device. */
class KernelSignatureTest {
    @Test
    void openclQualifiersPointersAndLocals() {
        var sigs = KernelSignature.parse("""
                // __kernel void commented(int x) {}
                __kernel __attribute__((reqd_work_group_size(64, 1, 1)))
                void k1(__global const float* restrict x, __local float *tile, unsigned int n, const long m) { }
                kernel void k2(void) { }
                """, Dialect.OPENCL);
        assertEquals(List.of("k1", "k2"), List.copyOf(sigs.keySet()));
        var p = sigs.get("k1").params();
        assertEquals(4, p.size());
        assertTrue(p.get(0).pointer());
        assertFalse(p.get(0).local());
        assertEquals("float", p.get(0).type());
        assertTrue(p.get(1).local());
        assertEquals("unsigned int", p.get(2).type());
        assertEquals("n", p.get(2).name());
        assertEquals("long", p.get(3).type());
        assertEquals(0, sigs.get("k2").params().size());
    }

    @Test
    void cudaExternCAndLaunchBounds() {
        var sigs = KernelSignature.parse("""
                extern "C" __global__ void __launch_bounds__(256) saxpy(float a, const float* __restrict__ x, float* y, size_t n) {}
                extern "C" {
                __global__ void other(double d[], long long k) {}
                }
                """, Dialect.CUDA);
        assertEquals(List.of("saxpy", "other"), List.copyOf(sigs.keySet()));
        assertEquals(
                "saxpy(float a, float* x, float* y, size_t n)",
                sigs.get("saxpy").toString());
        assertTrue(sigs.get("other").params().get(0).pointer());
        assertEquals(8, KernelSignature.scalar("long long").bytes());
        assertEquals(8, KernelSignature.scalar("size_t").bytes());
        assertTrue(KernelSignature.scalar("float").floating());
    }
}
