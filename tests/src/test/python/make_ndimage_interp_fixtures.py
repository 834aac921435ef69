"""SciPy oracles for Nd.ndimage()'s interpolation: spline_filter1d, spline_filter, map_coordinates,
affine_transform (every matrix form), shift, zoom (grid_mode off and on) and rotate (with and
without reshape), over every spline order 0-5 and every interpolation mode, float64, float32 and
int32 inputs of 1 to 3 dimensions, random values and non-integer coordinates, zooms and angles.
Run from the module root: python3 src/test/python/make_ndimage_interp_fixtures.py
Each line of the gzipped text (tab-separated): function, parameters (key=value;...), input dtype,
shape, values, result dtype, shape, values. Arrays among the parameters (coordinates, matrices)
are given as values (comma-separated) and a shape."""
import gzip
import numpy as np
import scipy.ndimage as ndi
from fixture_values import arr, fmt

rng = np.random.default_rng(2026_11_28_40)
OUT = "src/test/resources/fixtures/ndimage/interpolation.tsv.gz"
MODES = ["constant", "grid-constant", "nearest", "reflect", "grid-mirror", "mirror", "grid-wrap", "wrap"]
rows = []


def vals(a):
    a = np.asarray(a, dtype=np.float64)
    return ",".join(repr(float(v)) for v in a.ravel()), ",".join(map(str, a.shape))


def case(fn, x, params, result):
    p = ";".join(f"{k}={v}" for k, v in params.items())
    rows.append("\t".join([fn, p] + arr(x) + arr(np.asarray(result))))


x1 = rng.standard_normal(9).round(6) * 3
x2 = rng.standard_normal((6, 7)).round(6)
x2f = (rng.standard_normal((5, 6)) * 2).astype(np.float32)
x3 = rng.standard_normal((4, 5, 3)).round(6)
xi = rng.integers(-50, 50, (6, 5)).astype(np.int32)
xu = rng.integers(0, 200, (5, 4)).astype(np.uint8)


def coords_for(x, npts=7):
    # points inside, near the edges and well outside, fractional
    lo = -2.5
    return np.stack([rng.uniform(lo, n + 1.5, npts).round(4) for n in x.shape])


# spline filters: every order, every mode, float64 and float32 outputs
for x in (x1, x2, x2f, x3):
    for mode in MODES:
        for order in range(0, 6):
            for axis in sorted({0, x.ndim - 1}):
                case("spline_filter1d", x, dict(order=order, axis=axis, output="float64", mode=mode),
                     ndi.spline_filter1d(x, order, axis=axis, mode=mode))
            if order >= 2:
                case("spline_filter", x, dict(order=order, output="float64", mode=mode),
                     ndi.spline_filter(x, order, mode=mode))
    case("spline_filter", x, dict(order=3, output="float32", mode="mirror"),
         ndi.spline_filter(x, 3, output=np.float32))

# map_coordinates and shift: every order and mode on 1-D, 2-D and 3-D float64
for x in (x1, x2, x3):
    for mode in MODES:
        for order in range(0, 6):
            c = coords_for(x)
            cv, cs = vals(c)
            case("map_coordinates", x, dict(coords=cv, cshape=cs, order=order, mode=mode, cval=1.25, prefilter=True),
                 ndi.map_coordinates(x, c, order=order, mode=mode, cval=1.25))
            sh = [0.3, -1.7, 2.2][: x.ndim]
            case("shift", x, dict(shift=",".join(map(repr, sh)), order=order, mode=mode, cval=-0.5, prefilter=True),
                 ndi.shift(x, sh, order=order, mode=mode, cval=-0.5))
# prefilter off, a 2-D coordinate grid (an output of 2 dimensions), far-out points
for mode in MODES:
    c = np.stack([rng.uniform(-8, 14, (3, 4)).round(3), rng.uniform(-8, 14, (3, 4)).round(3)])
    cv, cs = vals(c)
    for order in (1, 3):
        for pre in (True, False):
            case("map_coordinates", x2, dict(coords=cv, cshape=cs, order=order, mode=mode, cval=0.0, prefilter=pre),
                 ndi.map_coordinates(x2, c, order=order, mode=mode, prefilter=pre))

