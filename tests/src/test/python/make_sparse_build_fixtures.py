#!/usr/bin/env python3
"""scipy.sparse fixtures for the suites of the matrices built from others (SpGemmTest,
SparseConstructTest, SparseIoTest in org.ndgpu.sparse): run from the tests directory,
    python3 src/test/python/make_sparse_build_fixtures.py
writes, under src/test/resources/fixtures/sparse/, SciPy 1.17's results:
- spgemm.txt: one block per product A @ B (blocks separated by a blank line, one "key: values"
  line each, values space-separated, floats in Python's repr so that they read back exactly):
  name; a_kind and b_kind (csr, csc: the (data, indices, indptr) form; coo: (data, (row, col)));
  a_dtype, a_shape, a_data, a_indices, a_indptr (or a_row, a_col), the same for b; and the
  product with its indices sorted (SciPy's own product leaves them in its accumulator's order):
  out_format (csr or csc), out_dtype, out_shape, out_indptr, out_indices, out_data.
- construct.txt: one block per construction (diags, kron, vstack, hstack, block_diag), its
  inputs and SciPy's result in canonical CSR (out_indptr, out_indices, out_data), and for the
  default-format forms the nnz and format SciPy gives.
- mm_*.mtx: Matrix Market files written by scipy.io.mmwrite (and one symmetric, one pattern and
  one integer file written by hand in the format), with mm.txt giving what scipy.io.mmread
  reads from each (shape, and its canonical CSR).
- npz_*.npz: scipy.sparse.save_npz of CSR, CSC and COO matrices of float32 and float64, with
  npz.txt giving each one's format, shape, dtype and arrays as saved.
"""
import os
import numpy as np
import scipy
import scipy.io
import scipy.sparse as sp

assert scipy.__version__.startswith("1.17"), scipy.__version__
OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "sparse")
rng = np.random.default_rng(20261128)


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


def matrix_lines(prefix, a):
    lines = [f"{prefix}_kind: {a.format}", f"{prefix}_dtype: {a.dtype}", f"{prefix}_shape: {a.shape[0]} {a.shape[1]}",
             f"{prefix}_data: {fmt(a.data)}"]
    if a.format == "coo":
        lines += [f"{prefix}_row: {fmt(a.row)}", f"{prefix}_col: {fmt(a.col)}"]
    else:
        lines += [f"{prefix}_indices: {fmt(a.indices)}", f"{prefix}_indptr: {fmt(a.indptr)}"]
    return lines


def canonical_lines(c, prefix="out"):
    c = c.copy()
    c.sort_indices()
    return [f"{prefix}_format: {c.format}", f"{prefix}_dtype: {c.dtype}", f"{prefix}_shape: {c.shape[0]} {c.shape[1]}",
            f"{prefix}_indptr: {fmt(c.indptr)}", f"{prefix}_indices: {fmt(c.indices)}", f"{prefix}_data: {fmt(c.data)}"]


def spgemm_blocks():
    blocks = []

    def case(name, a, b):
        c = a @ b
        assert c.format in ("csr", "csc"), c.format
        blocks.append("\n".join([f"name: {name}"] + matrix_lines("a", a) + matrix_lines("b", b) + canonical_lines(c)))

    a = sp.csr_matrix(random_dense(9, 7, 0.35, "float64", empty_rows=(2, 5)))
    b = sp.csr_matrix(random_dense(7, 6, 0.4, "float64", empty_rows=(3,)))
    case("random_f64", a, b)
    case("random_f32", a.astype("float32"), b.astype("float32"))
    case("mixed_f32_f64", a.astype("float32"), b)
    case("csc_csc", a.tocsc(), b.tocsc())
    case("csc_csr", a.tocsc(), b)
    case("csr_csc", a, b.tocsc())
    case("coo_csr", a.tocoo(), b)
    # sums that cancel exactly (SciPy drops them), and explicit zeros in the inputs
    case("cancel", sp.csr_matrix(np.array([[1.0, 1.0, 0.0], [0.0, 2.0, 0.5], [0.0, 0.0, 0.0]])),
         sp.csr_matrix(np.array([[1.0, 3.0], [-1.0, 2.0], [4.0, 0.0]])))
    z = sp.csr_matrix((np.array([0.0, 1.5, 0.0, 2.0]), np.array([0, 1, 1, 2], dtype=np.int32),
                       np.array([0, 2, 3, 4], dtype=np.int32)), shape=(3, 3))
    case("explicit_zeros", z, sp.csr_matrix(random_dense(3, 4, 0.8, "float64")))
    # unsorted indices and duplicates in B
    bu = sp.csr_matrix((np.array([1.0, 2.0, -0.5, 3.0, 0.25, 1.0]), np.array([3, 0, 3, 2, 1, 1], dtype=np.int32),
                        np.array([0, 3, 3, 6], dtype=np.int32)), shape=(3, 4))
    case("unsorted_dups", sp.csr_matrix(random_dense(5, 3, 0.7, "float64")), bu)
    case("empty_product", sp.csr_matrix((4, 3)), sp.csr_matrix(random_dense(3, 5, 0.5, "float64")))
    case("no_rows", sp.csr_matrix((0, 3)), sp.csr_matrix(random_dense(3, 5, 0.5, "float64")))
    # longer rows (a dense row of A, many products per row) across more than one block of work-items
    d = random_dense(300, 60, 0.04, "float64")
    d[7, :] = rng.standard_normal(60)
    case("large", sp.csr_matrix(d), sp.csr_matrix(random_dense(60, 40, 0.1, "float64")))
    case("large_f32", sp.csr_matrix(d.astype("float32")), sp.csr_matrix(random_dense(60, 40, 0.1, "float32")))
    return blocks


