"""Generates the NumPy fixtures of the indexing routines of issue 39 (take_along_axis,
put_along_axis, put, putmask, place, extract, compress, choose, select, unravel_index,
ravel_multi_index, indices, the triangle and diagonal indices, fill_diagonal, tri, around,
lexsort): .npy files under fixtures/indexing, and cases.tsv, one case a line:
function, case name, parameter (an axis, a mode, ... or empty), and the names of its arrays
(inputs first, the expected result last), comma-separated. Run from anywhere:
python3 make_indexing_fixtures.py"""
import os
import numpy as np

OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "indexing")
os.makedirs(OUT, exist_ok=True)
for f in os.listdir(OUT):
    os.remove(os.path.join(OUT, f))
rng = np.random.default_rng(20261128)
cases = []


def save(name, a):
    a = np.array(a, order="C")  # keeps 0-d arrays 0-d (ascontiguousarray makes them 1-d)
    np.save(os.path.join(OUT, name + ".npy"), a.astype(a.dtype.newbyteorder("<")))
    return name


def case(func, name, param, *arrays):
    names = [save(f"{name}_{k}", a) for k, a in enumerate(arrays)]
    cases.append(f"{func}\t{name}\t{param}\t{','.join(names)}")


def rand(shape, dtype=np.float64):
    if np.dtype(dtype).kind in "iu":
        return rng.integers(-50 if np.dtype(dtype).kind == "i" else 0, 50, shape).astype(dtype)
    return (rng.standard_normal(shape) * 10).astype(dtype)


# take_along_axis: argsort and random indices (negative too), each axis (negative too), broadcast dims
for dt in (np.float32, np.float64, np.int32):
    a = rand((3, 4, 5), dt)
    for ax in (0, 1, 2, -1, -3):
        idx = np.argsort(a, axis=ax, kind="stable")
        case("take_along_axis", f"tal_sort_{np.dtype(dt).name}_{ax}", ax, a, idx, np.take_along_axis(a, idx, ax))
    idx = rng.integers(-4, 4, (3, 6, 1)).astype(np.int32)
    case("take_along_axis", f"tal_bcast_{np.dtype(dt).name}", 1, a, idx, np.take_along_axis(a, idx, 1))
a = rand((2, 1, 4))
idx = rng.integers(0, 4, (1, 3, 2)).astype(np.int16)
case("take_along_axis", "tal_bcast_arr", 2, a, idx, np.take_along_axis(a, idx, 2))
a = rand((3, 4))
idx = rng.integers(-12, 12, (7,))
case("take_along_axis", "tal_none", "", a, idx, np.take_along_axis(a, idx, None))
a = rand((3, 4))
case("take_along_axis", "tal_empty", 1, a, np.zeros((3, 0), np.int64), np.take_along_axis(a, np.zeros((3, 0), np.int64), 1))
a = np.array([1.0, np.nan, -np.inf, 2.0])
idx = np.argsort(a)
case("take_along_axis", "tal_nan", 0, a, idx, np.take_along_axis(a, idx, 0))

# put_along_axis: distinct indices per line; values broadcast; negative indices; float64 and int64
for dt in (np.float32, np.float64, np.int64):
    a = rand((4, 6), dt)
    idx = np.argsort(rng.random((4, 6)), axis=1)[:, :3] - 6 * rng.integers(0, 2, (4, 3))
    v = rand((1, 3), dt)
    r = a.copy()
    np.put_along_axis(r, idx, v, 1)
    case("put_along_axis", f"pal_{np.dtype(dt).name}", 1, a, idx, v, r)
a = rand((5, 3))
idx = np.argsort(rng.random((5, 3)), axis=0)[:2]
r = a.copy()
np.put_along_axis(r, idx, 7.5, 0)
case("put_along_axis", "pal_scalar_ax0", 0, a, idx, np.array(7.5), r)
a = rand((3, 4))
idx = np.array([11, -1, 0])  # 11 and -1 are one element: the last write wins, as NumPy
r = a.copy()
np.put_along_axis(r, idx, np.array([1.0, 2.0, 3.0]), None)
case("put_along_axis", "pal_none", "", a, idx, np.array([1.0, 2.0, 3.0]), r)

