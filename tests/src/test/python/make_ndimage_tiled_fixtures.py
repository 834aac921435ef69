"""SciPy oracles for the tiled kernel of Nd.ndimage().correlate and convolve (TiledCorrelate): images whose sides
are not multiples of the 32 x 32 tile, large enough for interior work-groups, every mode by every name SciPy takes
(grid-mirror, grid-wrap, grid-constant too), origins, even windows, windows larger than the image and than the tile
(the kernel that is not tiled), 3-D and 4-D windows, float32, float64, int32 and uint8 inputs, a NaN under a zero
weight. Same format as make_ndimage_fixtures.py (NdimageParityTest reads both).
Run from the module root: python3 src/test/python/make_ndimage_tiled_fixtures.py"""
import gzip
import numpy as np
import scipy.ndimage as ndi
from fixture_values import arr, fmt

rng = np.random.default_rng(2026_11_29)
OUT = "src/test/resources/fixtures/ndimage/correlate_tiled.tsv.gz"
MODES = ["reflect", "grid-mirror", "mirror", "nearest", "wrap", "grid-wrap", "constant", "grid-constant"]
rows = []


def weights(shape, integer=False):
    w = rng.integers(-3, 4, shape).astype(float) if integer else rng.standard_normal(shape).round(3)
    w.flat[0] = 0.0  # a zero weight: outside SciPy's footprint
    return w


def both(x, w, mode, cval, origins, fns=("correlate", "convolve")):
    params = dict(w=",".join(map(repr, w.ravel().tolist())), wshape=",".join(map(str, w.shape)), mode=mode,
                  cval=cval, origins=",".join(map(str, origins)))
    for fn in fns:
        f = ndi.correlate if fn == "correlate" else ndi.convolve
        r = f(x, w, mode=mode, cval=cval, origin=origins)
        rows.append("\t".join([fn, ";".join(f"{k}={v}" for k, v in params.items())] + arr(x) + arr(np.asarray(r))))


# quarter steps: the fixture's text holds the inputs exactly
f32 = (rng.integers(-40, 40, (33, 35)) / 4).astype(np.float32)
w55 = weights((5, 5))
for mode in MODES:
    both(f32, w55, mode, 1.5, [0, 0], ("correlate",))
for mode in ("reflect", "constant", "wrap"):
    both(f32, w55, mode, -2.0, [-2, 2], ("correlate",))
    both(f32, weights((4, 3)), mode, 0.5, [1, -1])
# interior work-groups: three tiles across, two down
f64 = rng.integers(-100, 100, (70, 100)) / 8.0
both(f64, weights((5, 5)), "reflect", 0.0, [0, 0], ("correlate",))
both(f64, weights((3, 4)), "constant", 2.5, [1, 0], ("convolve",))
# integers: exact sums of integer weights, truncated sums of fractional ones
i32 = rng.integers(-1000, 1000, (34, 33)).astype(np.int32)
both(i32, weights((3, 3), integer=True), "reflect", 0.0, [0, 0])
both(i32, weights((3, 3), integer=True), "constant", 7.0, [1, 1], ("correlate",))
u8 = rng.integers(0, 256, (33, 40)).astype(np.uint8)
both(u8, np.full((3, 5), 1 / 15), "nearest", 0.0, [0, 0], ("correlate",))
# a window larger than the image, and one taller than a tile (the kernel that is not tiled)
small = rng.integers(-20, 20, (6, 5)) / 2.0
for mode in ("reflect", "mirror", "wrap", "constant"):
    both(small, weights((9, 11)), mode, 3.0, [0, 0], ("correlate",))
both(rng.integers(-20, 20, (40, 20)) / 2.0, weights((33, 3)), "reflect", 0.0, [0, 0], ("correlate",))
both(rng.integers(-20, 20, (1, 40)) / 2.0, weights((1, 7)), "mirror", 0.0, [0, 3])
both(rng.integers(-20, 20, (40, 1)) / 2.0, weights((7, 1)), "wrap", 0.0, [-3, 0])
# a NaN under a zero weight is skipped, as SciPy skips it; elsewhere it spreads
nan = rng.integers(-20, 20, (33, 34)) / 2.0
nan[10, 20] = np.nan
wz = weights((3, 3))
wz[1, 1] = 0.0
both(nan, wz, "reflect", 0.0, [0, 0], ("correlate",))
# more than two axes: each tap of the leading axes stages its plane
x3 = rng.integers(-20, 20, (3, 34, 33)) / 4.0
for mode in ("reflect", "mirror", "nearest", "wrap", "constant"):
    both(x3, weights((3, 3, 3)), mode, 1.0, [0, 0, 0], ("correlate",))
both(x3, weights((2, 5, 4)), "constant", -1.0, [0, 1, -1])
x4 = rng.integers(-20, 20, (2, 3, 10, 12)) / 4.0
for mode in ("reflect", "constant"):
    both(x4, weights((2, 2, 3, 3)), mode, 0.5, [0, -1, 0, 1], ("correlate",))

with gzip.open(OUT, "wt") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
