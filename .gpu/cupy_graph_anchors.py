"""CuPy's figures for GraphBench: the same 20-operation step eager and as a graph captured with
   cupy.cuda.Stream.begin_capture, in microseconds per step over a loop (device finished at the end).
   python3 .gpu/cupy_graph_anchors.py"""
import time
import cupy as cp
from cupy_timing import bench, report


def step(x, y, o):
    t = x * cp.float32(0.5)
    t = t + y
    t = t * t
    t = -t
    t = cp.exp(t)
    t = t + cp.float32(1)
    t = cp.log(t)
    t = t - x
    t = t * y
    t = cp.abs(t)
    t = cp.sqrt(t)
    t = t + cp.float32(0.25)
    t = t * cp.float32(2)
    t = cp.sin(t)
    t = t * t
    t = t + x
    t = t - y
    t = t / cp.float32(3)
    t = cp.tanh(t)
    cp.copyto(o, t)


def loop_us(work, calls):
    cp.cuda.get_current_stream().synchronize()
    t0 = time.perf_counter()
    for _ in range(calls):
        work()
    cp.cuda.get_current_stream().synchronize()
    return (time.perf_counter() - t0) / calls * 1e6


n = 1 << 24
rs = cp.random.RandomState(6)
x = rs.random_sample(n, dtype=cp.float32)
y = rs.random_sample(n, dtype=cp.float32)
o = cp.empty(n, cp.float32)
s = cp.cuda.Stream(non_blocking=True)
with s:
    step(x, y, o)
    s.begin_capture()
    step(x, y, o)
    g = s.end_capture()
    report("20-op step 2^24 f32 eager", bench(lambda: step(x, y, o)), 20 * 3.0 * 4 * n)
    report("20-op step 2^24 f32 graph replay", bench(lambda: g.launch(s)), 20 * 3.0 * 4 * n)


def jacobi(u):
    u[1:-1, 1:-1] = (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:]) * cp.float32(0.25)


def logistic(x, y, w, rate):
    p = 1 / (1 + cp.exp(-(x @ w)))
    w -= (x.T @ (p - y)) * cp.float32(rate / x.shape[0])


def eager_and_graph(name, work, calls=500, rounds=3):
    s = cp.cuda.Stream(non_blocking=True)
    with s:
        work()
        s.begin_capture()
        try:
            work()
            g = s.end_capture()
        except Exception as e:  # CuPy refuses cuBLAS calls during a capture
            try:
                s.end_capture()
            except Exception:
                pass
            g = None
            print(f"{name}: CuPy cannot capture it: {type(e).__name__}: {e}")
        eager = replay = 0
        for _ in range(rounds):
            eager = loop_us(work, calls)
            if g is not None:
                replay = loop_us(lambda: g.launch(s), calls)
    print(f"{name + ' eager':<44} {eager:10.2f} us/step")
    if g is not None:
        print(f"{name + ' graph replay':<44} {replay:10.2f} us/step")


for n in (1024, 4096):
    rs = cp.random.RandomState(5)
    x1 = rs.random_sample(n, dtype=cp.float32)
    y1 = rs.random_sample(n, dtype=cp.float32)
    o1 = cp.empty(n, cp.float32)
    eager_and_graph("20-op step %d f32" % n, lambda: step(x1, y1, o1), 2000, 5)

u = cp.random.RandomState(7).random_sample((1024, 1024), dtype=cp.float32)
eager_and_graph("Jacobi sweep 1024^2 f32", lambda: jacobi(u))
rs = cp.random.RandomState(8)
x = rs.uniform(-1, 1, (4096, 64)).astype(cp.float32)
y = cp.rint(rs.random_sample(4096, dtype=cp.float32))
w = cp.zeros(64, cp.float32)
eager_and_graph("logistic step 4096x64 f32", lambda: logistic(x, y, w, 0.1))
