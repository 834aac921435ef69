"""fixtures/complexfn: NumPy 2.4's complex sin, cos, tan, sinh, cosh, tanh, exp2, expm1, log1p, log2 and
log10 on a grid of complex128 and complex64 values (both signs of zero on each axis, large parts for the
overflow paths), and arcsin, arccos, arctan, arcsinh, arccosh and arctanh on a second grid (inv*: the
branch cuts from both sides, parts of 1e200). ComplexUfuncsTest compares ndgpu's against them.
    python3 tests/src/test/python/make_complexfn_fixtures.py"""
import os
import numpy as np

out = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures", "complexfn")
os.makedirs(out, exist_ok=True)
re = [-30, -3, -1, -0.5, -0.0, 0.0, 0.5, 1, 3, 30]
im = [-30, -2, -0.0, 0.0, 0.7, 25]
z = np.array([complex(a, b) for a in re for b in im])
names = ["sin", "cos", "tan", "sinh", "cosh", "tanh", "exp2", "expm1", "log1p", "log2", "log10"]
for suffix, zz in (("", z), ("64", z.astype(np.complex64))):
    np.save(os.path.join(out, "z%s.npy" % suffix), zz)
    for f in names:
        with np.errstate(all="ignore"):
            np.save(os.path.join(out, "%s%s.npy" % (f, suffix)), getattr(np, f)(zz))

re2 = [-30, -3, -1.5, -1, -0.5, -0.0, 0.0, 0.5, 1, 1.5, 3, 30, 1e200, -1e200]
im2 = [-30, -2, -1, -0.0, 0.0, 0.7, 1, 2, 25, 1e200]
z2 = np.array([complex(a, b) for a in re2 for b in im2])
np.save(os.path.join(out, "invz.npy"), z2)
for f in ["arcsin", "arccos", "arctan", "arcsinh", "arccosh", "arctanh"]:
    with np.errstate(all="ignore"):
        np.save(os.path.join(out, "inv%s.npy" % f), getattr(np, f)(z2))
