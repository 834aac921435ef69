"""CuPy's figures for the work of IndexingBench, timed the same way (events around each call, median).
   python3 .gpu/cupy_indexing_anchors.py"""
import cupy as cp
from cupy_timing import bench, report

n = 1 << 24
x = cp.random.random(n, dtype=cp.float32)
report("sort f32 2^24", bench(lambda: cp.sort(x), 5, 1), 2 * 4 * n)
report("argsort f32 2^24", bench(lambda: cp.argsort(x), 5, 1), 12 * n)
rows = x.reshape(16384, 1024)
report("sort f32 16384 rows of 1024", bench(lambda: cp.sort(rows, axis=1), 5, 1), 2 * 4 * n)
big = 1 << 26
xb = cp.random.random(big, dtype=cp.float32)
idx = cp.random.randint(0, big, n, dtype=cp.int64)
report("take 2^24 of 2^26 f32", bench(lambda: xb.take(idx)), 16 * n)
report("x[idx] 2^24 of 2^26 f32", bench(lambda: xb[idx]), 16 * n)
mask = xb > 0.5
report("x[x > 0.5] of 2^26 f32", bench(lambda: xb[mask]), 13 * big)
report("concatenate 2 x 2^26 f32", bench(lambda: cp.concatenate([xb, xb])), 16 * big)
h = cp.random.random(n, dtype=cp.float32)
report("histogram f32 2^24 (256 bins)", bench(lambda: cp.histogram(h, 256)), 4 * n)
k = cp.random.randint(0, 1000, n, dtype=cp.int32)
report("unique int32 2^24 (1000 values)", bench(lambda: cp.unique(k), 5, 1), 4 * n)
