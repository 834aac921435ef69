"""SciPy oracles for Nd.ndimage()'s measurements and distance transform: label (default, full and
diagonal structures, 1-D to 3-D random masks with many components, touching corners, empty and
all-true masks, integer and float inputs), find_objects (labels with absent labels, max_label),
sum_labels, mean, variance, standard_deviation, minimum, maximum, median, extrema,
center_of_mass and labeled_comprehension (np.sum, default -1.5) in their four forms (no labels;
labels only; one index; an index list holding absent labels, 0, negative values and a repeat),
with float64, float32 and int32 values and NaN;
distance_transform_edt with and without sampling, with the indices.
Run from the module root: python3 src/test/python/make_ndimage_measurement_fixtures.py
Each line of the gzipped text (tab-separated): function, parameters (key=value;...), then named
arrays, each name:dtype:shape:values (values space-separated; shape comma-separated)."""
import gzip
import warnings

import numpy as np
import scipy.ndimage as ndi

warnings.simplefilter("ignore")
rng = np.random.default_rng(2026_11_28_40)
OUT = "src/test/resources/fixtures/ndimage/measurements.tsv.gz"
rows = []


def fmt(v, f32=False):
    v = float(v)
    if np.isnan(v):
        return "nan"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    return ("%.9g" % v) if f32 else repr(v)


def arr(name, a):
    a = np.asarray(a)
    f32 = a.dtype == np.float32
    return f"{name}:{a.dtype}:{','.join(map(str, a.shape))}:" + " ".join(fmt(v, f32) for v in a.ravel())


def case(fn, params, **arrays):
    p = ";".join(f"{k}={v}" for k, v in params.items())
    rows.append("\t".join([fn, p] + [arr(k, v) for k, v in arrays.items()]))


# ------------------------------------------------------------------ label
masks = [
    rng.random(40) < 0.5,
    rng.random((20, 23)) < 0.45,
    rng.random((20, 23)) < 0.6,
    rng.random((6, 7, 8)) < 0.4,
    np.zeros((5, 6), bool),
    np.ones((5, 6), bool),
    np.zeros((0, 5), bool),
    np.array([[1, 0, 1], [0, 1, 0], [1, 0, 1]], bool),  # touching corners
]
for m in masks:
    nd = m.ndim
    structs = {"default": None, "full": np.ones((3,) * nd, np.int32)}
    if nd == 2:
        structs["diagonal"] = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1]], np.int32)
    for sname, s in structs.items():
        for dt in (np.int32, np.float64):
            if dt == np.float64:
                x = m * (rng.random(m.shape) + 0.5)
            else:
                x = m.astype(dt) * 3
            lab, n = ndi.label(x, s)
            params = dict(structure=sname, n=n)
            if s is None:
                case("label", params, input=x, labels=lab)
            else:
                case("label", params, input=x, structure=s, labels=lab)

# ------------------------------------------------------------------ find_objects
for shape in ((30,), (12, 15), (5, 6, 7)):
    lab = rng.integers(0, 6, shape).astype(np.int32)
    lab[lab == 3] = 0  # an absent label
    for max_label in (0, 2, 8):
        objs = ndi.find_objects(lab, max_label=max_label)
        bounds = np.full((len(objs), len(shape), 2), -1, np.int64)
        for k, o in enumerate(objs):
            if o is not None:
                bounds[k] = [[sl.start, sl.stop] for sl in o]
        case("find_objects", dict(max_label=max_label), input=lab, bounds=bounds.reshape(len(objs), -1))

# ------------------------------------------------------------------ statistics
INDEX = [0, 1, 2, 3, 4, 5, 9, -1, 2]
STATS = ["sum_labels", "mean", "variance", "standard_deviation", "minimum", "maximum", "median"]
for shape in ((50,), (13, 17), (4, 5, 6)):
    lab = rng.integers(0, 6, shape).astype(np.int32)
    lab[lab == 4] = 0  # label 4 absent
    vals = {
        "float64": rng.standard_normal(shape) * 3,
        "float32": (rng.standard_normal(shape) * 3).astype(np.float32),
        "int32": rng.integers(-40, 40, shape).astype(np.int32),
    }
    nanv = rng.standard_normal(shape)
    nanv.flat[[1, 7]] = np.nan
    lab_n = lab.copy()
    lab_n.flat[1] = 5
    lab_n.flat[7] = 5
    for vname, v in list(vals.items()) + [("nan", nanv)]:
        L = lab_n if vname == "nan" else lab
        for fn in STATS + ["center_of_mass", "extrema"]:
            f = getattr(ndi, fn)
            for form, args in (("whole", ()), ("labels", (L,)), ("index", (L, 2)), ("indices", (L, INDEX))):
                if vname == "nan" and fn == "extrema" and form != "indices":
                    continue  # SciPy fails there: no position holds the NaN minimum
                if vname == "int32" and fn == "extrema" and form == "indices":
                    continue  # ties: SciPy's positions follow an unstable sort
                r = f(v, *args)
                params = dict(form=form)
                if fn == "extrema":
                    mn, mx, pmin, pmax = r
                    case(fn, params, input=v, labels=L, min=np.asarray(mn), max=np.asarray(mx),
                         minpos=np.asarray(pmin, np.int64), maxpos=np.asarray(pmax, np.int64))
                elif fn == "center_of_mass":
                    case(fn, params, input=v, labels=L, result=np.asarray(r, np.float64))
                else:
                    case(fn, params, input=v, labels=L, result=np.asarray(r))

        if vname != "nan":
            for form, idx in (("labels", None), ("index", 2), ("indices", INDEX)):
                r = ndi.labeled_comprehension(v, L, idx, np.sum, float, -1.5)
                case("labeled_comprehension", dict(form=form), input=v, labels=L, result=np.asarray(r))

# ------------------------------------------------------------------ distance_transform_edt
for shape, p in (((40,), 0.7), ((19, 23), 0.8), ((19, 23), 0.97), ((6, 7, 8), 0.85), ((5, 6), 1.0),
                 ((5, 6), 0.0)):
    m = rng.random(shape) < p
    for sampling in (None, [0.5, 1.25, 2.0][: len(shape)]):
        d, idx = ndi.distance_transform_edt(m, sampling=sampling, return_indices=True)
        params = dict(sampling="none" if sampling is None else ",".join(map(repr, sampling)))
        case("distance_transform_edt", params, input=m.astype(np.int32), distances=d,
             indices=idx.astype(np.int64))

with gzip.open(OUT, "wt") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
