"""NumPy oracles for Nd.ufunc(op).reduce/accumulate/reduceat/outer/at (issue 39): non-associative ufuncs
(subtract, power, arctan2, divide) beside associative ones, axes (negative, several, None), keepdims, dtype
widening of add on int8, empty reductions (identity), NaN, long lines (the chunked fold), repeated and negative
indices for at. Run from the module root: python3 src/test/python/make_ufunc_methods_fixtures.py
Each line (tab-separated): name, method, ufunc, a dtype, a shape, a values, axis ('' None, '-' default),
indices, b dtype, b shape, b values, keepdims, result dtype, result shape, result values."""
import numpy as np

rng = np.random.default_rng(39)
OUT = "src/test/resources/fixtures/ufuncmethods/ufunc_methods.tsv"
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


def arr(x):
    x = np.asarray(x)
    if x.size > 1000:  # a long line: the test rebuilds it from the same formula (see modline)
        assert np.array_equal(x, modline(x.size))
        return [str(x.dtype), ",".join(map(str, x.shape)), "modline"]
    return [str(x.dtype), ",".join(map(str, x.shape)), " ".join(fmt(v) for v in x.ravel())]


def row(name, method, uf, a, axis="-", indices=(), b=None, keepdims=False, r=None):
    r = np.asarray(r)
    ax = axis if isinstance(axis, str) else ("" if axis is None else ",".join(map(str, np.atleast_1d(axis))))
    rows.append("\t".join([name, method, {"divide": "true_divide"}.get(uf.__name__, uf.__name__)] + arr(a) + [ax, ",".join(map(str, indices))]
                          + (arr(b) if b is not None else ["", "", ""]) + ["1" if keepdims else "0"] + arr(r)))


def fold(uf, a, axis):
    """reduce as NumPy documents it, a left fold: ((a0 op a1) op a2) ... NumPy 2.4's own power.reduce and
    arctan2.reduce along a contiguous axis return op(a0, a_last) instead (np.power.reduce([2., 3., 2.]) is 4.0,
    not 64.0), so the non-associative ufuncs' oracles fold with the ufunc itself."""
    a = np.moveaxis(np.asarray(a), axis, 0)
    r = a[0].copy()
    for k in range(1, a.shape[0]):
        r = uf(r, a[k]).astype(r.dtype)
    return r


def fold_at(uf, a, idx):
    """reduceat as a left fold per segment (see fold)."""
    out = []
    for k, s in enumerate(idx):
        e = idx[k + 1] if k + 1 < len(idx) else a.shape[-1]
        out.append(fold(uf, a[..., s:e], -1) if s < e else a[..., s])
    return np.stack(out, axis=-1)


def rnd(shape, dtype=np.float64, lo=0.5, hi=3.0):
    return rng.uniform(lo, hi, shape).astype(dtype)


noncomm = [np.subtract, np.true_divide, np.power, np.arctan2, np.remainder, np.copysign, np.floor_divide]
assoc = [np.add, np.multiply, np.maximum, np.minimum, np.fmax, np.hypot, np.logaddexp]
for dt in (np.float64, np.float32):
    tag = np.dtype(dt).name
    m = rnd((3, 5), dt)
    for uf in noncomm + assoc:
        exact = uf in (np.power, np.arctan2)
        row(f"reduce_{uf.__name__}_{tag}_ax0", "reduce", uf, m, "-", r=fold(uf, m, 0) if exact else uf.reduce(m))
        row(f"reduce_{uf.__name__}_{tag}_ax-1", "reduce", uf, m, -1,
            r=fold(uf, m, -1) if exact else uf.reduce(m, axis=-1))
        row(f"accumulate_{uf.__name__}_{tag}_ax1", "accumulate", uf, m, 1, r=uf.accumulate(m, axis=1))
        row(f"accumulate_{uf.__name__}_{tag}_ax0", "accumulate", uf, m, "-", r=uf.accumulate(m))
    c = rnd((2, 3, 4), dt)
    for uf in assoc:
        row(f"reduce_{uf.__name__}_{tag}_ax02_keep", "reduce", uf, c, (0, 2), keepdims=True,
            r=uf.reduce(c, axis=(0, 2), keepdims=True))
        row(f"reduce_{uf.__name__}_{tag}_none", "reduce", uf, c, None, r=uf.reduce(c, axis=None))
    v = rnd(8, dt)
    for uf in (np.add, np.maximum, np.subtract, np.multiply, np.arctan2):
        row(f"reduceat_{uf.__name__}_{tag}", "reduceat", uf, v, 0, indices=(0, 4, 1, 5),
            r=fold_at(uf, v, [0, 4, 1, 5]) if uf is np.arctan2 else uf.reduceat(v, [0, 4, 1, 5]))
    r2 = rnd((3, 8), dt)
    row(f"reduceat_add_{tag}_ax1", "reduceat", np.add, r2, 1, indices=(0, 2, 2, 7), r=np.add.reduceat(r2, [0, 2, 2, 7], axis=1))
    row(f"reduceat_subtract_{tag}_ax0", "reduceat", np.subtract, r2.T.copy(), 0, indices=(1, 3, 0),
        r=np.subtract.reduceat(r2.T, [1, 3, 0], axis=0))
    x, y = rnd(3, dt), rnd((2, 4), dt)
    for uf in (np.add, np.subtract, np.multiply, np.maximum, np.arctan2, np.power):
        row(f"outer_{uf.__name__}_{tag}", "outer", uf, x, b=y, r=uf.outer(x, y))
    for uf in (np.add, np.subtract, np.multiply, np.maximum, np.minimum, np.true_divide, np.power):
        a = rnd(5, dt)
        idx = (0, 0, 2, -1, 3, 0)
        b = rnd(6, dt)
        r = a.copy()
        uf.at(r, list(idx), b)
        row(f"at_{uf.__name__}_{tag}", "at", uf, a, indices=idx, b=b, r=r)
    a2 = rnd((5, 3), dt)
    b2 = rnd(3, dt)
    r = a2.copy()
    np.subtract.at(r, [4, 1, 4, -5], b2)
    row(f"at_subtract_rows_bcast_{tag}", "at", np.subtract, a2, indices=(4, 1, 4, -5), b=b2, r=r)
    a3 = rnd(4, dt)
    r = a3.copy()
    np.negative.at(r, [1, 1, 1, 2])
    row(f"at_negative_{tag}", "at", np.negative, a3, indices=(1, 1, 1, 2), r=r)

