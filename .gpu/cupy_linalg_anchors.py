# CuPy beside LinalgDeviceBench (issue 41): the same rows, CUDA events, median after warm-up.
# solve, inv, cholesky, qr, eigh of 4096 float64 (cuSOLVER), svd of 1024 and 4096 float32, and inv, solve, qr, eigh of a batch of
# 10,000 32 x 32 matrices float32 and float64 (CuPy's batched paths: getrfBatched/getriBatched, syevjBatched)
import sys
import cupy as cp
sys.path.insert(0, __import__("os").path.dirname(__file__))
from cupy_timing import bench

def row(name, fn, reps=5):
    print(f"{name:40s} {'cupy':12s} {bench(fn, reps=reps, warm=1):12.3f}")

print(f"CuPy {cp.__version__}")
print(f"{'benchmark':40s} {'device':12s} {'median ms':>12s}")
cp.random.seed(41)
n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
g = cp.random.uniform(-1, 1, (n, n))
a = g + n * cp.eye(n)
spd = g @ g.T + n * cp.eye(n)
b = cp.random.uniform(-1, 1, (n, 1))
row(f"solve float64 {n}", lambda: cp.linalg.solve(a, b))
row(f"inv float64 {n}", lambda: cp.linalg.inv(a))
row(f"cholesky float64 {n}", lambda: cp.linalg.cholesky(spd))
row(f"qr float64 {n}", lambda: cp.linalg.qr(a))
row(f"eigh float64 {n}", lambda: cp.linalg.eigh(spd))
for k in (1024, n):
    gs = cp.random.uniform(-1, 1, (k, k)).astype(cp.float32)
    row(f"svd float32 {k}", lambda: cp.linalg.svd(gs, full_matrices=False), reps=3)
for dt in (cp.float32, cp.float64):
    name = cp.dtype(dt).name
    s = (cp.random.uniform(-1, 1, (10000, 32, 32)) + 8 * cp.eye(32)).astype(dt)
    sb = cp.random.uniform(-1, 1, (10000, 32, 1)).astype(dt)
    row(f"inv {name} 10000 x (32x32)", lambda: cp.linalg.inv(s))
    row(f"solve {name} 10000 x (32x32)", lambda: cp.linalg.solve(s, sb))
    row(f"qr {name} 10000 x (32x32)", lambda: cp.linalg.qr(s))
    row(f"eigh {name} 10000 x (32x32)", lambda: cp.linalg.eigh(s))
