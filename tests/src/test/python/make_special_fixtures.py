#!/usr/bin/env python3
"""scipy.special fixtures for the special suites (org.ndgpu.special): run from the tests directory,
    python3 src/test/python/make_special_fixtures.py
writes src/test/resources/fixtures/special/cases.txt with SciPy 1.17's results. One block per case,
blocks separated by a blank line, one "key: values" line each (values space-separated, floats in
Python's repr so that they read back exactly; nan, inf and -inf as Python writes them):
    name (SciPy's), dtype (of every input), out (the result's dtype), x0, x1 (the inputs), expected.
Inputs are random over each function's whole domain (uniform and log-uniform, both signs, near the
poles and the domain's edges) followed by the edge values themselves (+-0, +-inf, NaN, the poles).
"""
import os
import numpy as np
import scipy
import scipy.special as sp

assert scipy.__version__.startswith("1.17"), scipy.__version__
OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "special", "cases.txt")
rng = np.random.default_rng(20261128)
EDGES = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, 2.0]
N = 100


def u(lo, hi, n=N):
    return rng.uniform(lo, hi, n)


def logu(lo, hi, n=N, signed=False):
    v = np.exp(rng.uniform(np.log(lo), np.log(hi), n))
    return v * rng.choice([-1.0, 1.0], n) if signed else v


def cat(*parts):
    return np.concatenate([np.asarray(p, dtype=np.float64) for p in parts])


# one input's draws, per function (two-input functions: a pair of draws, broadcast to one length)
UNARY = {
    "erf": lambda: cat(u(-6, 6), logu(1e-300, 30, signed=True)),
    "erfc": lambda: cat(u(-6, 27), logu(1e-300, 30, signed=True)),
    "erfcx": lambda: cat(u(-26, 30), logu(1e-300, 1e300, signed=True), u(11, 13)),
    "erfinv": lambda: cat(u(-1, 1), 1 - logu(1e-16, 0.5), logu(1e-300, 1, signed=True), [1 - 2.0 ** -53]),
    "erfcinv": lambda: cat(u(0, 2), logu(1e-300, 1), 2 - logu(1e-16, 1), [5e-324, 1e-310]),
    "expit": lambda: cat(u(-40, 40), logu(1e-10, 800, signed=True)),
    "logit": lambda: cat(u(0, 1), logu(1e-300, 0.5), 1 - logu(1e-16, 0.5), u(0.29, 0.66)),
    "log_expit": lambda: cat(u(-40, 40), logu(1e-10, 1e4, signed=True)),
    "entr": lambda: cat(u(-1, 10), logu(1e-300, 1e300)),
    "ndtr": lambda: cat(u(-40, 40), logu(1e-300, 1e3, signed=True)),
    "ndtri": lambda: cat(u(0, 1), logu(1e-300, 0.2), 1 - logu(1e-16, 0.2), [5e-324, 1e-310]),
    "log_ndtr": lambda: cat(u(-40, 40), -logu(1, 1e6), logu(1e-300, 1e3, signed=True)),
    "gamma": lambda: cat(u(-170, 172), logu(1e-300, 10, signed=True), u(-10, 10)),
    "gammaln": lambda: cat(u(-170, 172), logu(1e-300, 1e300, signed=True), u(-10, 10)),
    "loggamma": lambda: cat(u(-5, 172), logu(1e-300, 1e300), u(0, 10)),
    "digamma": lambda: cat(u(-100, 100), logu(1e-300, 1e300, signed=True), u(-10, 10)),
    "i0": lambda: cat(u(-20, 20), logu(1e-300, 713, signed=True), u(7, 9)),
    "i0e": lambda: cat(u(-20, 20), logu(1e-300, 1e300, signed=True), u(7, 9)),
    "i1": lambda: cat(u(-20, 20), logu(1e-300, 713, signed=True), u(7, 9)),
    "i1e": lambda: cat(u(-20, 20), logu(1e-300, 1e300, signed=True), u(7, 9)),
    "j0": lambda: cat(u(-20, 20), logu(1e-300, 1e4, signed=True), u(4, 11)),
    "j1": lambda: cat(u(-20, 20), logu(1e-300, 1e4, signed=True), u(4, 11)),
    "y0": lambda: cat(u(-1, 20), logu(1e-300, 1e4), u(4, 11)),
    "y1": lambda: cat(u(-1, 20), logu(1e-300, 1e4), u(4, 11)),
    "k0": lambda: cat(u(-1, 20), logu(1e-300, 700), u(1.5, 2.5)),
    "k1": lambda: cat(u(-1, 20), logu(1e-300, 700), u(1.5, 2.5)),
}
BINARY = {
    "xlogy": lambda: (cat(u(-10, 10), logu(1e-300, 1e300, signed=True)), cat(u(-1, 100), logu(1e-300, 1e300))),
    "xlog1py": lambda: (cat(u(-10, 10), logu(1e-300, 1e300, signed=True)), cat(u(-1.5, 100), logu(1e-300, 1e300, signed=True))),
    "rel_entr": lambda: (cat(u(-1, 10), logu(1e-300, 1e300)), cat(u(-1, 10), logu(1e-300, 1e300))),
    "kl_div": lambda: (cat(u(-1, 10), logu(1e-300, 1e300)), cat(u(-1, 10), logu(1e-300, 1e300))),
    "beta": lambda: (cat(u(-20, 20), logu(1e-5, 1e10), u(0, 200)), cat(u(-20, 20), logu(1e-5, 1e3), u(0, 200))),
    "betaln": lambda: (cat(u(-20, 20), logu(1e-5, 1e10), u(0, 200)), cat(u(-20, 20), logu(1e-5, 1e3), u(0, 200))),
    "zeta": lambda: (cat(u(0.5, 10), 1 + logu(1e-10, 100)), cat(u(-10, 30), logu(1e-10, 1e10))),
    "gammainc": lambda: (cat(u(0, 30), logu(1e-5, 1e5), u(150, 300), logu(1e-5, 1e5)), cat(u(0, 40), logu(1e-5, 1e5), u(150, 300), logu(1e-5, 1e5))),
    "gammaincc": lambda: (cat(u(0, 30), logu(1e-5, 1e5), u(150, 300), logu(1e-5, 1e5)), cat(u(0, 40), logu(1e-5, 1e5), u(150, 300), logu(1e-5, 1e5))),
    "gammaincinv": lambda: (cat(u(0, 30), logu(1e-5, 1e5), u(150, 300)), cat(u(0, 1), logu(1e-300, 0.5), 1 - logu(1e-16, 0.5))),
    "polygamma": lambda: (cat(np.repeat([0.0, 1.0, 2.0, 3.0, 5.0, 10.0], 50), u(0, 4)), cat(u(-10, 30), logu(1e-5, 1e6), u(-10, 30))),
}
# the edges of the two-input functions: every pair of these
EDGES2 = [0.0, -0.0, 1.0, -1.0, 2.5, -2.0, -3.0, np.inf, -np.inf, np.nan]