def construct_blocks():
    blocks = []

    def emit(name, op, lines, result, default=None):
        out = [f"name: {name}", f"op: {op}"] + lines + canonical_lines(result.tocsr())
        if default is not None:
            out += [f"default_format: {default.format}", f"default_nnz: {default.nnz}"]
        blocks.append("\n".join(out))

    def diags_case(name, diagonals, offsets, shape):
        lines = [f"count: {len(diagonals)}", f"offsets: {fmt(np.array(offsets))}",
                 f"shape: {'-' if shape is None else fmt(np.array(shape))}"]
        for j, d in enumerate(diagonals):
            lines += [f"d{j}_dtype: {d.dtype}", f"d{j}: {fmt(d)}"]
        r = sp.diags(diagonals, offsets, shape=shape, format="csr")
        emit(name, "diags", lines, r)

    g = rng.standard_normal
    main = g(5)
    main[2] = 0.0  # a zero on a diagonal is not stored
    diags_case("diags_square", [main, g(4), g(3)], [0, 1, -2], (5, 5))
    diags_case("diags_f32", [g(4).astype("float32"), g(3).astype("float32")], [0, -1], (4, 4))
    diags_case("diags_mixed", [g(4).astype("float32"), g(3)], [0, 1], (4, 4))
    diags_case("diags_broadcast_rect", [np.array([2.5]), g(4), g(6)], [1, 0, -1], (4, 6))
    diags_case("diags_truncated_wide", [g(9), g(9)], [2, -1], (3, 7))
    diags_case("diags_no_shape", [g(3), g(4)], [1, 0], None)

    def blocks_lines(ms):
        out = [f"count: {len(ms)}"]
        for j, b in enumerate(ms):
            out += matrix_lines(f"b{j}", b)
        return out

    a = sp.csr_matrix(random_dense(3, 4, 0.5, "float64"))
    a.data[0] = 0.0  # an explicit zero
    b = sp.csr_matrix(random_dense(2, 3, 0.6, "float64"))
    emit("kron_csr", "kron", blocks_lines([a, b]), sp.kron(a, b, format="csr"))
    emit("kron_coo_f32", "kron", blocks_lines([a.tocoo().astype("float32"), b.astype("float32")]),
         sp.kron(a.tocoo().astype("float32"), b.astype("float32"), format="csr"))
    emit("kron_mixed", "kron", blocks_lines([a.astype("float32"), b]), sp.kron(a.astype("float32"), b, format="csr"))
    emit("kron_empty", "kron", blocks_lines([sp.csr_matrix((2, 3)), b]), sp.kron(sp.csr_matrix((2, 3)), b, format="csr"))

    c1 = sp.csr_matrix(random_dense(3, 5, 0.5, "float64", empty_rows=(1,)))
    c2 = sp.csr_matrix(random_dense(4, 5, 0.5, "float64"))
    c3 = sp.csr_matrix(random_dense(2, 5, 0.5, "float32"))
    h2 = sp.csr_matrix(random_dense(3, 2, 0.5, "float64"))
    dup = sp.coo_matrix((np.array([1.0, 2.0, -0.5]), (np.array([0, 1, 0]), np.array([1, 0, 1]))), shape=(2, 5))
    for name, ms in [("csr", [c1, c2]), ("csr_three_mixed", [c1, c2, c3]), ("csc", [c1.tocsc(), c2.tocsc()]),
                     ("mixed_formats", [c1, c2.tocsc(), dup]), ("empty_block", [c1, sp.csr_matrix((0, 5)), c2])]:
        emit("vstack_" + name, "vstack", blocks_lines(ms), sp.vstack(ms), sp.vstack(ms))
    for name, ms in [("csr", [c1, h2]), ("csc", [c1.tocsc(), h2.tocsc()]), ("mixed_formats", [c1.tocoo(), h2.tocsc()])]:
        emit("hstack_" + name, "hstack", blocks_lines(ms), sp.hstack(ms), sp.hstack(ms))
    for name, ms in [("three", [c1, h2.tocsc(), dup]), ("f32", [c3, c3])]:
        emit("block_diag_" + name, "block_diag", blocks_lines(ms), sp.block_diag(ms), sp.block_diag(ms))
    return blocks


