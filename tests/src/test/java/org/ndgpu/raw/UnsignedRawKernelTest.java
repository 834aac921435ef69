package org.ndgpu.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * RawKernel over uint32 and uint64 arrays through unsigned pointer types (OpenCL C's uint* and
 * unsigned int*, ulong* and unsigned long*; CUDA C's unsigned long long* on CUDA), against Java loops
 * in unsigned arithmetic (Integer/Long.divideUnsigned, >>>, compareUnsigned); and an unsigned array
 * where a float* is expected refused with the parameter's name.
 */
public class UnsignedRawKernelTest extends PerDeviceTest {

    // division, shifts and comparison differ between signed and unsigned: each is checked at and above 2^31 / 2^63
    static final String CL = """
            __kernel void u32_ops(__global const unsigned int* x, __global uint* y, __global uint* q, unsigned int k, int n) {
                int i = get_global_id(0);
                if (i < n) {
                    y[i] = x[i] * k + (x[i] >> 31);
                    q[i] = x[i] / 7u + (x[i] > 2147483648u ? 1000u : 0u);
                }
            }
            __kernel void u64_ops(__global const unsigned long* x, __global ulong* y, __global ulong* q, ulong k, int n) {
                int i = get_global_id(0);
                if (i < n) {
                    y[i] = x[i] * k + (x[i] >> 63);
                    q[i] = x[i] / 7UL + (x[i] > 9223372036854775808UL ? 1000UL : 0UL);
                }
            }
            __kernel void fscale(__global float* x, int n) {
                int i = get_global_id(0);
                if (i < n) x[i] = x[i] * 2.0f;
            }
            """;

    static final String CU = """
            extern "C" __global__ void u64_cuda(const unsigned long long* x, unsigned long long* y, unsigned long long k, int n) {
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < n) y[i] = x[i] / k + (x[i] >> 63);
            }
            """;

    private boolean cuda() {
        return device().backend().dialect() == Dialect.CUDA;
    }

    private static long[] bits(int n, long seed, long mask) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] v = new long[n];
        long[] special = {0, 1, mask, mask >>> 1, (mask >>> 1) + 1, (mask >>> 1) + 2};
        for (int i = 0; i < n; i++) v[i] = (i < special.length ? special[i] : r.nextLong()) & mask;
        return v;
    }

    @Test
    void uint32ThroughUnsignedIntPointers() {
        int n = 1000;
        long[] v = bits(n, 1, 0xFFFFFFFFL);
        int[] host = new int[n];
        for (int i = 0; i < n; i++) host[i] = (int) v[i];
        int k = 0x9E3779B1; // above 2^31 as a uint
        try (NDArray x = Nd.array(MemorySegment.ofArray(host), DType.UINT32, n);
                NDArray y = Nd.zeros(DType.UINT32, n);
                NDArray q = Nd.zeros(DType.UINT32, n)) {
            new RawKernel(CL, "u32_ops").launch(new long[] {(n + 127) / 128}, new long[] {128}, x, y, q, k, n);
            long[] gy = y.toLongArray(), gq = q.toLongArray();
            for (int i = 0; i < n; i++) {
                int xi = host[i];
                long wantY = Integer.toUnsignedLong(xi * k + (xi >>> 31));
                long wantQ = Integer.toUnsignedLong(
                        Integer.divideUnsigned(xi, 7) + (Integer.compareUnsigned(xi, 0x80000000) > 0 ? 1000 : 0));
                assertEquals(wantY, gy[i], "y at " + i + " of x = " + Integer.toUnsignedString(xi));
                assertEquals(wantQ, gq[i], "q at " + i + " of x = " + Integer.toUnsignedString(xi));
            }
        }
    }

    @Test
    void uint64ThroughUlongPointers() {
        int n = 1000;
        long[] host = bits(n, 2, -1L);
        long k = 0x9E3779B97F4A7C15L; // above 2^63 as a ulong
        try (NDArray x = Nd.array(MemorySegment.ofArray(host), DType.UINT64, n);
                NDArray y = Nd.zeros(DType.UINT64, n);
                NDArray q = Nd.zeros(DType.UINT64, n)) {
            new RawKernel(CL, "u64_ops").launch(new long[] {(n + 127) / 128}, new long[] {128}, x, y, q, k, n);
            long[] gy = y.toLongArray(), gq = q.toLongArray();
            for (int i = 0; i < n; i++) {
                long xi = host[i];
                long wantY = xi * k + (xi >>> 63);
                long wantQ = Long.divideUnsigned(xi, 7) + (Long.compareUnsigned(xi, Long.MIN_VALUE) > 0 ? 1000 : 0);
                assertEquals(wantY, gy[i], "y at " + i + " of x = " + Long.toUnsignedString(xi));
                assertEquals(wantQ, gq[i], "q at " + i + " of x = " + Long.toUnsignedString(xi));
            }
        }
    }

    /** CUDA C's unsigned long long* on a uint64 array (CUDA devices only: OpenCL C has no long long). */
    @Test
    void uint64ThroughUnsignedLongLongOnCuda() {
        org.junit.jupiter.api.Assumptions.assumeTrue(cuda(), "CUDA C runs on CUDA devices only");
        int n = 500;
        long[] host = bits(n, 3, -1L);
        long k = 3;
        try (NDArray x = Nd.array(MemorySegment.ofArray(host), DType.UINT64, n);
                NDArray y = Nd.zeros(DType.UINT64, n)) {
            new RawKernel(CU, "u64_cuda").launch(new long[] {(n + 127) / 128}, new long[] {128}, x, y, k, n);
            long[] gy = y.toLongArray();
            for (int i = 0; i < n; i++)
                assertEquals(Long.divideUnsigned(host[i], k) + (host[i] >>> 63), gy[i], "at " + i);
        }
    }

    @Test
    void unsignedArrayWhereFloatPointerIsExpectedIsRefused() {
        try (NDArray u = Nd.zeros(DType.UINT32, 4);
                NDArray w = Nd.zeros(DType.UINT64, 4)) {
            var k = new RawKernel(CL, "fscale");
            var e = assertThrows(NdException.class, () -> k.launch(new long[] {1}, new long[] {4}, u, 4));
            assertTrue(
                    e.getMessage().contains("'float* x'")
                            && e.getMessage().contains("uint32")
                            && e.getMessage().contains("float32"),
                    e.getMessage());
            var e64 = assertThrows(NdException.class, () -> k.launch(new long[] {1}, new long[] {4}, w, 4));
            assertTrue(
                    e64.getMessage().contains("'float* x'") && e64.getMessage().contains("uint64"), e64.getMessage());
        }
        try (NDArray f = Nd.zeros(DType.FLOAT32, 4);
                NDArray y = Nd.zeros(DType.UINT32, 4);
                NDArray q = Nd.zeros(DType.UINT32, 4);
                NDArray l = Nd.zeros(DType.UINT64, 4)) {
            var e = assertThrows(
                    NdException.class,
                    () -> new RawKernel(CL, "u32_ops").launch(new long[] {1}, new long[] {4}, f, y, q, 1, 4));
            assertTrue(
                    e.getMessage().contains("'unsigned int* x'")
                            && e.getMessage().contains("float32"),
                    e.getMessage());
            var wide = assertThrows(
                    NdException.class,
                    () -> new RawKernel(CL, "u32_ops").launch(new long[] {1}, new long[] {4}, l, y, q, 1, 4));
            assertTrue(
                    wide.getMessage().contains("'unsigned int* x'")
                            && wide.getMessage().contains("uint64"),
                    wide.getMessage());
        }
    }

    /** The signature reader's dtypes of unsigned pointee spellings: "unsigned" is not "signed" with a prefix. */
    @Test
    void unsignedSpellingsResolve() {
        assertEquals(Set.of(DType.INT32, DType.UINT32), KernelSignature.pointee("unsigned int"));
        assertEquals(Set.of(DType.INT32, DType.UINT32), KernelSignature.pointee("uint"));
        assertEquals(Set.of(DType.INT32, DType.UINT32), KernelSignature.pointee("unsigned"));
        assertEquals(Set.of(DType.INT64, DType.UINT64), KernelSignature.pointee("unsigned long long"));
        assertEquals(Set.of(DType.INT64, DType.UINT64), KernelSignature.pointee("unsigned long"));
        assertEquals(Set.of(DType.INT64, DType.UINT64), KernelSignature.pointee("ulong"));
        assertEquals(Set.of(DType.INT16, DType.UINT16), KernelSignature.pointee("unsigned short"));
        assertEquals(Set.of(DType.UINT8, DType.INT8, DType.BOOL), KernelSignature.pointee("unsigned char"));
        assertEquals(Set.of(DType.INT8, DType.UINT8, DType.BOOL), KernelSignature.pointee("signed char"));
        assertEquals(4, KernelSignature.scalar("unsigned int").bytes());
        assertEquals(8, KernelSignature.scalar("unsigned long long").bytes());
        assertEquals(4, KernelSignature.scalar("signed int").bytes());
        assertNull(KernelSignature.pointee("my_struct"));
    }
}
