"""CuPy's figures for RandomBench's rows (cupy.random.default_rng(), XORWOW-backed Generator), timed
   the same way: CUDA events around each call, median of the reps after warm-up.
   python3 .gpu/cupy_random_anchors.py"""
import cupy as cp

def bench(fn, reps=10, warm=2):
    for _ in range(warm):
        fn()
    cp.cuda.Device().synchronize()
    ts = []
    for _ in range(reps):
        s, e = cp.cuda.Event(), cp.cuda.Event()
        s.record(); fn(); e.record(); e.synchronize()
        ts.append(cp.cuda.get_elapsed_time(s, e))
    ts.sort()
    return ts[len(ts) // 2]

def report(name, ms, nbytes):
    print(f"{name:40s} {ms:9.3f} ms {nbytes / ms / 1e6:9.1f} GB/s")

n = 1 << 24
rng = cp.random.default_rng(12)
report("integers int64 [0, 1000) 2^24", bench(lambda: rng.integers(0, 1000, n)), 8 * n)
report("integers int32 [0, 1000) 2^24", bench(lambda: rng.integers(0, 1000, n, dtype=cp.int32)), 4 * n)
report("standard_normal f32 2^24", bench(lambda: rng.standard_normal(n, dtype=cp.float32)), 4 * n)
report("exponential f64 2^24", bench(lambda: rng.exponential(1.0, n)), 8 * n)
report("poisson(4) 2^24", bench(lambda: rng.poisson(4.0, n)), 8 * n)
# cupy.random.Generator has no permutation: the legacy RandomState's
report("permutation 2^24", bench(lambda: cp.random.permutation(n)), 8 * n)
