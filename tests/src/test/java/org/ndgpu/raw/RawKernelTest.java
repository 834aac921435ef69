package org.ndgpu.raw;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.KernelCompileException;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/** RawKernel and RawModule on one device; each kernel is given in the device's dialect. */
public class RawKernelTest extends PerDeviceTest {

    static final String CL = """
            __kernel void my_add(__global const float* x1, __global const float* x2, __global float* y, int n) {
                int i = get_global_id(0);
                if (i < n) y[i] = x1[i] + x2[i];
            }
            __kernel void scale_all(__global double* y, double a, long off, float b, int n) {
                int i = get_global_id(0);
                if (i < n) y[i] = y[i] * a + (double) off + (double) b;
            }
            __kernel void grid2d(__global int* out, int width) {
                int c = get_global_id(0), r = get_global_id(1);
                out[r * width + c] = r * 1000 + c;
            }
            __kernel void group_sum(__global const float* x, __global float* sums, __local float* tile) {
                int l = get_local_id(0);
                tile[l] = x[get_global_id(0)];
                barrier(CLK_LOCAL_MEM_FENCE);
                for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
                    if (l < s) tile[l] += tile[l + s];
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (l == 0) sums[get_group_id(0)] = tile[0];
            }
            """;
    static final String CU = """
            extern "C" __global__ void my_add(const float* x1, const float* x2, float* y, int n) {
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < n) y[i] = x1[i] + x2[i];
            }
            extern "C" __global__ void scale_all(double* y, double a, long long off, float b, int n) {
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < n) y[i] = y[i] * a + (double) off + (double) b;
            }
            extern "C" __global__ void grid2d(int* out, int width) {
                int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
                out[r * width + c] = r * 1000 + c;
            }
            extern "C" __global__ void group_sum(const float* x, float* sums) {
                extern __shared__ float tile[];
                int l = threadIdx.x;
                tile[l] = x[blockIdx.x * blockDim.x + threadIdx.x];
                __syncthreads();
                for (int s = blockDim.x / 2; s > 0; s >>= 1) {
                    if (l < s) tile[l] += tile[l + s];
                    __syncthreads();
                }
                if (l == 0) sums[blockIdx.x] = tile[0];
            }
            """;

    boolean cuda() {
        return device().backend().dialect() == Dialect.CUDA;
    }

    String source() {
        return cuda() ? CU : CL;
    }

    static float[] random(int n, long seed) {
        Random r = new Random(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) a[i] = r.nextFloat() * 2 - 1;
        return a;
    }

    @Test
    void addMatchesJavaLoop() {
        int n = 1000;
        float[] a = random(n, 1), b = random(n, 2);
        NDArray x1 = Nd.array(a), x2 = Nd.array(b), y = Nd.full(Float.NaN, DType.FLOAT32, n);
        var k = new RawKernel(source(), "my_add");
        k.launch(new long[] {(n + 127) / 128}, new long[] {128}, x1, x2, y, n);
        float[] got = y.toFloatArray();
        for (int i = 0; i < n; i++) assertEquals(a[i] + b[i], got[i], 0f, "element " + i);
    }

    @Test
    void scalarsOfEveryWidth() {
        int n = 300;
        double[] init = new double[n];
        for (int i = 0; i < n; i++) init[i] = i * 0.5;
        NDArray y = Nd.array(init);
        new RawModule(source()).function("scale_all").launch(new long[] {3}, new long[] {100}, y, 2.0, 7L, 0.25f, n);
        double[] got = y.toDoubleArray();
        for (int i = 0; i < n; i++) assertEquals(init[i] * 2 + 7 + 0.25, got[i], 1e-12);
    }

    @Test
    void twoDimensionalGrid() {
        int w = 48, h = 20;
        NDArray out = Nd.full(-1, DType.INT32, h, w);
        new RawKernel(source(), "grid2d").launch(new long[] {w / 16, h / 4}, new long[] {16, 4}, out, w);
        int[] got = out.toIntArray();
        for (int r = 0; r < h; r++) for (int c = 0; c < w; c++) assertEquals(r * 1000 + c, got[r * w + c]);
    }

    @Test
    void localOrSharedMemory() {
        int groups = 8, block = 64;
        float[] a = random(groups * block, 3);
        NDArray x = Nd.array(a), sums = Nd.full(Float.NaN, DType.FLOAT32, groups);
        var k = new RawModule(source()).function("group_sum");
        if (cuda()) k.launch(new long[] {groups}, new long[] {block}, RawKernel.sharedMemory(block * 4L), x, sums);
        else k.launch(new long[] {groups}, new long[] {block}, x, sums, RawKernel.localMemory(block * 4L));
        float[] got = sums.toFloatArray();
        for (int g = 0; g < groups; g++) {
            double want = 0;
            for (int i = 0; i < block; i++) want += a[g * block + i];
            assertEquals(want, got[g], 1e-4);
        }
    }

