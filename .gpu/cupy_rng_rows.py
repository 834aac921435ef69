"""CuPy beside .gpu/RngTime.java: the Generator's standard_normal, standard_exponential, random, standard_gamma,
integers, and RandomState's standard_t, vonmises, noncentral_f (which the Generator lacks); 2^24 draws, two rounds."""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cupy as cp
from cupy_timing import bench
g = cp.random.default_rng(12); rs = cp.random.RandomState(12); n = 1 << 24
for r in range(2):
    print(" ".join(f"{k}={bench(f, reps=10, warm=2):.4f}" for k, f in [
        ("std_normal", lambda: g.standard_normal(n)), ("std_exp", lambda: g.standard_exponential(n)),
        ("random", lambda: g.random(n)), ("t", lambda: rs.standard_t(5, n)), ("vonmises", lambda: rs.vonmises(0, 4, n)),
        ("ncf", lambda: rs.noncentral_f(5, 10, 2, n)), ("gamma", lambda: g.standard_gamma(2.5, n)),
        ("int64", lambda: g.integers(0, 1000, n))]))
