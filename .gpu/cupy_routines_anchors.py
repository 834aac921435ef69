"""CuPy's figures for NumpyRoutinesBench (issue 39): the same routines on inputs of the same sizes and
   distributions, rows of the same names. A routine CuPy lacks (or that refuses these arguments) gets
   a row saying so.
   python3 .gpu/cupy_routines_anchors.py [shrink]   (lengths divided by 2^shrink, sides by 2^(shrink/2))"""
import sys
import cupy as cp
from cupy_timing import bench, report

shrink = int(sys.argv[1]) if len(sys.argv) > 1 else 0
le, ls, lside = 24 - shrink, 22 - shrink, 12 - shrink // 2
n, ns, side = 1 << le, 1 << ls, 1 << lside
e, s, sq = f"2^{le}", f"2^{ls}", f"{side}^2"
rng = cp.random.default_rng(39)
f32 = cp.float32
x = rng.uniform(-1, 1, n, dtype=f32)
y = rng.uniform(-1, 1, n, dtype=f32)
xs = rng.uniform(-1, 1, ns, dtype=f32)
m = rng.uniform(-1, 1, (side, side), dtype=f32)
k0 = rng.integers(0, 1024, ns, dtype=cp.int32)
k1 = rng.integers(0, 1024, ns, dtype=cp.int32)
keys = cp.stack([k0, k1])  # CuPy's lexsort takes one 2-d array of keys
table = cp.sort(rng.uniform(-1, 1, 1 << (20 - shrink), dtype=f32))
idx2 = rng.integers(0, side, (side, side), dtype=cp.int64)
with_nan = cp.sqrt(rng.uniform(-0.1, 1, n, dtype=f32))
with_nan_m = cp.sqrt(rng.uniform(-0.1, 1, (side, side), dtype=f32))
with_nan_s = cp.sqrt(rng.uniform(-0.1, 1, ns, dtype=f32))
phase = rng.uniform(-20, 20, n, dtype=f32)
a1 = rng.integers(0, 1 << (ls + 1), ns, dtype=cp.int32)
b1 = rng.integers(0, 1 << (ls + 1), ns, dtype=cp.int32)
sample = rng.uniform(0, 1, (ns, 3), dtype=f32)
bools = x > 0
bytes_ = rng.integers(0, 256, n // 8, dtype=cp.int32).astype(cp.uint8)
c1, c2, c3 = x < -0.5, x > 0.5, y > 0
half = cp.asarray(0.5, dtype=f32)
row = rng.uniform(-1, 1, side, dtype=f32)
bins16 = rng.integers(0, 1 << 16, n, dtype=cp.int64)
starts = cp.arange(0, n, 256, dtype=cp.int64)
small = rng.integers(0, 1024, n, dtype=cp.int64)
edges32 = cp.linspace(-1, 1, 257).astype(f32)
counts = [i % 3 for i in range(side)]
at = cp.arange(1 << (20 - shrink), dtype=cp.int64) * 16
q5 = cp.asarray([0.05, 0.25, 0.5, 0.75, 0.95])
p5 = cp.asarray([5.0, 25.0, 50.0, 75.0, 95.0])
trapezoid = getattr(cp, "trapezoid", None) or cp.trapz


def put_along():
    cp.put_along_axis(m, idx2, 1.0, axis=-1)


def add_at():
    acc = cp.zeros(1 << 16, dtype=f32)
    cp.add.at(acc, bins16, x)
    return acc


def row_of(name, fn, nbytes):
    try:
        report(name, bench(fn), nbytes)
    except (AttributeError, NotImplementedError, TypeError, ValueError) as ex:
        print(f"{name:40s} not in CuPy {cp.__version__}: {type(ex).__name__}: {ex}")


print("device:", cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "cupy", cp.__version__)
row_of(f"lexsort 2 int32 keys {s}", lambda: cp.lexsort(keys), 2 * 4.0 * ns + 8.0 * ns)
row_of(f"searchsorted {s} into 2^{20 - shrink} f32", lambda: cp.searchsorted(table, xs), 12.0 * ns)
row_of(f"take_along_axis {sq} axis -1 f32", lambda: cp.take_along_axis(m, idx2, axis=-1), 16.0 * side * side)
row_of(f"put_along_axis {sq} axis -1 f32", put_along, 12.0 * side * side)
row_of(f"nan_to_num {e} f32", lambda: cp.nan_to_num(with_nan), 8.0 * n)
row_of(f"gradient {sq} f32", lambda: cp.gradient(m), 12.0 * side * side)
row_of(f"trapezoid {sq} axis -1 f32", lambda: trapezoid(m, dx=1.0, axis=-1), 4.0 * side * side)
row_of(f"ediff1d {e} f32", lambda: cp.ediff1d(x), 8.0 * n)
row_of(f"delete {e} f32 at 2^{20 - shrink}", lambda: cp.delete(x, at), 8.0 * n)
row_of(f"insert {e} f32 at 2^{20 - shrink}", lambda: cp.insert(x, at, 0.0), 8.0 * n)
row_of(f"rot90 {sq} f32 + copy", lambda: cp.rot90(m).copy(), 8.0 * side * side)
row_of(f"vander {s} N=8 f32", lambda: cp.vander(xs, 8), 4.0 * ns + 32.0 * ns)
row_of(f"unwrap {e} f32", lambda: cp.unwrap(phase), 8.0 * n)
row_of(f"nanmedian {sq} axis -1 f32", lambda: cp.nanmedian(with_nan_m, axis=-1), 4.0 * side * side)
row_of(f"nanquantile 5 q {s} f32", lambda: cp.nanquantile(with_nan_s, q5), 4.0 * ns)
row_of(f"nanpercentile 5 q {s} f32", lambda: cp.nanpercentile(with_nan_s, p5), 4.0 * ns)
row_of(f"percentile 50 {s} f32", lambda: cp.percentile(xs, 50, axis=0), 4.0 * ns)
row_of(f"setxor1d 2x {s} int32", lambda: cp.setxor1d(a1, b1), 8.0 * ns)
row_of(f"histogramdd {s}x3 32 bins f32", lambda: cp.histogramdd(sample, bins=32), 12.0 * ns)
row_of(f"packbits {e} bool", lambda: cp.packbits(bools), n + n / 8.0)
row_of(f"unpackbits {e} bits", lambda: cp.unpackbits(bytes_), n + n / 8.0)
row_of(f"select 3 conditions {e} f32", lambda: cp.select([c1, c2, c3], [x, y, half]), 3.0 * n + 12.0 * n)
row_of(f"repeat {sq} counts axis 0 f32", lambda: cp.repeat(m, counts, axis=0), 8.0 * side * side)
row_of(f"cumsum dtype f64 {e} f32", lambda: cp.cumsum(x, dtype=cp.float64), 12.0 * n)
row_of(f"histogram weights {e} f32 256 bins", lambda: cp.histogram(x, 256, weights=y), 8.0 * n)
row_of(f"histogram density {e} f32 256 bins", lambda: cp.histogram(x, 256, density=True), 4.0 * n)
row_of(f"sliding_window_view {s} window 16 mean f32",
       lambda: cp.lib.stride_tricks.sliding_window_view(xs, 16).mean(-1), 8.0 * ns)
row_of(f"unique return_counts {s} int32", lambda: cp.unique(k0, return_counts=True), 4.0 * ns)
row_of(f"meshgrid ij {side} x {side} f32", lambda: cp.meshgrid(row, row, indexing="ij"), 8.0 * side * side)
row_of(f"add.outer {side} x {side} f32", lambda: cp.add.outer(row, row), 4.0 * side * side)
row_of(f"add.at {e} into 2^16 f32", add_at, 12.0 * n)
row_of(f"add.reduceat {e} every 256 f32", lambda: cp.add.reduceat(x, starts), 4.0 * n)
row_of(f"bincount {e} int64 < 1024", lambda: cp.bincount(small), 8.0 * n)
row_of(f"digitize {e} f32 256 bins", lambda: cp.digitize(x, edges32), 12.0 * n)
row_of(f"round {e} f32 decimals 2", lambda: cp.round(x, 2), 8.0 * n)
row_of(f"einsum ij,ij->i {sq} f32", lambda: cp.einsum("ij,ij->i", m, m), 4.0 * side * side)
