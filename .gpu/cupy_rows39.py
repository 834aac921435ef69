"""CuPy beside .gpu/Rows39.java: eigvalsh 1024 f32/f64 (on the legacy null stream, a created blocking
stream and a non-blocking one), tensorsolve (32,32,32,32) f64, add.at 2^24 into 2^16 f32; device ms,
median of 20 after 3 warm-ups, five rounds."""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cupy as cp
from cupy_timing import bench
rng = cp.random.default_rng(3)
g = rng.standard_normal((1024, 1024))
s64 = g + g.T
s32 = s64.astype(cp.float32)
t2 = 1024
a4 = (rng.uniform(-1, 1, (t2, t2)) + t2 * cp.eye(t2)).reshape(32, 32, 32, 32)
b = rng.uniform(-1, 1, (32, 32))
n = 1 << 24
x = rng.uniform(-1, 1, n, dtype=cp.float32)
bins = rng.integers(0, 1 << 16, n, dtype=cp.int64)
def add_at():
    acc = cp.zeros(1 << 16, dtype=cp.float32)
    cp.add.at(acc, bins, x)
    return acc
blocking = cp.cuda.Stream(non_blocking=False)
nonblocking = cp.cuda.Stream(non_blocking=True)
for r in range(5):
    for dt, s in (("f32", s32), ("f64", s64)):
        print(f"r{r} cupy eigvalsh1024 {dt} null {bench(lambda: cp.linalg.eigvalsh(s), 20, 3):.4f}")
        with blocking:
            print(f"r{r} cupy eigvalsh1024 {dt} blocking {bench(lambda: cp.linalg.eigvalsh(s), 20, 3):.4f}")
        with nonblocking:
            print(f"r{r} cupy eigvalsh1024 {dt} nonblocking {bench(lambda: cp.linalg.eigvalsh(s), 20, 3):.4f}")
    print(f"r{r} cupy tensorsolve f64 {bench(lambda: cp.linalg.tensorsolve(a4, b), 20, 3):.4f}")
    print(f"r{r} cupy add.at 2^24 f32 {bench(add_at, 20, 3):.4f}")
