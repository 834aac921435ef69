#!/usr/bin/env python3
"""Complex sparse fixtures (SparseComplexTest): run from the tests directory,
    python3 src/test/python/make_sparse_complex_fixtures.py
writes src/test/resources/fixtures/sparse/complex.txt with SciPy 1.17's results. One block per
matrix: name, dtype (complex64 or complex128), shape, and A as COO arrays (row, col, data as
re im pairs; duplicates, explicit zeros, entries of zero real or imaginary part, shuffled), B (a
complex matrix of A's shape that cancels some of A's entries exactly: bdata, brow, bcol), R (a
real float matrix of A's shape: rdata, rrow, rcol), x (complex, n), xr (real, n), X (complex,
n x 3), and SciPy's results, each a dense matrix or vector as re im pairs with its nnz where
sparse: dense (A.toarray()), add (A + B), sub (A - B), mulB (A.multiply(B)), addR (A + R), ABt (A @ B.T), ARt (A @ R.T), mulD and mulDr
(A.multiply(D) for a complex and a real dense D and Dr of A's shape),
mulR (A.multiply(R)), scaled (A * 2.5), div (A / 4.0), conj, real, imag, H (A.conj().T),
Ax, Axr, AX, RX (R @ X), sum, sum0, sum1, fromDense (nnz of csr_matrix(A.toarray())).
"""
import os
import numpy as np
import scipy
import scipy.sparse as sp

assert scipy.__version__.startswith("1.17"), scipy.__version__
OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "sparse", "complex.txt")
rng = np.random.default_rng(20261201)
blocks = []


def c(v):
    v = np.asarray(v).ravel().astype(np.complex128)
    return " ".join(f"{float(z.real)!r} {float(z.imag)!r}" for z in v)


def r(v):
    return " ".join(repr(float(x)) for x in np.asarray(v).ravel())


def ints(v):
    return " ".join(str(int(x)) for x in np.asarray(v).ravel())


def messy_coo(m, n, density, dtype, dense_row=None):
    mask = rng.random((m, n)) < density
    if dense_row is not None and m:
        mask[dense_row] = True
    rows, cols = np.nonzero(mask)
    k = len(rows)
    data = rng.uniform(-2, 2, k) + 1j * rng.uniform(-2, 2, k)
    if k:
        data[rng.random(k) < 0.15] = rng.uniform(-2, 2) + 0j       # real parts alone
        data[rng.random(k) < 0.15] *= 0 + 0j                       # explicit zeros
        z = rng.random(k) < 0.15
        data[z] = 1j * rng.uniform(-2, 2, z.sum())                  # imaginary parts alone
        d = rng.choice(k, size=max(1, k // 4))
        rows, cols = np.concatenate([rows, rows[d]]), np.concatenate([cols, cols[d]])
        data = np.concatenate([data, rng.uniform(-1, 1, len(d)) + 1j * rng.uniform(-1, 1, len(d))])
        p = rng.permutation(len(rows))
        rows, cols, data = rows[p], cols[p], data[p]
    return sp.coo_matrix((data.astype(dtype), (rows, cols)), shape=(m, n))


def dense_of(a):
    return a.toarray() if sp.issparse(a) else np.asarray(a)


def case(name, m, n, density, dtype, dense_row=None):
    a = messy_coo(m, n, density, dtype, dense_row)
    b = sp.coo_matrix(messy_coo(m, n, density, dtype).tocsr())
    ac = a.tocsr()
    # B cancels A exactly at some places: the whole entry, or the real or imaginary part alone
    bd = b.toarray()
    ad = ac.toarray()
    places = np.argwhere(ad != 0)
    for i, (pi, pj) in enumerate(places[: max(1, len(places) // 3)]):
        bd[pi, pj] = -ad[pi, pj] if i % 3 == 0 else (-ad[pi, pj].real + 1j * rng.uniform(-1, 1) if i % 3 == 1
                                                     else rng.uniform(-1, 1) - 1j * ad[pi, pj].imag)
    b = sp.coo_matrix(bd.astype(dtype))
    real_dt = np.float32 if dtype == np.complex64 else np.float64
    rm = sp.coo_matrix(sp.random(m, n, density=density, random_state=rng,
                                 data_rvs=lambda k: rng.uniform(-2, 2, k)).astype(real_dt))
    x = (rng.uniform(-1, 1, n) + 1j * rng.uniform(-1, 1, n)).astype(dtype)
    xr = rng.uniform(-1, 1, n).astype(real_dt)
    X = (rng.uniform(-1, 1, (n, 3)) + 1j * rng.uniform(-1, 1, (n, 3))).astype(dtype)
    D = (rng.uniform(-1, 1, (m, n)) + 1j * rng.uniform(-1, 1, (m, n))).astype(dtype)
    Dr = rng.uniform(-1, 1, (m, n)).astype(real_dt)
    f = [("name", name), ("dtype", np.dtype(dtype).name), ("shape", ints(np.array([m, n]))),
         ("row", ints(a.row)), ("col", ints(a.col)), ("data", c(a.data)),
         ("brow", ints(b.row)), ("bcol", ints(b.col)), ("bdata", c(b.data)),
         ("rrow", ints(rm.row)), ("rcol", ints(rm.col)), ("rdata", r(rm.data)),
         ("x", c(x)), ("xr", r(xr)), ("X", c(X)), ("D", c(D)), ("Dr", r(Dr))]

    def res(key, v):
        f.append((key + "_dtype", np.dtype(v.dtype).name))
        f.append((key, c(dense_of(v))))
        if sp.issparse(v):
            f.append((key + "_nnz", str(v.nnz)))

    res("dense", ac)
    res("add", ac + b.tocsr())
    res("sub", ac - b.tocsr())
    res("mulB", ac.multiply(b.tocsr()).tocsr())
    res("addR", ac + rm.tocsr())
    res("mulR", ac.multiply(rm.tocsr()).tocsr())
    res("scaled", ac * 2.5)
    res("div", ac / 4.0)
    res("conj", ac.conj())
    res("real", ac.real)
    res("imag", ac.imag)
    res("H", ac.conj().T)
    res("Ax", ac @ x)
    res("Axr", ac @ xr)
    res("AX", ac @ X)
    res("RX", rm.tocsr() @ X)
    res("ABt", (ac @ b.tocsr().T).tocsr())
    res("ARt", (ac @ rm.tocsr().T).tocsr())
    res("mulD", ac.multiply(D))
    res("mulDr", ac.multiply(Dr))
    res("sum", np.asarray(ac.sum()).reshape(1))
    res("sum0", np.asarray(ac.sum(axis=0)))
    res("sum1", np.asarray(ac.sum(axis=1)))
    f.append(("fromDense_nnz", str(sp.csr_matrix(ac.toarray()).nnz)))
    blocks.append(f)


for dt in (np.complex128, np.complex64):
    s = np.dtype(dt).name
    case(f"random 9x7 {s}", 9, 7, 0.35, dt)
    case(f"dense row and empty rows 12x10 {s}", 12, 10, 0.08, dt, dense_row=5)
    case(f"one row 1x6 {s}", 1, 6, 0.6, dt)
case("empty 0x4 complex128", 0, 4, 0.5, np.complex128)

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as fo:
    fo.write("\n\n".join("\n".join(f"{k}: {v}" for k, v in b) for b in blocks) + "\n")
print(f"{len(blocks)} cases to {OUT}")
