package org.ndgpu.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * LaunchArgs packs each argument as the type the backends' launch contract names, in the order it
 * was appended, into one array of the count it was made for; and its launch runs the kernel with
 * exactly those arguments.
 */
public class LaunchArgsTest extends PerDeviceTest {
    @Test
    void anArrayIsItsBufferThenTheByteOffsetOfItsElementZero() {
        try (NDArray base = Nd.arange(10L);
                NDArray view = base.get("3:")) {
            Object[] args = LaunchArgs.of(4).array(base).array(view).toArray();
            assertSame(base.buffer(), args[0]);
            assertEquals(0L, args[1]);
            assertSame(base.buffer(), args[2]);
            assertEquals(3L * DType.INT64.itemsize(), args[3]);
            assertEquals(view.offset(), args[3]);
        }
    }

    @Test
    void eachMethodGivesTheContractsType() {
        try (NDArray a = Nd.zeros(DType.FLOAT32, 4)) {
            Object[] args = LaunchArgs.of(9)
                    .buffer(a.buffer())
                    .i32(7)
                    .i64(1L << 40)
                    .f32(1.5f)
                    .f64(2.25)
                    .bool(true)
                    .bool(false)
                    .local(512)
                    .i64(-3)
                    .toArray();
            assertSame(a.buffer(), args[0]);
            assertEquals(Integer.valueOf(7), args[1]);
            assertEquals(Long.valueOf(1L << 40), args[2]);
            assertEquals(Float.valueOf(1.5f), args[3]);
            assertEquals(Double.valueOf(2.25), args[4]);
            assertEquals(Boolean.TRUE, args[5]);
            assertEquals(Boolean.FALSE, args[6]);
            assertEquals(new Backend.LocalMemory(512), args[7]);
            assertEquals(Long.valueOf(-3), args[8]);
        }
    }

    @Test
    void aScalarIsConvertedToItsParametersType() {
        Object[] args = LaunchArgs.of(8)
                .scalar(DType.FLOAT16, 70000.0) // float16 overflows to inf, carried as a float
                .scalar(DType.FLOAT32, 0.1)
                .scalar(DType.FLOAT64, 3)
                .scalar(DType.UINT8, 200) // an unsigned scalar is the signed type of its width, same bits
                .scalar(DType.INT16, 5)
                .scalar(DType.UINT32, 4_000_000_000L)
                .scalar(DType.INT64, 9)
                .scalar(DType.BOOL, 2) // one byte, 1
                .toArray();
        assertEquals(Float.valueOf(Float.POSITIVE_INFINITY), args[0]);
        assertEquals(Float.valueOf(0.1f), args[1]);
        assertEquals(Double.valueOf(3.0), args[2]);
        assertEquals(Byte.valueOf((byte) 200), args[3]);
        assertEquals(Short.valueOf((short) 5), args[4]);
        assertEquals(Integer.valueOf((int) 4_000_000_000L), args[5]);
        assertEquals(Long.valueOf(9), args[6]);
        assertEquals(Byte.valueOf((byte) 1), args[7]);
    }

    @Test
    void runsOfLongsKeepTheirOrderAndBoxedOnesAreNotBoxedAgain() {
        List<Long> dims = List.of(100_000L, 200_000L);
        Object[] args = LaunchArgs.of(5).i64s(new long[] {4, 5, 6}).i64s(dims).toArray();
        assertArrayEquals(new Object[] {4L, 5L, 6L, 100_000L, 200_000L}, args);
        assertSame(dims.get(0), args[3]);
        assertSame(dims.get(1), args[4]);
    }

    @Test
    void exactlyFullHandsOverItsOwnArray() {
        LaunchArgs a = LaunchArgs.of(2).i32(1).i64(2);
        assertEquals(2, a.size());
        assertSame(a.toArray(), a.toArray());
        assertEquals(0, LaunchArgs.of(0).toArray().length);
    }

    @Test
    void itGrowsPastItsCountAndTrimsBelowIt() {
        LaunchArgs a = LaunchArgs.of(1);
        for (int i = 0; i < 6; i++) a.i32(i);
        assertArrayEquals(new Object[] {0, 1, 2, 3, 4, 5}, a.toArray());
        LaunchArgs b = LaunchArgs.of(3).i32(9);
        assertArrayEquals(new Object[] {9}, b.toArray());
        assertNotSame(b.toArray(), b.toArray());
        assertThrows(IllegalArgumentException.class, () -> LaunchArgs.of(-1));
    }