blocks = []
# SciPy's float32 loop of these runs Boost in float (betainc: errors up to 1e-4 relative); ndgpu computes
# in double and rounds once, so its float32 results are held to SciPy's float64 result, rounded
FLOAT32_IN_DOUBLE = {"betainc"}


def fmt(a):
    return " ".join(repr(float(v)) for v in np.asarray(a).ravel())


def emit(name, dtype, inputs):
    f = getattr(sp, name)
    if len(inputs) >= 2:
        n = max(len(x) for x in inputs)
        inputs = [np.resize(x, n) for x in inputs]
    with np.errstate(all="ignore"):
        args = [np.asarray(x, dtype=dtype) for x in inputs]
        y = f(*args)
        if name in FLOAT32_IN_DOUBLE and dtype == "float32":
            y = f(*(a.astype(np.float64) for a in args)).astype(np.float32)
    lines = [f"name: {name}", f"dtype: {dtype}", f"out: {y.dtype}"]
    lines += [f"x{k}: {fmt(a)}" for k, a in enumerate(args)]
    lines.append(f"expected: {fmt(y)}")
    blocks.append("\n".join(lines))


for name, draw in UNARY.items():
    x = cat(draw(), EDGES, [-2.0, -3.0, 3.0, 10.0, 1e-310, -1e-310, 171.5, -171.5])
    for dtype in ("float64", "float32"):
        emit(name, dtype, [x])
    if name in ("erf", "expit", "gamma", "i0", "ndtri"):   # integers take SciPy's loop
        emit(name, "int32", [np.array([-3, -1, 0, 1, 2, 5, 50])])
    if name in ("erfinv", "erfcinv", "entr", "ndtri"):   # SciPy's loop order gives these float32 for int8
        emit(name, "int8", [np.array([-3, -1, 0, 1, 2, 5, 50])])

