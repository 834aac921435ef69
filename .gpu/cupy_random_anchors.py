"""CuPy's figures for RandomBench's rows (cupy.random.default_rng(), XORWOW-backed Generator), timed
   the same way: CUDA events around each call, median of the reps after warm-up.
   python3 .gpu/cupy_random_anchors.py"""
import cupy as cp
from cupy_timing import bench, report

n = 1 << 24
rng = cp.random.default_rng(12)
report("integers int64 [0, 1000) 2^24", bench(lambda: rng.integers(0, 1000, n)), 8 * n)
report("integers int32 [0, 1000) 2^24", bench(lambda: rng.integers(0, 1000, n, dtype=cp.int32)), 4 * n)
report("standard_normal f32 2^24", bench(lambda: rng.standard_normal(n, dtype=cp.float32)), 4 * n)
report("exponential f64 2^24", bench(lambda: rng.exponential(1.0, n)), 8 * n)
report("poisson(4) 2^24", bench(lambda: rng.poisson(4.0, n)), 8 * n)
# cupy.random.Generator has no permutation: the legacy RandomState's
report("permutation 2^24", bench(lambda: cp.random.permutation(n)), 8 * n)