    @Test
    void aRunIsAppendedWholeOrInPart() {
        LaunchArgs run = LaunchArgs.of(4).i64(10).i64(11).i64(12).i64(13);
        Object[] args = LaunchArgs.of(6).i32(1).append(run, 1, 3).append(run).toArray();
        assertArrayEquals(new Object[] {1, 11L, 12L, 10L, 11L, 12L, 13L}, args);
        assertEquals(4, run.size(), "the run itself is not changed");
        assertThrows(IndexOutOfBoundsException.class, () -> LaunchArgs.of(1).append(run, 2, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> LaunchArgs.of(1).append(run, 3, 2));
    }

    @Test
    void aValueOfTheContractsTypesIsAppendedAsItIs() {
        try (NDArray a = Nd.zeros(DType.INT32, 2)) {
            Object[] given = {a.buffer(), 1, 2L, 3f, 4.0, (short) 5, (byte) 6, Boolean.TRUE, new Backend.LocalMemory(64)
            };
            LaunchArgs args = LaunchArgs.of(given.length);
            for (Object v : given) args.value(v);
            Object[] out = args.toArray();
            for (int i = 0; i < given.length; i++) assertSame(given[i], out[i], "argument " + i);
        }
    }

    @Test
    void anyOtherValueIsRefusedNamingTheLaunchAndTheType() {
        LaunchArgs args = LaunchArgs.of(3).i32(1);
        NdException e = assertThrows(KernelLaunchException.class, () -> args.value("two"));
        assertTrue(
                e.getMessage().contains("launch")
                        && e.getMessage().contains("argument 1")
                        && e.getMessage().contains("java.lang.String")
                        && e.getMessage().contains("expected a device buffer, Integer, Long"),
                e.getMessage());
        NdException n = assertThrows(KernelLaunchException.class, () -> args.value(null));
        assertTrue(n.getMessage().contains("launch") && n.getMessage().contains("null"), n.getMessage());
        NdException c = assertThrows(KernelLaunchException.class, () -> args.value('c'));
        assertTrue(c.getMessage().contains("java.lang.Character"), c.getMessage());
        assertEquals(1, args.size(), "a refused value is not appended");
    }

    static final String CL = """
            __kernel void launch_args(__global int* out, long off, int a, long b, float c, uchar flag,
                                      __local int* tmp) {
                __global int* o = (__global int*) ((__global char*) out + off);
                int i = get_global_id(0);
                tmp[get_local_id(0)] = a;
                barrier(CLK_LOCAL_MEM_FENCE);
                o[i] = tmp[get_local_id(0)] + (int) b + (int) c + flag * 1000 + 10 * i;
            }
            """;
    static final String CU = """
            extern "C" __global__ void launch_args(int* out, long long off, int a, long long b, float c,
                                                   unsigned char flag) {
                extern __shared__ int tmp[];
                int* o = (int*) ((char*) out + off);
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                tmp[threadIdx.x] = a;
                __syncthreads();
                o[i] = tmp[threadIdx.x] + (int) b + (int) c + flag * 1000 + 10 * i;
            }
            """;

    @Test
    void launchRunsTheKernelWithThePackedArgumentsOnTheCurrentStream() {
        int n = 64, block = 32;
        var device = device();
        String src = device.backend().dialect() == Dialect.CUDA ? CU : CL;
        BackendKernel k = device.programs().kernel("launch_args_test", src, List.of(), "launch_args");
        try (NDArray out = Nd.full(-1, DType.INT32, 2L * n);
                NDArray tail = out.get(n + ":")) {
            LaunchArgs.of(7)
                    .array(tail)
                    .i32(1)
                    .i64(20)
                    .f32(300f)
                    .bool(true)
                    .local(block * 4L)
                    .launch(device, k, n / block, block);
            int[] got = out.toIntArray();
            for (int i = 0; i < n; i++) {
                assertEquals(-1, got[i], "element " + i + " lies before the view");
                assertEquals(1 + 20 + 300 + 1000 + 10 * i, got[n + i], "element " + i + " of the view");
            }
        }
    }
}