for name, draw in BINARY.items():
    a, b = draw()
    e = np.array(EDGES2)
    a = cat(a, np.repeat(e, len(e)))
    b = cat(b, np.tile(e, len(e)))
    for dtype in ("float64", "float32"):
        emit(name, dtype, [a, b])
    if name in ("xlogy", "beta", "zeta", "polygamma"):
        emit(name, "int32", [np.array([-3, -1, 0, 1, 2, 5]), np.array([2, 3, 1, 0, 4, 7])])

# the expm1/log1p variants and betainc (issue 40): a generator of their own, so that the draws above
# (and reductions.txt's below) stay as they were
main_rng, rng = rng, np.random.default_rng(40)
LATER_UNARY = {
    "cosm1": lambda: cat(u(-10, 10), u(-0.8, 0.8), logu(1e-300, 1e300, signed=True)),
    "exprel": lambda: cat(u(-40, 40), logu(1e-300, 1e-10, signed=True), logu(1e-10, 800, signed=True)),
}
LATER_BINARY = {
    "powm1": lambda: (cat(u(0, 3), 1 + logu(1e-12, 0.1, signed=True), logu(1e-300, 1e300), -np.round(u(0, 9))),
                      cat(u(-20, 20), logu(1e-10, 1e3, signed=True), u(-2, 2), np.round(u(-9, 9)))),
    "boxcox": lambda: (cat(u(0, 10), logu(1e-300, 1e300), u(-1, 0)), cat(u(-3, 3), logu(1e-25, 10, signed=True), u(-3, 3))),
    "boxcox1p": lambda: (cat(u(-1, 10), logu(1e-300, 1e300, signed=True), u(-2, -1)),
                         cat(u(-3, 3), logu(1e-25, 10, signed=True), u(-3, 3))),
    "inv_boxcox": lambda: (cat(u(-10, 10), logu(1e-300, 1e3, signed=True)), cat(u(-3, 3), logu(1e-25, 10, signed=True))),
    "inv_boxcox1p": lambda: (cat(u(-10, 10), logu(1e-300, 1e3, signed=True)), cat(u(-3, 3), logu(1e-25, 10, signed=True))),
}
for name, draw in LATER_UNARY.items():
    x = cat(draw(), EDGES, [-2.0, -3.0, 3.0, 10.0, 1e-310, -1e-310, 717.5, 709.0])
    for dtype in ("float64", "float32"):
        emit(name, dtype, [x])
for name, draw in LATER_BINARY.items():
    a, b = draw()
    e = np.array(EDGES2)
    a = cat(a, np.repeat(e, len(e)))
    b = cat(b, np.tile(e, len(e)))
    for dtype in ("float64", "float32"):
        emit(name, dtype, [a, b])
# betainc(a, b, x): small, large and log-spread a and b (both past tgamma's range too), x uniform, near 0
# and near 1; then every triple of the edges
ab = lambda: cat(u(0, 30), logu(1e-5, 1e5), u(150, 300), logu(1e-5, 1e5))
xs = cat(u(0, 1, 2 * N), logu(1e-300, 1), 1 - logu(1e-16, 1))
e3 = np.array([0.0, -0.0, 1.0, 0.5, 2.0, -1.0, np.inf, np.nan])
grid = np.array(np.meshgrid(e3, e3, e3, indexing="ij")).reshape(3, -1)
for dtype in ("float64", "float32"):
    if dtype == "float64":
        bi = [cat(ab(), grid[0]), cat(ab(), grid[1]), cat(xs, grid[2])]
    emit("betainc", dtype, bi)
emit("betainc", "int32", [np.array([1, 2, 0, 3, 1]), np.array([1, 3, 2, 0, 5]), np.array([0, 1, 1, 1, 0])])
# sinc (numpy.sinc, which scipy.special re-exports): near 0, at and between the integers (its roots), large
x = cat(u(-10, 10), logu(1e-300, 1e6, signed=True), np.arange(-5.0, 6.0) + logu(1e-12, 1e-3, 11, signed=True),
        EDGES, [-2.0, -3.0, 3.0, 10.0, 1e-310, -1e-310, 0.25, 1e-8])