    @Test
    void moduleListsKernelsAndLoadsFromBinary() {
        var mod = new RawModule(source());
        assertEquals(List.of("my_add", "scale_all", "grid2d", "group_sum"), mod.kernelNames());
        byte[] bin = device().programs().program("my_add", source(), List.of()).binary();
        if (bin == null) return; // a backend that gives no binary has nothing to load
        var loaded = RawModule.fromBinary(device().backend().dialect(), bin);
        NDArray x1 = Nd.array(new float[] {1, 2, 3}),
                x2 = Nd.array(new float[] {10, 20, 30}),
                y = Nd.zeros(DType.FLOAT32, 3);
        loaded.function("my_add").launch(new long[] {1}, new long[] {3}, x1, x2, y, 3);
        assertArrayEquals(new float[] {11, 22, 33}, y.toFloatArray());
    }

    @Test
    void optionsReachTheCompiler() {
        String src = cuda()
                ? "extern \"C\" __global__ void fill(int* y) { y[threadIdx.x] = VALUE; }"
                : "__kernel void fill(__global int* y) { y[get_global_id(0)] = VALUE; }";
        NDArray y = Nd.zeros(DType.INT32, 4);
        new RawKernel(src, "fill", "-DVALUE=42").launch(new long[] {1}, new long[] {4}, y);
        assertArrayEquals(new int[] {42, 42, 42, 42}, y.toIntArray());
    }

    // ---------------------------------------------------------------- bad input

    @Test
    void kernelNameNotInModule() {
        var e = assertThrows(KernelLaunchException.class, () -> new RawModule(source()).function("my_sub"));
        assertTrue(
                e.getMessage().contains("my_sub")
                        && e.getMessage().contains("my_add")
                        && e.getMessage().contains("group_sum"),
                e.getMessage());
        assertThrows(KernelLaunchException.class, () -> new RawKernel(source(), "nope"));
    }

    @Test
    void tooFewOrTooManyArguments() {
        NDArray x = Nd.zeros(DType.FLOAT32, 4);
        var k = new RawKernel(source(), "my_add");
        var few = assertThrows(KernelLaunchException.class, () -> k.launch(new long[] {1}, new long[] {4}, x, x, x));
        assertTrue(
                few.getMessage().contains("takes 4 arguments")
                        && few.getMessage().contains("3 given"),
                few.getMessage());
        var many = assertThrows(
                KernelLaunchException.class, () -> k.launch(new long[] {1}, new long[] {4}, x, x, x, 4, 5));
        assertTrue(many.getMessage().contains("5 given"), many.getMessage());
    }

    @Test
    void scalarWherePointerExpected() {
        NDArray x = Nd.zeros(DType.FLOAT32, 4);
        var k = new RawKernel(source(), "my_add");
        var e = assertThrows(
                KernelLaunchException.class, () -> k.launch(new long[] {1}, new long[] {4}, x, 3.0f, x, 4));
        assertTrue(e.getMessage().contains("argument 1") && e.getMessage().contains("pointer"), e.getMessage());
        var e2 = assertThrows(KernelLaunchException.class, () -> k.launch(new long[] {1}, new long[] {4}, x, x, x, x));
        assertTrue(e2.getMessage().contains("argument 3") && e2.getMessage().contains("scalar int"), e2.getMessage());
    }

    @Test
    void scalarOfTheWrongWidth() {
        NDArray x = Nd.zeros(DType.FLOAT32, 4);
        var e = assertThrows(
                KernelLaunchException.class,
                () -> new RawKernel(source(), "my_add").launch(new long[] {1}, new long[] {4}, x, x, x, 4L));
        assertTrue(e.getMessage().contains("an Integer"), e.getMessage());
    }

    /** OpenCL C runs on every device (translated on CUDA); CUDA C on an OpenCL device is an error that says why. */
    @Test
    void openClCRunsEverywhereAndCudaCOnOpenClIsAClearError() {
        int n = 300;
        float[] a = random(n, 5), b = random(n, 6);
        NDArray x1 = Nd.array(a), x2 = Nd.array(b), y = Nd.full(Float.NaN, DType.FLOAT32, n);
        new RawKernel(CL, "my_add").launch(new long[] {3}, new long[] {128}, x1, x2, y, n);
        float[] got = y.toFloatArray();
        for (int i = 0; i < n; i++) assertEquals(a[i] + b[i], got[i], 0f, "element " + i);
        if (!cuda()) {
            var e = assertThrows(
                    DeviceException.class,
                    () -> new RawKernel(CU, "my_add").launch(new long[] {1}, new long[] {4}, x1, x2, y, 4));
            assertTrue(
                    e.getMessage().contains("CUDA devices only")
                            && e.getMessage().contains("write the kernel in OpenCL C"),
                    e.getMessage());
        }
    }

