"""CuPy's figures for LinalgMoreBench (issue 39's linalg additions), rows of the same names: eigvalsh,
   svdvals, lu_factor/lu_solve, cho_factor/cho_solve and solve_triangular of 1024 x 1024 and of a batch
   of 4096 8 x 8 matrices, float32 and float64; matrix_norm, vector_norm, vecdot and matrix_transpose of
   float32 vectors and 4096^2 matrices; tensorinv and tensorsolve of a (32, 32, 32, 32) tensor. CUDA
   events, median of 5 after warm-up. Where CuPy lacks the routine itself, the row times the nearest
   composition and says which after its figure ([...]); where nothing fits (or CuPy refuses these
   arguments, e.g. a batch), the row says why. Each row runs on its own.
   cho_factor/cho_solve: cupyx.scipy.linalg has none in the CuPy versions we know, so they fall back to
   cupy.linalg.cholesky and two cupyx.scipy.linalg.solve_triangular calls.
   python3 .gpu/cupy_linalg_more_anchors.py [shrink]   (vector lengths / 2^shrink, orders and batch / 2^(shrink/2))"""
import sys
import cupy as cp
import cupyx.scipy.linalg as cxl
from cupy_timing import bench

shrink = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n, batch, le, lside = 1024 >> (shrink // 2), 4096 >> (shrink // 2), 24 - shrink, 12 - shrink // 2
length, side = 1 << le, 1 << lside
bs, e, sq = f"{batch} x (8x8)", f"2^{le}", f"{side}^2"
la = cp.linalg


def row(name, *candidates):
    """Times the first of candidates (label, zero-argument function building the call) that CuPy has and
       that accepts these arguments, and prints the row; the label follows the figure where it is not
       the routine itself."""
    why = "no such function"
    for label, make in candidates:
        try:
            fn = make()
            fn()  # one call first: a refusal falls through to the next candidate
        except Exception as ex:  # noqa: BLE001 - missing, refused (a batch, say) or failing: the next candidate
            why = f"{label}: {type(ex).__name__}: {ex}"
            continue
        try:
            ms = bench(fn, reps=5, warm=2)
        except Exception as ex:  # noqa: BLE001 - the row says why and the next row runs
            print(f"{name:40s} failed on {label}: {type(ex).__name__}: {ex}")
            return
        print(f"{name:40s} {ms:9.3f} ms  [{label}]")
        return
    print(f"{name:40s} not in CuPy {cp.__version__}: {why}")


def cho_solve_by_triangles(c, b):
    y = cxl.solve_triangular(c, b, lower=True)
    return cxl.solve_triangular(c, y, lower=True, trans="T")


print("device:", cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "cupy", cp.__version__)
rng = cp.random.default_rng(39)
for dt in (cp.float32, cp.float64):
    name = cp.dtype(dt).name
    for shape in ((n, n), (batch, 8, 8)):
        k = shape[-1]
        what = f"{name} {n}" if len(shape) == 2 else f"{name} {bs}"
        g = rng.uniform(-1, 1, shape).astype(dt)
        shift = (k * cp.eye(k)).astype(dt)
        a = g + shift
        spd = g @ cp.swapaxes(g, -1, -2) + shift
        b = rng.uniform(-1, 1, shape[:-1] + (1,)).astype(dt)
        row(f"eigvalsh {what}", ("cupy.linalg.eigvalsh", lambda: lambda: la.eigvalsh(spd)))
        row(f"svdvals {what}",
            ("cupy.linalg.svdvals", lambda: lambda: la.svdvals(a)),
            ("svd(compute_uv=False)", lambda: lambda: la.svd(a, compute_uv=False)))
        f = None
        try:
            f = cxl.lu_factor(a)
        except Exception:  # noqa: BLE001 - the rows below say why
            pass
        row(f"lu_factor {what}", ("cupyx.scipy.linalg.lu_factor", lambda: lambda: cxl.lu_factor(a)))
        row(f"lu_solve {what}", ("cupyx.scipy.linalg.lu_solve", lambda: lambda: cxl.lu_solve(f, b)))
        c = None
        try:
            c = la.cholesky(spd)
        except Exception:  # noqa: BLE001
            pass
        row(f"cho_factor {what}",
            ("cupyx.scipy.linalg.cho_factor", lambda: lambda: cxl.cho_factor(spd, lower=True)),
            ("cupy.linalg.cholesky", lambda: lambda: la.cholesky(spd)))
        row(f"cho_solve {what}",
            ("cupyx.scipy.linalg.cho_solve", lambda: lambda: cxl.cho_solve((c, True), b)),
            ("2 x solve_triangular", lambda: lambda: cho_solve_by_triangles(c, b)))
        row(f"solve_triangular {what}",
            ("cupyx.scipy.linalg.solve_triangular", lambda: lambda: cxl.solve_triangular(a, b, lower=True)))
        if len(shape) == 3:
            row(f"matrix_norm fro {what}",
                ("cupy.linalg.matrix_norm", lambda: lambda: la.matrix_norm(a)),
                ("norm(fro, axis=(-2, -1))", lambda: lambda: la.norm(a, "fro", axis=(-2, -1))))
            row(f"matrix_norm nuc {what}",
                ("cupy.linalg.matrix_norm", lambda: lambda: la.matrix_norm(a, ord="nuc")),
                ("norm(nuc, axis=(-2, -1))", lambda: lambda: la.norm(a, "nuc", axis=(-2, -1))))
f32 = cp.float32
x = rng.uniform(-1, 1, length, dtype=f32)
y = rng.uniform(-1, 1, length, dtype=f32)
m = rng.uniform(-1, 1, (side, side), dtype=f32)
m2 = rng.uniform(-1, 1, (side, side), dtype=f32)
row(f"vector_norm {e} f32",
    ("cupy.linalg.vector_norm", lambda: lambda: la.vector_norm(x)),
    ("norm", lambda: lambda: la.norm(x)))
row(f"vector_norm {sq} axis -1 f32",
    ("cupy.linalg.vector_norm", lambda: lambda: la.vector_norm(m, axis=-1)),
    ("norm(axis=-1)", lambda: lambda: la.norm(m, axis=-1)))
row(f"matrix_norm fro {sq} f32",
    ("cupy.linalg.matrix_norm", lambda: lambda: la.matrix_norm(m)),
    ("norm(fro)", lambda: lambda: la.norm(m, "fro")))
row(f"vecdot {e} f32",
    ("cupy.vecdot", lambda: lambda: cp.vecdot(x, y)),
    ("cupy.linalg.vecdot", lambda: lambda: la.vecdot(x, y)))
row(f"vecdot {sq} axis -1 f32",
    ("cupy.vecdot", lambda: lambda: cp.vecdot(m, m2, axis=-1)),
    ("cupy.linalg.vecdot", lambda: lambda: la.vecdot(m, m2, axis=-1)))
row(f"matrix_transpose {sq} f32 + copy",
    ("cupy.matrix_transpose", lambda: lambda: cp.matrix_transpose(m).copy()),
    ("cupy.linalg.matrix_transpose", lambda: lambda: la.matrix_transpose(m).copy()),
    ("swapaxes(-1, -2)", lambda: lambda: cp.swapaxes(m, -1, -2).copy()))
t = 1 << ((n.bit_length() - 1) // 2)
t2 = t * t
ts = f"({t},{t},{t},{t})"
a4 = (rng.uniform(-1, 1, (t2, t2)) + t2 * cp.eye(t2)).reshape(t, t, t, t)
b2 = rng.uniform(-1, 1, (t, t))
row(f"tensorinv float64 {ts} ind=2", ("cupy.linalg.tensorinv", lambda: lambda: la.tensorinv(a4, ind=2)))
row(f"tensorsolve float64 {ts}", ("cupy.linalg.tensorsolve", lambda: lambda: la.tensorsolve(a4, b2)))
# scipy.linalg.expm, beside ndgpu's Nd.linalg().expm row of the same name
ex = rng.uniform(-1, 1, (n, n)) / n
row(f"expm float64 {n}", ("cupyx.scipy.linalg.expm", lambda: lambda: cxl.expm(ex)))
