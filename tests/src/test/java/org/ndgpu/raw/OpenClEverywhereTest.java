package org.ndgpu.raw;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * One OpenCL C module on every device: natively on OpenCL, translated by {@link OpenClOnCuda} on
 * CUDA. The module uses what hand-written OpenCL C uses and a header alone cannot translate: the
 * unprefixed qualifiers, {@code __local} pointer parameters, {@code __local} arrays declared in a
 * kernel, a helper taking a {@code __local} pointer, local and global atomics on volatile pointers,
 * a program-scope {@code __constant} table, OpenCL built-ins CUDA lacks, and an OpenCL pragma.
 * Inputs are fresh random numbers, outputs are poisoned first, and Java loops are the oracle.
 */
class OpenClEverywhereTest extends PerDeviceTest {
    static final String MODULE = """
            #pragma OPENCL EXTENSION cl_khr_fp64 : enable
            // a comment that says local, global and kernel, which must stay words of a comment
            __constant float COEFFS[4] = {0.5f, -1.25f, 2.0f, 0.75f};

            kernel void saxpy(global const float* x, global float* y, float a, int n) {
                int i = get_global_id(0);
                if (i < n) y[i] = mad(a, x[i], y[i]);
            }

            /* group sums through a __local scratch the launch sizes */
            __kernel void group_sum(__global const float* x, __global double* sums, __local float* scratch, int n) {
                int l = get_local_id(0);
                int i = get_global_id(0);
                scratch[l] = i < n ? x[i] : 0.0f;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
                    if (l < s) scratch[l] += scratch[l + s];
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (l == 0) sums[get_group_id(0)] = scratch[0];
            }

            // a 16 x 16 tile through an array declared __local in the kernel
            __kernel void transpose(__global const float* in, __global float* out, int rows, int cols) {
                __local float tile[16][17];
                int c = get_group_id(0) * 16 + get_local_id(0), r = get_group_id(1) * 16 + get_local_id(1);
                if (r < rows && c < cols) tile[get_local_id(1)][get_local_id(0)] = in[r * cols + c];
                barrier(CLK_LOCAL_MEM_FENCE);
                int tc = get_group_id(1) * 16 + get_local_id(0), tr = get_group_id(0) * 16 + get_local_id(1);
                if (tr < cols && tc < rows) out[tr * rows + tc] = tile[get_local_id(0)][get_local_id(1)];
            }

            void count_local(__local int* counts, int bin) { atomic_inc(counts + bin); }

            __kernel void histogram(__global const int* x, volatile __global int* counts, int n) {
                local int privat[16];
                int l = get_local_id(0);
                if (l < 16) privat[l] = 0;
                barrier(CLK_LOCAL_MEM_FENCE);
                int i = get_global_id(0);
                if (i < n) count_local(privat, x[i] & 15);
                barrier(CLK_LOCAL_MEM_FENCE);
                if (l < 16) atomic_add(&counts[l], privat[l]);
            }

            __kernel void builtins(__global const float* x, __global float* y, __global int* bits, int n) {
                int i = get_global_id(0);
                if (i >= n) return;
                float v = x[i];
                float p = ((COEFFS[3] * v + COEFFS[2]) * v + COEFFS[1]) * v + COEFFS[0];
                y[4 * i] = clamp(p, -1.0f, 1.0f);
                y[4 * i + 1] = mix(v, p, 0.25f);
                y[4 * i + 2] = sign(v) * degrees(v);
                y[4 * i + 3] = radians(fabs(v));
                bits[i] = as_int(v);
            }
            """;

    // fresh inputs each run (the clock is only the seed, nothing is timed); printed so that a failure can be replayed
    private static final long SEED = System.nanoTime();

    static {
        System.out.println("OpenClEverywhereTest: random seed " + SEED);
    }

    private final SplittableRandom random = new SplittableRandom(SEED);

