"""Prints numpy.linalg's answers for the inputs LinalgEdgeTest holds ndgpu to: a NaN entry, an inf
entry, an exactly singular matrix, 0 x 0, a stack of 0 x 0, (0, 3) and (3, 0); and cond for every p.
The expectations in LinalgEdgeTest were read from this output (NumPy 2.4 with OpenBLAS 0.3.31).

    python3 ndgpu/src/test/python/edge_cases.py
"""
import warnings

import numpy as np

warnings.simplefilter("ignore")
L = np.linalg
nan = np.array([[np.nan, 1], [1, 1]])
inf = np.array([[np.inf, 1], [1, 1]])
sing = np.array([[1.0, 2], [2, 4]])
ok = np.array([[2.0, 1], [1, 3]])
cases = dict(nan=nan, nan2=np.array([[np.nan, 1], [2, 1]]), inf=inf, sing=sing, e00=np.zeros((0, 0)),
             s00=np.zeros((2, 0, 0)), e03=np.zeros((0, 3)), e30=np.zeros((3, 0)))


def show(r):
    if isinstance(r, tuple):
        return tuple(show(x) for x in r)
    if isinstance(r, np.ndarray):
        return f"{r.dtype}{r.shape}:{r.tolist() if r.size < 10 else '...'}"
    return repr(r)


fns = {
    "inv": L.inv, "solve": lambda a: L.solve(a, np.ones(a.shape[-1])), "det": L.det, "slogdet": L.slogdet,
    "cholesky": L.cholesky, "qr": L.qr, "svd": L.svd, "svd_reduced": lambda a: L.svd(a, full_matrices=False),
    "eig": L.eig, "eigh": L.eigh, "eigvals": L.eigvals, "eigvalsh": L.eigvalsh,
    "lstsq": lambda a: L.lstsq(a, np.ones(a.shape[0])), "pinv": L.pinv, "cond": L.cond,
    "matrix_rank": L.matrix_rank, "norm": L.norm, "matrix_power2": lambda a: L.matrix_power(a, 2),
    "matrix_power-1": lambda a: L.matrix_power(a, -1), "matrix_power0": lambda a: L.matrix_power(a, 0),
}
for fn, f in fns.items():
    for cn, c in cases.items():
        try:
            r = show(f(c))
        except Exception as e:
            r = f"{type(e).__name__}: {e}"
        print(f"{fn:15s} {cn:5s} {r}")

for p in (None, "fro", "nuc", np.inf, -np.inf, 1, -1, 2, -2):
    out = []
    for name, a in (("nan", nan), ("inf", inf), ("sing", sing), ("ok", ok), ("stack", np.stack([ok, sing])),
                    ("stack_nan", np.stack([ok, nan]))):
        try:
            r = L.cond(a, p)
            out.append(f"{name}={np.asarray(r).dtype}{np.shape(r)}{np.asarray(r).tolist()}")
        except Exception as e:
            out.append(f"{name}=ERR({e})")
    print("cond", p, out)
