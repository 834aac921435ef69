"""CuPy beside .gpu/RngRows26.java: the Generator's random, uniform (float64; "uniform32" is random(dtype=float32),
as CuPy's Generator has no float32 uniform), standard_normal and dirichlet (alpha 0.5 and 0.05; the
Generator has no normal),
device ms, median of 10 after 2 warm-ups, two rounds."""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cupy as cp
from cupy_timing import bench
g = cp.random.default_rng(12); n = 1 << 24; m = 1 << 20
for r in range(2):
    print(" ".join(f"{k}={bench(f, reps=10, warm=2):.4f}" for k, f in [
        ("random", lambda: g.random(n)), ("uniform", lambda: g.uniform(-1, 1, n)),
        ("uniform32", lambda: g.random(n, dtype=cp.float32)),
        ("std_normal", lambda: g.standard_normal(n)),
        ("dirichlet", lambda: g.dirichlet(cp.full(4, 0.5), m)), ("dirichlet_small", lambda: g.dirichlet(cp.full(4, 0.05), m))]))
