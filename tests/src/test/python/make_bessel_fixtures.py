#!/usr/bin/env python3
"""scipy.special's Bessel functions (jv, jn, yv, iv, kv, jve, yve, ive, kve, yn, kn, spherical_jn, spherical_yn,
spherical_in, spherical_kn, and the four spherical ones with derivative=True, named spherical_jn_d, ...) for
BesselFunctionsTest: run from the tests directory,
    python3 src/test/python/make_bessel_fixtures.py
writes src/test/resources/fixtures/special/bessel.txt with SciPy 1.17's results, in cases.txt's format
(make_special_fixtures.py): one block per case, "name", "dtype", "out", "x0" (the order v), "x1" (the
argument z) and "expected", floats in Python's repr. The draws: small orders over small and moderate
arguments, orders up to 100 over arguments log-spread to 1e4, integer orders (negative arguments too),
the transition region z near v, tiny and huge arguments; then every pair of the edge values.
"""
import os
import warnings
import numpy as np
import scipy
import scipy.special as sp

assert scipy.__version__.startswith("1.17"), scipy.__version__
OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "special", "bessel.txt")
rng = np.random.default_rng(4017)


def u(lo, hi, n):
    return rng.uniform(lo, hi, n)


def logu(lo, hi, n):
    return np.exp(rng.uniform(np.log(lo), np.log(hi), n))


