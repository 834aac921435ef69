"""CuPy's figures for TemporariesBench: the same step (t = t * 0.5 + 0.25 ten times, then a copy into
   o) in windows of 2,000 steps, microseconds per step, and the pool's bytes in use.
   python3 .gpu/cupy_temporaries_anchors.py"""
import time
import cupy as cp


def step(x, o):
    t = x
    for _ in range(10):
        t = t * cp.float32(0.5) + cp.float32(0.25)
    cp.copyto(o, t)


pool = cp.get_default_memory_pool()
x = cp.random.RandomState(3).random_sample(4096, dtype=cp.float32)
o = cp.empty(4096, cp.float32)
for _ in range(200):
    step(x, o)
us, most = [], 0
for w in range(12):
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    for _ in range(2000):
        step(x, o)
    cp.cuda.Device().synchronize()
    us.append((time.perf_counter() - t0) / 2000 * 1e6)
    most = max(most, pool.used_bytes())
us.sort()
print(f"{'20-op step 4096 f32, CuPy eager':<44} {us[len(us) // 2]:8.2f} us/step (worst window {us[-1]:.2f}), "
      f"pool in use at most {most / 1048576:.1f} MiB")

# the 16 MiB step as TemporariesBench times it: 200 warm-up steps, then 2,000 steps each synchronized;
# its median, its slowest and the steps over 3x the median: the reference for issue 44's 16 MiB bar
big = cp.random.RandomState(4).random_sample(4 << 20, dtype=cp.float32)
ob = cp.empty(4 << 20, cp.float32)
for _ in range(200):
    step(big, ob)
cp.cuda.Device().synchronize()
steps = []
for _ in range(2000):
    t0 = time.perf_counter()
    step(big, ob)
    cp.cuda.Device().synchronize()
    steps.append((time.perf_counter() - t0) * 1e6)
med = sorted(steps)[len(steps) // 2]
print(f"{'20-op step 16 MiB f32, CuPy eager':<44} step median {med:.2f} us, max {max(steps):.1f} "
      f"({max(steps) / med:.1f}x), {sum(s > 3 * med for s in steps)} over 3x; pool in use at most "
      f"{pool.used_bytes() / 1048576:.1f} MiB")
