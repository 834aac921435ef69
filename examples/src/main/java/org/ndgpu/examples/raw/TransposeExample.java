package org.ndgpu.examples.raw;

import com.aparapi.Kernel.Local;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.device.Event;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.JavaKernel;
import org.ndgpu.raw.NdRange;
import org.ndgpu.raw.RawKernel;

/**
 * A tiled matrix transpose through shared (local) memory: 32 x 32 tiles read by rows and written by
 * rows, with a padded tile so the column reads do not collide in memory banks. Once as a RawKernel
 * in the device's dialect, once as a JavaKernel; both checked against a Java loop.
 *
 * <p>Run: {@code nd run org.ndgpu.examples.raw.TransposeExample [rows cols]}
 */
public final class TransposeExample {
    private TransposeExample() {}

    static final int TILE = 32;
    static final int ROWS_PER_PASS = 8;

    /** OpenCL C: a block of 32 x 8 work-items moves one 32 x 32 tile. */
    public static final String OPENCL = """
            #define TILE 32
            #define ROWS 8
            __kernel void transpose(__global const float* in, __global float* out, int rows, int cols) {
                __local float tile[TILE][TILE + 1];
                int x = get_group_id(0) * TILE + get_local_id(0);
                int y = get_group_id(1) * TILE + get_local_id(1);
                for (int j = 0; j < TILE; j += ROWS)
                    if (x < cols && y + j < rows) tile[get_local_id(1) + j][get_local_id(0)] = in[(long)(y + j) * cols + x];
                barrier(CLK_LOCAL_MEM_FENCE);
                x = get_group_id(1) * TILE + get_local_id(0);
                y = get_group_id(0) * TILE + get_local_id(1);
                for (int j = 0; j < TILE; j += ROWS)
                    if (x < rows && y + j < cols) out[(long)(y + j) * rows + x] = tile[get_local_id(0)][get_local_id(1) + j];
            }
            """;

    /** CUDA C: the same kernel. */
    public static final String CUDA = """
            #define TILE 32
            #define ROWS 8
            extern "C" __global__ void transpose(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
                __shared__ float tile[TILE][TILE + 1];
                int x = blockIdx.x * TILE + threadIdx.x;
                int y = blockIdx.y * TILE + threadIdx.y;
                for (int j = 0; j < TILE; j += ROWS)
                    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(long long)(y + j) * cols + x];
                __syncthreads();
                x = blockIdx.y * TILE + threadIdx.x;
                y = blockIdx.x * TILE + threadIdx.y;
                for (int j = 0; j < TILE; j += ROWS)
                    if (x < rows && y + j < cols) out[(long long)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
            }
            """;

    /** The RawKernel for {@code device}'s dialect. */
    public static RawKernel rawKernel(Device device) {
        return new RawKernel(device.backend().dialect() == Dialect.CUDA ? CUDA : OPENCL, "transpose");
    }

    /** Launches the raw transpose of {@code in} (rows x cols) into {@code out} (cols x rows). */
    public static void transpose(RawKernel k, NDArray in, NDArray out) {
        int rows = (int) in.shape(0), cols = (int) in.shape(1);
        k.launch(
                new long[] {(cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE},
                new long[] {TILE, ROWS_PER_PASS},
                in,
                out,
                rows,
                cols);
    }

    /** The same transpose in Java; launch with NdRange.of(ceil(cols/32)*32, ceil(rows/32)*8).local(32, 8). */
    public static final class JavaTranspose extends JavaKernel {
        float[] in;
        float[] out;
        int rows;
        int cols;

        @Local
        float[] tile = new float[TILE * (TILE + 1)];

        @Override
        public void run() {
            int lx = getLocalId(0), ly = getLocalId(1);
            int x = getGroupId(0) * 32 + lx;
            int y = getGroupId(1) * 32 + ly;
            for (int j = 0; j < 32; j += 8) {
                if (x < cols && y + j < rows) tile[(ly + j) * 33 + lx] = in[(y + j) * cols + x];
            }
            localBarrier();
            x = getGroupId(1) * 32 + lx;
            y = getGroupId(0) * 32 + ly;
            for (int j = 0; j < 32; j += 8) {
                if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[lx * 33 + ly + j];
            }
        }
    }

    /** Runs both transposes on the current device; args: rows cols (default 1000 1500). */
    public static void main(String[] args) {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int cols = args.length > 1 ? Integer.parseInt(args[1]) : 1500;
        Device device = Device.current();
        NDArray in = Nd.random().seed(1).uniform(-1, 1, DType.FLOAT32, rows, cols);
        float[] host = in.toFloatArray();
        float[] want = new float[rows * cols];
        for (int r = 0; r < rows; r++) for (int c = 0; c < cols; c++) want[c * rows + r] = host[r * cols + c];

        NDArray out = Nd.zeros(DType.FLOAT32, cols, rows);
        RawKernel k = rawKernel(device);
        transpose(k, in, out); // compile and warm up
        Event t0 = Event.record();
        transpose(k, in, out);
        Event t1 = Event.record();
        report("RawKernel", device, out.toFloatArray(), want, t0.elapsedMillis(t1), 2L * rows * cols * 4);

        NDArray out2 = Nd.zeros(DType.FLOAT32, cols, rows);
        var jk = new JavaTranspose();
        jk.rows = rows;
        jk.cols = cols;
        jk.bind("in", in).bind("out", out2);
        NdRange range =
                NdRange.of((cols + 31) / 32 * 32L, (rows + 31) / 32 * 8L).local(32, 8);
        jk.launch(range);
        Event t2 = Event.record();
        jk.launch(range);
        Event t3 = Event.record();
        report("JavaKernel", device, out2.toFloatArray(), want, t2.elapsedMillis(t3), 2L * rows * cols * 4);
    }

    static void report(String what, Device device, float[] got, float[] want, double ms, long bytes) {
        int bad = 0;
        for (int i = 0; i < want.length; i++) if (got[i] != want[i]) bad++;
        System.out.printf(
                "%-10s transpose %s: %s, %.3f ms, %.1f GB/s, on %s%n",
                what,
                bad == 0 ? "matches the Java loop" : bad + " WRONG elements",
                got.length > 3 ? "out[0..3]=" + got[0] + ", " + got[1] + ", " + got[2] : "",
                ms,
                bytes / ms / 1e6,
                device);
        if (bad != 0) throw new AssertionError(what + ": " + bad + " elements differ from the Java loop");
    }
}
