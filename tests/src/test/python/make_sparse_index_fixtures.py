#!/usr/bin/env python3
"""scipy.sparse indexing fixtures (SparseIndexTest): run from the tests directory,
    python3 src/test/python/make_sparse_index_fixtures.py
writes src/test/resources/fixtures/sparse/index.txt with SciPy 1.17's results, in the layout of
make_sparse_fixtures.py (one block per case, "key: values" lines). Each case holds a CSR matrix
given by its raw arrays (kind csr, dtype, shape, data, indices, indptr; some with duplicates,
unsorted columns and explicit zeros, empty rows, one dense row, or no rows or columns at all),
the format the test converts it to (fmt csr or csc) and one test:
  get: pairs i0 j0 i1 j1 ... and SciPy's A[i, j] for each (values);
  colslice: start stop step and SciPy's A[:, start:stop:step];
  colpick: idx and SciPy's A[:, idx];
  rowmask: mask (0/1) and SciPy's A[mask];
  colmask: mask and SciPy's A[:, mask];
  ix: rows, cols and SciPy's A[np.ix_(rows, cols)];
the results as out_shape and out (the dense matrix, row-major) and out_format.
"""
import os
import numpy as np
import scipy
import scipy.sparse as sp

assert scipy.__version__.startswith("1.17"), scipy.__version__
OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "sparse", "index.txt")
rng = np.random.default_rng(20261130)
blocks = []


def fmt(a):
    a = np.asarray(a).ravel()
    if a.dtype.kind == "f":
        return " ".join(repr(float(v)) for v in a)
    return " ".join(str(int(v)) for v in a)


def raw_csr(m, n, density, dtype, messy=False, dense_row=None):
    """CSR arrays of a random pattern; messy: each row's columns shuffled, some duplicated, one explicit zero."""
    rows_data, rows_idx, ptr = [], [], [0]
    for r in range(m):
        k = n if r == dense_row else rng.binomial(n, density)
        cols = rng.choice(n, size=k, replace=False) if k else np.array([], dtype=int)
        vals = rng.uniform(-2, 2, k)
        if messy and k:
            dup = rng.choice(cols, size=max(1, k // 3))
            cols = np.concatenate([cols, dup])
            vals = np.concatenate([vals, rng.uniform(-2, 2, len(dup))])
            if r % 3 == 0:
                vals[0] = 0.0
            order = rng.permutation(len(cols))
            cols, vals = cols[order], vals[order]
        else:
            order = np.argsort(cols)
            cols, vals = cols[order], vals[order]
        rows_idx.append(cols)
        rows_data.append(vals)
        ptr.append(ptr[-1] + len(cols))
    data = np.concatenate(rows_data).astype(dtype) if m else np.array([], dtype=dtype)
    idx = np.concatenate(rows_idx).astype(np.int32) if m else np.array([], dtype=np.int32)
    return data, idx, np.array(ptr, dtype=np.int32)


def add(name, raw, shape, dtype, form, test, args, result):
    data, idx, ptr = raw
    fields = [("name", f"{name} {form} {test}"), ("kind", "csr"), ("dtype", np.dtype(dtype).name),
              ("shape", fmt(np.array(shape))), ("data", fmt(data)), ("indices", fmt(idx)),
              ("indptr", fmt(ptr)), ("fmt", form), ("test", test)]
    fields += [(k, fmt(np.asarray(v, dtype=np.int64))) for k, v in args]
    if test == "get":
        fields += [("values", fmt(np.asarray(result, dtype=np.float64)))]
    else:
        fields += [("out_format", result.format), ("out_shape", fmt(np.array(result.shape))),
                   ("out", fmt(result.toarray().astype(np.float64)))]
    blocks.append(fields)


def cases(name, m, n, density, dtype, **kw):
    raw = raw_csr(m, n, density, dtype, **kw)
    base = sp.csr_matrix(raw, shape=(m, n))
    for form in ("csr", "csc"):
        a = base if form == "csr" else base.tocsc()
        if m and n:
            pairs = [(int(rng.integers(-m, m)), int(rng.integers(-n, n))) for _ in range(12)]
            pairs += [(0, 0), (m - 1, n - 1)]
            # every stored place too, duplicates included
            coo = base.tocoo()
            pairs += list(zip(coo.row[:6].tolist(), coo.col[:6].tolist()))
            add(name, raw, (m, n), dtype, form, "get", [("pairs", np.array(pairs).ravel())],
                [a[i, j] for i, j in pairs])
        for start, stop, step in [(1, n - 1, 1), (0, n, 2), (n - 1, 0, -1), (-3, n + 5, 1), (n, 0, 1), (-n - 4, 2, 3)]:
            add(name, raw, (m, n), dtype, form, "colslice", [("slice", [start, stop, step])],
                a[:, start:stop:step])
        if n:
            idx = rng.integers(-n, n, size=min(7, 2 * n))
            add(name, raw, (m, n), dtype, form, "colpick", [("idx", idx)], a[:, idx])
            cmask = rng.random(n) < 0.5
            add(name, raw, (m, n), dtype, form, "colmask", [("mask", cmask)], a[:, cmask])
        add(name, raw, (m, n), dtype, form, "colpick", [("idx", np.array([], dtype=np.int64))],
            a[:, np.array([], dtype=np.int64)])
        rmask = rng.random(m) < 0.5
        add(name, raw, (m, n), dtype, form, "rowmask", [("mask", rmask)], a[rmask])
        if m and n:
            rows = rng.integers(0, m, size=min(4, m))
            cols = rng.integers(-n, n, size=min(5, n))
            add(name, raw, (m, n), dtype, form, "ix", [("rows", rows), ("cols", cols)], a[np.ix_(rows, cols)])


for dt in (np.float64, np.float32):
    s = np.dtype(dt).name
    cases(f"random 9x11 {s}", 9, 11, 0.3, dt)
    cases(f"messy 12x8 {s}", 12, 8, 0.35, dt, messy=True)
    cases(f"empty rows and dense row 10x15 {s}", 10, 15, 0.08, dt, dense_row=4)
cases("no rows 0x5 float64", 0, 5, 0.5, np.float64)
cases("no columns 4x0 float64", 4, 0, 0.5, np.float64)

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as f:
    f.write("\n\n".join("\n".join(f"{k}: {v}" for k, v in b) for b in blocks) + "\n")
print(f"{len(blocks)} cases to {OUT}")
