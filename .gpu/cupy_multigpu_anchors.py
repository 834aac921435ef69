"""CuPy's figures for MultiGpuBench's rows (issues 18 and 42), timed the same way (wall clock until every
   device involved has finished, median after warm-up), printed with the same row names.
   python3 .gpu/cupy_multigpu_anchors.py [N [split=LOG2]]   (N GPUs; default every GPU found, at least 2;
   split=LOG2: the split add and sum alone, of 2^LOG2 float32, as MultiGpuBench split=LOG2)
   Each row runs on its own: one that fails prints why and the others still run."""
import sys
import time
import traceback
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
    print(f"{name:52s} {ms:12.4f} {nbytes / ms / 1e6:12.1f}  {extra}", flush=True)


def speedup(name, one_ms, split_ms, k, nbytes):
    print(f"{name + ' on ' + str(k) + ' GPUs':52s} {split_ms:12.4f} {nbytes / split_ms / 1e6:12.1f}  one GPU "
          f"{one_ms:.4f} ms ({nbytes / one_ms / 1e6:.1f} GB/s): {k} GPUs take {split_ms / one_ms:.3f}x the time "
          f"({one_ms / split_ms:.2f}x speed-up)", flush=True)


def speedup_flops(name, one_ms, split_ms, k, flops):
    print(f"{name + ' on ' + str(k) + ' GPUs':52s} {split_ms:12.4f} {'':12s}  one GPU {one_ms:.4f} ms "
          f"({flops / one_ms / 1e9:.1f} TFLOP/s vs {flops / split_ms / 1e9:.1f}): {k} GPUs take "
          f"{split_ms / one_ms:.3f}x the time ({one_ms / split_ms:.2f}x speed-up)", flush=True)


def attempt(what, fn):
    """Runs one row; a failure prints its reason and the script goes on to the next row."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - report why the row is missing, keep the others
        print(f"{what}: failed: {e!r}", flush=True)
        traceback.print_exc(limit=3)
    finally:
        for d in range(cp.cuda.runtime.getDeviceCount()):
            with cp.cuda.Device(d):
                cp.get_default_memory_pool().free_all_blocks()


found = cp.cuda.runtime.getDeviceCount()
K = int(sys.argv[1]) if len(sys.argv) > 1 else found
if found < 2 or K < 2 or K > found:
    raise SystemExit(f"cupy_multigpu_anchors: needs {max(2, K)} GPUs, found {found}")
GPUS = list(range(K))
peers = [(i, j) for i in GPUS for j in GPUS if i != j and not cp.cuda.runtime.deviceCanAccessPeer(i, j)]
print(f"CuPy {cp.__version__} on {K} GPUs; pairs without peer access: {peers or 'none'}")
try:
    from cupy.cuda import nccl
    print(f"CuPy's NCCL {nccl.get_version()} (cupy.cuda.nccl)")
except Exception as e:  # noqa: BLE001
    nccl = None
    print(f"CuPy's NCCL: unavailable: {e!r}")
print(f"{'case':52s} {'median ms':>12s} {'GB/s':>12s}")


def peer_copy():
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


def every_pair():
    """The peer copy of 1 GiB between every ordered pair (more than two GPUs), as MultiGpuBench's row."""
    n = 1 << 28
    rates = {}
    for i in GPUS:
        with cp.cuda.Device(i):
            a = cp.random.uniform(0, 1, n, dtype=cp.float32)
        for j in GPUS:
            if i == j:
                continue

            def to_j():
                with cp.cuda.Device(j):
                    return cp.asarray(a)
            rates[(i, j)] = 4.0 * n / wall(to_j, [i, j], reps=5, warm=2) / 1e6
        del a
    slow = min(rates, key=rates.get)
    print(f"{'CuPy peer copy 1 GiB f32, every ordered pair: slowest':52s} {'':12s} {rates[slow]:12.1f}  "
          f"(fastest pair {max(rates.values()):.1f} GB/s; slowest cuda:{slow[0]} -> cuda:{slow[1]})", flush=True)


