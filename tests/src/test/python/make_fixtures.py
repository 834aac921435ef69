"""Generates the NumPy fixtures of the linalg tests: raw little-endian .bin files (ndarray.tofile)
plus manifest.tsv (name, dtype, shape). Run from anywhere: python3 make_fixtures.py"""
import os
import numpy as np

OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "linalg")
os.makedirs(OUT, exist_ok=True)
rng = np.random.default_rng(20261121)
manifest = []


def put(name, a):
    a = np.array(a, order="C")   # ascontiguousarray would make a 0-d array 1-d
    a.astype(a.dtype.newbyteorder("<")).tofile(os.path.join(OUT, name + ".bin"))
    manifest.append(f"{name}\t{a.dtype.name}\t{','.join(map(str, a.shape))}")


def sample(dtype, shape):
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(np.bool_)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        lo, hi = max(info.min, -100), min(info.max, 100)
        return rng.integers(lo, hi, shape).astype(dtype)   # int8/uint8 products overflow, as NumPy wraps
    if np.issubdtype(dtype, np.complexfloating):
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


# matmul of every dtype: a batched (2, 3, 4) by a broadcast (4, 5)
for dt in [np.bool_, np.uint8, np.int8, np.int16, np.int32, np.int64, np.float16, np.float32, np.float64,
           np.complex64, np.complex128]:
    n = np.dtype(dt).name
    a, b = sample(dt, (2, 3, 4)), sample(dt, (4, 5))
    with np.errstate(over="ignore"):
        c = np.matmul(a, b)
    put(f"matmul_{n}_a", a)
    put(f"matmul_{n}_b", b)
    put(f"matmul_{n}_c", c)

# mixed dtypes promote
a, b = sample(np.int32, (3, 4)), sample(np.float32, (4, 2))
put("mixed_a", a); put("mixed_b", b); put("mixed_c", np.matmul(a, b))

# einsum over common two-operand contractions and single-operand views
x, y = sample(np.float64, (3, 4)), sample(np.float64, (4, 5))
z, w = sample(np.float64, (2, 3, 4)), sample(np.float64, (2, 4, 5))
sq, v, u = sample(np.float64, (4, 4)), sample(np.float64, (4,)), sample(np.float64, (4,))
for nm, arr in dict(x=x, y=y, z=z, w=w, sq=sq, v=v, u=u).items():
    put("ein_" + nm, arr)
EIN = [("ij,jk->ik", "x", "y"), ("bij,bjk->bik", "z", "w"), ("i,i->", "v", "u"), ("ij->ji", "x", None),
       ("ii->i", "sq", None), ("ii->", "sq", None), ("ij,jk", "x", "y"), ("i,j->ij", "v", "u"), ("ij->i", "x", None),
       ("ij,ij->i", "sq", "sq"), ("...ij,...jk->...ik", "z", "w"), ("bij,jk->bik", "z", "y"), ("ij,kj->ik", "x", "x"),
       ("bij,bkj->bik", "z", "z"), ("ij->", "x", None), ("ji,jk->ik", "sq", "y"), ("bij,bjk->ik", "z", "w")]
ops = dict(x=x, y=y, z=z, w=w, sq=sq, v=v, u=u)
with open(os.path.join(OUT, "einsum.tsv"), "w") as f:
    for i, (sub, p, q) in enumerate(EIN):
        r = np.einsum(sub, ops[p]) if q is None else np.einsum(sub, ops[p], ops[q])
        put(f"ein_r{i}", np.asarray(r))
        f.write(f"{sub}\t{p}\t{q or ''}\tein_r{i}\n")

# tensordot, inner, outer, vdot
t1, t2 = sample(np.float64, (3, 4, 5)), sample(np.float64, (4, 5, 2))
put("td_a", t1); put("td_b", t2); put("td_c", np.tensordot(t1, t2, 2))
put("inner_c", np.inner(x, sq)); put("outer_c", np.outer(v, x))
ca, cb = sample(np.complex128, (3, 2)), sample(np.complex128, (6,))
put("vdot_a", ca); put("vdot_b", cb); put("vdot_c", np.asarray(np.vdot(ca, cb)))
d3, d2 = sample(np.float64, (2, 3, 4)), sample(np.float64, (5, 4, 2))
put("dot3_a", d3); put("dot3_b", d2); put("dot3_c", np.dot(d3, d2))

# decompositions
m = sample(np.float64, (6, 4))
put("svd_a", m); put("svd_s", np.linalg.svd(m, compute_uv=False))
sym = sample(np.float64, (3, 5, 5))   # upper triangle garbage: eigh reads the lower one
lo = np.tril(sym) + np.swapaxes(np.tril(sym, -1), -1, -2)
wv, vv = np.linalg.eigh(sym)
put("eigh_a", sym); put("eigh_w", wv); put("eigh_v", vv)
sq3 = sample(np.float64, (3, 4, 4))
put("det_a", sq3); put("det_d", np.linalg.det(sq3))
sg, la = np.linalg.slogdet(sq3)
put("det_sign", sg); put("det_log", la)
put("inv_a", sq3[0]); put("inv_c", np.linalg.inv(sq3[0]))
la_a, la_b = sample(np.float64, (6, 3)), sample(np.float64, (6, 2))
xls, res, rank, s = np.linalg.lstsq(la_a, la_b)
put("lstsq_a", la_a); put("lstsq_b", la_b); put("lstsq_x", xls); put("lstsq_res", res); put("lstsq_s", s)
put("norm_a", sample(np.complex64, (3, 4))); put("norm_c", np.asarray(np.linalg.norm(np.fromfile(os.path.join(OUT, "norm_a.bin"), np.complex64).reshape(3, 4))))
ints = rng.integers(-5, 6, (4, 4)).astype(np.int64)
put("intdet_a", ints); put("intdet_d", np.asarray(np.linalg.det(ints)))

with open(os.path.join(OUT, "manifest.tsv"), "w") as f:
    f.write("\n".join(manifest) + "\n")
print(len(manifest), "arrays,", sum(os.path.getsize(os.path.join(OUT, p)) for p in os.listdir(OUT)), "bytes")
