# On the GPU host, CuPy's own cuSOLVER bindings: potrf and syevd (no vectors) of an F-order 1024 matrix
# with the lower and the upper triangle, device time by events, median of 15 (7): which triangle
# cuSOLVER factors faster (BENCHMARKS.md, twenty-third session).   python3 .gpu/cupy_potrf_uplo.py
import cupy as cp, numpy as np
from cupy.cuda import cusolver, device
from cupy_backends.cuda.libs import cublas
h = device.get_cusolver_handle()
def med(f, reps=15):
    for _ in range(3): f()
    s, e = cp.cuda.Event(), cp.cuda.Event(); ts = []
    for _ in range(reps):
        s.record(); f(); e.record(); e.synchronize(); ts.append(cp.cuda.get_elapsed_time(s, e))
    return sorted(ts)[reps // 2]
for dt, potrf, pbuf, syevd, sbuf in ((np.float32, cusolver.spotrf, cusolver.spotrf_bufferSize, cusolver.ssyevd, cusolver.ssyevd_bufferSize),
                                     (np.float64, cusolver.dpotrf, cusolver.dpotrf_bufferSize, cusolver.dsyevd, cusolver.dsyevd_bufferSize)):
    n = 1024
    x = cp.random.standard_normal((n, n)).astype(dt)
    spd = cp.asfortranarray(x @ x.T + n * cp.eye(n, dtype=dt))
    info = cp.empty(1, dtype=np.int32)
    for uplo, name in ((cublas.CUBLAS_FILL_MODE_LOWER, 'L'), (cublas.CUBLAS_FILL_MODE_UPPER, 'U')):
        lw = pbuf(h, uplo, n, spd.data.ptr, n)
        ws = cp.empty(lw, dtype=dt)
        a = spd.copy(order='F')
        def f():
            a[...] = spd
            potrf(h, uplo, n, a.data.ptr, n, ws.data.ptr, lw, info.data.ptr)
        t = med(f)
        tc = med(lambda: a.__setitem__(Ellipsis, spd))
        lw2 = sbuf(h, cusolver.CUSOLVER_EIG_MODE_NOVECTOR, uplo, n, spd.data.ptr, n, 0)
        w = cp.empty(n, dtype=dt); ws2 = cp.empty(lw2, dtype=dt)
        def g():
            a[...] = spd
            syevd(h, cusolver.CUSOLVER_EIG_MODE_NOVECTOR, uplo, n, a.data.ptr, n, w.data.ptr, ws2.data.ptr, lw2, info.data.ptr)
        t2 = med(g, 7)
        print(f"{np.dtype(dt).name} uplo {name}: potrf {t - tc:.4f} ms, syevd N {t2 - tc:.4f} ms (copy {tc:.4f})")
