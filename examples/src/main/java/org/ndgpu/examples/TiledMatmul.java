package org.ndgpu.examples;

import java.io.PrintStream;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.raw.RawModule;

/**
 * The course's matrix multiply as RawKernels on a 2-D grid of 16 x 16 blocks, in both dialects:
 * first one thread per output element reading its row and column from global memory, then the
 * shared-memory version that stages 16 x 16 tiles of A and B in fast on-chip memory, so each value
 * is read from global memory 16 times less often. Sizes need not be multiples of 16 (threads
 * outside the matrix load zeros and write nothing). Both are checked against {@code Nd.matmul}.
 *
 * <p>Run: {@code ./nd demo TiledMatmul} or {@code ./nd run org.ndgpu.examples.TiledMatmul [m k n]}
 */
public final class TiledMatmul implements Example {
    /** The tile edge and block edge, the course's TPB. */
    public static final int TPB = 16;

    /** Both kernels in CUDA C. */
    public static final String CUDA = """
            #define TPB 16
            extern "C" __global__ void matmul_2d(const float* A, const float* B, float* C, int M, int K, int N) {
                int col = blockIdx.x * blockDim.x + threadIdx.x, row = blockIdx.y * blockDim.y + threadIdx.y;
                if (row < M && col < N) {
                    float acc = 0.0f;
                    for (int k = 0; k < K; k++) acc += A[row * K + k] * B[k * N + col];
                    C[row * N + col] = acc;
                }
            }

            extern "C" __global__ void tiled_matmul(const float* A, const float* B, float* C, int M, int K, int N) {
                __shared__ float sA[TPB][TPB];
                __shared__ float sB[TPB][TPB];
                int tx = threadIdx.x, ty = threadIdx.y;
                int col = blockIdx.x * TPB + tx, row = blockIdx.y * TPB + ty;
                float acc = 0.0f;
                for (int t = 0; t < (K + TPB - 1) / TPB; t++) {
                    int ka = t * TPB + tx, kb = t * TPB + ty;
                    sA[ty][tx] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
                    sB[ty][tx] = (kb < K && col < N) ? B[kb * N + col] : 0.0f;
                    __syncthreads();   // the tile is complete before anyone reads it
                    for (int j = 0; j < TPB; j++) acc += sA[ty][j] * sB[j][tx];
                    __syncthreads();   // everyone is done with it before it is overwritten
                }
                if (row < M && col < N) C[row * N + col] = acc;
            }
            """;

    /** Both kernels in OpenCL C. */
    public static final String OPENCL = """
            #define TPB 16
            __kernel void matmul_2d(__global const float* A, __global const float* B, __global float* C, int M, int K, int N) {
                int col = get_global_id(0), row = get_global_id(1);
                if (row < M && col < N) {
                    float acc = 0.0f;
                    for (int k = 0; k < K; k++) acc += A[row * K + k] * B[k * N + col];
                    C[row * N + col] = acc;
                }
            }

            __kernel void tiled_matmul(__global const float* A, __global const float* B, __global float* C, int M, int K, int N) {
                __local float sA[TPB][TPB];
                __local float sB[TPB][TPB];
                int tx = get_local_id(0), ty = get_local_id(1);
                int col = get_group_id(0) * TPB + tx, row = get_group_id(1) * TPB + ty;
                float acc = 0.0f;
                for (int t = 0; t < (K + TPB - 1) / TPB; t++) {
                    int ka = t * TPB + tx, kb = t * TPB + ty;
                    sA[ty][tx] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
                    sB[ty][tx] = (kb < K && col < N) ? B[kb * N + col] : 0.0f;
                    barrier(CLK_LOCAL_MEM_FENCE);
                    for (int j = 0; j < TPB; j++) acc += sA[ty][j] * sB[j][tx];
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (row < M && col < N) C[row * N + col] = acc;
            }
            """;

    private final int m, k, n;

    /** 512 x 512 times 512 x 512. */
    public TiledMatmul() {
        this(512, 512, 512);
    }

    /** (m x k) times (k x n). */
    public TiledMatmul(int m, int k, int n) {
        this.m = m;
        this.k = k;
        this.n = n;
    }

    /** The module of both kernels for {@code device}'s dialect. */
    public static RawModule module(Device device) {
        return new RawModule(device.backend().dialect() == Dialect.CUDA ? CUDA : OPENCL);
    }

    /** Launches {@code kernel} (matmul_2d or tiled_matmul) for C = A @ B on a 2-D grid of 16 x 16 blocks. */
    public static NDArray multiply(RawKernel kernel, NDArray a, NDArray b) {
        int rows = (int) a.shape(0), inner = (int) a.shape(1), cols = (int) b.shape(1);
        NDArray c = Nd.full(Float.NaN, DType.FLOAT32, rows, cols); // poisoned: a missed element shows
        long[] grid = {(cols + TPB - 1) / TPB, (rows + TPB - 1) / TPB};
        kernel.launch(grid, new long[] {TPB, TPB}, a, b, c, rows, inner, cols);
        return c;
    }

    @Override
    public String title() {
        return "2-D grid and shared-memory tiled matmul (" + m + "x" + k + " @ " + k + "x" + n
                + "), RawKernel, checked against matmul";
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        Nd.random().seed(16);
        NDArray a = Nd.random().uniform(-1, 1, DType.FLOAT32, m, k);
        NDArray b = Nd.random().uniform(-1, 1, DType.FLOAT32, k, n);
        RawModule mod = module(device);
        RawKernel naive = mod.function("matmul_2d"), tiled = mod.function("tiled_matmul");
        multiply(naive, a, b).close(); // warm-up: compile the module, load the BLAS
        multiply(tiled, a, b).close();
        a.matmul(b).close();
        var ref = Timing.of(() -> a.matmul(b));
        var plain = Timing.of(() -> multiply(naive, a, b));
        var tile = Timing.of(() -> multiply(tiled, a, b));
        float[] want = ref.value().toFloatArray();
        double scale = ref.value().abs().max().doubleValue();
        out.printf(
                "  dialect %s; C[0, 0] = %.5f (matmul), %.5f (tiled)%n",
                mod.dialect(), want[0], tile.value().toFloatArray()[0]);
        return Result.on(name(), device)
                .value("shape", m + "x" + k + " @ " + k + "x" + n)
                .value("dialect", String.valueOf(mod.dialect()))
                .value(
                        "max abs error, 2-D grid",
                        Check.maxAbsError(plain.value().toFloatArray(), want))
                .value("max abs error, tiled", Check.maxAbsError(tile.value().toFloatArray(), want))
                .value("max |C|", scale)
                .millis("Nd.matmul", ref.millis())
                .millis("2-D grid kernel", plain.millis())
                .millis("tiled kernel", tile.millis());
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(
                args.length >= 3
                        ? new TiledMatmul(
                                Integer.parseInt(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2]))
                        : new TiledMatmul());
    }
}