def draws(n):
    """(v, z) pairs over the ranges above; z >= 0 except with the integer orders."""
    vs, zs = [], []
    vs.append(u(-5, 5, n)); zs.append(u(0, 30, n))
    vs.append(u(-100, 100, n)); zs.append(logu(1e-3, 1e4, n))
    vs.append(np.round(u(-50, 50, n // 2))); zs.append(u(-20, 50, n // 2))
    v = u(0, 100, n // 2) * rng.choice([-1.0, 1.0], n // 2)
    vs.append(v); zs.append(np.abs(v) * u(0.5, 1.5, n // 2))
    vs.append(u(-3, 3, n // 5)); zs.append(logu(1e-300, 1e-3, n // 5))
    vs.append(u(-20, 20, n // 5)); zs.append(logu(1e3, 1e5, n // 5))
    vs.append(np.round(u(-10, 10, n // 5)) + 0.5); zs.append(u(0, 30, n // 5))
    return np.concatenate(vs), np.concatenate(zs)


EDGE_V = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, -3.0, 3.0, -0.5, -1.5, 60.5, -60.5, np.inf, -np.inf, np.nan]
EDGE_Z = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, -3.0, 3.0, 0.5, 2.0, 150.0, np.inf, -np.inf, np.nan]
blocks = []


def fmt(a):
    return " ".join(repr(float(x)) for x in np.asarray(a).ravel())


def emit(name, dtype, v, z):
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")   # yn and kn warn where they truncate n
        args = [np.asarray(v, dtype=dtype), np.asarray(z, dtype=dtype)]
        # spherical_jn_d is spherical_jn(n, z, derivative=True)
        f = getattr(sp, name[:-2]) if name.endswith("_d") else getattr(sp, name)
        opts = {"derivative": True} if name.endswith("_d") else {}
        y = f(*args, **opts)
        if name.startswith("spherical") and dtype == "float32":
            # SciPy's float loop runs the recurrence in float (1e-5 off); ndgpu computes in double and
            # rounds once, so it is held to SciPy's float64 result, rounded
            y = f(*(a.astype(np.float64) for a in args), **opts).astype(np.float32)
    lines = [f"name: {name}", f"dtype: {dtype}", f"out: {y.dtype}", f"x0: {fmt(args[0])}", f"x1: {fmt(args[1])}",
             f"expected: {fmt(y)}"]
    blocks.append("\n".join(lines))


ev = np.repeat(EDGE_V, len(EDGE_Z))
ez = np.tile(EDGE_Z, len(EDGE_V))
for name in ("jv", "yv", "iv", "kv", "ive", "kve"):
    v, z = draws(100)
    if name in ("yv", "kv", "kve"):
        z = np.abs(z)   # their negative arguments are NaN: the edges hold those
    emit(name, "float64", np.concatenate([v, ev]), np.concatenate([z, ez]))
    emit(name, "float32", v[::2], z[::2])
# jn is jv by another name; jve and yve are jv and yv for a real argument, apart from their edges
for name in ("jn", "jve", "yve"):
    v, z = draws(20)
    if name == "yve":
        z = np.abs(z)
    emit(name, "float64", np.concatenate([v, ev]), np.concatenate([z, ez]))
    emit(name, "float32", v, z)
# integer orders: yn and kn (a non-integer n is truncated), spherical_jn and spherical_yn (n cast to an integer
# by SciPy's Python wrapper; negative arguments too)
EDGE_N = [0.0, 1.0, 2.0, 3.0, -1.0, -2.0, -3.0, 2.7, -2.7, -0.5, 50.0, np.inf, -np.inf, np.nan]
en = np.repeat(EDGE_N, len(EDGE_Z))
enz = np.tile(EDGE_Z, len(EDGE_N))
for name in ("yn", "kn", "spherical_jn", "spherical_yn"):
    sph = name.startswith("spherical")
    n = np.concatenate([np.round(u(0 if sph else -60, 60, 120)), u(0, 10, 20)])
    z = np.concatenate([u(0, 30, 50), logu(1e-3, 1e4, 70), u(0, 30, 20)])
    if sph:
        z = z * rng.choice([-1.0, 1.0], len(z))
    emit(name, "float64", np.concatenate([n, en]), np.concatenate([z, enz]))
    emit(name, "float32", n[::2], z[::2])
    emit(name, "int32", np.array([0, 1, 2, 3, 5, 10]), np.array([1, 2, 3, 4, 1, 7]))
# integers take SciPy's loop (float64 for int32)
for name in ("jv", "yv", "iv", "kv"):
    emit(name, "int32", np.array([0, 1, 2, -3, 5, 10]), np.array([1, 2, 3, 4, 0, 7]))
# spherical_in, spherical_kn and the derivatives (after the cases above, so that their draws stay as they were):
# orders 0..30 and a few negative ones (NaN), arguments of both signs over several magnitudes, and the edges.
# spherical_kn at z < 0 is SciPy's complex k_n, which overflows to NaN for tiny |z| (n > 0); those are left out
SPH_Z = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 1e-3, -1e-3, 0.5, 30.0, -30.0, 150.0, np.inf, -np.inf, np.nan]
SPH_N = [0.0, 1.0, 2.0, 3.0, 30.0, -1.0, -2.0, 2.7, -0.5, np.nan]
sn = np.repeat(SPH_N, len(SPH_Z))
snz = np.tile(SPH_Z, len(SPH_N))
for name in ("spherical_in", "spherical_kn", "spherical_jn_d", "spherical_yn_d", "spherical_in_d", "spherical_kn_d"):
    n = np.concatenate([rng.integers(0, 31, 150).astype(float), rng.integers(-5, 0, 10).astype(float)])
    z = np.concatenate([u(0, 40, 50), logu(1e-3, 1e3, 60), u(0, 5, 50)]) * rng.choice([-1.0, 1.0], 160)
    if name.startswith("spherical_kn"):
        z = np.where(z < 0, np.minimum(z, -0.1), z)
    # spherical_kn_d of a NaN order: SciPy's int64 cast of NaN wraps in n - 1 (-inf at z = -0.0, 0 at inf;
    # ndgpu gives NaN, docs/special.md), so that edge is left out
    keep = ~np.isnan(sn) if name == "spherical_kn_d" else np.ones(len(sn), bool)
    emit(name, "float64", np.concatenate([n, sn[keep]]), np.concatenate([z, snz[keep]]))
    emit(name, "float32", n[::2], z[::2])
    emit(name, "int32", np.array([0, 1, 2, 3, 5, 10]), np.array([1, 2, 3, 4, 1, 7]))

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as f:
    f.write("\n\n".join(blocks) + "\n")
print(len(blocks), "cases")
