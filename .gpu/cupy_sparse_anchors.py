"""CuPy's figures for SparseBench's rows (issue 38), with cupyx.scipy.sparse (cuSPARSE underneath),
   timed as the benchmark does: CUDA events around each call, the median of the reps after warm-up.
   python3 .gpu/cupy_sparse_anchors.py [side rows entries cg_side]
   (defaults 4096 10000000 100000000, cg_side 1024 or side where smaller)

   The matrices are SparseBench's, built with the same arithmetic (splitmix64 from seed 38):
   - Poisson: kron(I, T) + kron(T, I) of the 1-D [-1, 2, -1] stencil, the same entries in the same
     order as SparseBench's poisson kernel (4 on the diagonal, -1 to each of the 4 neighbours).
   - power-law: the same row lengths, columns and values, except that a length is floor(5.5 u^(-2/3))
     computed by CuPy's pow, which can differ from the device's OpenCL/CUDA pow in the last bit, so a
     row in a billion may differ by one entry; the printed entry counts show it.
   - COO: the same hashed (row, column) pairs and values.
   x and X are random uniform [0, 1) from CuPy's generator (not ndgpu's: the values do not change the
   work). GB/s counts the bytes as SparseBench does."""
import os
import sys

import cupy as cp
import cupyx.scipy.sparse as sp
from cupy_timing import bench, report

SEED = 38
LONGEST = 100_000
side = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
rows = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
entries = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000_000
cg_side = int(sys.argv[4]) if len(sys.argv) > 4 else min(1024, side)


def mix(z):
    """splitmix64's finalizer on a uint64 array (wrapping arithmetic, as the kernels')."""
    z = z + cp.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> cp.uint64(30))) * cp.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> cp.uint64(27))) * cp.uint64(0x94D049BB133111EB)
    return z ^ (z >> cp.uint64(31))


def value(k):
    return (((k * 7919) % 2003) / 2003.0 - 0.5).astype(cp.float32)


def poisson(n):
    one = sp.diags([-cp.ones(n - 1), 2 * cp.ones(n), -cp.ones(n - 1)], [-1, 0, 1], format="csr", dtype=cp.float32)
    eye = sp.identity(n, format="csr", dtype=cp.float32)
    a = (sp.kron(eye, one) + sp.kron(one, eye)).tocsr()
    a.sum_duplicates()
    return a


def power_law(m):
    longest = min(LONGEST, m)
    r = cp.arange(m, dtype=cp.uint64)
    u = ((mix(cp.uint64(SEED) + r) >> cp.uint64(11)) + cp.uint64(1)).astype(cp.float64) * (1.0 / 9007199254740992.0)
    counts = cp.minimum(cp.floor(5.5 * cp.power(u, -2.0 / 3.0)).astype(cp.int64), longest)
    counts[0] = longest
    indptr = cp.concatenate([cp.zeros(1, cp.int64), cp.cumsum(counts)])
    nnz = int(indptr[-1])
    k = cp.arange(nnz, dtype=cp.int64)
    row = cp.searchsorted(indptr, k, side="right") - 1
    start = (mix(cp.uint64(SEED) + cp.uint64(m) + r) % cp.uint64(m)).astype(cp.int64)
    indices = ((start[row] + (k - indptr[row]) * 7919) % m).astype(cp.int32)
    data = value(k)
    del row, k
    return sp.csr_matrix((data, indices, indptr.astype(cp.int32)), shape=(m, m))


def coo_with_duplicates(nnz):
    m, cols = 1 << 22, 64
    h = mix(cp.uint64(SEED) + cp.arange(nnz, dtype=cp.uint64))
    row = (h % cp.uint64(m)).astype(cp.int32)
    col = ((h >> cp.uint64(32)) % cp.uint64(cols)).astype(cp.int32)
    data = value(cp.arange(nnz, dtype=cp.int64))
    del h
    return sp.coo_matrix((data, (row, col)), shape=(m, cols))


def product_bytes(a, p, size):
    m, n = a.shape
    return a.nnz * (size + 4.0) + (m + 1) * 4.0 + (n + m) * p * size


def convert_bytes(a, size):
    return 2 * (a.nnz * (size + 4.0) + (a.shape[0] + 1) * 4.0)


def spmv_rows(name, a32):
    rng = cp.random.default_rng(4)
    for t, size, suffix in ((cp.float32, 4, " f32"), (cp.float64, 8, " f64")):
        a = a32.astype(t)
        x = rng.random(a.shape[1], dtype=t)
        xt = rng.random(a.shape[0], dtype=t)
        report("SpMV " + name + suffix, bench(lambda: a @ x, reps=20, warm=3), product_bytes(a, 1, size))
        report("A.T @ x " + name + suffix, bench(lambda: a.T @ xt, reps=10, warm=2), product_bytes(a, 1, size))
        del a, x, xt


