"""SciPy oracles for the blocked LU's pivots (BlockedFactorOracleTest): scipy.linalg.lu_factor's
0-based piv of matrices both sides compute exactly: MINSTD's integers from seed 12345 + n,
x = x * 48271 % (2^31 - 1), one per entry in row-major order, a = x / (2^31 - 1) - 0.5 (each
pivot beats the next candidate by a relative 2e-5 or more in float64), at orders around the
block (64) and the recursive panel's halves (16, 32): 65, 127, 128, 129, 257, 300; float64 and
float32 (only where float32's pivots are float64's, so rounding cannot decide them). Run from the
module root: python3 src/test/python/make_blocked_lu_fixtures.py
Each line (tab-separated): n, dtype, the pivots, log|det| (float64's)."""
import numpy as np
import scipy.linalg as sl

OUT = "src/test/resources/fixtures/linalg3/blocked_lu.tsv"


def matrix(n):
    x, v = 12345 + n, np.empty(n * n)
    for e in range(n * n):
        x = x * 48271 % 2147483647
        v[e] = x / 2147483647 - 0.5
    return v.reshape(n, n)


rows = []
for n in (65, 127, 128, 129, 257, 300):
    a = matrix(n)
    lu, piv = sl.lu_factor(a)
    logdet = float(np.sum(np.log(np.abs(np.diag(lu)))))
    rows.append(f"{n}\tfloat64\t{' '.join(map(str, piv))}\t{logdet!r}")
    lu32, piv32 = sl.lu_factor(a.astype(np.float32))
    if np.array_equal(piv32, piv):
        rows.append(f"{n}\tfloat32\t{' '.join(map(str, piv32))}\t{logdet!r}")
with open(OUT, "w") as f:
    f.write("\n".join(rows) + "\n")