# zoom: grid_mode off and on, non-integer zooms, every order and mode on 2-D; 1-D and 3-D fewer
for x, zooms in ((x2, [(1.7, 0.6), (2.0, 2.0)]), (x1, [(1.5,)]), (x3, [(1.3, 0.7, 2.0)])):
    for mode in MODES:
        for order in range(0, 6) if x.ndim == 2 else (0, 1, 3, 5):
            for z in zooms:
                for grid in (False, True):
                    if grid and mode in ("constant", "wrap"):
                        continue  # SciPy warns: grid_mode wants the grid- modes
                    case("zoom", x, dict(zoom=",".join(map(repr, z)), order=order, mode=mode, cval=0.75, prefilter=True,
                                         grid_mode=grid),
                         ndi.zoom(x, z, order=order, mode=mode, cval=0.75, grid_mode=grid))

# affine_transform: every matrix form
th = 0.4
m22 = np.array([[np.cos(th), -np.sin(th)], [np.sin(th), np.cos(th)]]) * 1.1
for mode in MODES:
    for order in range(0, 6):
        forms = [
            ("square", m22, [0.7, -1.2], None),
            ("diagonal", np.array([0.8, 1.3]), [0.4, -0.9], None),
            ("ndim+1", np.hstack([m22, [[0.5], [-0.25]]]), None, None),
            ("homogeneous", np.vstack([np.hstack([m22, [[1.5], [-0.75]]]), [0, 0, 1]]), None, (5, 8)),
        ]
        for form, m, off, oshape in forms:
            mv, ms = vals(m)
            p = dict(form=form, matrix=mv, mshape=ms, order=order, mode=mode, cval=2.0, prefilter=True)
            if off is not None:
                p["offset"] = ",".join(map(repr, off))
            if oshape is not None:
                p["output_shape"] = ",".join(map(str, oshape))
            case("affine_transform", x2, p,
                 ndi.affine_transform(x2, m, offset=0.0 if off is None else off, output_shape=oshape, order=order,
                                      mode=mode, cval=2.0))
# a (ndim, out_ndim) matrix: a 3-D input sampled on a 2-D output plane; and a 3-D rotation about an axis
m32 = np.array([[0.5, 0.2], [1.1, -0.3], [0.1, 0.9]])
mv, ms = vals(m32)
for order in (0, 1, 3):
    case("affine_transform", x3, dict(form="rect", matrix=mv, mshape=ms, offset="0.5,-0.5,1.0", output_shape="4,3",
                                      order=order, mode="reflect", cval=0.0, prefilter=True),
         ndi.affine_transform(x3, m32, offset=[0.5, -0.5, 1.0], output_shape=(4, 3), order=order, mode="reflect"))

# rotate: with and without reshape, 2-D and 3-D planes
for x, axes in ((x2, (1, 0)), (x3, (0, 2)), (x3, (2, 1))):
    for angle in (30.0, -17.5, 90.0, 135.0):
        for reshape in (True, False):
            for mode, order in (("constant", 3), ("nearest", 1), ("reflect", 0), ("grid-wrap", 5), ("mirror", 2),
                                ("grid-constant", 4)):
                if angle == 135.0 and order == 0:
                    continue  # coordinates an ulp from x.5, where a device's fused multiply-add picks the other pixel
                case("rotate", x, dict(angle=angle, axes=",".join(map(str, axes)), reshape=reshape, order=order,
                                       mode=mode, cval=0.5, prefilter=True),
                     ndi.rotate(x, angle, axes=axes, reshape=reshape, order=order, mode=mode, cval=0.5))

# float32 and integer inputs: the result keeps the dtype, integers rounded as SciPy rounds
for x in (x2f, xi, xu):
    for mode in ("constant", "grid-constant", "nearest", "mirror", "grid-wrap"):
        for order in (0, 1, 3, 5):
            case("shift", x, dict(shift="0.6,-1.3", order=order, mode=mode, cval=3.0, prefilter=True),
                 ndi.shift(x, [0.6, -1.3], order=order, mode=mode, cval=3.0))
            case("zoom", x, dict(zoom="1.4,1.9", order=order, mode=mode, cval=3.0, prefilter=True, grid_mode=False),
                 ndi.zoom(x, (1.4, 1.9), order=order, mode=mode, cval=3.0))
            case("rotate", x, dict(angle=25.0, axes="1,0", reshape=True, order=order, mode=mode, cval=3.0,
                                   prefilter=True),
                 ndi.rotate(x, 25.0, order=order, mode=mode, cval=3.0))
    c = coords_for(x)
    cv, cs = vals(c)
    case("map_coordinates", x, dict(coords=cv, cshape=cs, order=3, mode="reflect", cval=0.0, prefilter=True),
         ndi.map_coordinates(x, c, order=3, mode="reflect"))

