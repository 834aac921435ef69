"""CuPy's figures for MultiGpuBench's rows (issue 18), timed the same way (wall clock until every
   device involved has finished, median after warm-up), printed with the same row names.
   python3 .gpu/cupy_multigpu_anchors.py"""
import time
import cupy as cp

def wall(fn, devices, reps=10, warm=3):
    def once():
        r = fn()
        for d in devices:
            cp.cuda.Device(d).synchronize()
        return r
    for _ in range(warm):
        once()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter(); r = once(); ts.append((time.perf_counter() - t0) * 1e3); del r
    ts.sort()
    return ts[len(ts) // 2]

def report(name, ms, nbytes, extra=""):
    print(f"{name:52s} {ms:12.4f} {nbytes / ms / 1e6:12.1f}  {extra}")

if cp.cuda.runtime.getDeviceCount() < 2:
    raise SystemExit("cupy_multigpu_anchors: needs two GPUs")
print(f"CuPy {cp.__version__} on 2 GPUs; peer access 0->1: {cp.cuda.runtime.deviceCanAccessPeer(1, 0)}")
print(f"{'case':52s} {'median ms':>12s} {'GB/s':>12s}")
n = 1 << 28
with cp.cuda.Device(0):
    a = cp.random.uniform(0, 1, n, dtype=cp.float32)
def to1():
    with cp.cuda.Device(1):
        return cp.asarray(a)       # CuPy copies across devices peer to peer
report("CuPy peer copy 1 GiB f32 cuda:0 -> cuda:1 (asarray)", wall(to1, [0, 1]), 4.0 * n)
with cp.cuda.Device(1):
    c = cp.empty(n, dtype=cp.float32)
def into1():
    with cp.cuda.Device(1):
        c.data.copy_from_device_async(a.data, 4 * n)
report("CuPy peer copy 1 GiB f32 into cuda:1 (copy_from_device)", wall(into1, [0, 1]), 4.0 * n)
del a, c

try:
    from cupy.cuda import nccl
    m = 1 << 26
    comms = nccl.NcclCommunicator.initAll([0, 1])
    xs = []
    for d in (0, 1):
        with cp.cuda.Device(d):
            xs.append(cp.random.uniform(0, 1, m, dtype=cp.float32))
    def allreduce():
        nccl.groupStart()
        for d in (0, 1):
            with cp.cuda.Device(d):
                comms[d].allReduce(xs[d].data.ptr, xs[d].data.ptr, m, nccl.NCCL_FLOAT32, nccl.NCCL_SUM,
                                   cp.cuda.get_current_stream().ptr)
        nccl.groupEnd()
    ms = wall(allreduce, [0, 1], reps=20, warm=50)
    algbw = 4.0 * m / ms / 1e6
    print(f"{'CuPy NCCL allReduce 256 MiB f32 in place: busbw':52s} {ms:12.4f} {algbw:12.1f}  (algbw {algbw:.1f} GB/s, NCCL {nccl.get_version()})")
    with cp.cuda.Device(0):
        ts = []
        for _ in range(20):
            s, e = cp.cuda.Event(), cp.cuda.Event()
            s.record(); allreduce(); e.record(); e.synchronize()
            ts.append(cp.cuda.get_elapsed_time(s, e))
        ts.sort(); dev = ts[len(ts) // 2]
    print(f"{'  the same, device time on cuda:0 (events): busbw':52s} {dev:12.4f} {4.0 * m / dev / 1e6:12.1f}")
    del xs
except Exception as e:     # noqa: BLE001 - report why CuPy's NCCL row is missing
    print(f"CuPy NCCL allReduce: unavailable: {e!r}")

# one GPU, for reference beside ndgpu's one-GPU rows
with cp.cuda.Device(0):
    n = 1 << 30
    x = cp.random.uniform(0, 1, n, dtype=cp.float32)
    y = cp.random.uniform(0, 1, n, dtype=cp.float32)
    report("CuPy add 2^30 f32 on one GPU", wall(lambda: x + y, [0]), 12.0 * n)
    report("CuPy sum 2^30 f32 on one GPU", wall(lambda: x.sum(), [0]), 4.0 * n)
    del y
# the same sum split over the two GPUs, CuPy's way: launch on each device in turn, then read each partial
half = n // 2
shards = []
for d in (0, 1):
    with cp.cuda.Device(d):
        shards.append(cp.asarray(x[d * half:(d + 1) * half]))
def split_sum():
    parts = []
    for d in (0, 1):
        with cp.cuda.Device(d):
            parts.append(shards[d].sum())
    return sum(float(q) for q in parts)
report("CuPy sum 2^30 f32 split over 2 GPUs (in turn)", wall(split_sum, [0, 1]), 4.0 * n)
del x, shards
with cp.cuda.Device(0):
    k = 16384
    p = cp.random.uniform(-1, 1, (k, k), dtype=cp.float32)
    q = cp.random.uniform(-1, 1, (k, k), dtype=cp.float32)
    ms = wall(lambda: p @ q, [0], reps=5)
    print(f"{'CuPy matmul 16384^2 f32 on one GPU':52s} {ms:12.4f} {'':12s}  ({2.0 * k ** 3 / ms / 1e9:.1f} TFLOP/s)")