# put: modes, negative indices, values repeated cyclically, values cast to a's dtype
for mode in ("raise", "wrap", "clip"):
    for dt in (np.float32, np.float64, np.int32):
        a = rand((4, 5), dt)
        if mode == "raise":
            ind = rng.choice(20, 6, replace=False) - 20 * rng.integers(0, 2, 6)
        elif mode == "wrap":
            ind = np.array([-23, 41, 3, 60, -1, 16])
        else:  # targets distinct after the mode: the answer does not depend on the order of the writes
            ind = np.array([-23, 41, 3, 7])
        v = rand((4,), np.float64)
        r = a.copy()
        np.put(r, ind, v, mode=mode)
        case("put", f"put_{mode}_{np.dtype(dt).name}", mode, a, ind, v, r)

# putmask: values repeat by flat position; a mask of another dtype; place: values taken in turn
for dt in (np.float32, np.float64, np.int64):
    a = rand((3, 5), dt)
    m = rng.random((3, 5)) < 0.5
    v = rand((4,), dt)
    r = a.copy()
    np.putmask(r, m, v)
    case("putmask", f"putmask_{np.dtype(dt).name}", "", a, m, v, r)
    r = a.copy()
    np.place(r, m, v)
    case("place", f"place_{np.dtype(dt).name}", "", a, m, v, r)
a = rand((6,))
m = rng.integers(0, 3, (2, 3))
r = a.copy()
np.putmask(r, m, np.array([1.5, -2.5]))
case("putmask", "putmask_intmask", "", a, m, np.array([1.5, -2.5]), r)
r = a.copy()
np.place(r, m, np.array([1.5, -2.5]))
case("place", "place_intmask", "", a, m, np.array([1.5, -2.5]), r)
a = np.array([np.nan, 1.0, np.nan, 3.0])
r = a.copy()
np.putmask(r, np.isnan(a), np.array([0.0]))
case("putmask", "putmask_nan", "", a, np.isnan(a), np.array([0.0]), r)

# extract and compress
a = rand((3, 4))
c = rand((3, 4)) > 0
case("extract", "extract_bool", "", c, a, np.extract(c, a))
c = rng.integers(0, 2, (5,))
case("extract", "extract_short", "", c, a, np.extract(c, a))
for ax in (0, 1, -1, -2):
    c = rng.random(a.shape[ax]) < 0.6
    case("compress", f"compress_{ax}", ax, c, a, np.compress(c, a, axis=ax))
c = np.array([True, False, True])
case("compress", "compress_short", 1, c, a, np.compress(c, a, axis=1))
c = rng.random(12) < 0.5
case("compress", "compress_none", "", c, a, np.compress(c, a))
a32 = rand((2, 3, 4), np.float32)
c = np.array([0.0, 2.5, 0.0, -1.0])
case("compress", "compress_f32", 2, c, a32, np.compress(c, a32, axis=2))

# choose: broadcasting, modes, promoted dtypes
ch = [rand((3, 4)), rand((4,)), rand((3, 1))]
a = rng.integers(0, 3, (3, 4))
case("choose", "choose_raise", "raise", a, *ch, np.choose(a, ch))
a = rng.integers(-7, 7, (2, 3, 4))
case("choose", "choose_wrap", "wrap", a, *ch, np.choose(a, ch, mode="wrap"))
case("choose", "choose_clip", "clip", a, *ch, np.choose(a, ch, mode="clip"))
ch2 = [rand((5,), np.int8), rand((5,), np.float32)]
a = rng.integers(0, 2, (5,)).astype(np.int32)
case("choose", "choose_mixed", "raise", a, *ch2, np.choose(a, ch2))

