"""CuPy's figures for TrustBench's calls (the same shapes and dtypes)."""
import cupy as cp
from cupy_timing import bench

cp.random.seed(3)
u = lambda *s: cp.random.uniform(-1, 1, s)
small, batch, big, rhs = u(64, 64), u(1000, 8, 8), u(2048, 2048), u(2048)
a32, v32 = u(1 << 20).astype(cp.float32), u(4096).astype(cp.float32)
a64, v64 = a32.astype(cp.float64), v32.astype(cp.float64)
s32, k32 = u(1 << 16).astype(cp.float32), u(63).astype(cp.float32)
rows = [("inv 64x64 float64", lambda: cp.linalg.inv(small)),
        ("inv (1000, 8, 8) float64", lambda: cp.linalg.inv(batch)),
        ("det (1000, 8, 8) float64", lambda: cp.linalg.det(batch)),
        ("solve 2048x2048 float64, b (2048,)", lambda: cp.linalg.solve(big, rhs)),
        ("convolve 2^20 * 4096 float32", lambda: cp.convolve(a32, v32)),
        ("convolve 2^20 * 4096 float64", lambda: cp.convolve(a64, v64)),
        ("convolve 2^16 * 63 float32", lambda: cp.convolve(s32, k32))]
for name, fn in rows:
    print(f"CuPy {name:44s} {bench(fn, 20, 3):10.3f} ms")
