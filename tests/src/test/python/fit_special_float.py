"""Coefficients of special-functions.h's float forms (special_erfinvf's three polynomials and
special_gammalnf's series): run with SciPy and mpmath, and write the printed coefficients into the header.

erfinv(x) = x p(t): t = w - 2.5 with w = -log(1 - x^2) for w < 5, else t = sqrt(w) - c over two
ranges of sqrt(w) (up to 10.25, where 1 - x^2 is float's least subnormal); each p a least-squares fit
of the relative error over Chebyshev nodes (about 1e-8 off, far inside float's 6e-8 rounding).
gammaln(2 + z) = z P(z) for |z| <= 1/2: P = gammaln(2 + z) / z (mpmath's loggamma) fitted by degree 8
over Chebyshev nodes, its relative error least-squares (about 3e-9 off; the Taylor series took degree 13).
"""
import mpmath as mp
import numpy as np
from scipy import special as sp

mp.mp.dps = 40


def fit(lo, hi, deg, center, in_sqrt):
    n = 6000
    t = (np.cos(np.pi * (np.arange(n) + 0.5) / n) + 1) / 2 * (hi - lo) + lo
    w = t * t if in_sqrt else t
    x = np.sqrt(-np.expm1(-w))
    f = sp.erfcinv(np.exp(-w) / (1 + x)) / x
    v = np.vander(t - center, deg + 1)
    coef, *_ = np.linalg.lstsq(v / f[:, None], np.ones_like(f), rcond=None)
    return coef, np.max(np.abs(v @ coef / f - 1))


for name, lo, hi, deg, center, in_sqrt in [
    ("ERFINVF_W", 0.0, 5.0, 9, 2.5, False),
    ("ERFINVF_S", 5.0**0.5, 4.0, 8, 3.0, True),
    ("ERFINVF_T", 4.0, 10.25, 8, 7.0, True),
]:
    coef, err = fit(lo, hi, deg, center, in_sqrt)
    print(f"// {name}: relative fit error {err:.1e}")
    print("{" + ", ".join(f"{c:.9e}f" for c in coef) + "}")



def gammaln_p(t):
    t = mp.mpf(t)
    return mp.loggamma(2 + t) / t if t != 0 else 1 - mp.euler


z = np.cos(np.pi * (np.arange(3000) + 0.5) / 3000) / 2
f = np.array([float(gammaln_p(t)) for t in z])
v = np.vander(z, 9)
coef, *_ = np.linalg.lstsq(v / f[:, None], np.ones_like(f), rcond=None)
print(f"// GAMMALNF_P: relative fit error {np.max(np.abs(v @ coef / f - 1)):.1e}, highest order first")
print("{" + ", ".join(f"{c:.9e}f" for c in coef) + "}")
