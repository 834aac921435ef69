"""CuPy's figures for ManagedMemoryBench: CuPy's allocator set to a memory pool over managed memory
   (cupy.cuda.MemoryPool(cupy.cuda.malloc_managed)), a float32 array of 1.5 times the device's memory
   filled with ones, summed and added to in place (a += 1), whole and in eight chunks each prefetched
   to the device first (cupy.cuda.runtime.memPrefetchAsync); the median wall milliseconds of the reps
   (each ends with a synchronize) and GB/s, in ManagedMemoryBench's rows.
   Run it on a GPU given to it alone: oversubscribed managed memory can stall a shared GPU.
   python3 .gpu/cupy_managed_anchors.py [factor] [reps]"""
import sys
import time
import cupy as cp

factor = float(sys.argv[1]) if len(sys.argv) > 1 else 1.5
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 3
CHUNKS = 8

cp.cuda.set_allocator(cp.cuda.MemoryPool(cp.cuda.malloc_managed).malloc)
dev = cp.cuda.Device()
total = dev.mem_info[1]
n = int(total * factor) // 4


def row(name, ms, nbytes):
    print(f"{name:<44} {ms:12.4f} {nbytes / ms / 1e6:12.1f}")


def prefetch(view):
    stream = cp.cuda.get_current_stream().ptr
    rt = cp.cuda.runtime
    try:
        rt.memPrefetchAsync(view.data.ptr, view.nbytes, dev.id, stream)
    except TypeError:  # a CuPy built for CUDA 13, whose prefetch takes a location
        loc = rt.MemLocation() if hasattr(rt, "MemLocation") else None
        if loc is None:
            raise
        loc.type, loc.id = rt.memLocationTypeDevice, dev.id
        rt.memPrefetchAsync(view.data.ptr, view.nbytes, loc, 0, stream)


def wall_ms(op):
    op()
    dev.synchronize()
    ms = []
    for _ in range(reps):
        t0 = time.perf_counter()
        op()
        dev.synchronize()
        ms.append((time.perf_counter() - t0) * 1e3)
    ms.sort()
    return ms[reps // 2]


a = cp.ones(n, dtype=cp.float32)
expected = [float(n)]


def check(got):
    if abs(float(got) - expected[0]) > 1e-3 * expected[0]:
        raise SystemExit(f"sum {float(got)}, expected {expected[0]}")


def add_one():
    cp.add(a, cp.float32(1), out=a)
    expected[0] += n


def chunked_sum():
    step = (n + CHUNKS - 1) // CHUNKS
    tot = 0.0
    for s in range(0, n, step):
        c = a[s:min(n, s + step)]
        prefetch(c)
        tot += float(c.sum())
    return tot


def chunked_add_one():
    step = (n + CHUNKS - 1) // CHUNKS
    for s in range(0, n, step):
        c = a[s:min(n, s + step)]
        prefetch(c)
        cp.add(c, cp.float32(1), out=c)
    expected[0] += n


print(f"cupy_managed_anchors on {dev.id} ({cp.cuda.runtime.getDeviceProperties(dev.id)['name'].decode()}, "
      f"{total >> 20} MiB), CuPy {cp.__version__}")
print(f"float32 array of {n} elements: {factor:.2f}x the device's memory ({n * 4.0 / (1 << 30):.1f} GiB)")
row("managed f32 sum", wall_ms(lambda: check(a.sum())), n * 4.0)
row("managed f32 add in place", wall_ms(add_one), n * 8.0)
try:
    row("managed f32 sum, chunks prefetched", wall_ms(lambda: check(chunked_sum())), n * 4.0)
    row("managed f32 add in place, chunks prefetched", wall_ms(chunked_add_one), n * 8.0)
except (TypeError, AttributeError, cp.cuda.runtime.CUDARuntimeError) as e:
    print(f"{'managed f32, chunks prefetched':<44} not measured: this CuPy's memPrefetchAsync failed: {e}")
