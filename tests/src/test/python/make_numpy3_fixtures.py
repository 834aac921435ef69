"""NumPy 2.4 oracles for the last NumPy names of issue 39 (unique_all/counts/inverse/values, packbits,
unpackbits, histogram_bin_edges, histogramdd, array_equiv, piecewise, mask_indices) and for where= on
ufuncs and reductions. Run from the module root: python3 src/test/python/make_numpy3_fixtures.py
Each line (tab-separated), one array: case/part, dtype, shape (comma-separated), values (space-separated,
nan/inf spelled out, the format of make_ufunc_methods_fixtures.py). A case's inputs and NumPy's results are
its parts; the test rebuilds the inputs from them."""
import numpy as np

rng = np.random.default_rng(3939)
OUT = "src/test/resources/fixtures/numpy3/numpy3.tsv"
rows = []


def fmt(v):
    if isinstance(v, (bool, np.bool_)):
        return "1" if v else "0"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    v = float(v)
    if np.isnan(v):
        return "nan"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(v)


def put(name, x):
    x = np.asarray(x)
    rows.append("\t".join([name, str(x.dtype), ",".join(map(str, x.shape)), " ".join(fmt(v) for v in x.ravel())]))


# unique_*: repeated values, NaNs (each its own), -0.0 beside 0.0, 2-d (the inverse keeps x's shape), ints, bool
ux = {
    "f64": np.round(rng.uniform(-3, 3, (4, 6)), 1).astype(np.float64),
    "f32": rng.choice(np.array([1.5, -2.25, 0.0, -0.0, 7.0, np.nan], np.float32), 17),
    "i32": rng.integers(-5, 5, 23).astype(np.int32),
    "u8": rng.integers(0, 4, (3, 3)).astype(np.uint8),
    "bool": rng.integers(0, 2, 9).astype(bool),
    "empty": np.zeros((0, 3)),
    "scalar": np.array(2.5),
}
ux["f64"][1, 2] = np.nan
ux["f64"][3, 0] = np.nan
ux["f64"][0, 5] = ux["f64"][2, 1]
for tag, x in ux.items():
    put(f"unique_{tag}/x", x)
    r = np.unique_all(x)
    put(f"unique_{tag}/values", r.values)
    put(f"unique_{tag}/indices", r.indices)
    put(f"unique_{tag}/inverse", r.inverse_indices)
    put(f"unique_{tag}/counts", r.counts)

# packbits / unpackbits: axes, bit orders, padding, counts
pb = {
    "i32_flat": (rng.integers(-2, 3, 13).astype(np.int32), None, "big"),
    "bool_ax1": (rng.integers(0, 2, (3, 11)).astype(bool), 1, "big"),
    "u8_ax0_little": (rng.integers(0, 3, (10, 2)).astype(np.uint8), 0, "little"),
    "i64_axm1": (rng.integers(0, 2, (2, 3, 9)).astype(np.int64), -1, "big"),
    "empty": (np.zeros(0, np.int8), None, "big"),
    "scalar": (np.array(3), None, "big"),
}
for tag, (x, ax, order) in pb.items():
    put(f"packbits_{tag}/x", x)
    put(f"packbits_{tag}/r", np.packbits(x, axis=ax, bitorder=order))
ub = {
    "flat": (rng.integers(0, 256, 5).astype(np.uint8), None, None, "big"),
    "ax1_little": (rng.integers(0, 256, (2, 3)).astype(np.uint8), 1, None, "little"),
    "count5": (rng.integers(0, 256, 3).astype(np.uint8), None, 5, "big"),
    "count_neg": (rng.integers(0, 256, (2, 2)).astype(np.uint8), 0, -3, "big"),
    "count_pad": (rng.integers(0, 256, 2).astype(np.uint8), None, 21, "little"),
}
for tag, (x, ax, count, order) in ub.items():
    put(f"unpackbits_{tag}/x", x)
    put(f"unpackbits_{tag}/r", np.unpackbits(x, axis=ax, count=count, bitorder=order))

# histogram_bin_edges and histogramdd
for tag, dt in (("f64", np.float64), ("f32", np.float32), ("i64", np.int64)):
    a = (rng.normal(0, 2, 50) * (10 if dt == np.int64 else 1)).astype(dt)
    put(f"binedges_{tag}/a", a)
    put(f"binedges_{tag}/r", np.histogram_bin_edges(a, 7))
    put(f"binedges_{tag}/r_range", np.histogram_bin_edges(a, 4, range=(-1, 2)))
for tag, dt in (("f64", np.float64), ("f32", np.float32)):
    s = rng.normal(0, 1, (200, 3)).astype(dt)
    s[0] = s.max(axis=0)  # a value on the last edge
    put(f"histdd_{tag}/s", s)
    h, e = np.histogramdd(s, bins=(3, 4, 5))
    put(f"histdd_{tag}/h", h)
    for i in range(3):
        put(f"histdd_{tag}/e{i}", e[i])
    h, e = np.histogramdd(s, bins=(2, 3, 2), range=[(-1, 1), (-2, 0.5), (0, 3)])
    put(f"histdd_{tag}/h_range", h)
    for i in range(3):
        put(f"histdd_{tag}/e{i}_range", e[i])
s1 = rng.uniform(0, 10, 30)
put("histdd_1d/s", s1)
put("histdd_1d/h", np.histogramdd(s1, bins=6)[0])

# piecewise: two conditions and an otherwise piece, overlapping conditions (the later wins)
x = rng.uniform(-3, 3, (4, 5))
put("piecewise/x", x)
put("piecewise/r", np.piecewise(x, [x < -1, x > 0.5], [lambda v: v * v, 7.5, lambda v: -v]))
put("piecewise_overlap/r", np.piecewise(x, [x < 1, x < 0], [lambda v: v + 10, lambda v: v - 10]))

