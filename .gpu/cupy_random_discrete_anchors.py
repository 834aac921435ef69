"""CuPy's figures for RandomDiscreteBench's rows: the integer-valued distributions (2^24 int64), the
   multivariate draws (dimension 8, 2^20 samples), choice, permutation and permuted of a 4096 x 4096
   array, shuffle and bytes of 2^24, on cupy.random.default_rng() where its Generator has the method,
   else on the legacy cupy.random.RandomState (the row ends [RandomState]), else a row saying CuPy
   lacks it. CUDA events around each call, median of the reps after warm-up.
   python3 .gpu/cupy_random_discrete_anchors.py [log2 n]   (default 24)"""
import sys
import cupy as cp
from cupy_random_draw import draw

log2n = int(sys.argv[1]) if len(sys.argv) > 1 else 24
n, m, side = 1 << log2n, 1 << (log2n - 4), 1 << (log2n // 2)
e, ms, sq = f" 2^{log2n}", f" 2^{log2n - 4}", f" {side}^2"
rng = cp.random.default_rng(12)
legacy = cp.random.RandomState(12)
src = (("Generator", rng), ("RandomState", legacy))
b = 8 * n
draw(src, "geometric(0.2) int64" + e, "geometric", (0.2,), {"size": n}, b)
draw(src, "negative_binomial(5, 0.3) int64" + e, "negative_binomial", (5, 0.3), {"size": n}, b)
draw(src, "logseries(0.6) int64" + e, "logseries", (0.6,), {"size": n}, b)
draw(src, "zipf(4) int64" + e, "zipf", (4.0,), {"size": n}, b)
draw(src, "hypergeometric(100, 200, 50) int64" + e, "hypergeometric", (100, 200, 50), {"size": n}, b)
draw(src, "binomial(100, 0.3) int64" + e, "binomial", (100, 0.3), {"size": n}, b)
draw(src, "choice(1000) int64" + e, "choice", (1000,), {"size": n}, b)
p = cp.arange(1, 1001, dtype=cp.float64)
p /= p.sum()
draw(src, "choice(1000, p) int64" + e, "choice", (1000,), {"size": n, "p": p}, b)
draw(src, f"choice(2^{log2n}, replace=False)" + ms, "choice", (n,), {"size": m, "replace": False}, 8 * m, reps=5, warm=1)
# the multivariate draws: dimension 8
pvals = [1.0 / 8] * 8
alpha = cp.arange(1, 9, dtype=cp.float64)
mu = cp.zeros(8)
idx = cp.arange(8)
cov = 0.5 ** cp.abs(idx[:, None] - idx[None, :]).astype(cp.float64)
colors = cp.asarray([10 * (i + 1) for i in range(8)], dtype=cp.int64)
draw(src, "multinomial(100, 8 pvals) int64" + ms, "multinomial", (100, pvals), {"size": m}, 64 * m)
draw(src, "multivariate_hypergeometric(8 colors, 20) int64" + ms, "multivariate_hypergeometric", (colors, 20), {"size": m}, 64 * m)
draw(src, "dirichlet(1..8) f64" + ms, "dirichlet", (alpha,), {"size": m}, 64 * m)
draw(src, "multivariate_normal(8, AR(0.5)) f64" + ms, "multivariate_normal", (mu, cov), {"size": m}, 64 * m)
# the sampling methods
a = rng.uniform(0, 1, (side, side))
x = rng.uniform(0, 1, n)
draw(src, "permutation(rows) f64" + sq, "permutation", (a,), {}, 16 * side * side, reps=5, warm=1)
draw(src, "permuted(axis=1) f64" + sq, "permuted", (a,), {"axis": 1}, 16 * side * side, reps=5, warm=1)
draw(src, "shuffle f64" + e, "shuffle", (x,), {}, 16 * n, reps=5, warm=1)
draw(src, "bytes" + e, "bytes", (n,), {}, n)
