"""CuPy beside .gpu/EighTime.java: eigvalsh and eigh of random symmetric stacks, median of 10 after 2 warm-ups, three rounds."""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cupy as cp
from cupy_timing import bench
for (m, n) in ((4096, 8), (10000, 16), (10000, 32), (2000, 64)):
    for dt in (cp.float32, cp.float64):
        x = cp.random.default_rng(3).standard_normal((m, n, n)).astype(dt)
        a = x + x.transpose(0, 2, 1)
        for r in range(3):
            print(f"cupy eigvalsh {m}x{n}x{n} {dt.__name__} r{r} {bench(lambda: cp.linalg.eigvalsh(a), 10, 2):.4f}")
            print(f"cupy eigh {m}x{n}x{n} {dt.__name__} r{r} {bench(lambda: cp.linalg.eigh(a), 10, 2):.4f}")
