"""CuPy's figures for ColdStartBench, in a fresh python process: per-call time of the first 300
add and sum of 1024 float32 (calls in a loop, one synchronize, divided by the count), the warm
per-call time after 20,000 calls, and the time from process start to the first result.
   python3 .gpu/cupy_cold_anchors.py"""
import os, time

def process_start():
    # /proc/self/stat field 22: start time in clock ticks after boot
    with open("/proc/self/stat") as f:
        ticks = int(f.read().rsplit(")", 1)[1].split()[19])
    with open("/proc/uptime") as f:
        up = float(f.read().split()[0])
    return time.time() - up + ticks / os.sysconf("SC_CLK_TCK")

start = process_start()
import numpy as np
import cupy as cp

N, COLD, WARM, MEASURE = 1024, 300, 20000, 2000
i = np.arange(N)
a = cp.asarray(((i % 97) * 0.25 - 3).astype(np.float32))
b = cp.asarray(((i % 89) * 0.5 + 1).astype(np.float32))
first = float((a + b).sum().get())
first_ms = (time.time() - start) * 1e3
a.sum()
cp.cuda.Device().synchronize()

def series(count, fn):
    t0 = time.perf_counter()
    for _ in range(count):
        fn()
    cp.cuda.Device().synchronize()
    return (time.perf_counter() - t0) * 1e6 / count

add300 = series(COLD, lambda: a + b)
sum300 = series(COLD, lambda: a.sum())
for _ in range(0, WARM, 100):
    series(100, lambda: a + b)
    series(100, lambda: a.sum())
add_warm = series(MEASURE, lambda: a + b)
sum_warm = series(MEASURE, lambda: a.sum())

def row(what, value, unit):
    print(f"{what:50s} {value:10.2f} {unit}")

print(f"CuPy {cp.__version__} cold start (first result {first:.1f})")
row("process start to first result (add + sum read back)", first_ms, "ms")
row(f"add 1024 f32, per call, first {COLD} calls", add300, "us")
row(f"sum 1024 f32, per call, first {COLD} calls", sum300, "us")
row(f"add 1024 f32, per call, after {WARM} calls", add_warm, "us")
row(f"sum 1024 f32, per call, after {WARM} calls", sum_warm, "us")
