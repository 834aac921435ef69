"""SciPy oracles for Nd.ndimage()'s rank filters and morphology: median_filter, rank_filter,
percentile_filter, minimum/maximum_filter with a footprint, the binary morphology (erosion, dilation,
opening, closing, fill_holes, propagation; structures, iterations incl. until-no-change, masks,
border values, origins), generate_binary_structure, iterate_structure and the grey morphology (size,
footprint, structure), over every boundary mode, origins, float32, float64 and integer inputs
(int32, int64, uint8) of 1 to 3 dimensions. Inputs are random with ties (rounded values); no NaN (ndgpu orders NaN after
every number in a rank filter, SciPy's order depends on its selection algorithm).
Run from the module root: python3 src/test/python/make_ndimage_morphology_fixtures.py
Lines as make_ndimage_fixtures.py's; arrays in the parameters are fp/fpshape (footprint), st/stshape
(structure, values as float), mask (the input's shape), origins (comma-separated)."""
import gzip

import numpy as np
import scipy.ndimage as ndi
from fixture_values import arr, fmt

rng = np.random.default_rng(2026_11_28_2)
OUT = "src/test/resources/fixtures/ndimage/morphology.tsv.gz"
MODES = ["reflect", "mirror", "nearest", "wrap", "constant"]
rows = []


def case(fn, x, params, result):
    p = ";".join(f"{k}={v}" for k, v in params.items())
    rows.append("\t".join([fn, p] + arr(x) + arr(np.asarray(result))))


def vals(a):
    return ",".join(repr(float(v)) for v in np.asarray(a).ravel())


def shp(a):
    return ",".join(map(str, np.asarray(a).shape))


def ints(o):
    return ",".join(map(str, o))


def footprint(shape):
    f = rng.random(shape) < 0.6
    f.flat[0] = f.flat[1] = f.flat[-2] = True
    f.flat[-1] = False
    return f


