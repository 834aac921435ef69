"""CuPy's figures for SpecialBench: the same cupyx.scipy.special calls on the same sizes of float32
   input, each result first checked on a slice against float64 (as SpecialBench checks ndgpu's).
   python3 .gpu/cupy_special_anchors.py [log2 of the elementwise size] [side of the square]"""
import sys
import numpy as np
import cupy as cp
import cupyx.scipy.special as sp
from cupy_timing import bench, report

log2 = int(sys.argv[1]) if len(sys.argv) > 1 else 28
side = int(sys.argv[2]) if len(sys.argv) > 2 else 16384
n = 1 << log2
size = f"2^{log2} f32"
nbytes = 2.0 * 4 * n
SLICE = 1 << 16
print("device:", cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "cupy", cp.__version__)


def check(name, got, want, rtol=2e-6):
    """CuPy's float32 kernels are CUDA's float functions (lgammaf is good to an absolute, not a relative,
       error near gammaln's roots): a miss of SpecialBench's tolerance is reported, not fatal."""
    err = np.abs(got - want) / np.maximum(np.abs(want), 1e-30)
    bad = int(np.sum(~(err <= rtol)))
    if bad:
        i = int(np.nanargmax(err))
        print(f"  check {name}: {bad} of {len(want)} off by more than {rtol:g} relative; worst {err[i]:.2e} "
              f"(got {got[i]!r}, float64 {want[i]!r})")


def elementwise(name, lo, hi, f):
    x = lo + (hi - lo) * cp.random.default_rng(40).random(n, dtype=cp.float32)
    y = f(x)
    assert y.dtype == cp.float32, (name, y.dtype)
    want = cp.asnumpy(f(x[:SLICE].astype(cp.float64)))
    check(name, cp.asnumpy(y[:SLICE]).astype(np.float64), want)
    del y
    report(name, bench(lambda: f(x)), nbytes)


elementwise(f"erf [-3, 3] {size}", -3, 3, sp.erf)
elementwise(f"gammaln (0, 50] {size}", 1e-6, 50, sp.gammaln)
elementwise(f"erfinv (-1, 1) {size}", -0.999, 0.999, sp.erfinv)
elementwise(f"i0e [-50, 50] {size}", -50, 50, sp.i0e)
elementwise(f"ndtri (0, 1) {size}", 1e-6, 1 - 1e-6, sp.ndtri)

rows = f"{side}x{side} f32"
x = (cp.random.default_rng(40).standard_normal((side, side), dtype=cp.float32) * 4)
head = cp.asnumpy(x[:4]).astype(np.float64)
m = head.max(axis=1, keepdims=True)
e = np.exp(head - m)
check("logsumexp", cp.asnumpy(sp.logsumexp(x, axis=-1)[:4]).astype(np.float64),
      (m + np.log(e.sum(axis=1, keepdims=True)))[:, 0], 1e-5)
report(f"logsumexp axis -1 {rows}", bench(lambda: sp.logsumexp(x, axis=-1)), 4.0 * side * side)
check("softmax", cp.asnumpy(sp.softmax(x, axis=-1)[:4]).astype(np.float64).ravel(),
      (e / e.sum(axis=1, keepdims=True)).ravel(), 1e-5)
report(f"softmax axis -1 {rows}", bench(lambda: sp.softmax(x, axis=-1)), 2.0 * 4 * side * side)