    private float[] floats(int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) a[i] = (float) random.nextDouble(-2, 2);
        return a;
    }

    @Test
    void saxpyWithUnprefixedQualifiers() {
        int n = 1000;
        float[] x = floats(n), y0 = floats(n);
        float a = (float) random.nextDouble(0.5, 3);
        NDArray dx = Nd.array(x), dy = Nd.array(y0);
        new RawModule(MODULE).function("saxpy").launch(new long[] {(n + 127) / 128}, new long[] {128}, dx, dy, a, n);
        float[] got = dy.toFloatArray();
        for (int i = 0; i < n; i++)
            assertEquals(a * x[i] + y0[i], got[i], 1e-5f * (1 + Math.abs(got[i])), "element " + i);
    }

    @Test
    void groupSumsThroughALocalPointerParameter() {
        int n = 5000, block = 256, groups = (n + block - 1) / block;
        float[] x = floats(n);
        NDArray sums = Nd.full(Double.NaN, DType.FLOAT64, groups);
        new RawModule(MODULE)
                .function("group_sum")
                .launch(
                        new long[] {groups},
                        new long[] {block},
                        Nd.array(x),
                        sums,
                        RawKernel.localMemory(4L * block),
                        n);
        double[] got = sums.toDoubleArray();
        for (int g = 0; g < groups; g++) {
            double want = 0;
            for (int i = g * block; i < Math.min(n, (g + 1) * block); i++) want += x[i];
            assertEquals(want, got[g], 1e-4 * (1 + Math.abs(want)), "group " + g);
        }
    }

    @Test
    void transposeThroughALocalArrayDeclaredInTheKernel() {
        int rows = 70, cols = 45;
        float[] in = floats(rows * cols);
        NDArray out = Nd.full(Float.NaN, DType.FLOAT32, cols, rows);
        new RawModule(MODULE)
                .function("transpose")
                .launch(
                        new long[] {(cols + 15) / 16, (rows + 15) / 16},
                        new long[] {16, 16},
                        Nd.array(in),
                        out,
                        rows,
                        cols);
        float[] got = out.toFloatArray();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++)
                assertEquals(in[r * cols + c], got[c * rows + r], 0f, "(" + r + ", " + c + ")");
        }
    }

    @Test
    void histogramWithLocalAndGlobalAtomicsOnVolatilePointers() {
        int n = 4099;
        int[] x = new int[n];
        for (int i = 0; i < n; i++) x[i] = random.nextInt(1 << 20);
        NDArray counts = Nd.zeros(DType.INT32, 16);
        new RawModule(MODULE)
                .function("histogram")
                .launch(new long[] {(n + 127) / 128}, new long[] {128}, Nd.array(x), counts, n);
        int[] want = new int[16];
        for (int v : x) want[v & 15]++;
        assertArrayEquals(want, counts.toIntArray());
    }

    @Test
    void constantTableAndBuiltinsCudaSpellsOtherwise() {
        int n = 777;
        float[] x = floats(n);
        x[0] = 0f;
        x[1] = -0f;
        NDArray y = Nd.full(Float.NaN, DType.FLOAT32, 4L * n);
        NDArray bits = Nd.full(-1, DType.INT32, n);
        new RawModule(MODULE)
                .function("builtins")
                .launch(new long[] {(n + 63) / 64}, new long[] {64}, Nd.array(x), y, bits, n);
        float[] got = y.toFloatArray();
        int[] gotBits = bits.toIntArray();
        float[] c = {0.5f, -1.25f, 2.0f, 0.75f};
        for (int i = 0; i < n; i++) {
            float v = x[i];
            float p = ((c[3] * v + c[2]) * v + c[1]) * v + c[0];
            float[] want = {
                Math.min(Math.max(p, -1f), 1f),
                v + (p - v) * 0.25f,
                Math.signum(v) * (float) Math.toDegrees(v),
                (float) Math.toRadians(Math.abs(v))
            };
            for (int k = 0; k < 4; k++) {
                assertEquals(
                        want[k],
                        got[4 * i + k],
                        2e-6f * (1 + Math.abs(want[k])),
                        "builtin " + k + " of element " + i + " (" + v + ")");
            }
            assertEquals(Float.floatToRawIntBits(v), gotBits[i], "as_int of " + v);
        }
    }
}
