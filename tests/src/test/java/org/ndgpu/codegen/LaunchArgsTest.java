package org.ndgpu.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.backend.KernelArguments.Kind;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * LaunchArgs keeps each argument as its kind and bits (or its buffer), in the order it was
 * appended, as the backends' launch contract reads them; copies with a buffer replaced; and its
 * launch runs the kernel with exactly those arguments, every kind included.
 */
public class LaunchArgsTest extends PerDeviceTest {
    private static Kind[] kinds(LaunchArgs a) {
        Kind[] k = new Kind[a.size()];
        for (int i = 0; i < k.length; i++) k[i] = a.kind(i);
        return k;
    }

    private static long[] bits(LaunchArgs a) {
        long[] b = new long[a.size()];
        for (int i = 0; i < b.length; i++) b[i] = a.bits(i);
        return b;
    }

    @Test
    void anArrayIsItsBufferThenTheByteOffsetOfItsElementZero() {
        try (NDArray base = Nd.arange(10L);
                NDArray view = base.get("3:")) {
            LaunchArgs args = LaunchArgs.of(4).array(base).array(view);
            assertArrayEquals(new Kind[] {Kind.BUFFER, Kind.I64, Kind.BUFFER, Kind.I64}, kinds(args));
            assertSame(base.buffer(), args.buffer(0));
            assertEquals(0L, args.bits(1));
            assertSame(base.buffer(), args.buffer(2));
            assertEquals(3L * DType.INT64.itemsize(), args.bits(3));
            assertEquals(view.offset(), args.bits(3));
            assertNull(args.buffer(1), "a number has no buffer");
        }
    }

    @Test
    void eachMethodGivesItsKindAndTheValuesLowBytes() {
        try (NDArray a = Nd.zeros(DType.FLOAT32, 4)) {
            LaunchArgs args = LaunchArgs.of(12)
                    .buffer(a.buffer())
                    .i32(7)
                    .i32(-1)
                    .i64(1L << 40)
                    .f32(1.5f)
                    .f64(2.25)
                    .bool(true)
                    .bool(false)
                    .local(512)
                    .i64(-3)
                    .i8((byte) -2)
                    .i16((short) -5);
            assertArrayEquals(
                    new Kind[] {
                        Kind.BUFFER,
                        Kind.I32,
                        Kind.I32,
                        Kind.I64,
                        Kind.F32,
                        Kind.F64,
                        Kind.BOOL,
                        Kind.BOOL,
                        Kind.LOCAL,
                        Kind.I64,
                        Kind.I8,
                        Kind.I16
                    },
                    kinds(args));
            assertSame(a.buffer(), args.buffer(0));
            assertArrayEquals(
                    new long[] {
                        0,
                        7,
                        0xFFFF_FFFFL,
                        1L << 40,
                        Float.floatToRawIntBits(1.5f),
                        Double.doubleToRawLongBits(2.25),
                        1,
                        0,
                        512,
                        -3,
                        0xFE,
                        0xFFFB
                    },
                    bits(args));
            assertEquals(4, Kind.F32.bytes());
            assertEquals(1, Kind.BOOL.bytes());
            assertEquals("Boolean", Kind.BOOL.javaName());
        }
    }

    @Test
    void aScalarIsConvertedToItsParametersType() {
        LaunchArgs args = LaunchArgs.of(8)
                .scalar(DType.FLOAT16, 70000.0) // float16 overflows to inf, carried as a float
                .scalar(DType.FLOAT32, 0.1)
                .scalar(DType.FLOAT64, 3)
                .scalar(DType.UINT8, 200) // an unsigned scalar is the signed type of its width, same bits
                .scalar(DType.INT16, 5)
                .scalar(DType.UINT32, 4_000_000_000L)
                .scalar(DType.INT64, 9)
                .scalar(DType.BOOL, 2); // one byte, 1
        assertArrayEquals(
                new Kind[] {Kind.F32, Kind.F32, Kind.F64, Kind.I8, Kind.I16, Kind.I32, Kind.I64, Kind.I8}, kinds(args));
        assertArrayEquals(
                new long[] {
                    Float.floatToRawIntBits(Float.POSITIVE_INFINITY),
                    Float.floatToRawIntBits(0.1f),
                    Double.doubleToRawLongBits(3.0),
                    200,
                    5,
                    4_000_000_000L,
                    9,
                    1
                },
                bits(args));
        assertThrows(DTypeException.class, () -> LaunchArgs.of(1).scalar(DType.COMPLEX64, 1));
    }