# mask_indices
put("mask_indices_triu/r", np.stack(np.mask_indices(4, np.triu, 1)))
put("mask_indices_tril/r", np.stack(np.mask_indices(3, np.tril, -1)))

# einsum_path (optimize='greedy'): the contraction pairs, as a (steps, 2) array; operand shapes as zeros
for tag, subs, shapes in (("chain", "ij,jk,kl->il", [(2, 30), (30, 4), (4, 50)]),
                          ("four", "ab,bc,cd,de->ae", [(8, 3), (3, 40), (40, 2), (2, 9)]),
                          ("implicit", "ij,jk,ik", [(5, 6), (6, 7), (5, 7)])):
    ops = [np.zeros(sh) for sh in shapes]
    path = np.einsum_path(subs, *ops, optimize="greedy")[0][1:]
    for i, sh in enumerate(shapes):
        put(f"einsum_path_{tag}/shape{i}", np.array(sh))
    put(f"einsum_path_{tag}/r", np.array(path))

# where= on ufuncs: elements where the mask is false keep out's values (broadcast mask, int out with int inputs)
for tag, dt in (("f64", np.float64), ("f32", np.float32)):
    a = rng.uniform(0.5, 3, (3, 4)).astype(dt)
    b = rng.uniform(0.5, 3, (3, 4)).astype(dt)
    o = rng.uniform(-1, 1, (3, 4)).astype(dt)
    m = rng.integers(0, 2, (3, 4)).astype(bool)
    mrow = rng.integers(0, 2, 4).astype(bool)
    put(f"where_{tag}/a", a)
    put(f"where_{tag}/b", b)
    put(f"where_{tag}/out", o)
    put(f"where_{tag}/m", m)
    put(f"where_{tag}/mrow", mrow)
    put(f"where_{tag}/add", np.add(a, b, out=o.copy(), where=m))
    put(f"where_{tag}/power_row", np.power(a, b, out=o.copy(), where=mrow))
    put(f"where_{tag}/sqrt", np.sqrt(a, out=o.copy(), where=m))
    # reductions with where=: sum (identity), max with initial, mean, keepdims and axis
    put(f"where_{tag}/sum_ax0", np.sum(a, axis=0, where=m))
    put(f"where_{tag}/sum_all_init", np.sum(a, where=m, initial=5.0))
    put(f"where_{tag}/max_ax1", np.max(a, axis=1, where=m, initial=-10.0))
    put(f"where_{tag}/min_row", np.min(a, axis=1, where=mrow, initial=10.0))
    put(f"where_{tag}/prod_ax1_keep", np.prod(a, axis=1, where=m, keepdims=True))
    put(f"where_{tag}/mean_ax0", np.mean(a, axis=0, where=m))
ai = rng.integers(-50, 50, (2, 5)).astype(np.int32)
bi = rng.integers(1, 50, (2, 5)).astype(np.int32)
oi = rng.integers(-9, 9, (2, 5)).astype(np.int32)
mi = rng.integers(0, 2, (2, 5)).astype(bool)
put("where_i32/a", ai)
put("where_i32/b", bi)
put("where_i32/out", oi)
put("where_i32/m", mi)
put("where_i32/floor_divide", np.floor_divide(ai, bi, out=oi.copy(), where=mi))
put("where_i32/sum_ax1", np.sum(ai, axis=1, where=mi))

# unique(axis): repeated rows/columns/planes, NaN rows (each its own), -0.0 beside 0.0, ints, bool,
# complex parts as two real cases' fixtures cannot hold complex (left to the Java loop test), empties
rng2 = np.random.default_rng(4040)
f = np.round(rng2.uniform(-2, 2, (9, 3)), 0)
f[4] = f[1]
f[7] = f[1]
f[2] = [np.nan, 1, 1]
f[5] = [np.nan, 1, 1]
f[6] = [-0.0, f[8, 1], f[8, 2]]
f[8, 0] = 0.0
uax = {
    "f64_ax0": (f, 0),
    "f32_ax1": (np.round(rng2.uniform(-2, 2, (3, 11)), 0).astype(np.float32)[:, [0, 1, 2, 1, 3, 0, 4, 5, 6, 2, 7]], 1),
    "i32_ax2": (rng2.integers(0, 2, (2, 3, 8)).astype(np.int32), 2),
    "i64_axm3": (rng2.integers(-1, 2, (6, 2, 2)).astype(np.int64), -3),
    "bool_ax0": (rng2.integers(0, 2, (12, 2)).astype(bool), 0),
    "u8_1d": (rng2.integers(0, 5, 15).astype(np.uint8), 0),
    "one_row": (np.array([[3.5, -1.0]]), 0),
    "zero_sign": (np.array([[0.0, 1.0], [2.0, 0.0], [-0.0, 1.0], [2.0, -0.0], [0.0, 1.0]]), 0),
    "no_rows": (np.zeros((0, 3)), 0),
    "empty_rows": (np.zeros((4, 0)), 0),
}
for tag, (x, ax) in uax.items():
    put(f"uaxis_{tag}/x", x)
    v, i, inv, c = np.unique(x, return_index=True, return_inverse=True, return_counts=True, axis=ax)
    put(f"uaxis_{tag}/values", v)
    put(f"uaxis_{tag}/indices", i)
    put(f"uaxis_{tag}/inverse", inv)
    put(f"uaxis_{tag}/counts", c)

with open(OUT, "w") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "rows ->", OUT)
