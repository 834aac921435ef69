"""SciPy oracles for Nd.ndimage().distanceTransformEdt (EdtParityTest): masks of several densities
and shapes (1-D to 4-D, sizes that are no multiple of any band width), masks without background
(SciPy's answer is then the distance to (-1, 0, ...)), all background, one background element, a
regular grid of background (many ties), and sampling.

Each line of the gzipped text (tab-separated): a name, the sampling ("none" or comma-separated), then
named arrays as name:dtype:shape:values: the input mask (int32, 0 is background), SciPy's distances
(float64, repr, so they round-trip exactly), SciPy's indices (int64) and unique (int32: 1 where one
background element alone is nearest, found by brute force; 0 elsewhere).

Run from tests/: python3 src/test/python/make_ndimage_edt_fixtures.py (NumPy 2.4, SciPy 1.17).
"""

import gzip

import numpy as np
import scipy.ndimage as ndi

OUT = "src/test/resources/fixtures/ndimage/edt.tsv.gz"
rng = np.random.default_rng(40)
rows = []


def arr(name, a):
    a = np.asarray(a)
    return f"{name}:{a.dtype}:{','.join(map(str, a.shape))}:" + " ".join(repr(float(v)) for v in a.ravel())


def unique_nearest(m, sampling):
    bg = np.argwhere(~m)
    out = np.zeros(m.shape, np.int32)
    if len(bg) == 0:
        return out
    w = np.ones(m.ndim) if sampling is None else np.asarray(sampling, float)
    for here in np.ndindex(m.shape):
        d = (((bg - np.asarray(here)) * w) ** 2).sum(axis=1)
        out[here] = int((d == d.min()).sum() == 1)
    return out


def case(name, m, sampling=None):
    m = np.asarray(m, bool)
    d, idx = ndi.distance_transform_edt(m, sampling=sampling, return_indices=True)
    s = "none" if sampling is None else ",".join(map(repr, np.atleast_1d(sampling).tolist()))
    rows.append("\t".join([name, s, arr("input", m.astype(np.int32)), arr("distances", d),
                           arr("indices", idx.astype(np.int64)), arr("unique", unique_nearest(m, sampling))]))


for fg in (0.5, 0.9, 0.99):
    case(f"random2d_{fg}", rng.random((37, 45)) < fg)
case("random2d_dense", rng.random((70, 33)) < 0.1)
case("all_ones_2d", np.ones((9, 13)))
case("all_ones_1d", np.ones(7))
case("all_ones_3d", np.ones((3, 4, 5)))
case("all_zeros_2d", np.zeros((11, 6)))
m = np.ones((41, 67), bool)
m[20, 33] = False
case("single_center", m)
m = np.ones((41, 67), bool)
m[40, 0] = False
case("single_corner", m)
m = np.ones((64, 300), bool)
m[0] = False
case("first_row", m)
m = np.ones((35, 35), bool)
m[::4, ::4] = False
case("grid4", m)
m = np.ones((33, 34), bool)
m[::3, 1::5] = False
case("grid_3x5", m)
case("row_1x70", rng.random((1, 70)) < 0.9)
case("col_70x1", rng.random((70, 1)) < 0.9)
case("random1d", rng.random(200) < 0.9)
case("random1d_sparse", rng.random(1000) < 0.995)
case("random3d", rng.random((9, 10, 11)) < 0.8)
case("random3d_sparse", rng.random((17, 5, 33)) < 0.97)
m = np.ones((7, 9, 11), bool)
m[3, 0, 10] = False
case("single3d", m)
case("random4d", rng.random((4, 5, 6, 7)) < 0.9)
case("sampling2d", rng.random((37, 45)) < 0.9, [0.5, 1.25])
case("sampling2d_one", rng.random((23, 19)) < 0.95, 0.8)
case("sampling3d", rng.random((9, 10, 11)) < 0.9, [1.5, 0.7, 2.0])
case("sampling1d", rng.random(90) < 0.9, [0.3])
m = np.ones((30, 30), bool)
m[::5, ::3] = False
case("sampling_grid", m, [2.0, 3.0])

with gzip.open(OUT, "wt") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
