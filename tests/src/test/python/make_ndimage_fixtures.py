"""SciPy oracles for Nd.ndimage(): correlate1d, convolve1d, correlate, convolve, gaussian_filter1d (orders
0-3), gaussian_filter, uniform_filter1d, uniform_filter, minimum/maximum_filter1d and _filter, sobel,
prewitt, laplace, gaussian_laplace and gaussian_gradient_magnitude, over every boundary mode, origins,
axes, float32, float64 and int32 inputs of 1 to 3 dimensions.
Run from the module root: python3 src/test/python/make_ndimage_fixtures.py
Each line of the gzipped text (tab-separated): function, parameters (key=value;...), input dtype, shape, values, result dtype,
shape, values. Weights are parameters w (values, comma-separated) and wshape."""
import numpy as np
import scipy.ndimage as ndi
from fixture_values import arr, fmt

rng = np.random.default_rng(2026_11_28)
OUT = "src/test/resources/fixtures/ndimage/ndimage.tsv.gz"
MODES = ["reflect", "mirror", "nearest", "wrap", "constant"]
rows = []


def case(fn, x, params, result):
    p = ";".join(f"{k}={v}" for k, v in params.items())
    rows.append("\t".join([fn, p] + arr(x) + arr(np.asarray(result))))


x1 = (rng.standard_normal(11) * 3).round(6)  # values the fixture's text holds exactly
x2 = rng.standard_normal((7, 9)).astype(np.float32) * 2
x3 = rng.standard_normal((3, 4, 5)).round(6)
xi = rng.integers(-50, 50, (6, 7)).astype(np.int32)
tiny = np.array([2.5, -1.0])

for x in (x1, x2, x3, xi, tiny):
    for mode in MODES:
        for w in ([0.2, -0.5, 1.3], [1.0, 2.0, 3.0, 4.0], [0.7]):
            lo, hi = -(len(w) // 2), (len(w) - 1) - len(w) // 2
            for origin in sorted({lo, 0, hi}) if len(w) == 4 else [0]:
                for axis in sorted({0, x.ndim - 1}) if origin == 0 else [x.ndim - 1]:
                    params = dict(w=",".join(map(repr, w)), axis=axis, mode=mode, cval=1.5, origin=origin)
                    case("correlate1d", x, params, ndi.correlate1d(x, w, axis=axis, mode=mode, cval=1.5, origin=origin))
                    case("convolve1d", x, params, ndi.convolve1d(x, w, axis=axis, mode=mode, cval=1.5, origin=origin))
        for size in (1, 3, 4):
            for origin in sorted({-(size // 2), 0, (size - 1) - size // 2}) if size == 4 else [0]:
                axis = x.ndim - 1
                params = dict(size=size, axis=axis, mode=mode, cval=-0.5, origin=origin)
                case("uniform_filter1d", x, params, ndi.uniform_filter1d(x, size, axis=axis, mode=mode, cval=-0.5, origin=origin))
                case("minimum_filter1d", x, params, ndi.minimum_filter1d(x, size, axis=axis, mode=mode, cval=-0.5, origin=origin))
                case("maximum_filter1d", x, params, ndi.maximum_filter1d(x, size, axis=axis, mode=mode, cval=-0.5, origin=origin))
        for size in (3,):
            case("uniform_filter", x, dict(size=size, mode=mode, cval=0.25), ndi.uniform_filter(x, size, mode=mode, cval=0.25))
            case("minimum_filter", x, dict(size=size, mode=mode), ndi.minimum_filter(x, size, mode=mode))
            case("maximum_filter", x, dict(size=size, mode=mode), ndi.maximum_filter(x, size, mode=mode))
        if x.dtype != np.int32:
            for order in range(4):
                case("gaussian_filter1d", x, dict(sigma=1.5, axis=x.ndim - 1, order=order, mode=mode, cval=0.5, truncate=3.0),
                     ndi.gaussian_filter1d(x, 1.5, axis=x.ndim - 1, order=order, mode=mode, cval=0.5, truncate=3.0))
        case("gaussian_filter", x, dict(sigma=1.2, mode=mode, cval=0.0), ndi.gaussian_filter(x, 1.2, mode=mode))
        if x.ndim >= 2:
            orders = [1] + [0] * (x.ndim - 1)
            sig = [0.8] + [1.3] * (x.ndim - 1)
            case("gaussian_filter_orders", x, dict(sigmas=",".join(map(repr, sig)), orders=",".join(map(str, orders)), mode=mode),
                 ndi.gaussian_filter(x, sig, order=orders, mode=mode))
        for axis in range(x.ndim):
            case("sobel", x, dict(axis=axis, mode=mode, cval=0.0), ndi.sobel(x, axis=axis, mode=mode))
            case("prewitt", x, dict(axis=axis, mode=mode, cval=0.0), ndi.prewitt(x, axis=axis, mode=mode))
        case("laplace", x, dict(mode=mode, cval=0.0), ndi.laplace(x, mode=mode))
        case("gaussian_laplace", x, dict(sigma=1.0, mode=mode, cval=0.0), ndi.gaussian_laplace(x, 1.0, mode=mode))
        case("gaussian_gradient_magnitude", x, dict(sigma=1.0, mode=mode, cval=0.0),
             ndi.gaussian_gradient_magnitude(x, 1.0, mode=mode))
        # n-D windows
        wshapes = {1: [(3,), (4,)], 2: [(3, 3), (2, 3)], 3: [(3, 1, 2)]}[x.ndim]
        for ws in wshapes:
            w = rng.standard_normal(ws).round(3)
            w.flat[0] = 0.0  # a zero weight: outside SciPy's footprint
            for origins in ([0] * x.ndim, [(s - 1) - s // 2 for s in ws]):
                params = dict(w=",".join(map(repr, w.ravel().tolist())), wshape=",".join(map(str, ws)), mode=mode, cval=2.0,
                              origins=",".join(map(str, origins)))
                case("correlate", x, params, ndi.correlate(x, w, mode=mode, cval=2.0, origin=origins))
                case("convolve", x, params, ndi.convolve(x, w, mode=mode, cval=2.0, origin=origins))

import gzip
with gzip.open(OUT, "wt") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
