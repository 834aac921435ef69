"""CuPy twin of org.ndgpu.benchmarks.GemmProbe: square matmuls timed one by one with CUDA events.
   python3 .gpu/gemm_probe.py float64 8192 20 [save_dir]   (save_dir: also writes a.npy, b.npy)"""
import sys
import numpy as np
import cupy as cp

dt = sys.argv[1] if len(sys.argv) > 1 else "float64"
n = int(sys.argv[2]) if len(sys.argv) > 2 else 8192
reps = int(sys.argv[3]) if len(sys.argv) > 3 else 3
a = cp.random.random((n, n), dtype=dt); b = cp.random.random((n, n), dtype=dt)
if len(sys.argv) > 4:
    np.save(f"{sys.argv[4]}/a.npy", cp.asnumpy(a)); np.save(f"{sys.argv[4]}/b.npy", cp.asnumpy(b))
ms = []
for _ in range(reps):
    s, e = cp.cuda.Event(), cp.cuda.Event()
    s.record(); c = a @ b; e.record(); e.synchronize()
    ms.append(cp.cuda.get_elapsed_time(s, e)); del c
med = float(np.median(ms))
print(f"CuPy {dt} {n}: median {med:.3f} ms = {2 * n ** 3 / med / 1e9:.2f} TFLOP/s; each: {[round(v, 2) for v in ms]}")
