"""CuPy's figures for RandomBench's rows (cupy.random.default_rng(), XORWOW-backed Generator), timed
   the same way: CUDA events around each call, median of the reps after warm-up. A method the Generator
   lacks is timed on the legacy cupy.random.RandomState (the row ends [RandomState]), else the row says
   CuPy lacks it.
   python3 .gpu/cupy_random_anchors.py [log2 n]   (default 24)"""
import sys
import cupy as cp
from cupy_random_draw import draw
from cupy_timing import bench, report

log2n = int(sys.argv[1]) if len(sys.argv) > 1 else 24
n = 1 << log2n
e = f" 2^{log2n}"
rng = cp.random.default_rng(12)
legacy = cp.random.RandomState(12)
src = (("Generator", rng), ("RandomState", legacy))
report(f"integers int64 [0, 1000) 2^{log2n}", bench(lambda: rng.integers(0, 1000, n)), 8 * n)
report(f"integers int32 [0, 1000) 2^{log2n}", bench(lambda: rng.integers(0, 1000, n, dtype=cp.int32)), 4 * n)
report(f"standard_normal f32 2^{log2n}", bench(lambda: rng.standard_normal(n, dtype=cp.float32)), 4 * n)
report(f"exponential f64 2^{log2n}", bench(lambda: rng.exponential(1.0, n)), 8 * n)
report(f"poisson(4) 2^{log2n}", bench(lambda: rng.poisson(4.0, n)), 8 * n)
# cupy.random.Generator has no permutation: the legacy RandomState's
report(f"permutation 2^{log2n}", bench(lambda: cp.random.permutation(n)), 8 * n)
# issue 39's float distributions, float64, the parameters of RandomBench's rows
b = 8 * n
draw(src, "random f64" + e, "random", (), {"size": n}, b)
draw(src, "uniform(-2, 3) f64" + e, "uniform", (-2.0, 3.0), {"size": n}, b)
draw(src, "normal(2, 3) f64" + e, "normal", (2.0, 3.0), {"size": n}, b)
draw(src, "standard_normal f64" + e, "standard_normal", (), {"size": n}, b)
draw(src, "standard_exponential f64" + e, "standard_exponential", (), {"size": n}, b)
draw(src, "standard_gamma(2.5) f64" + e, "standard_gamma", (2.5,), {"size": n}, b)
draw(src, "gamma(2.5, 2) f64" + e, "gamma", (2.5, 2.0), {"size": n}, b)
draw(src, "beta(2, 5) f64" + e, "beta", (2.0, 5.0), {"size": n}, b)
draw(src, "lognormal(0, 0.5) f64" + e, "lognormal", (0.0, 0.5), {"size": n}, b)
draw(src, "chisquare(4) f64" + e, "chisquare", (4.0,), {"size": n}, b)
draw(src, "laplace(0, 1) f64" + e, "laplace", (0.0, 1.0), {"size": n}, b)
draw(src, "standard_t(5) f64" + e, "standard_t", (5.0,), {"size": n}, b)
draw(src, "standard_cauchy f64" + e, "standard_cauchy", (), {"size": n}, b)
draw(src, "logistic(0, 1) f64" + e, "logistic", (0.0, 1.0), {"size": n}, b)
draw(src, "gumbel(0, 1) f64" + e, "gumbel", (0.0, 1.0), {"size": n}, b)
draw(src, "pareto(5) f64" + e, "pareto", (5.0,), {"size": n}, b)
draw(src, "power(3) f64" + e, "power", (3.0,), {"size": n}, b)
draw(src, "rayleigh(1) f64" + e, "rayleigh", (1.0,), {"size": n}, b)
draw(src, "wald(1, 1) f64" + e, "wald", (1.0, 1.0), {"size": n}, b)
draw(src, "weibull(1.5) f64" + e, "weibull", (1.5,), {"size": n}, b)
draw(src, "vonmises(0, 4) f64" + e, "vonmises", (0.0, 4.0), {"size": n}, b)
draw(src, "triangular(-1, 0, 2) f64" + e, "triangular", (-1.0, 0.0, 2.0), {"size": n}, b)
draw(src, "f(5, 10) f64" + e, "f", (5.0, 10.0), {"size": n}, b)
draw(src, "noncentral_chisquare(4, 2) f64" + e, "noncentral_chisquare", (4.0, 2.0), {"size": n}, b)
draw(src, "noncentral_f(5, 10, 2) f64" + e, "noncentral_f", (5.0, 10.0, 2.0), {"size": n}, b)
# the array-parameter form: loc and scale of n each, broadcast elementwise
loc = rng.uniform(-1, 1, n)
scale = rng.uniform(1, 2, n)
draw(src, "normal(loc, scale arrays) f64" + e, "normal", (loc, scale), {}, b)