# dtype rules, NaN, empties, long lines
i8 = rng.integers(-100, 100, (4, 6)).astype(np.int8)
row("reduce_add_int8_widens", "reduce", np.add, i8, 1, r=np.add.reduce(i8, axis=1))
row("accumulate_add_int8_widens", "accumulate", np.add, i8, 1, r=np.add.accumulate(i8, axis=1))
row("reduce_maximum_int8", "reduce", np.maximum, i8, "-", r=np.maximum.reduce(i8))
row("reduce_subtract_int8", "reduce", np.subtract, i8, 1, r=np.subtract.reduce(i8, axis=1))
i32 = rng.integers(0, 1 << 20, (3, 7)).astype(np.int32)
row("reduce_bitwise_or_int32", "reduce", np.bitwise_or, i32, None, r=np.bitwise_or.reduce(i32, axis=None))
row("reduce_bitwise_xor_int32_ax1", "reduce", np.bitwise_xor, i32, 1, r=np.bitwise_xor.reduce(i32, axis=1))
row("accumulate_gcd_int32", "accumulate", np.gcd, i32, 1, r=np.gcd.accumulate(i32, axis=1))
f = rnd((3, 4)) - 1.5
row("reduce_logical_and_float", "reduce", np.logical_and, f, 1, r=np.logical_and.reduce(f, axis=1))
row("reduce_logical_xor_float", "reduce", np.logical_xor, f, 0, r=np.logical_xor.reduce(f, axis=0))
n = rnd((3, 4))
n[1, 2] = np.nan
for uf in (np.maximum, np.fmax, np.fmin, np.subtract):
    row(f"reduce_{uf.__name__}_nan", "reduce", uf, n, 1, r=uf.reduce(n, axis=1))
    row(f"accumulate_{uf.__name__}_nan", "accumulate", uf, n, 1, r=uf.accumulate(n, axis=1))
e = np.zeros((0, 3))
for uf in (np.add, np.multiply, np.logaddexp, np.hypot):
    row(f"reduce_{uf.__name__}_empty", "reduce", uf, e, 0, r=uf.reduce(e, axis=0))
def modline(n):
    """A long line both sides compute exactly: ((i * 7919) % 10007) / 10007 - 0.5."""
    return (np.arange(n) * 7919 % 10007) / 10007.0 - 0.5


long = modline(6000)
for uf in (np.logaddexp, np.hypot, np.fmax, np.subtract):
    row(f"reduce_{uf.__name__}_long", "reduce", uf, long, 0, r=uf.reduce(long))
ia = np.arange(5, dtype=np.int32) * 10
r = ia.copy()
np.add.at(r, [0, 0, 4, 0], np.array([1.5, 1.5, 2.25, 1.5]))
row("at_add_int32_float_b", "at", np.add, ia, indices=(0, 0, 4, 0), b=np.array([1.5, 1.5, 2.25, 1.5]), r=r)
oi, oj = np.arange(3, dtype=np.int64), rnd(4)
row("outer_add_int_float", "outer", np.add, oi, b=oj, r=np.add.outer(oi, oj))

with open(OUT, "w") as fh:
    fh.write("\n".join(rows) + "\n")
print(len(rows), "rows ->", OUT)
