#!/usr/bin/env python3
"""scipy.sparse.linalg direct-solver fixtures (SparseSolveTest): run from the tests directory,
    python3 src/test/python/make_sparse_solve_fixtures.py
writes src/test/resources/fixtures/sparse/solve.txt with SciPy 1.17's results, in the layout of
make_sparse_fixtures.py (one block per case, "key: values" lines). Each case holds a matrix A
(kind csr or coo, dtype, shape and its arrays: COO cases keep duplicates, unsorted entries and
explicit zeros), a right-hand side b (bdtype, bshape, b) and one test:
  spsolve: SciPy's x = spsolve(A, b) (xdtype, xshape, x);
  triangular: lower, unit and SciPy's x = spsolve_triangular(A, b, lower, unit_diagonal=unit).
Values are random (uniform, not integers); the matrices are diagonally dominant, or permuted so
that LU must pivot, or have one dense row.
"""
import os
import numpy as np
import scipy
import scipy.sparse as sp
import scipy.sparse.linalg as sla

assert scipy.__version__.startswith("1.17"), scipy.__version__
OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "sparse", "solve.txt")
rng = np.random.default_rng(20261129)
blocks = []


def fmt(a):
    a = np.asarray(a).ravel()
    if a.dtype.kind == "f":
        return " ".join(repr(float(v)) for v in a)
    return " ".join(str(int(v)) for v in a)


def csr_fields(a, dtype):
    a = sp.csr_matrix(a).astype(dtype)
    # unsorted columns within each row: reverse every row's entries
    data, indices = a.data.copy(), a.indices.copy()
    for r in range(a.shape[0]):
        s, e = a.indptr[r], a.indptr[r + 1]
        data[s:e], indices[s:e] = data[s:e][::-1], indices[s:e][::-1]
    return [("kind", "csr"), ("dtype", np.dtype(dtype).name), ("shape", fmt(np.array(a.shape))),
            ("data", fmt(data)), ("indices", fmt(indices)), ("indptr", fmt(a.indptr))]


def coo_fields(a, dtype):
    """COO with each entry split in two (a duplicate), an explicit zero, shuffled."""
    c = sp.coo_matrix(a)
    part = rng.uniform(0.2, 0.8, c.nnz)
    row = np.concatenate([c.row, c.row, [0]])
    col = np.concatenate([c.col, c.col, [c.shape[1] - 1]])
    data = np.concatenate([c.data * part, c.data * (1 - part), [0.0]]).astype(dtype)
    order = rng.permutation(len(row))
    return [("kind", "coo"), ("dtype", np.dtype(dtype).name), ("shape", fmt(np.array(c.shape))),
            ("data", fmt(data[order])), ("row", fmt(row[order])), ("col", fmt(col[order]))]


def fields_matrix(fields):
    d = dict(fields)
    shape = tuple(int(v) for v in d["shape"].split())
    dt = np.dtype(d["dtype"])
    data = np.array([float(v) for v in d["data"].split()], dtype=dt)
    if d["kind"] == "csr":
        ind = np.array([int(v) for v in d["indices"].split()], dtype=np.int32)
        ptr = np.array([int(v) for v in d["indptr"].split()], dtype=np.int32)
        return sp.csr_matrix((data, ind, ptr), shape=shape)
    row = np.array([int(v) for v in d["row"].split()], dtype=np.int32)
    col = np.array([int(v) for v in d["col"].split()], dtype=np.int32)
    return sp.coo_matrix((data, (row, col)), shape=shape)


def rhs(n, cols, bdtype):
    shape = (n,) if cols is None else (n, cols)
    if np.dtype(bdtype).kind == "i":
        return rng.integers(-5, 6, shape).astype(bdtype)
    return rng.uniform(-1, 1, shape).astype(bdtype)


def case(name, fields, test, cols=None, bdtype=None, **kw):
    a = fields_matrix(fields)
    n = a.shape[0]
    bdtype = bdtype or dict(fields)["dtype"]
    b = rhs(n, cols, bdtype)
    if test == "spsolve":
        x = sla.spsolve(a.tocsc(), b)
        extra = []
    else:
        x = sla.spsolve_triangular(a.tocsr(), b, lower=kw["lower"], unit_diagonal=kw["unit"])
        extra = [("lower", "1" if kw["lower"] else "0"), ("unit", "1" if kw["unit"] else "0")]
    x = np.asarray(x)
    blocks.append([("name", name)] + fields + [("test", test), ("bdtype", np.dtype(bdtype).name),
                                               ("bshape", fmt(np.array(b.shape))), ("b", fmt(b))] + extra
                  + [("xdtype", x.dtype.name), ("xshape", fmt(np.array(x.shape))), ("x", fmt(x))])


def dominant(n, density):
    r = sp.random(n, n, density=density, random_state=rng, data_rvs=lambda k: rng.uniform(-1, 1, k))
    d = np.abs(r).sum(axis=1).A.ravel() + rng.uniform(0.5, 1.5, n)
    return (r + sp.diags(d * rng.choice([-1, 1], n))).tocsr()


