#!/usr/bin/env python3
"""scipy.sparse.linalg fixtures (SparseLinalgTest): run from the tests directory,
    python3 src/test/python/make_sparse_linalg_fixtures.py
writes src/test/resources/fixtures/sparse/linalg.txt with SciPy 1.17's results, in the layout of
make_sparse_fixtures.py (one block per case, "key: values" lines, "-" for an absent value). Each case
holds a CSR matrix A (kind csr, dtype, shape, data indices indptr) and one test:
  solve: solver (cg, bicgstab or gmres), b, x0, rtol, atol, maxiter, restart, jacobi (1 for
    M = diags(1 / A.diagonal())), and SciPy's x, info and iters (the number of callback calls; gmres
    with callback_type='x', so maxiter and iters count restart cycles);
  eigsh (on matrices without repeated eigenvalues, which one Krylov vector cannot resolve): k, which and SciPy's (ARPACK's) eigenvalues w, ascending;
  svds: k, which and SciPy's singular values s, ascending;
  norm: fro, n1, nm1, ninf, nminf (matrix norms) and the vector norms along an axis ax0_2, ax1_2,
    ax0_1, ax1_inf, ax0_minf, ax1_3.
Matrices: 1-d and 2-d Poisson (SPD), a Poisson with a random diagonal added (so Jacobi changes
something), nonsymmetric diagonally dominant random matrices, random symmetric ones.
"""
import os
import numpy as np
import scipy
import scipy.sparse as sp
import scipy.sparse.linalg as sla

assert scipy.__version__.startswith("1.17"), scipy.__version__
OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "sparse", "linalg.txt")
rng = np.random.default_rng(20261128)
blocks = []


def fmt(a):
    a = np.asarray(a).ravel()
    if a.dtype.kind == "f":
        return " ".join(str(float(v)).replace("nan", "NaN").replace("inf", "Infinity") for v in a)
    return " ".join(str(int(v)) for v in a)


def opt(v):
    return "-" if v is None else fmt(v)


def matrix_fields(name, a, dtype):
    a = sp.csr_matrix(a).astype(dtype)
    a.sort_indices()
    return a, [("name", name), ("kind", "csr"), ("dtype", np.dtype(dtype).name),
               ("shape", fmt(np.array(a.shape))), ("data", fmt(a.data)),
               ("indices", fmt(a.indices)), ("indptr", fmt(a.indptr))]


def poisson1d(n):
    return sp.diags([-np.ones(n - 1), 2 * np.ones(n), -np.ones(n - 1)], [-1, 0, 1])


def poisson2d(g):
    t = poisson1d(g)
    i = sp.identity(g)
    return sp.kron(i, t) + sp.kron(t, i)


def nonsymmetric(n, density=0.08):
    r = sp.random(n, n, density=density, random_state=rng, data_rvs=lambda k: rng.uniform(-1, 1, k))
    d = np.abs(r).sum(axis=1).A.ravel() + rng.uniform(0.5, 1.5, n)
    return r + sp.diags(d)


def solve_case(name, a, dtype, solver, x0=False, rtol=1e-5, atol=0.0, maxiter=None, restart=None, jacobi=False):
    a, f = matrix_fields(name, a, dtype)
    n = a.shape[0]
    b = rng.uniform(-1, 1, n).astype(dtype)
    x0v = rng.uniform(-1, 1, n).astype(dtype) if x0 else None
    kw = dict(rtol=rtol, atol=atol, maxiter=maxiter)
    if x0v is not None:
        kw["x0"] = x0v.copy()
    if jacobi:
        kw["M"] = sp.diags((1 / a.diagonal()).astype(dtype)).tocsr()
    count = [0]

    def cb(_):
        count[0] += 1

    if solver == "gmres":
        x, info = sla.gmres(a, b, restart=restart, callback=cb, callback_type="x", **kw)
    else:
        x, info = getattr(sla, solver)(a, b, callback=cb, **kw)
    f += [("test", "solve"), ("solver", solver), ("b", fmt(b)), ("x0", opt(x0v)), ("rtol", fmt(np.float64(rtol))),
          ("atol", fmt(np.float64(atol))), ("maxiter", opt(maxiter)), ("restart", opt(restart)),
          ("jacobi", "1" if jacobi else "0"), ("x", fmt(x)), ("info", str(int(info))), ("iters", str(count[0]))]
    blocks.append(f)


def eigsh_case(name, a, dtype, k, which):
    a, f = matrix_fields(name, a, dtype)
    w = sla.eigsh(a.astype(np.float64), k=k, which=which, return_eigenvectors=False, tol=0)
    f += [("test", "eigsh"), ("k", str(k)), ("which", which), ("w", fmt(np.sort(w)))]
    blocks.append(f)


