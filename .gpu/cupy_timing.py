"""How the CuPy anchor scripts time a call, as ndgpu's GPU benchmarks do: CUDA events around each
   call after warm-up, the median of the reps; and the row they print."""
import cupy as cp

def bench(fn, reps=10, warm=2):
    for _ in range(warm):
        fn()
    cp.cuda.Device().synchronize()
    ts = []
    for _ in range(reps):
        s, e = cp.cuda.Event(), cp.cuda.Event()
        s.record(); r = fn(); e.record(); e.synchronize()
        ts.append(cp.cuda.get_elapsed_time(s, e))
        del r      # a large result goes back to the pool before the next call
    ts.sort()
    return ts[len(ts) // 2]

def report(name, ms, nbytes):
    print(f"{name:40s} {ms:9.3f} ms {nbytes / ms / 1e6:9.1f} GB/s")