def permuted(n):
    """A nonsingular matrix with zeros on its diagonal: LU without pivoting would fail."""
    a = dominant(n, 0.1).toarray()
    p = rng.permutation(n)
    while np.any(p == np.arange(n)):
        p = rng.permutation(n)
    a = a[p]
    a[np.arange(n), np.arange(n)] = 0
    return sp.csr_matrix(a)


def dense_row(n):
    a = dominant(n, 0.05).toarray()
    a[n // 2] = rng.uniform(-1, 1, n)
    a[n // 2, n // 2] = n
    return sp.csr_matrix(a)


def triangle(n, lower):
    a = dominant(n, 0.2)
    return (sp.tril(a) if lower else sp.triu(a)).tocsr()


for dt in (np.float64, np.float32):
    s = np.dtype(dt).name
    case(f"spsolve dominant vector {s}", csr_fields(dominant(30, 0.1), dt), "spsolve")
    case(f"spsolve dominant coo duplicates k3 {s}", coo_fields(dominant(25, 0.15), dt), "spsolve", cols=3)
    case(f"spsolve pivoting column {s}", csr_fields(permuted(20), dt), "spsolve", cols=1)
    case(f"spsolve pivoting coo {s}", coo_fields(permuted(12), dt), "spsolve")
    case(f"spsolve dense row k2 {s}", csr_fields(dense_row(40), dt), "spsolve", cols=2)
    case(f"spsolve 1x1 {s}", csr_fields(np.array([[rng.uniform(1, 2)]]), dt), "spsolve")
    case(f"spsolve int b {s}", csr_fields(dominant(15, 0.2), dt), "spsolve", bdtype=np.int64)
    case(f"spsolve float64 b {s}", csr_fields(dominant(15, 0.2), dt), "spsolve", bdtype=np.float64)
    for lower in (True, False):
        w = "lower" if lower else "upper"
        case(f"triangular {w} vector {s}", csr_fields(triangle(30, lower), dt), "triangular", lower=lower, unit=False)
        case(f"triangular {w} coo k3 {s}", coo_fields(triangle(20, lower), dt), "triangular", cols=3,
             lower=lower, unit=False)
        case(f"triangular {w} unit {s}", csr_fields(triangle(25, lower), dt), "triangular", cols=2,
             lower=lower, unit=True)



def pairs(v):
    v = np.asarray(v).ravel().astype(np.complex128)
    return " ".join(f"{float(z.real)!r} {float(z.imag)!r}" for z in v)


def complex_case(name, a, dtype, test, cols=None, bcomplex=True, lower=True, unit=False):
    """A complex A (data as re im pairs), b complex or real (pairs or reals), x as pairs."""
    a = sp.csr_matrix(a).astype(dtype)
    a.sort_indices()
    n = a.shape[0]
    shape = (n,) if cols is None else (n, cols)
    real_dt = np.float32 if dtype == np.complex64 else np.float64
    b = rng.uniform(-1, 1, shape).astype(real_dt)
    if bcomplex:
        b = (b + 1j * rng.uniform(-1, 1, shape)).astype(dtype)
    if test == "spsolve":
        x, extra = sla.spsolve(a.tocsc(), b), []
    else:
        x = sla.spsolve_triangular(a, b, lower=lower, unit_diagonal=unit)
        extra = [("lower", "1" if lower else "0"), ("unit", "1" if unit else "0")]
    x = np.asarray(x)
    blocks.append([("name", name), ("kind", "csr"), ("dtype", np.dtype(dtype).name),
                   ("shape", fmt(np.array(a.shape))), ("data", pairs(a.data)), ("indices", fmt(a.indices)),
                   ("indptr", fmt(a.indptr)), ("test", test), ("bdtype", b.dtype.name),
                   ("bshape", fmt(np.array(b.shape))), ("b", pairs(b) if bcomplex else fmt(b))] + extra
                  + [("xdtype", x.dtype.name), ("xshape", fmt(np.array(x.shape))), ("x", pairs(x))])


def complex_of(a):
    a = sp.csr_matrix(a)
    imag = a.copy()
    imag.data = rng.uniform(-1, 1, a.nnz)
    return a + 1j * imag


for dt in (np.complex128, np.complex64):
    s = np.dtype(dt).name
    complex_case(f"spsolve complex vector {s}", complex_of(dominant(25, 0.15)), dt, "spsolve")
    complex_case(f"spsolve complex pivoting k2 {s}", complex_of(permuted(14)), dt, "spsolve", cols=2)
    complex_case(f"spsolve complex real b {s}", complex_of(dominant(12, 0.2)), dt, "spsolve", bcomplex=False)
    complex_case(f"triangular complex lower k3 {s}", complex_of(triangle(20, True)), dt, "triangular", cols=3)
    complex_case(f"triangular complex upper unit {s}", complex_of(triangle(18, False)), dt, "triangular",
                 lower=False, unit=True)

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as f:
    f.write("\n\n".join("\n".join(f"{k}: {v}" for k, v in b) for b in blocks) + "\n")
print(f"{len(blocks)} cases to {OUT}")
