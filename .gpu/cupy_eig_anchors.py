# CuPy beside EigBench (issue 22): cupy.linalg.eig with vectors, eigenvalues read back, median of 5 after one warm-up
import time, cupy as cp
if not hasattr(cp.linalg, "eig"):
    print("CuPy", cp.__version__, "has no cupy.linalg.eig"); raise SystemExit
for dt in (cp.float64, cp.float32):
    for n in (256, 1024, 2048):
        m = cp.random.uniform(-1, 1, (n, n)).astype(dt)
        ts = []
        for r in range(6):
            cp.cuda.Device().synchronize(); t0 = time.perf_counter()
            w, v = cp.linalg.eig(m); w.get()
            if r: ts.append((time.perf_counter() - t0) * 1e3)
        ts.sort()
        print(f"CuPy {cp.__version__} eig {cp.dtype(dt).name} {n}: {ts[2]:.2f} ms (median of 5, vectors)")
