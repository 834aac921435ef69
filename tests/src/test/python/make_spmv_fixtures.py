#!/usr/bin/env python3
"""SciPy references for SpmvTest: SpMV, A.T @ x and SpMM on patterns that pick each SpMV kernel.

The matrices are not stored: SpmvTest builds them from the same closed formulas (row lengths by
rule, columns (31 r + stride j) mod n, values and x from k and j), so one dense row of 100k
entries costs only its outputs here. Writes tests/src/test/resources/fixtures/sparse/spmv.txt.
Run: python3 tests/src/test/python/make_spmv_fixtures.py
"""
import os

import numpy as np
import scipy.sparse as sp

P = 2  # SpMM's dense columns

# name, rows, columns, column stride (coprime with the columns), row-length rule
CASES = [
    ("dense_row", 300, 100000, 7),   # one row of 100k entries, the others 0..4 (some empty)
    ("power_law", 3000, 3000, 7),    # 8000 / (r + 1) entries, every third row empty
    ("short_rows", 2000, 500, 3),    # 0..2 entries (a row per work-item), one full row
    ("mid_rows", 1000, 900, 7),      # 0..8 entries, the last 10 rows empty
    ("wide_rows", 300, 3000, 7),     # 40..89 entries (a warp per row)
    ("empty", 4, 6, 1),              # no entries at all
]


def row_length(rule, r, n):
    if rule == "dense_row":
        return n if r == 7 else r % 5
    if rule == "power_law":
        return 0 if r % 3 == 2 else min(n, 8000 // (r + 1))
    if rule == "short_rows":
        return n if r == 1000 else r % 3
    if rule == "mid_rows":
        return 0 if r >= 990 else r % 9
    if rule == "wide_rows":
        return 40 + r % 50
    if rule == "empty":
        return 0
    raise ValueError(rule)


def value(k):
    """Entry k's value, exact in float64 (an integer over 2003)."""
    return ((k * 7919) % 2003) / 2003.0 - 0.5


def xs(count):
    j = np.arange(count, dtype=np.int64)
    return ((j * 104729) % 1009) / 1009.0 - 0.3


def build(rule, m, n, stride):
    lengths = np.array([row_length(rule, r, n) for r in range(m)], dtype=np.int64)
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    rows = np.repeat(np.arange(m, dtype=np.int64), lengths)
    within = np.arange(indptr[-1], dtype=np.int64) - indptr[rows]
    indices = (rows * 31 + within * stride) % n
    k = np.arange(indptr[-1], dtype=np.int64)
    data = ((k * 7919) % 2003) / 2003.0 - 0.5
    return sp.csr_matrix((data, indices, indptr), shape=(m, n))


def fmt(a):
    return " ".join("%.17g" % v for v in np.asarray(a).ravel())


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "resources", "fixtures", "sparse", "spmv.txt")
    blocks = []
    for name, m, n, stride in CASES:
        a = build(name, m, n, stride)
        x = xs(n)
        xt = xs(m)
        xm = xs(n * P).reshape(n, P)
        lines = [
            "name: " + name,
            "shape: %d %d" % (m, n),
            "stride: %d" % stride,
            "nnz: %d" % a.nnz,
            "spmv: " + fmt(a @ x),
            # A.T @ x of n values: left out where n is large (the dense row's 100k columns)
            "T_spmv: " + (fmt(a.T @ xt) if n <= 5000 else "-"),
            "spmm: " + fmt(a @ xm),
        ]
        blocks.append("\n".join(lines))
    with open(out, "w") as f:
        f.write("\n\n".join(blocks) + "\n")
    print("wrote", out)


if __name__ == "__main__":
    main()
