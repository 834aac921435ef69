"""CuPy's figures for the transposed-operand rows of ElementwiseBench (issue 20), timed the same way
   (CUDA events around each call after warm-up, median), printed with the same row names.
   python3 .gpu/cupy_transpose_anchors.py"""
import cupy as cp
import cupy_timing

def bench(fn):
    return cupy_timing.bench(fn, reps=20, warm=5)

def report(name, ms, nbytes):
    print(f"{name:44s} {ms:12.3f} {nbytes / ms / 1e6:10.0f}")

t = 16384
tt = t * t
m = cp.random.uniform(-1, 1, (t, t), dtype=cp.float32)
b = cp.random.uniform(-1, 1, (t, t), dtype=cp.float32)
print(f"{'case':44s} {'median ms':>12s} {'GB/s':>10s}")
report("ascontiguousarray(m.T()) 16384^2 f32", bench(lambda: cp.ascontiguousarray(m.T)), 8 * tt)
report("m.T().astype(float64) 16384^2 f32", bench(lambda: m.T.astype(cp.float64)), 12 * tt)
def to_c64():
    o = cp.empty((t, t), dtype=cp.float64)
    cp.copyto(o, m.T)
    return o
report("m.T() -> C float64 (copyto) 16384^2 f32", bench(to_c64), 12 * tt)
report("a.T().add(b) 16384^2 f32", bench(lambda: m.T + b), 12 * tt)
