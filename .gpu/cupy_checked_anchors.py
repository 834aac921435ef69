"""CuPy's figures for CheckedModeBench's kernels (CuPy has no checked mode: these are unchecked)."""
import cupy as cp
from cupy_timing import bench, report

N = 1 << 24
cp.random.seed(1)
x = cp.random.uniform(-1, 1, N).astype(cp.float32)
w = cp.random.uniform(-1, 1, 1024).astype(cp.float32)
gather = cp.ElementwiseKernel("raw T x, int64 n", "T y", "y = x[(i % 2048) * 8192 + i / 2048]", "bench_gather")
stencil = cp.ElementwiseKernel("raw T x, int64 n", "T y",
    "y = (x[i > 0 ? i - 1 : 0] + x[i] + x[i + 1 < n ? i + 1 : n - 1]) * 0.25f", "bench_stencil")
report("CuPy raw gather, 2^24 float32", bench(lambda: gather(x, N, size=N), 20, 3), 2 * x.nbytes)
report("CuPy raw 3-point stencil, 2^24 f32", bench(lambda: stencil(x, N, size=N), 20, 3), 2 * x.nbytes)
# the name of the reduction's element index differs across CuPy's reduction paths: take the first that compiles
for j in ("_J", "_j", "_in_ind.get()[0]"):
    try:
        weighted = cp.ReductionKernel("T x, raw T w", "T y", f"x * w[{j} % 1024]", "a + b", "y = a", "0", "bench_wsum")
        weighted(x, w)
        report(f"CuPy ReductionKernel x * raw w ({j})", bench(lambda: weighted(x, w), 20, 3), x.nbytes)
        break
    except Exception as e:
        print(f"CuPy ReductionKernel with {j}: {type(e).__name__}")