# ---------------------------------------------------------------- rank filters
x1 = rng.integers(-8, 8, 13) / 2.0  # ties
x2 = (rng.integers(-20, 20, (7, 8)) / 4.0).astype(np.float32)
x3 = rng.integers(-9, 9, (4, 5, 6)) / 3.0
xi = rng.integers(-50, 50, (6, 7)).astype(np.int32)
xu = rng.integers(0, 255, (5, 6)).astype(np.uint8)
x64 = rng.integers(-10**6, 10**6, (9,)).astype(np.int64)
tiny = np.array([2.5, -1.0])
for x in (x1, x2, x3, xi, xu, x64, tiny):
    nd = x.ndim
    for mode in MODES:
        cval = 1.5
        # SciPy 1.17's 1-D rank path reads past an input shorter than the window: the oracle for
        # 1-D input is its n-D path on a (1, n) view, with a footprint of one row
        def rank_oracle(f, *args, size, origin):
            if nd > 1:
                return f(x, *args, size=size, mode=mode, cval=cval, origin=origin)
            return f(x[None, :], *args, footprint=np.ones((1, size), bool), mode=mode, cval=cval, origin=[0, origin])[0]
        for size, origin in ((3, 0), (4, -2), (4, 1), (1, 0), (5, 0)):
            p = dict(size=size, mode=mode, cval=cval, origin=origin)
            case("median_filter", x, p, rank_oracle(ndi.median_filter, size=size, origin=origin))
            if size == 3:
                for r in (1, -2, 0, -1):
                    case("rank_filter", x, dict(p, rank=r), rank_oracle(ndi.rank_filter, r, size=size, origin=origin))
                for pc in (30.0, -25.0, 100.0, 0.0, 50.0):
                    case("percentile_filter", x, dict(p, pct=pc), rank_oracle(ndi.percentile_filter, pc, size=size, origin=origin))
                case("minimum_filter_size", x, p, ndi.minimum_filter(x, size, mode=mode, cval=cval, origin=origin))
                case("maximum_filter_size", x, p, ndi.maximum_filter(x, size, mode=mode, cval=cval, origin=origin))
        fshape = {1: (5,), 2: (3, 4), 3: (3, 2, 3)}[nd]
        fp = footprint(fshape)
        for origins in ([0] * nd, [(s - 1) - s // 2 for s in fshape]):
            p = dict(fp=vals(fp), fpshape=shp(fp), mode=mode, cval=-0.5, origins=ints(origins))
            # SciPy 1.17's 1-D rank path reads footprint.size, not the footprint (and reads past a
            # short input): the oracle for 1-D input is its n-D path on a (1, n) view
            xx, ff, oo = (x, fp, origins) if nd > 1 else (x[None, :], fp[None, :], [0] + origins)
            def one(r):
                return r if nd > 1 else r[0]
            case("median_filter_fp", x, p, one(ndi.median_filter(xx, footprint=ff, mode=mode, cval=-0.5, origin=oo)))
            case("rank_filter_fp", x, dict(p, rank=1), one(ndi.rank_filter(xx, 1, footprint=ff, mode=mode, cval=-0.5, origin=oo)))
            case("percentile_filter_fp", x, dict(p, pct=80.0),
                 one(ndi.percentile_filter(xx, 80.0, footprint=ff, mode=mode, cval=-0.5, origin=oo)))
            case("minimum_filter_fp", x, p, ndi.minimum_filter(x, footprint=fp, mode=mode, cval=-0.5, origin=origins))
            case("maximum_filter_fp", x, p, ndi.maximum_filter(x, footprint=fp, mode=mode, cval=-0.5, origin=origins))

# windows past the 255 values a work-item copies: counted in place
xb = rng.integers(-20, 20, (19, 23)) / 4.0
for mode in ("reflect", "constant", "wrap"):
    case("median_filter", xb, dict(size=17, mode=mode, cval=1.5, origin=0), ndi.median_filter(xb, 17, mode=mode, cval=1.5))
    fp = rng.random((20, 18)) < 0.85
    case("percentile_filter_fp", xb, dict(fp=vals(fp), fpshape=shp(fp), mode=mode, cval=-0.5, origins="0,0", pct=30.0),
         ndi.percentile_filter(xb, 30.0, footprint=fp, mode=mode, cval=-0.5))

# ---------------------------------------------------------------- binary morphology
b1 = rng.random(20) < 0.6
b2 = rng.random((9, 10)) < 0.65
b3 = rng.random((5, 6, 7)) < 0.7
holes = np.zeros((9, 9), bool)
holes[1:8, 1:8] = True
holes[3:5, 3:6] = False
holes[0, 4] = True
holes[6, 6] = False
for b in (b1, b2, b3, holes, (rng.random((6, 7)) * 3).round()):
    nd = b.ndim
    structs = [None, ndi.generate_binary_structure(nd, nd)]
    s = rng.random({1: (2,), 2: (2, 3), 3: (2, 3, 2)}[nd]) < 0.6
    s.flat[0] = True
    structs.append(s)
    mask = rng.random(b.shape) < 0.8
    for si, st in enumerate(structs):
        sp = {} if st is None else dict(st=vals(st), stshape=shp(st))
        for iterations in (1, 2, 0, -1):
            for border in (0, 1):
                for use_mask in (False, True):
                    if use_mask and iterations == 2:
                        continue
                    m = mask if use_mask else None
                    orig = [0] * nd if si != 2 else [(k - 1) - k // 2 for k in st.shape]
                    p = dict(sp, iterations=iterations, border=border, origins=ints(orig))
                    if use_mask:
                        p["mask"] = vals(m)
                    case("binary_erosion", b, p, ndi.binary_erosion(b, st, iterations, m, border_value=border, origin=orig))
                    case("binary_dilation", b, p, ndi.binary_dilation(b, st, iterations, m, border_value=border, origin=orig))
                    if iterations != 0:
                        case("binary_opening", b, p, ndi.binary_opening(b, st, iterations, origin=orig, mask=m, border_value=border))
                        case("binary_closing", b, p, ndi.binary_closing(b, st, iterations, origin=orig, mask=m, border_value=border))
        p = dict(sp, origins=ints([0] * nd))
        case("binary_fill_holes", b, p, ndi.binary_fill_holes(b, st))
        p["mask"] = vals(mask)
        case("binary_propagation", b, p, ndi.binary_propagation(b, st, mask))
for rank in (0, 1, 2, 3):
    for conn in (0, 1, 2, 3):
        case("generate_binary_structure", np.array([rank, conn], np.int64), dict(rank=rank, conn=conn), ndi.generate_binary_structure(rank, conn))
for st in (ndi.generate_binary_structure(2, 1), ndi.generate_binary_structure(1, 1), np.array([[1, 0], [1, 1]], bool),
           ndi.generate_binary_structure(3, 1)):
    for it in (0, 1, 2, 3):
        case("iterate_structure", st, dict(iterations=it), ndi.iterate_structure(st, it))

# ---------------------------------------------------------------- grey morphology
g2 = rng.integers(-30, 30, (8, 9)) / 2.0
gi = rng.integers(-50, 50, (7, 6)).astype(np.int32)
g3 = (rng.integers(-9, 9, (4, 5, 6)) / 3.0).astype(np.float32)
g1 = rng.integers(-9, 9, 12) / 4.0
GREY = ["grey_erosion", "grey_dilation", "grey_opening", "grey_closing", "morphological_gradient",
        "morphological_laplace", "white_tophat", "black_tophat"]
gu = rng.integers(0, 256, (6, 7)).astype(np.uint8)  # a structure's negative values wrap as SciPy's casts do on x86
for g in (g2, gi, g3, g1, gu):
    nd = g.ndim
    fshape = {1: (4,), 2: (3, 2), 3: (2, 3, 3)}[nd]
    fp = footprint(fshape)
    st = rng.integers(-4, 4, fshape) / 2.0
    for mode in MODES:
        for fn in GREY:
            f = getattr(ndi, fn)
            for size, origin in ((3, 0), (4, 1)):
                case(fn + "_size", g, dict(size=size, mode=mode, cval=2.5, origin=origin),
                     f(g, size, mode=mode, cval=2.5, origin=origin))
            origins = [(s - 1) - s // 2 for s in fshape]
            case(fn + "_fp", g, dict(fp=vals(fp), fpshape=shp(fp), mode=mode, cval=-1.5, origins=ints(origins)),
                 f(g, footprint=fp, mode=mode, cval=-1.5, origin=origins))
            case(fn + "_st", g, dict(st=vals(st), stshape=shp(st), mode=mode, cval=0.0, origins=ints([0] * nd)),
                 f(g, structure=st, mode=mode))
            case(fn + "_fpst", g, dict(fp=vals(fp), fpshape=shp(fp), st=vals(st), stshape=shp(st), mode=mode, cval=3.0,
                                       origins=ints([0] * nd)),
                 f(g, footprint=fp, structure=st, mode=mode, cval=3.0))

with gzip.open(OUT, "wt") as fh:
    fh.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