for dtype in ("float64", "float32"):
    emit("sinc", dtype, [x])
emit("sinc", "int32", [np.array([-3, -1, 0, 1, 2, 5, 50])])
# expm1 and log1p (numpy's, under scipy.special's names): a generator of their own again, so that the
# cases above stay as they were; near 0 (where exp(x) - 1 and log(1 + x) cancel), to overflow, and
# log1p's pole at -1 and its domain's edge
rng = np.random.default_rng(41)
x = cat(u(-40, 40), logu(1e-300, 1e-5, signed=True), logu(1e-5, 709, signed=True), EDGES,
        [-2.0, 710.0, -745.0, 1e-310, -1e-310, 1e-8])
for dtype in ("float64", "float32"):
    emit("expm1", dtype, [x])
x = cat(u(-1, 40), logu(1e-300, 1e-5, signed=True), logu(1e-5, 1e300), -1 + logu(1e-16, 1e-3), EDGES,
        [-2.0, -1.0 + 2.0**-52, 1e300, 1e-310, -1e-310, 1e-8])
for dtype in ("float64", "float32"):
    emit("log1p", dtype, [x])
emit("expm1", "int32", [np.array([-3, -1, 0, 1, 2, 5])])
emit("log1p", "int32", [np.array([-3, -1, 0, 1, 2, 5])])
rng = main_rng

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as f:
    f.write("\n\n".join(blocks) + "\n")
print(len(blocks), "cases")

# logsumexp, softmax and log_softmax: reductions.txt, one block per case, with the input's shape, the axis
# ("none" or the axes), keepdims (logsumexp only) and the result's shape
RED = os.path.join(os.path.dirname(OUT), "reductions.txt")
blocks = []


def emit_reduction(name, dtype, x, axis, keepdims=False):
    f = getattr(sp, name)
    x = np.asarray(x, dtype=dtype)
    with np.errstate(all="ignore"):
        y = np.asarray(f(x, axis=axis, keepdims=keepdims) if name == "logsumexp" else f(x, axis=axis))
    ax = "none" if axis is None else " ".join(str(a) for a in np.atleast_1d(axis))
    lines = [f"name: {name}", f"dtype: {dtype}", f"out: {y.dtype}", "shape: " + " ".join(map(str, x.shape)),
             f"axis: {ax}", f"keepdims: {str(keepdims).lower()}", "outshape: " + " ".join(map(str, y.shape)),
             f"x0: {fmt(x)}", f"expected: {fmt(y)}"]
    blocks.append("\n".join(lines))


wide = rng.standard_normal((6, 50)) * np.array([[1], [10], [100], [1000], [1e-3], [300]])
spiky = rng.standard_normal((4, 5, 7)) * 30
edges = np.array([[0.0, 1.0, 2.0, 3.0], [-np.inf, -np.inf, -np.inf, -np.inf], [np.inf, 1.0, 2.0, 3.0],
                  [np.nan, 1.0, 2.0, 3.0], [5.0, 5.0, 5.0, -1.0], [800.0, 799.0, -800.0, 0.0], [-np.inf, 0.0, 1.0, 1.0]])
for name in ("logsumexp", "softmax", "log_softmax"):
    for dtype in ("float64", "float32"):
        emit_reduction(name, dtype, wide, None)
        emit_reduction(name, dtype, wide, 1)
        emit_reduction(name, dtype, wide, 0)
        emit_reduction(name, dtype, spiky, (0, 2))
        emit_reduction(name, dtype, spiky, -1)
        emit_reduction(name, dtype, edges, 1)
    emit_reduction(name, "int32", np.arange(12).reshape(3, 4) - 5, 1)
emit_reduction("logsumexp", "float64", wide, 1, keepdims=True)
emit_reduction("logsumexp", "float64", spiky, (0, 2), keepdims=True)
emit_reduction("logsumexp", "float64", np.float64(2.5), None)
emit_reduction("logsumexp", "float64", np.zeros((3, 0)), 1)
with open(RED, "w") as f:
    f.write("\n\n".join(blocks) + "\n")
print(len(blocks), "reduction cases")