# select: the first true condition wins; broadcasting; default; dtypes
x = rand((4, 5))
conds = [x < -5, x > 5, np.abs(x) < 1]
choices = [x * 2, rand((5,)), rand((4, 1))]
case("select", "select_f64", "0", *conds, *choices, np.select(conds, choices, 0))
case("select", "select_default", "-1.5", *conds, *choices, np.select(conds, choices, -1.5))
xs = rand((6,), np.float32)
conds = [xs > 0, xs < -3]
choices = [xs, rand((6,), np.int8)]
case("select", "select_f32", "0", *conds, *choices, np.select(conds, choices, 0))

# unravel_index and ravel_multi_index: C and F order, index dtypes, modes per axis
for order in ("C", "F"):
    for dt in (np.int64, np.int32, np.uint8):
        idx = rng.integers(0, 60, (3, 4)).astype(dt)
        case("unravel_index", f"unravel_{order}_{np.dtype(dt).name}", f"{order}|3,4,5", idx, *np.unravel_index(idx, (3, 4, 5), order=order))
    coords = [rng.integers(0, 7, (2, 3)), rng.integers(0, 6, (3,)).astype(np.int32), rng.integers(0, 5, (1, 3))]
    case("ravel_multi_index", f"ravel_{order}", f"raise|{order}|7,6,5", *coords,
         np.ravel_multi_index(coords, (7, 6, 5), order=order))
coords = [rng.integers(-9, 15, (8,)), rng.integers(-9, 15, (8,))]
for modes in (("wrap",), ("clip",), ("wrap", "clip")):
    m = modes[0] if len(modes) == 1 else modes
    case("ravel_multi_index", f"ravel_{'_'.join(modes)}", ";".join(modes) + "|C|7,6", *coords,
         np.ravel_multi_index(coords, (7, 6), mode=m))

# indices, tri and the triangle and diagonal indices
case("indices", "indices_2_3_4", "2,3,4", np.indices((2, 3, 4)))
case("indices", "indices_5", "5", np.indices((5,)))
case("indices", "indices_empty", "3,0", np.indices((3, 0)))
for n, m, k in ((4, 4, 0), (3, 5, 1), (5, 3, -2), (4, 6, 10), (0, 3, 0), (3, 3, -5)):
    case("tri", f"tri_{n}_{m}_{k}", f"{n},{m},{k}", np.tri(n, m, k))
    case("tril_indices", f"tril_{n}_{m}_{k}", f"{n},{m},{k}", *np.tril_indices(n, k, m))
    case("triu_indices", f"triu_{n}_{m}_{k}", f"{n},{m},{k}", *np.triu_indices(n, k, m))

# fill_diagonal: 2-d square, tall with and without wrap, wide, 3-d, array values repeated
for name, shape, val, wrap in (("sq", (4, 4), 7.5, False), ("tall", (7, 3), np.array([1.0, 2.0]), False),
                               ("tallwrap", (7, 3), np.array([1.0, 2.0]), True), ("wide", (3, 5), -1.0, False),
                               ("cube", (3, 3, 3), np.array([4.0, 5.0]), False)):
    a = rand(shape)
    r = a.copy()
    np.fill_diagonal(r, val, wrap=wrap)
    case("fill_diagonal", f"fill_{name}", "wrap" if wrap else "", a, np.asarray(val), r)

# round: ties (halves to even) at each scale, float16/32/64, negative decimals, integers, NaN and inf, complex
ties = (rng.integers(-200, 200, 40) + 0.5)
for dt in (np.float16, np.float32, np.float64):
    for d in (0, 1, 2, 3, -1, -2):
        x = np.concatenate([ties / 10.0 ** d, rand((40,)), [np.nan, np.inf, -np.inf, -0.0]]).astype(dt)
        case("round", f"round_{np.dtype(dt).name}_{d}".replace("-", "m"), d, x, np.round(x, d))
for dt in (np.int64, np.int32, np.uint16):
    x = rng.integers(0, 3000, 30).astype(dt)
    x[:6] = [5, 15, 25, 35, 250, 1250]
    for d in (-1, -2, 1):
        case("round", f"round_{np.dtype(dt).name}_{d}".replace("-", "m"), d, x, np.round(x, d))
