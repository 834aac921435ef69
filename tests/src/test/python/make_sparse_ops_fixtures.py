#!/usr/bin/env python3
"""scipy.sparse fixtures for the operations on a matrix (SparseOpsTest): run from the tests directory,
    python3 src/test/python/make_sparse_ops_fixtures.py
writes src/test/resources/fixtures/sparse/ops.txt with SciPy 1.17's results, in the layout of
make_sparse_fixtures.py (one block per case, "key: values" lines, floats in Python's repr, NaN and
Infinity as Java writes them). The input A: kind (csr or coo), dtype, shape, data indices indptr (csr) or data row col
(coo), with duplicates, unsorted indices, explicit zeros and empty rows. The expected:
  has_sorted, has_canonical (1 or 0); sd_* (A.sum_duplicates() as CSR/COO arrays); ez_* (A
  eliminate_zeros, in A's format); si_indices (sort_indices' indices; dense si_dense);
  B (b_data b_indices b_indptr, canonical CSR of A's shape, one entry that cancels A's) and
  add_*, sub_*, mul_* (canonical CSR of A + B, A - B, A.multiply(B));
  D (same shape), R (1 x n), C (m x 1): mulD_*, mulR_*, mulC_* (COO row col data of A.multiply); mulRs_*, mulCs_* (canonical CSR
  of A.multiply(csr(R)), csr(C).multiply(A)) and outer (csr(R).multiply(csr(C)), dense);
  neg, pow2, pow05, div3 as dense arrays; each unary function f as its canonical CSR data and nnz;
  mean, mean0, mean1, max, max0, max1, min, min0, min1 (dense); diag_k for k in -2..2 and 99;
  setdiag (values sv, k = 1) and setdiag_s (scalar 2.5, k = -1) as dense and nnz;
  rows(1, 3) rows(-2, m), rows(idx) with idx, A[1::2], A[::-1], A[4:0:-2] (as CSR arrays).
"""
import os
import numpy as np
import scipy
import scipy.sparse as sp

assert scipy.__version__.startswith("1.17"), scipy.__version__
OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "sparse", "ops.txt")
rng = np.random.default_rng(20261128)
blocks = []
UNARY = ["abs", "sqrt", "sin", "tan", "arcsin", "arctan", "sinh", "tanh", "arcsinh", "arctanh",
         "expm1", "log1p", "rint", "floor", "ceil", "trunc", "sign", "deg2rad", "rad2deg"]


def fmt(a):
    a = np.asarray(a).ravel()
    if a.dtype.kind == "f":
        return " ".join(str(float(v)).replace("nan", "NaN").replace("inf", "Infinity") for v in a)
    return " ".join(str(int(v)) for v in a)


def dense(a):
    return a.toarray() if sp.issparse(a) else np.asarray(a)


def csr_lines(prefix, c):
    c = c.tocsr(copy=True)
    c.sum_duplicates()  # SciPy's A + B of non-canonical A is unsorted; ndgpu's is canonical
    return [(prefix + "_indptr", c.indptr), (prefix + "_indices", c.indices), (prefix + "_data", c.data)]


def coo_lines(prefix, c):
    return [(prefix + "_row", c.row), (prefix + "_col", c.col), (prefix + "_data", c.data)]