# NaN coordinates give cval in the modes that map coordinates
c = np.array([[np.nan, 1.5, 2.0], [0.5, np.nan, 3.0]])
cv, cs = vals(c)
for mode in ("constant", "reflect", "mirror", "wrap", "grid-wrap"):
    case("map_coordinates", x2, dict(coords=cv, cshape=cs, order=1, mode=mode, cval=9.0, prefilter=True),
         ndi.map_coordinates(x2, c, order=1, mode=mode, cval=9.0))

# lines longer than the prefilter's chunk of 128 samples (its work items start mid-line), along the last axis
# and along a strided one, float64 and float32; drawn from their own generator so the cases above stay as they were
rl = np.random.default_rng(2026_11_28_41)
xl = rl.standard_normal(300) * 2
xl2 = rl.standard_normal((140, 2))
xlf = (rl.standard_normal((3, 129)) * 2).astype(np.float32)
for x in (xl, xl.astype(np.float32), xl2):
    for mode in ("mirror", "reflect", "grid-wrap", "nearest"):
        for order in range(2, 6):
            out = "float32" if x.dtype == np.float32 else "float64"
            case("spline_filter1d", x, dict(order=order, axis=0, output=out, mode=mode),
                 ndi.spline_filter1d(x, order, axis=0, output=np.dtype(out), mode=mode))
for x in (xlf, xlf.astype(np.float64)):
    case("spline_filter", x, dict(order=3, output="float32", mode="mirror"), ndi.spline_filter(x, 3, output=np.float32))
    for mode, order in (("nearest", 3), ("mirror", 5), ("grid-constant", 4), ("grid-wrap", 2)):
        case("shift", x, dict(shift="0.4,-2.6", order=order, mode=mode, cval=0.5, prefilter=True),
             ndi.shift(x, [0.4, -2.6], order=order, mode=mode, cval=0.5))

# zoom and shift at orders 0 and 1 (their tap-table path), float32 and float64, every mode, grid_mode off and
# on, outputs larger than a work-group and of no multiple of one; a generator of their own again
rz = np.random.default_rng(2026_11_28_42)
xz = rz.standard_normal((13, 29)) * 2
for x in (xz.astype(np.float32), xz):
    for mode in MODES:
        for order in (0, 1):
            for z in ((1.9, 2.3), (0.7, 0.45)):
                for grid in (False, True):
                    if grid and mode in ("constant", "wrap"):
                        continue
                    if x.dtype == np.float64 and (order == 0 or grid) and z[0] > 1:
                        continue  # float64's large outputs at order 1 without grid_mode only: the fixture's size
                    case("zoom", x, dict(zoom=",".join(map(repr, z)), order=order, mode=mode, cval=-1.5, prefilter=True,
                                         grid_mode=grid),
                         ndi.zoom(x, z, order=order, mode=mode, cval=-1.5, grid_mode=grid))
            case("shift", x, dict(shift="0.37,-2.6", order=order, mode=mode, cval=0.25, prefilter=True),
                 ndi.shift(x, [0.37, -2.6], order=order, mode=mode, cval=0.25))
xz3 = (rz.standard_normal((3, 5, 7)) * 2).astype(np.float32)
for mode in ("constant", "grid-constant", "reflect", "grid-wrap"):
    case("zoom", xz3, dict(zoom="1.5,2.2,0.8", order=1, mode=mode, cval=0.5, prefilter=True, grid_mode=False),
         ndi.zoom(xz3, (1.5, 2.2, 0.8), order=1, mode=mode, cval=0.5))
xz1 = (rz.standard_normal(300) * 2).astype(np.float32)
for mode in ("nearest", "mirror", "grid-constant"):
    case("zoom", xz1, dict(zoom="1.73", order=1, mode=mode, cval=0.5, prefilter=True, grid_mode=True),
         ndi.zoom(xz1, 1.73, order=1, mode=mode, cval=0.5, grid_mode=True))

with gzip.open(OUT, "wt") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
