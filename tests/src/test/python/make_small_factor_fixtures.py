"""NumPy oracles for the device LU and Cholesky (DeviceSolverTest): solve, inv, det, slogdet and
cholesky of batched small matrices (orders 1, 5 and 17, across two kernel tiles; larger orders are checked by reconstruction), float32 and
float64, singular, NaN (det) and inf inputs. Run from the module root:
python3 src/test/python/make_small_factor_fixtures.py
Each line (tab-separated): name, op, dtype, a shape, a values, b shape ('' if none), b values,
then the results: 'LinAlgError', or each output as shape;values (slogdet: sign, then logabsdet)."""
import numpy as np

rng = np.random.default_rng(41)
OUT = "src/test/resources/fixtures/linalg3/small_factor.tsv"
rows = []


def fmt(v):
    if np.isnan(v):
        return "nan"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    # the shortest text that reads back as the same value of its own dtype
    return repr(float(v)) if isinstance(v, (float, np.float64)) else str(v)


def arr(x):
    x = np.asarray(x)
    return ",".join(map(str, x.shape)) + ";" + " ".join(fmt(v) for v in x.ravel())


def case(name, op, a, b=None):
    a = np.asarray(a)
    try:
        if op == "solve":
            out = [np.linalg.solve(a, b)]
        elif op == "inv":
            out = [np.linalg.inv(a)]
        elif op == "det":
            out = [np.linalg.det(a)]
        elif op == "slogdet":
            s = np.linalg.slogdet(a)
            out = [s.sign, s.logabsdet]
        else:
            out = [np.linalg.cholesky(a)]
        res = [arr(o) for o in out]
    except np.linalg.LinAlgError:
        res = ["LinAlgError"]
    bs = "" if b is None else ",".join(map(str, b.shape))
    bv = "" if b is None else " ".join(fmt(v) for v in b.ravel())
    rows.append("\t".join([name, op, str(a.dtype), ",".join(map(str, a.shape)),
                           " ".join(fmt(v) for v in a.ravel()), bs, bv] + res))


def well(batch, n, dt):
    """Random matrices kept well conditioned (a diagonal shift), so float32 results compare closely."""
    a = rng.uniform(-1, 1, (batch, n, n)) + np.eye(n) * (n ** 0.5 + 1)
    return a.astype(dt)


def spd(batch, n, dt):
    g = rng.uniform(-1, 1, (batch, n, n))
    a = g @ np.swapaxes(g, -1, -2) + np.eye(n) * n
    # the upper triangle is ignored (LAPACK 'L'): make it differ
    a = a + np.triu(rng.uniform(-5, 5, (batch, n, n)), 1)
    return a.astype(dt)


for dt in ("float32", "float64"):
    for n in (1, 5, 17):
        a = well(3, n, dt)
        b = rng.uniform(-1, 1, (3, n, 2)).astype(dt)
        case(f"solve_{n}_{dt}", "solve", a, b)
        case(f"inv_{n}_{dt}", "inv", a)
        case(f"det_{n}_{dt}", "det", rng.uniform(-1, 1, (3, n, n)).astype(dt) + np.eye(n, dtype=dt))
        case(f"slogdet_{n}_{dt}", "slogdet", rng.uniform(-1, 1, (3, n, n)).astype(dt))
        case(f"cholesky_{n}_{dt}", "cholesky", spd(3, n, dt))
    sing = np.array([[[1, 2], [2, 4]], [[2, 1], [1, 3]]], dtype=dt)
    case(f"solve_singular_{dt}", "solve", sing, np.ones((2, 2, 1), dtype=dt))
    case(f"inv_singular_{dt}", "inv", sing)
    case(f"det_singular_{dt}", "det", sing)
    case(f"slogdet_singular_{dt}", "slogdet", sing)
    # pivoting needed: a zero in the corner
    case(f"inv_pivot_{dt}", "inv", np.array([[0, 1, 2], [1, 0, 3], [4, -3, 8]], dtype=dt))
    case(f"slogdet_pivot_{dt}", "slogdet", np.array([[0, 1, 2], [1, 0, 3], [4, -3, 8]], dtype=dt))
    nan = well(2, 3, dt)
    nan[1, 1, 2] = np.nan
    # slogdet of a matrix holding NaN is ndgpu's rule (NaN, NaN: linalg/README.md), not the solver's
    case(f"det_nan_{dt}", "det", nan)
    inf = np.array([[[np.inf, 1], [1, 1]], [[1, 2], [3, 4]]], dtype=dt)
    case(f"det_inf_{dt}", "det", inf)
    npd = spd(2, 4, dt)
    npd[1, 2, 2] = -50
    case(f"cholesky_notpd_{dt}", "cholesky", npd)
    case(f"cholesky_zero_{dt}", "cholesky", np.zeros((1, 3, 3), dtype=dt))

with open(OUT, "w") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