def emit(name, kind, a, inputs):
    dt = a.dtype
    m, n = a.shape
    lines = [("name", name), ("kind", kind), ("dtype", str(dt)), ("shape", f"{m} {n}")] + inputs
    fresh = lambda: a.copy()  # SciPy's canonical-form methods change A in place
    if kind == "csr":
        x = fresh()
        lines += [("has_sorted", int(x.has_sorted_indices)), ("has_canonical", int(x.has_canonical_format))]
        x = fresh(); x.sort_indices()
        lines += [("si_indices", x.indices), ("si_dense", x.toarray())]
        x = fresh(); x.sum_duplicates(); lines += csr_lines("sd", x)
        x = fresh(); x.eliminate_zeros()
        lines += [("ez_indptr", x.indptr), ("ez_indices", x.indices), ("ez_data", x.data)]
    else:
        x = fresh(); x.sum_duplicates(); lines += coo_lines("sd", x)
        x = fresh(); x.eliminate_zeros(); lines += coo_lines("ez", x)
    # B: a random canonical CSR with one entry that cancels one of A's
    bd = (rng.standard_normal((m, n)) * (rng.random((m, n)) < 0.3)).astype(dt)
    ad = a.toarray()
    nzr, nzc = np.nonzero(ad)
    if len(nzr):
        bd[nzr[0], nzc[0]] = -ad[nzr[0], nzc[0]]
    b = sp.csr_matrix(bd)
    lines += [("b_indptr", b.indptr), ("b_indices", b.indices), ("b_data", b.data)]
    lines += csr_lines("add", sp.csr_matrix(fresh() + b))
    lines += csr_lines("sub", sp.csr_matrix(fresh() - b))
    lines += csr_lines("mul", sp.csr_matrix(fresh().multiply(b)))
    D = rng.standard_normal((m, n)).astype(dt)
    R = rng.standard_normal((1, n)).astype(dt)
    C = rng.standard_normal((m, 1)).astype(dt)
    lines += [("D", D), ("R", R), ("C", C)]
    lines += coo_lines("mulD", fresh().multiply(D))
    lines += coo_lines("mulR", fresh().multiply(R))
    lines += coo_lines("mulC", fresh().multiply(C))
    # sparse rows and columns broadcast too; a row against a column is their outer product
    lines += csr_lines("mulRs", fresh().multiply(sp.csr_matrix(R)))
    lines += csr_lines("mulCs", sp.csr_matrix(C).multiply(fresh()))
    lines += [("outer", sp.csr_matrix(R).multiply(sp.csr_matrix(C)).toarray())]
    with np.errstate(all="ignore"):
        lines += [("neg", dense(-fresh())), ("pow2", dense(fresh().power(2))), ("pow05", dense(fresh().power(0.5))),
                  ("div3", dense(fresh() / 3)), ("div3_dtype", str((fresh() / 3).dtype))]
        for f in UNARY:
            r = (abs(fresh()) if f == "abs" else getattr(fresh(), f)()).tocsr(copy=True)
            r.sum_duplicates()
            lines.append((f, r.data))
            lines.append((f + "_nnz", getattr(fresh(), f)().nnz if f != "abs" else abs(fresh()).nnz))
    lines += [("mean", fresh().mean()), ("mean0", fresh().mean(axis=0)), ("mean1", fresh().mean(axis=1))]
    for op in ("max", "min"):
        lines += [(op, getattr(fresh(), op)()), (op + "0", dense(getattr(fresh(), op)(axis=0))),
                  (op + "1", dense(getattr(fresh(), op)(axis=1)))]
    for k in (-2, -1, 0, 1, 2, 99):
        lines.append((f"diag_{k}", fresh().diagonal(k)))
    sv = rng.standard_normal(3).astype(dt)
    x = fresh(); x.setdiag(sv, 1)
    lines += [("sv", sv), ("setdiag", x.toarray()), ("setdiag_nnz", x.nnz)]
    x = fresh(); x.setdiag(2.5, -1)
    lines += [("setdiag_s", x.toarray()), ("setdiag_s_nnz", x.nnz)]
    if kind == "csr":
        idx = np.array([2, 0, 2, -1], dtype=np.int64)
        lines += [("idx", idx)]
        for key, r in (("rows13", fresh()[1:3]), ("rowsm2", fresh()[-2:m]), ("rowsidx", fresh()[idx]),
                       ("rowsstep", fresh()[1::2]), ("rowsback", fresh()[::-1]), ("rows4to0", fresh()[4:0:-2])):
            lines += [(key + "_indptr", r.indptr), (key + "_indices", r.indices), (key + "_data", r.data)]
    blocks.append("\n".join(f"{k}: {v if isinstance(v, str) else fmt(v)}" for k, v in lines))


def csr_case(name, dt, data, indices, indptr, shape):
    a = sp.csr_matrix((data.astype(dt), indices, indptr), shape=shape)
    emit(name, "csr", a, [("data", data.astype(dt)), ("indices", indices), ("indptr", indptr)])


def coo_case(name, dt, data, row, col, shape):
    a = sp.coo_matrix((data.astype(dt), (row, col)), shape=shape)
    emit(name, "coo", a, [("data", data.astype(dt)), ("row", row), ("col", col)])


def from_dense(name, d):
    c = sp.csr_matrix(d)
    csr_case(name, str(d.dtype), c.data, c.indices, c.indptr, d.shape)


def main():
    # unsorted, duplicates (row 0 column 4 twice, row 2 column 3 twice), an explicit zero, an empty row
    indptr = np.array([0, 3, 3, 6, 8], dtype=np.int32)
    indices = np.array([4, 0, 4, 3, 1, 3, 0, 4], dtype=np.int32)
    vals = np.array([1.25, -0.5, 0.75, 0.0, 0.3, -2.0, 0.9, -0.4])
    for dt in ("float64", "float32"):
        csr_case("csr_dups_" + dt, dt, vals, indices, indptr, (4, 5))
    for dt, (m, n) in (("float64", (9, 7)), ("float32", (12, 10))):
        d = (rng.standard_normal((m, n)) * (rng.random((m, n)) < 0.35)).astype(dt)
        d[2, :] = 0
        from_dense("random_" + dt, d)
    d = (rng.standard_normal((6, 5)) * (rng.random((6, 5)) < 0.5))
    d[1, 2] = np.nan
    from_dense("with_nan", d)
    from_dense("empty", np.zeros((4, 3)))
    row = np.array([2, 0, 2, 1, 0, 2, 3, 0, 2], dtype=np.int32)
    col = np.array([3, 1, 3, 0, 4, 0, 2, 1, 3], dtype=np.int32)
    data = np.array([0.5, -0.2, 0.25, 0.3, 0.0, 0.4, -0.1, 0.6, 0.2])
    for dt in ("float64", "float32"):
        coo_case("coo_dups_" + dt, dt, data, row, col, (5, 6))
    m, n, k = 30, 20, 150
    coo_case("coo_random", "float64", rng.standard_normal(k), rng.integers(0, m, k).astype(np.int32),
             rng.integers(0, n, k).astype(np.int32), (m, n))
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("\n\n".join(blocks) + "\n")


if __name__ == "__main__":
    main()
