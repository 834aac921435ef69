#!/usr/bin/env python3
"""scipy.sparse fixtures for the sparse suites (org.ndgpu.sparse): run from the tests directory,
    python3 src/test/python/make_sparse_fixtures.py
writes src/test/resources/fixtures/sparse/cases.txt with SciPy 1.17's results. One block per case,
blocks separated by a blank line, one "key: values" line each (values space-separated, floats in
Python's repr so that they read back exactly):
    name, kind (dense: csr_matrix(dense); csr: csr_matrix((data, indices, indptr)); coo: coo_matrix),
    dtype, shape, the input (dense / data indices indptr / data row col), x (SpMV operand), X and p
    (the SpMM operand, n x p, C order), and the expected: toarray (- where m * n > 10000), spmv, spmm, sum0, sum1, sum, T_spmv
    (A.T @ xt with xt), canonical CSR (csr_indptr, csr_indices, csr_data of A.tocsr(); for "dense"
    and "coo" SciPy sums duplicates and sorts), CSC (csc_indptr, csc_indices, csc_data of
    A.tocsr().tocsc(): SciPy keeps a CSR matrix's repeated entries there, each column's rows sorted,
    equal rows in their order in the row), nnz, repr (with \\n and \\t escaped).
"""
import os
import numpy as np
import scipy
import scipy.sparse as sp

assert scipy.__version__.startswith("1.17"), scipy.__version__
OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "sparse", "cases.txt")
rng = np.random.default_rng(20261127)
blocks = []


def fmt(a):
    a = np.asarray(a).ravel()
    if a.dtype.kind == "f":
        return " ".join(repr(float(v)) for v in a)
    return " ".join(str(int(v)) for v in a)


def random_dense(m, n, density, dtype, empty_rows=()):
    a = rng.standard_normal((m, n)) * (rng.random((m, n)) < density)
    for r in empty_rows:
        a[r, :] = 0
    return a.astype(dtype)


def emit(name, kind, dtype, shape, inputs, a, p=3):
    m, n = shape
    # before the products: SciPy sums duplicates and sorts indices in place on some of them
    nnz, text, c = a.nnz, repr(a), a.tocsr(copy=True)
    cc = c.tocsc(copy=True)
    x = rng.standard_normal(n).astype(dtype)
    X = rng.standard_normal((n, p)).astype(dtype)
    xt = rng.standard_normal(m).astype(dtype)
    lines = [f"name: {name}", f"kind: {kind}", f"dtype: {dtype}", f"shape: {m} {n}"]
    lines += [f"{k}: {fmt(v)}" for k, v in inputs]
    lines += [
        f"x: {fmt(x)}", f"p: {p}", f"X: {fmt(X)}", f"xt: {fmt(xt)}",
        f"toarray: {fmt(a.toarray()) if m * n <= 10000 else '-'}",
        f"spmv: {fmt(a @ x)}",
        f"spmm: {fmt(a @ X)}",
        f"T_spmv: {fmt(a.T @ xt)}",
        f"sum0: {fmt(a.sum(axis=0))}",
        f"sum1: {fmt(a.sum(axis=1))}",
        f"sum: {fmt(a.sum())}",
        f"csr_indptr: {fmt(c.indptr)}", f"csr_indices: {fmt(c.indices)}", f"csr_data: {fmt(c.data)}",
        f"csc_indptr: {fmt(cc.indptr)}", f"csc_indices: {fmt(cc.indices)}", f"csc_data: {fmt(cc.data)}",
        f"nnz: {nnz}",
        "repr: " + text.replace("\n", "\\n").replace("\t", "\\t"),
    ]
    blocks.append("\n".join(lines))


def dense_case(name, dense):
    a = sp.csr_matrix(dense)
    emit(name, "dense", str(dense.dtype), dense.shape, [("dense", dense)], a)


def main():
    dense_case("random_f64", random_dense(9, 7, 0.3, "float64", empty_rows=(2, 5)))
    dense_case("random_f32", random_dense(12, 10, 0.25, "float32", empty_rows=(0, 11)))
    dense_case("empty", np.zeros((4, 3), dtype="float64"))
    d = random_dense(6, 40, 0.05, "float64")
    d[3, :] = rng.standard_normal(40)
    dense_case("dense_row", d)
    dense_case("tall_f32", random_dense(300, 4, 0.4, "float32"))

    # COO with duplicates (one entry three times), unsorted entries and an explicit zero
    row = np.array([2, 0, 2, 1, 0, 2, 3, 0, 2], dtype=np.int32)
    col = np.array([3, 1, 3, 0, 4, 0, 2, 1, 3], dtype=np.int32)
    data = np.array([1.5, -2.0, 0.25, 3.0, 0.0, 4.0, -1.0, 5.0, 2.0])
    for dt in ("float64", "float32"):
        a = sp.coo_matrix((data.astype(dt), (row, col)), shape=(5, 6))
        emit("coo_dups_" + dt, "coo", dt, a.shape, [("data", data.astype(dt)), ("row", row), ("col", col)], a)

    # CSR as given: unsorted indices within rows, an explicit zero, an empty row
    indptr = np.array([0, 3, 3, 5, 7], dtype=np.int32)
    indices = np.array([4, 0, 2, 3, 1, 0, 4], dtype=np.int32)
    vals = np.array([1.0, 2.0, 0.0, -3.5, 4.0, 0.5, -1.0])
    a = sp.csr_matrix((vals, indices, indptr), shape=(4, 5))
    emit("csr_unsorted", "csr", "float64", a.shape, [("data", vals), ("indices", indices), ("indptr", indptr)], a)

    # a larger random pattern, from COO, for SpMV and SpMM on more than one block of work-items
    m, n, k = 700, 500, 4000
    r = rng.integers(0, m, size=k).astype(np.int32)
    c = rng.integers(0, n, size=k).astype(np.int32)
    v = rng.standard_normal(k)
    a = sp.coo_matrix((v, (r, c)), shape=(m, n))
    emit("coo_random", "coo", "float64", a.shape, [("data", v), ("row", r), ("col", c)], a, p=5)

    # CSR as given with repeated columns in rows, unsorted, and an empty column: tocsc keeps every entry
    indptr = np.array([0, 4, 4, 7, 9, 12], dtype=np.int32)
    indices = np.array([3, 1, 3, 0, 2, 2, 5, 0, 0, 5, 1, 5], dtype=np.int32)
    vals = rng.standard_normal(indices.size)
    a = sp.csr_matrix((vals, indices, indptr), shape=(5, 7))
    emit("csr_repeats", "csr", "float64", a.shape, [("data", vals), ("indices", indices), ("indptr", indptr)], a)

    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("\n\n".join(blocks) + "\n")


if __name__ == "__main__":
    main()