xc = (rng.integers(-99, 99, 10) + 0.5) / 10 + 1j * (rng.integers(-99, 99, 10) + 0.5) / 10
case("round", "round_complex128_1", 1, xc, np.round(xc, 1))
case("round", "round_bool_0", 0, np.array([True, False]), np.round(np.array([True, False]), 0))

# lexsort: ties broken by the earlier keys, NaN last, mixed dtypes, along each axis of 2-d keys
k1 = rng.integers(0, 3, 30).astype(np.float64)
k2 = rng.integers(0, 3, 30).astype(np.int32)
k3 = np.where(rng.random(30) < 0.2, np.nan, rng.integers(0, 4, 30)).astype(np.float32)
case("lexsort", "lexsort_3keys", -1, k1, k2, k3, np.lexsort([k1, k2, k3]))
case("lexsort", "lexsort_1key", -1, k3, np.lexsort([k3]))
m1 = rng.integers(0, 3, (4, 6)).astype(np.float64)
m2 = rng.integers(0, 2, (4, 6)).astype(np.int64)
for ax in (0, 1, -1):
    case("lexsort", f"lexsort_2d_{ax}", ax, m1, m2, np.lexsort([m1, m2], axis=ax))

# delete, insert, append, resize
a = rand((4, 5))
for name, obj, ax in (("int", 1, 0), ("neg", -1, 1), ("list", [0, 2, -1], 1), ("dup", [3, 3, 0], 0), ("none", [0, 7, 19], None)):
    case("delete", f"delete_{name}", "" if ax is None else ax, a, np.asarray(obj), np.delete(a, obj, axis=ax))
mask = np.array([True, False, False, True, False])
case("delete", "delete_mask", 1, a, mask, np.delete(a, mask, axis=1))
a32 = rand((3, 4), np.float32)
ins = (("scalar", 1, np.array([9.5, 8.5, 7.5]), 1), ("scalar_end", 4, np.array(-1.0), 1),
       ("seq1", [2], np.array([[1.0], [2.0], [3.0]]), 1), ("seq", [0, 2, 2, -1], np.array([1.0, 2.0, 3.0, 4.0]), 1),
       ("rows", [3, 0], rand((2, 4)), 0), ("flat", [5, 0], np.array([100.0, 200.0]), None),
       ("block", 0, rand((2, 4)), 0))
for name, obj, vals, ax in ins:
    case("insert", f"insert_{name}", "" if ax is None else ax, a32, np.asarray(obj), vals,
         np.insert(a32, obj, vals, axis=ax))
case("append", "append_none", "", a32, np.array([1.5, 2.5]), np.append(a32, np.array([1.5, 2.5])))
rows = rand((2, 4), np.float32)
case("append", "append_ax0", 0, a32, rows, np.append(a32, rows, axis=0))
for shape in ((2, 7), (13,), (2, 2), (0,)):
    case("resize", "resize_" + "_".join(map(str, shape)), ",".join(map(str, shape)), a32, np.resize(a32, shape))

# rot90, fliplr, flipud, rollaxis, permute_dims, matrix_transpose, unstack
c = rand((2, 3, 4))
for k in (1, 2, 3, -1, 4):
    for axes in ((0, 1), (1, 2), (2, 0), (-1, -2)):
        case("rot90", f"rot90_{k}_{axes[0]}_{axes[1]}".replace("-", "m"), f"{k},{axes[0]},{axes[1]}", c, np.rot90(c, k, axes))
case("fliplr", "fliplr", "", c, np.fliplr(c))
case("flipud", "flipud", "", c, np.flipud(c))
for ax, st in ((2, 0), (0, 3), (1, -1), (-1, 1)):
    case("rollaxis", f"rollaxis_{ax}_{st}".replace("-", "m"), f"{ax},{st}", c, np.rollaxis(c, ax, st))