def all_reduce():
    if nccl is None:
        raise RuntimeError("cupy.cuda.nccl did not import")
    m = 1 << 26
    comms = nccl.NcclCommunicator.initAll(GPUS)
    xs = []
    for d in GPUS:
        with cp.cuda.Device(d):
            xs.append(cp.random.uniform(0, 1, m, dtype=cp.float32))

    def allreduce():
        nccl.groupStart()
        for i, d in enumerate(GPUS):
            with cp.cuda.Device(d):
                comms[i].allReduce(xs[i].data.ptr, xs[i].data.ptr, m, nccl.NCCL_FLOAT32, nccl.NCCL_SUM,
                                   cp.cuda.get_current_stream().ptr)
        nccl.groupEnd()
    ms = wall(allreduce, GPUS, reps=20, warm=50)
    algbw = 4.0 * m / ms / 1e6
    bus = algbw * 2 * (K - 1) / K
    print(f"{'CuPy NCCL allReduce 256 MiB f32 in place: busbw':52s} {ms:12.4f} {bus:12.1f}  "
          f"(algbw {algbw:.1f} GB/s, {K} GPUs, NCCL {nccl.get_version()})", flush=True)
    with cp.cuda.Device(0):  # rank 0's part cannot end before every rank's has
        ts = []
        for _ in range(20):
            s, e = cp.cuda.Event(), cp.cuda.Event()
            s.record(); allreduce(); e.record(); e.synchronize()
            ts.append(cp.cuda.get_elapsed_time(s, e))
        ts.sort(); dev = ts[len(ts) // 2]
    print(f"{'  the same, device time on cuda:0 (events): busbw':52s} {dev:12.4f} "
          f"{4.0 * m / dev / 1e6 * 2 * (K - 1) / K:12.1f}", flush=True)
    for d in GPUS:
        cp.cuda.Device(d).synchronize()
    del xs
    for c in comms:
        c.destroy()


def shard(x, d):
    """Rows [d*s, (d+1)*s) of x copied to device d (the last shard takes the remainder)."""
    s = x.shape[0] // K
    hi = x.shape[0] if d == K - 1 else (d + 1) * s
    with cp.cuda.Device(d):
        return cp.asarray(x[d * s:hi])


one = {}


def split_add_sum(log2=30):
    n = 1 << log2
    z = f"2^{log2}"
    with cp.cuda.Device(0):
        x = cp.random.uniform(0, 1, n, dtype=cp.float32)
        y = cp.random.uniform(0, 1, n, dtype=cp.float32)
        one["add"] = wall(lambda: x + y, [0])
        report(f"CuPy add {z} f32 on one GPU", one["add"], 12.0 * n)
        one["sum"] = wall(lambda: float(x.sum()), [0])
        report(f"CuPy sum {z} f32 on one GPU (and its read)", one["sum"], 4.0 * n)
    xs = [shard(x, d) for d in GPUS]
    ys = [shard(y, d) for d in GPUS]
    total = float(x.sum())
    del x, y

    def split_add():  # launched on each device in turn; the results stay sharded
        out = []
        for d in GPUS:
            with cp.cuda.Device(d):
                out.append(xs[d] + ys[d])
        return out
    speedup(f"CuPy add {z} f32 (launched in turn)", one["add"], wall(split_add, GPUS), K, 12.0 * n)

    got = [0.0]

    def split_sum():  # CuPy's way: launch on each device in turn, then read each partial
        parts = []
        for d in GPUS:
            with cp.cuda.Device(d):
                parts.append(xs[d].sum())
        got[0] = sum(float(q) for q in parts)
        return got[0]
    speedup(f"CuPy sum {z} f32 (launched in turn, partials read)", one["sum"], wall(split_sum, GPUS), K, 4.0 * n)
    if abs(got[0] - total) > 1e-4 * abs(total):
        print(f"CuPy split sum differs: {got[0]} vs {total}")
    for d in GPUS:
        with cp.cuda.Device(d):
            s, e = cp.cuda.Event(), cp.cuda.Event()
            ts = []
            for _ in range(10):
                s.record(); xs[d].sum(); e.record(); e.synchronize()
                ts.append(cp.cuda.get_elapsed_time(s, e))
            ts.sort()
            report(f"  CuPy sum of the shard on cuda:{d} alone (events)", ts[len(ts) // 2], 4.0 * xs[d].size)
    del xs, ys


def split_matmul():
    k = 16384
    with cp.cuda.Device(0):
        p = cp.random.uniform(-1, 1, (k, k), dtype=cp.float32)
        q = cp.random.uniform(-1, 1, (k, k), dtype=cp.float32)
        one["matmul"] = wall(lambda: p @ q, [0], reps=5)
        print(f"{'CuPy matmul 16384^2 f32 on one GPU':52s} {one['matmul']:12.4f} {'':12s}  "
              f"({2.0 * k ** 3 / one['matmul'] / 1e9:.1f} TFLOP/s)", flush=True)
    rows = [shard(p, d) for d in GPUS]
    qs = []
    for d in GPUS:
        with cp.cuda.Device(d):
            qs.append(cp.asarray(q))
    del p, q

    def split():  # each device multiplies its rows of A by its copy of B, launched in turn
        out = []
        for d in GPUS:
            with cp.cuda.Device(d):
                out.append(rows[d] @ qs[d])
        return out
    speedup_flops("CuPy matmul 16384^2 f32 split by rows (in turn)", one["matmul"], wall(split, GPUS, reps=5), K,
                  2.0 * k ** 3)
    del rows, qs


if len(sys.argv) > 2:  # "N split=LOG2": the split add and sum alone, at 2^LOG2
    log2 = int(sys.argv[2].removeprefix("split="))
    attempt("split add and sum", lambda: split_add_sum(log2))
    sys.exit(0)
attempt("peer copy", peer_copy)
if K > 2:
    attempt("peer copy, every pair", every_pair)
attempt("NCCL allReduce", all_reduce)
attempt("split add and sum", split_add_sum)
attempt("split matmul", split_matmul)


def nccl_file():
    """Which libnccl this process mapped: the file to give ndgpu as -Dndgpu.nccl.library to compare like with like."""
    with open("/proc/self/maps") as f:
        files = sorted({line.split()[-1] for line in f if "libnccl" in line})
    print(f"CuPy's libnccl file(s): {files or 'none mapped'}")


attempt("libnccl file", nccl_file)
