"""CuPy's figures for CheckedModeBench's kernels (CuPy has no checked mode: these are unchecked)."""
import cupy as cp
from cupy_timing import bench, report

N = 1 << 24
cp.random.seed(1)
x = cp.random.uniform(-1, 1, N).astype(cp.float32)
w = cp.random.uniform(-1, 1, 1024).astype(cp.float32)
gather = cp.ElementwiseKernel("raw T x, int64 n", "T y", "y = x[(i * 7919) % n]", "bench_gather")
stencil = cp.ElementwiseKernel("raw T x, int64 n", "T y",
    "y = (x[i > 0 ? i - 1 : 0] + x[i] + x[i + 1 < n ? i + 1 : n - 1]) * 0.25f", "bench_stencil")
weighted = cp.ReductionKernel("T x, raw T w", "T y", "x * w[_j % 1024]", "a + b", "y = a", "0", "bench_wsum")
report("CuPy raw gather, 2^24 float32", bench(lambda: gather(x, N, size=N), 20, 3), 2 * x.nbytes)
report("CuPy raw 3-point stencil, 2^24 f32", bench(lambda: stencil(x, N, size=N), 20, 3), 2 * x.nbytes)
report("CuPy ReductionKernel x * raw w", bench(lambda: weighted(x, w), 20, 3), x.nbytes)