case("permute_dims", "permute_dims", "1,2,0", c, np.permute_dims(c, (1, 2, 0)))
case("matrix_transpose", "matrix_transpose", "", c, np.matrix_transpose(c))
for ax in (0, 1, -1):
    case("unstack", f"unstack_{ax}".replace("-", "m"), ax, c, *np.unstack(c, axis=ax))

# atleast_nd, column_stack, row_stack, dstack, the directional splits, trim_zeros, vander
for nm, x in (("0d", np.array(2.5)), ("1d", rand((3,))), ("2d", rand((2, 3))), ("3d", rand((2, 1, 3)))):
    for n, f in ((1, np.atleast_1d), (2, np.atleast_2d), (3, np.atleast_3d)):
        case(f"atleast_{n}d", f"atleast{n}_{nm}", "", x, f(x))
p1, p2, p3 = rand((4,)), rand((4, 2)), rand((4,), np.float32)
case("column_stack", "column_stack", "", p1, p2, p3, np.column_stack([p1, p2, p3]))
case("row_stack", "row_stack", "", p1, p3, np.vstack([p1, p3]))
d1, d2 = rand((2, 3)), rand((2, 3, 2))
case("dstack", "dstack", "", d1, d2, np.dstack([d1, d2]))
s3 = rand((4, 6, 2))
for sec in ("2", "3"):
    case("hsplit", f"hsplit_{sec}", sec, s3, *np.hsplit(s3, int(sec)))
case("hsplit", "hsplit_idx", "1;4", s3, *np.hsplit(s3, [1, 4]))
case("vsplit", "vsplit_2", "2", s3, *np.vsplit(s3, 2))
case("vsplit", "vsplit_idx", "3", s3, *np.vsplit(s3, [3]))
case("dsplit", "dsplit_2", "2", s3, *np.dsplit(s3, 2))
z = np.zeros((5, 6))
z[1:3, 2:5] = rand((2, 3))
z[1, 2] = 0.0
for trim in ("fb", "f", "b"):
    case("trim_zeros", f"trim_{trim}", trim, z, np.trim_zeros(z, trim))
case("trim_zeros", "trim_ax1", "fb|1", z, np.trim_zeros(z, "fb", axis=1))
z1 = np.array([0.0, 0.0, 1.5, 0.0, -2.0, 0.0])
case("trim_zeros", "trim_1d", "fb", z1, np.trim_zeros(z1))
case("trim_zeros", "trim_allzero", "fb", np.zeros(4), np.trim_zeros(np.zeros(4)))
for nm, x in (("f64", rand((5,)) / 10), ("f32", rand((4,), np.float32) / 10), ("i32", np.array([1, -2, 3], np.int32))):
    case("vander", f"vander_{nm}", "", x, np.vander(x))
    case("vander", f"vander_{nm}_6_inc", "6,inc", x, np.vander(x, 6, increasing=True))
    case("vander", f"vander_{nm}_2", "2,dec", x, np.vander(x, 2))

# geomspace: positive, negative, mixed signs (NaN inside, as NumPy), no endpoint, one sample
for nm, a, b, n, ep in (("pos", 1.0, 1000.0, 4, True), ("frac", 0.3, 7.9, 11, True), ("neg", -1000.0, -1.0, 5, True),
                       ("noend", 2.0, 512.0, 9, False), ("one", 5.0, 9.0, 1, True), ("mixed", -1.0, 100.0, 3, True),
                       ("down", 1e5, 1e-3, 17, True)):
    case("geomspace", f"geomspace_{nm}", f"{a!r},{b!r},{n},{ep}", np.geomspace(a, b, n, endpoint=ep))

# last wins: writes through heavily repeated indices (2000 writes into 10 slots, negative indices,
# values repeated cyclically or broadcast); the value written last in C order is the one kept. Own
# generator, so that the cases above keep their draws.
lw = np.random.default_rng(39)


def lw_values(n, dt):
    k = np.dtype(dt).kind
    if k == "b":
        return lw.integers(0, 2, n).astype(bool)
    if k == "c":
        return (lw.standard_normal(n) + 1j * lw.standard_normal(n)).astype(dt)
    if k in "iu":
        return lw.integers(-1000, 1000, n).astype(dt)
    return (lw.standard_normal(n) * 10).astype(dt)