    @Test
    void compileErrorHasLogAndNumberedSource() {
        String bad = cuda()
                ? "extern \"C\" __global__ void broken(float* y) {\n  y[0] = undefined_thing;\n}"
                : "__kernel void broken(__global float* y) {\n  y[0] = undefined_thing;\n}";
        NDArray y = Nd.zeros(DType.FLOAT32, 1);
        var e = assertThrows(
                KernelCompileException.class,
                () -> new RawKernel(bad, "broken").launch(new long[] {1}, new long[] {1}, y));
        assertTrue(e.getMessage().contains("undefined_thing") && e.getMessage().contains("2 |"), e.getMessage());
    }

    @Test
    void blockTooLargeSaysTheLimit() {
        NDArray x = Nd.zeros(DType.FLOAT32, 4);
        var k = new RawKernel(source(), "my_add");
        int limit = k.maxBlockSize(device());
        var e = assertThrows(
                KernelLaunchException.class, () -> k.launch(new long[] {1}, new long[] {limit * 2L}, x, x, x, 4));
        assertTrue(e.getMessage().contains(String.valueOf(limit)), e.getMessage());
    }

    @Test
    void viewWithAnOffsetIsRefused() {
        NDArray x = Nd.zeros(DType.FLOAT32, 8);
        NDArray tail = x.get("2:");
        var e = assertThrows(
                KernelLaunchException.class,
                () -> new RawKernel(source(), "my_add").launch(new long[] {1}, new long[] {4}, tail, tail, tail, 4));
        assertTrue(e.getMessage().contains("8 bytes into its buffer"), e.getMessage());
    }

    @Test
    void emptySourceAndUnknownArgument() {
        assertThrows(NdException.class, () -> new RawModule(" "));
        NDArray x = Nd.zeros(DType.FLOAT32, 4);
        var e = assertThrows(
                KernelLaunchException.class,
                () -> new RawKernel(source(), "my_add").launch(new long[] {1}, new long[] {4}, x, x, x, "4"));
        assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
    }

    /** A float* given uint8 memory read past the buffer and double-freed on PoCL; int64 as float* ran silently. */
    @Test
    void arrayOfAnotherDtypeThanThePointerIsRefused() {
        NDArray y = Nd.full(7f, DType.FLOAT32, 4);
        var k = new RawKernel(source(), "my_add");
        for (DType wrong : new DType[] {DType.UINT8, DType.INT64, DType.FLOAT64, DType.INT32, DType.FLOAT16}) {
            NDArray bad = Nd.zeros(wrong, 4);
            var e = assertThrows(
                    org.ndgpu.exceptions.DTypeException.class,
                    () -> k.launch(new long[] {1}, new long[] {4}, bad, y, y, 4),
                    wrong.toString());
            assertTrue(
                    e.getMessage().contains("argument 0")
                            && e.getMessage().contains("float32")
                            && e.getMessage().contains(wrong.toString()),
                    e.getMessage());
            bad.close();
        }
        assertArrayEquals(new float[] {7, 7, 7, 7}, y.toFloatArray(), "nothing ran");
        var grid = new RawKernel(source(), "grid2d"); // int* takes int32 only
        assertThrows(
                org.ndgpu.exceptions.DTypeException.class,
                () -> grid.launch(new long[] {1, 1}, new long[] {2, 2}, Nd.zeros(DType.INT64, 4), 2));
        k.launch(new long[] {1}, new long[] {4}, y, y, y, 4); // the right dtypes still run
        assertArrayEquals(new float[] {14, 14, 14, 14}, y.toFloatArray());
    }

    /** A grid of 2^32 blocks made PoCL assert or segfault; 2^62 blocks wrapped the global size to 0 and did nothing. */
    @Test
    void aGridBeyondTheDeviceIsRefusedBeforeAnyNativeCall() {
        NDArray y = Nd.full(1f, DType.FLOAT32, 4);
        var k = new RawKernel(source(), "my_add");
        for (long g : new long[] {1L << 31, 1L << 32, 1L << 40, 1L << 62, Long.MAX_VALUE}) {
            var e = assertThrows(
                    KernelLaunchException.class,
                    () -> k.launch(new long[] {g}, new long[] {4}, y, y, y, 4),
                    "grid " + g);
            assertTrue(e.getMessage().contains("grid") && e.getMessage().contains(String.valueOf(g)), e.getMessage());
        }
        var big = assertThrows(
                KernelLaunchException.class, () -> k.launch(new long[] {1}, new long[] {1L << 40}, y, y, y, 4));
        assertTrue(big.getMessage().contains("block") && big.getMessage().contains("limit"), big.getMessage());
        var grid2 = new RawKernel(source(), "grid2d");
        if (cuda()) {
            assertThrows(
                    KernelLaunchException.class,
                    () -> grid2.launch(new long[] {1, 65_536}, new long[] {1, 1}, Nd.zeros(DType.INT32, 4), 2),
                    "CUDA's grid y is at most 65535");
        }
        assertThrows(NullPointerException.class, () -> k.launch(null, new long[] {4}, y, y, y, 4));
        assertArrayEquals(new float[] {1, 1, 1, 1}, y.toFloatArray(), "nothing ran");
    }
}