def io_blocks():
    """Writes the .mtx and .npz files; returns the blocks of mm.txt and npz.txt."""
    mm, npz = [], []

    def mm_case(name, text=None, matrix=None):
        path = os.path.join(OUT, f"mm_{name}.mtx")
        if text is not None:
            with open(path, "w") as f:
                f.write(text)
        else:
            scipy.io.mmwrite(path, matrix)
        r = scipy.io.mmread(path)
        assert r.format == "coo", r.format
        mm.append("\n".join([f"name: {name}", f"file: mm_{name}.mtx", f"shape: {r.shape[0]} {r.shape[1]}",
                              f"row: {fmt(r.row)}", f"col: {fmt(r.col)}", f"data: {fmt(r.data.astype('float64'))}"]
                             + canonical_lines(r.tocsr().astype("float64"))))

    d = random_dense(8, 6, 0.4, "float64", empty_rows=(3,))
    mm_case("general", matrix=sp.csr_matrix(d))
    mm_case("general_f32", matrix=sp.coo_matrix(d.astype("float32")))
    sym = random_dense(5, 5, 0.5, "float64")
    mm_case("symmetric", matrix=sp.csr_matrix(sym + sym.T))  # SciPy finds the symmetry and writes one triangle
    mm_case("pattern", text="%%MatrixMarket matrix coordinate pattern general\n% a pattern\n3 4 4\n"
            "1 2\n3 1\n2 4\n3 4\n")
    mm_case("integer_dups", text="%%MatrixMarket matrix coordinate integer general\n%\n\n3 3 4\n"
            "1 1 3\n2 3 -7\n1 1 2\n3 2 0\n")
    mm_case("skew", text="%%MatrixMarket matrix coordinate real skew-symmetric\n4 4 3\n2 1 1.5\n4 2 -2.25e-3\n"
            "4 3 8\n")
    mm_case("empty", text="%%MatrixMarket matrix coordinate real general\n3 2 0\n")

    def npz_case(name, a, compressed=True):
        path = os.path.join(OUT, f"npz_{name}.npz")
        sp.save_npz(path, a, compressed=compressed)
        b = sp.load_npz(path)
        lines = [f"name: {name}", f"file: npz_{name}.npz", f"format: {b.format}", f"dtype: {b.dtype}",
                 f"shape: {b.shape[0]} {b.shape[1]}", f"data: {fmt(b.data)}"]
        if b.format == "coo":
            lines += [f"row: {fmt(b.row)}", f"col: {fmt(b.col)}", f"index_dtype: {b.row.dtype}"]
        else:
            lines += [f"indices: {fmt(b.indices)}", f"indptr: {fmt(b.indptr)}", f"index_dtype: {b.indices.dtype}"]
        npz.append("\n".join(lines))

    a = sp.csr_matrix(random_dense(7, 5, 0.4, "float64", empty_rows=(2,)))
    npz_case("csr_f64", a)
    npz_case("csc_f32", a.tocsc().astype("float32"))
    npz_case("coo_dups", sp.coo_matrix((np.array([1.0, 2.0, -0.5, 0.0]), (np.array([0, 2, 0, 1]), np.array([1, 0, 1, 3]))),
                                       shape=(3, 4)))
    npz_case("csr_array_uncompressed", sp.csr_array(a), compressed=False)
    wide = sp.csr_matrix(a)
    wide.indices = wide.indices.astype(np.int64)
    wide.indptr = wide.indptr.astype(np.int64)
    npz_case("csr_int64", wide)
    return mm, npz


def write(name, blocks):
    with open(os.path.join(OUT, name), "w") as f:
        f.write("\n\n".join(blocks) + "\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    write("spgemm.txt", spgemm_blocks())
    write("construct.txt", construct_blocks())
    mm, npz = io_blocks()
    write("mm.txt", mm)
    write("npz.txt", npz)


if __name__ == "__main__":
    main()