    @Test
    void runsOfLongsKeepTheirOrder() {
        LaunchArgs args = LaunchArgs.of(5).i64s(new long[] {4, 5, 6}).i64s(List.of(100_000L, 200_000L));
        assertArrayEquals(new long[] {4, 5, 6, 100_000L, 200_000L}, bits(args));
        assertArrayEquals(new Kind[] {Kind.I64, Kind.I64, Kind.I64, Kind.I64, Kind.I64}, kinds(args));
    }

    @Test
    void itGrowsPastItsCount() {
        LaunchArgs a = LaunchArgs.of(1);
        for (int i = 0; i < 6; i++) a.i32(i);
        assertEquals(6, a.size());
        assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, bits(a));
        assertEquals(0, LaunchArgs.of(0).size());
        assertThrows(IllegalArgumentException.class, () -> LaunchArgs.of(-1));
    }

    @Test
    void aRunIsAppendedWholeOrInPart() {
        LaunchArgs run = LaunchArgs.of(4).i64(10).i64(11).i64(12).i64(13);
        LaunchArgs args = LaunchArgs.of(6).i32(1).append(run, 1, 3).append(run);
        assertArrayEquals(new long[] {1, 11, 12, 10, 11, 12, 13}, bits(args));
        assertEquals(Kind.I32, args.kind(0));
        assertEquals(Kind.I64, args.kind(6));
        assertEquals(4, run.size(), "the run itself is not changed");
        assertThrows(IndexOutOfBoundsException.class, () -> LaunchArgs.of(1).append(run, 2, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> LaunchArgs.of(1).append(run, 3, 2));
    }

    @Test
    void aValueOfTheContractsTypesIsAppendedAsItsType() {
        try (NDArray a = Nd.zeros(DType.INT32, 2)) {
            Object[] given = {a.buffer(), 1, 2L, 3f, 4.0, (short) 5, (byte) 6, Boolean.TRUE, new Backend.LocalMemory(64)
            };
            LaunchArgs args = LaunchArgs.of(given.length);
            for (Object v : given) args.value(v);
            assertArrayEquals(
                    new Kind[] {
                        Kind.BUFFER, Kind.I32, Kind.I64, Kind.F32, Kind.F64, Kind.I16, Kind.I8, Kind.BOOL, Kind.LOCAL
                    },
                    kinds(args));
            assertSame(a.buffer(), args.buffer(0));
            assertArrayEquals(
                    new long[] {0, 1, 2, Float.floatToRawIntBits(3f), Double.doubleToRawLongBits(4.0), 5, 6, 1, 64},
                    bits(args));
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
        assertThrows(KernelLaunchException.class, () -> args.buffer(null));
        assertEquals(1, args.size(), "a refused value is not appended");
    }

    @Test
    void aCopyWithOneBufferReplacedKeepsEverythingElse() {
        try (NDArray x = Nd.zeros(DType.FLOAT32, 8);
                NDArray y = Nd.zeros(DType.FLOAT32, 8);
                NDArray z = Nd.zeros(DType.FLOAT32, 8);
                NDArray other = Nd.zeros(DType.FLOAT32, 1000)) {
            LaunchArgs args = LaunchArgs.of(7).array(x).array(y).array(x).i64(8);
            assertArrayEquals(new int[] {0, 2, 4}, args.bufferPositions());
            LaunchArgs moved = args.withBufferReplaced(x.buffer(), z.buffer());
            assertSame(z.buffer(), moved.buffer(0));
            assertSame(y.buffer(), moved.buffer(2));
            assertSame(z.buffer(), moved.buffer(4), "every use of the buffer is replaced");
            assertArrayEquals(kinds(args), kinds(moved));
            assertArrayEquals(bits(args), bits(moved));
            assertSame(x.buffer(), args.buffer(0), "the recorded arguments are not changed");
            assertThrows(IllegalArgumentException.class, () -> args.withBufferReplaced(z.buffer(), y.buffer()));
            if (other.buffer().size() != x.buffer().size()) {
                assertThrows(IllegalArgumentException.class, () -> args.withBufferReplaced(x.buffer(), other.buffer()));
            }
            LaunchArgs copy = args.copy();
            assertNotSame(args, copy);
            assertArrayEquals(bits(args), bits(copy));
        }
    }

    @Test
    void replacingInPlaceChangesOnlyTheNamedArguments() {
        try (NDArray x = Nd.zeros(DType.FLOAT32, 8);
                NDArray y = Nd.zeros(DType.FLOAT32, 8);
                NDArray z = Nd.zeros(DType.FLOAT32, 8)) {
            LaunchArgs args = LaunchArgs.of(6).array(x).f32(1.5f).array(y).i64(8);
            Kind[] before = kinds(args);
            long[] bitsBefore = bits(args);
            assertSame(args, args.replaceBuffer(3, z.buffer()));
            assertSame(z.buffer(), args.buffer(3));
            assertSame(x.buffer(), args.buffer(0));
            assertArrayEquals(before, kinds(args));
            assertArrayEquals(bitsBefore, bits(args));
            assertThrows(IllegalArgumentException.class, () -> args.replaceBuffer(2, z.buffer()), "not a buffer");
            assertThrows(IllegalArgumentException.class, () -> args.replaceBuffer(6, z.buffer()), "no such argument");
            assertThrows(IllegalArgumentException.class, () -> args.replaceBuffer(0, null));
            args.replace(2, LaunchArgs.of(1).i32(7));
            assertEquals(Kind.I32, args.kind(2));
            assertEquals(7L, args.bits(2));
            assertEquals(8L, args.bits(5), "the arguments after the run are kept");
            args.replace(2, LaunchArgs.of(1).f32(1.5f));
            assertArrayEquals(before, kinds(args));
            assertThrows(
                    IndexOutOfBoundsException.class,
                    () -> args.replace(5, LaunchArgs.of(2).i32(1).i32(2)));
            assertEquals(6, args.size());
        }
    }

    @Test
    void theReusedBuilderIsTheThreadsOwnUntilReleased() {
        LaunchArgs a = LaunchArgs.reused(3).i32(1);
        LaunchArgs b = LaunchArgs.reused(3);
        assertNotSame(a, b, "while out, another builder is given");
        b.release();
        a.release();
        LaunchArgs c = LaunchArgs.reused(40);
        assertSame(a, c);
        assertEquals(0, c.size(), "emptied");
        for (int i = 0; i < 40; i++) c.i32(i);
        assertEquals(40, c.size());
        c.release();
    }

    static final String CL = """
            __kernel void launch_args(__global int* out, long off, int a, long b, float c, uchar flag,
                                      char d, short e, double f, __local int* tmp) {
                __global int* o = (__global int*) ((__global char*) out + off);
                int i = get_global_id(0);
                tmp[get_local_id(0)] = a;
                barrier(CLK_LOCAL_MEM_FENCE);
                o[i] = tmp[get_local_id(0)] + (int) b + (int) c + flag * 1000 + d + e + (int) f + 10 * i;
            }
            """;
    static final String CU = """
            extern "C" __global__ void launch_args(int* out, long long off, int a, long long b, float c,
                                                   unsigned char flag, signed char d, short e, double f) {
                extern __shared__ int tmp[];
                int* o = (int*) ((char*) out + off);
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                tmp[threadIdx.x] = a;
                __syncthreads();
                o[i] = tmp[threadIdx.x] + (int) b + (int) c + flag * 1000 + d + e + (int) f + 10 * i;
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
            LaunchArgs.of(10)
                    .array(tail)
                    .i32(1)
                    .i64(20)
                    .f32(300f)
                    .bool(true)
                    .i8((byte) -3)
                    .i16((short) -400)
                    .f64(5000.0)
                    .local(block * 4L)
                    .launch(device, k, n / block, block);
            int[] got = out.toIntArray();
            for (int i = 0; i < n; i++) {
                assertEquals(-1, got[i], "element " + i + " lies before the view");
                assertEquals(
                        1 + 20 + 300 + 1000 - 3 - 400 + 5000 + 10 * i, got[n + i], "element " + i + " of the view");
            }
        }
    }
}
