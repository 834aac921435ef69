"""CuPy's figures for the sort rows of IndexingBench (CUB's radix sort behind cupy.sort), timed the
   same way: CUDA events around each call, median of the reps after warm-up.
   python3 .gpu/cupy_sort_anchors.py"""
import cupy as cp
from cupy_timing import bench, report

n = 1 << 24
x = cp.random.random(n, dtype=cp.float32)
report("sort f32 2^24", bench(lambda: cp.sort(x)), 2 * 4 * n)
report("argsort f32 2^24", bench(lambda: cp.argsort(x)), 12 * n)
report("unique f32 2^24", bench(lambda: cp.unique(x)), 4 * n)
square = x.reshape(4096, 4096)
report("sort f32 4096x4096 axis -1", bench(lambda: cp.sort(square, axis=-1)), 2 * 4 * n)