def svds_case(name, a, dtype, k, which):
    a, f = matrix_fields(name, a, dtype)
    s = sla.svds(a.astype(np.float64), k=k, which=which, return_singular_vectors=False, tol=0, random_state=1)
    f += [("test", "svds"), ("k", str(k)), ("which", which), ("s", fmt(np.sort(s)))]
    blocks.append(f)


def norm_case(name, a, dtype):
    a, f = matrix_fields(name, a, dtype)
    f += [("test", "norm"), ("fro", fmt(sla.norm(a))), ("n1", fmt(sla.norm(a, 1))), ("nm1", fmt(sla.norm(a, -1))),
          ("ninf", fmt(sla.norm(a, np.inf))), ("nminf", fmt(sla.norm(a, -np.inf))),
          ("ax0_2", fmt(sla.norm(a, axis=0))), ("ax1_2", fmt(sla.norm(a, axis=1))),
          ("ax0_1", fmt(sla.norm(a, 1, axis=0))), ("ax1_inf", fmt(sla.norm(a, np.inf, axis=1))),
          ("ax0_minf", fmt(sla.norm(a, -np.inf, axis=0))), ("ax1_3", fmt(sla.norm(a, 3, axis=1)))]
    blocks.append(f)


p1 = poisson1d(40)
p2 = poisson2d(8)
shifted = poisson2d(7) + sp.diags(rng.uniform(0.1, 20, 49))
for dt in (np.float64, np.float32):
    s = np.dtype(dt).name
    solve_case(f"cg poisson1d {s}", p1, dt, "cg")
    solve_case(f"cg poisson2d {s}", p2, dt, "cg")
    solve_case(f"cg poisson2d rtol1e-8 x0 {s}", p2, dt, "cg", x0=True, rtol=1e-8 if dt == np.float64 else 1e-5)
    solve_case(f"cg shifted jacobi {s}", shifted, dt, "cg", jacobi=True)
    solve_case(f"cg shifted maxiter3 {s}", shifted, dt, "cg", maxiter=3)
    solve_case(f"cg poisson2d atol {s}", p2, dt, "cg", rtol=0.0, atol=1e-3)
    ns = nonsymmetric(60)
    solve_case(f"bicgstab nonsym {s}", ns, dt, "bicgstab")
    solve_case(f"bicgstab nonsym jacobi x0 {s}", ns, dt, "bicgstab", jacobi=True, x0=True)
    solve_case(f"bicgstab shifted maxiter2 {s}", shifted, dt, "bicgstab", maxiter=2)
    solve_case(f"gmres nonsym {s}", ns, dt, "gmres")
    solve_case(f"gmres nonsym restart5 {s}", nonsymmetric(80, 0.1), dt, "gmres", restart=5)
    solve_case(f"gmres poisson1d restart10 jacobi {s}", p1, dt, "gmres", restart=10, jacobi=True)
    solve_case(f"gmres poisson2d restart4 maxiter2 {s}", p2, dt, "gmres", restart=4, maxiter=2)

for dt in (np.float64, np.float32):
    s = np.dtype(dt).name
    big = poisson2d(10) + sp.diags(rng.uniform(0, 1, 100))
    for which in ("LM", "LA", "SA"):
        eigsh_case(f"eigsh poisson2d {which} {s}", big, dt, 4, which)
    r = sp.random(60, 60, density=0.1, random_state=rng, data_rvs=lambda k: rng.uniform(-1, 1, k))
    sym = r + r.T + sp.diags(rng.uniform(-2, 2, 60))
    eigsh_case(f"eigsh random symmetric LM {s}", sym, dt, 3, "LM")
    eigsh_case(f"eigsh random symmetric SA {s}", sym, dt, 5, "SA")
    eigsh_case(f"eigsh shifted LA k1 {s}", shifted, dt, 1, "LA")
    n = sp.random(7, 5, density=0.5, random_state=rng, data_rvs=lambda k: rng.uniform(-3, 3, k))
    norm_case(f"norm random 7x5 {s}", n, dt)
    tall = sp.random(40, 25, density=0.3, random_state=rng, data_rvs=lambda k: rng.uniform(-1, 1, k))
    svds_case(f"svds tall LM {s}", tall, dt, 3, "LM")
    svds_case(f"svds wide LM {s}", tall.T, dt, 4, "LM")
    svds_case(f"svds tall SM {s}", tall, dt, 2, "SM")
    norm_case(f"norm nonsym {s}", nonsymmetric(20, 0.2), dt)

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as f:
    f.write("\n\n".join("\n".join(f"{k}: {v}" for k, v in b) for b in blocks) + "\n")
print(f"{len(blocks)} cases to {OUT}")