print("=== CuPy sparse (cupyx.scipy.sparse)", cp.__version__)
pname = f"Poisson {side}^2"
a = poisson(side)
assert a.nnz == 5 * side * side - 4 * side, a.nnz
if os.environ.get("SPARSE_BENCH") != "spgemm":  # SparseBench -Dsparse.bench=spgemm's rows alone otherwise
    spmv_rows(pname, a)
X = cp.random.default_rng(6).random((a.shape[1], 32), dtype=cp.float32)
report(f"SpMM {pname} x 32 f32", bench(lambda: a @ X, reps=10, warm=2), product_bytes(a, 32, 4))
del X
report(f"tocsc {pname} f32", bench(lambda: a.tocsc(), reps=5, warm=1), convert_bytes(a, 4))
product_nnz = (a @ a).nnz  # SparseBench's bytes: A read twice, the product written once
report(f"SpGEMM {pname} @ itself f32", bench(lambda: a @ a, reps=5, warm=1), 2 * a.nnz * 8.0 + product_nnz * 8.0)


def product_then_nnz():  # SparseBench's second SpGEMM row: ndgpu settles the cancelled sums at nnz(); CuPy keeps them
    c = a @ a
    c.nnz
    return c


report(f"SpGEMM {pname} @ itself f32, then nnz()", bench(product_then_nnz, reps=5, warm=1),
       2 * a.nnz * 8.0 + product_nnz * 8.0)
if os.environ.get("SPARSE_BENCH") == "spgemm":
    sys.exit(0)
del a
cp.get_default_memory_pool().free_all_blocks()

lname = f"power-law {rows}"
a = power_law(rows)
print(f"  {lname}: {a.nnz} entries, {a.nnz / rows:.2f} a row")
spmv_rows(lname, a)
X = cp.random.default_rng(6).random((a.shape[1], 32), dtype=cp.float32)
report(f"SpMM {lname} x 32 f32", bench(lambda: a @ X, reps=10, warm=2), product_bytes(a, 32, 4))
del X
report(f"tocsc {lname} f32", bench(lambda: a.tocsc(), reps=5, warm=1), convert_bytes(a, 4))
del a
cp.get_default_memory_pool().free_all_blocks()


def summed(c):
    d = c.copy()  # sum_duplicates works in place in CuPy: each call sums a fresh copy, as ndgpu's makes a new matrix
    d.sum_duplicates()
    return d


c = coo_with_duplicates(entries)
print(f"  COO {entries} entries: {summed(c).nnz} after sum_duplicates")
report(f"COO sumDuplicates {entries} f32", bench(lambda: summed(c), reps=5, warm=1), 2 * entries * 12.0)


# ---------------------------------------------------------------- cg (issue 38's solver row)
def cg_row(n):
    """cg on the float64 Poisson matrix of an n x n grid, b all ones, to 1e-6 relative (atol 0), as
       SparseBench's cgRow; the iterations are the callback's count, printed beside the row."""
    import inspect
    import cupyx.scipy.sparse.linalg as spla

    a = poisson(n).astype(cp.float64)
    b = cp.ones(a.shape[0], dtype=cp.float64)
    # CuPy 14 names the relative tolerance rtol, as SciPy 1.12+; older CuPy called it tol
    key = "rtol" if "rtol" in inspect.signature(spla.cg).parameters else "tol"
    count = [0]

    def counted(xk):
        count[0] += 1

    x, info = spla.cg(a, b, callback=counted, **{key: 1e-6})
    print(f"  cg Poisson {n}^2 f64: {count[0]} iterations, info {info}")
    report(f"cg Poisson {n}^2 f64 to 1e-6", bench(lambda: spla.cg(a, b, **{key: 1e-6}), reps=3, warm=1), 0)


cg_row(cg_side)

# spsolve (issue 38): cupyx.scipy.sparse.linalg.spsolve, cuSOLVER's csrlsvqr (tol 0, reorder 1), on SparseBench's
# Poisson matrix of a 256 x 256 grid in float64 (of the smaller grid on a smaller run), b uniform; residual checked once
import cupyx.scipy.sparse.linalg as spl  # noqa: E402

sside = min(side, 256)
a = poisson(sside).astype(cp.float64)
b = cp.random.default_rng(7).random(a.shape[0], dtype=cp.float64)
x = spl.spsolve(a, b)
assert float(cp.linalg.norm(a @ x - b) / cp.linalg.norm(b)) <= 1e-9
report(f"spsolve Poisson {sside}^2 f64", bench(lambda: spl.spsolve(a, b), reps=3, warm=0), 0)