for dt in (np.float32, np.float64, np.int32, np.bool_, np.complex128):
    a = lw_values(10, dt)
    ind = lw.integers(-10, 10, 2000).astype(np.int16)
    v = lw_values(997, dt)  # shorter than ind: repeated cyclically
    r = a.copy()
    np.put(r, ind, v)
    case("put", f"put_rep_{np.dtype(dt).name}", "raise", a, ind, v, r)
a = lw_values(10, np.float64)
ind = lw.integers(-1000, 1000, 2000).astype(np.int32)
v = lw_values(2000, np.float64)
for mode in ("wrap", "clip"):
    r = a.copy()
    np.put(r, ind, v, mode=mode)
    case("put", f"put_rep_{mode}", mode, a, ind, v, r)
for dt in (np.float32, np.float64, np.int64, np.complex64):
    a = lw_values(60, dt).reshape(6, 10)
    idx = lw.integers(-10, 10, (6, 300)).astype(np.int16)
    v = lw_values(300, dt).reshape(1, 300)  # broadcast over the rows
    r = a.copy()
    np.put_along_axis(r, idx, v, 1)
    case("put_along_axis", f"pal_rep_{np.dtype(dt).name}", 1, a, idx, v, r)
a = lw_values(10, np.float64).reshape(1, 10)
idx = lw.integers(0, 10, (5, 40)).astype(np.int16)  # arr broadcast over axis 0: the 5 rows meet too
v = lw_values(200, np.float64).reshape(5, 40)
r = a.copy()
np.put_along_axis(r, idx, v, 1)
case("put_along_axis", "pal_rep_bcast", 1, a, idx, v, r)
a = lw_values(12, np.float32).reshape(3, 4)
idx = lw.integers(-12, 12, 1500).astype(np.int16)
v = lw_values(1500, np.float32)
r = a.copy()
np.put_along_axis(r, idx, v, None)
case("put_along_axis", "pal_rep_none", "", a, idx, v, r)

# a[idx] = v (C-ordered index arrays, whose writes NumPy makes in C order): rows, the transpose,
# pairs, a mask with an integer array; values broadcast
for dt in (np.float32, np.float64, np.int32, np.bool_, np.complex128):
    a = lw_values(30, dt).reshape(10, 3)
    i0 = lw.integers(-10, 10, 1000).astype(np.int16)
    v = lw_values(3000, dt).reshape(1000, 3)
    r = a.copy()
    r[i0] = v
    case("setitem", f"set_rows_{np.dtype(dt).name}", "rows", a, i0, v, r)
a = lw_values(30, np.float64).reshape(3, 10)
i0 = lw.integers(-10, 10, (40, 25)).astype(np.int32)
v = lw_values(75, np.float64).reshape(25, 3)  # broadcast over the 40 rows of the index
r = a.copy()
r.T[i0] = v
case("setitem", "set_transposed", "T", a, i0, v, r)
a = lw_values(20, np.float32).reshape(4, 5)
i0 = lw.integers(-4, 4, 1200)
i1 = lw.integers(-5, 5, 1200)
v = lw_values(1200, np.float32)
r = a.copy()
r[i0, i1] = v
case("setitem", "set_pairs", "pair", a, i0, i1, v, r)
a = lw_values(20, np.float64).reshape(4, 5)
m = np.array([True, False, True, True])
i1 = lw.integers(-5, 5, (400, 1))
v = lw_values(1200, np.float64).reshape(400, 3)
r = a.copy()
r[m, i1] = v
case("setitem", "set_mask_int", "pair", a, m, i1, v, r)
r = a.copy()
r[[0, 0, 1], :] = np.array([1.0, 2.0, 3.0])[:, None]
case("setitem", "set_list", "list", a, r)

with open(os.path.join(OUT, "cases.tsv"), "w") as f:
    f.write("\n".join(cases) + "\n")
