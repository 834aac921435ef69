"""NumPy oracles for the device QR and Jacobi eigh of small matrices (SmallQrEighTest): qr, eigh
and eigvalsh of batched small matrices (shapes across the 16, 32 and 64 tiles, tall, wide and
square), float32 and float64, rank-deficient, ill-conditioned, repeated-eigenvalue and NaN inputs.
Run from the module root:
python3 src/test/python/make_small_qr_eigh_fixtures.py
Each line (tab-separated): name, op, dtype, a shape, a values, then the results: 'LinAlgError', or
each output as shape;values (qr: q, r; eigh: eigenvalues, eigenvectors; eigvalsh: eigenvalues).
The test compares q and r entry by entry (LAPACK's reflectors fix their signs), eigenvalues entry by
entry, and eigenvectors by column up to sign where the eigenvalue is simple."""
import numpy as np

rng = np.random.default_rng(4141)
OUT = "src/test/resources/fixtures/linalg3/small_qr_eigh.tsv"
rows = []


def fmt(v):
    if np.isnan(v):
        return "nan"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(float(v))


def arr(x):
    x = np.asarray(x)
    return ",".join(map(str, x.shape)) + ";" + " ".join(fmt(v) for v in x.ravel())


def case(name, op, a):
    a = np.asarray(a)
    try:
        if op == "qr":
            out = list(np.linalg.qr(a))
        elif op == "eigh":
            out = list(np.linalg.eigh(a))
        else:
            out = [np.linalg.eigvalsh(a)]
        res = [arr(o) for o in out]
    except np.linalg.LinAlgError:
        res = ["LinAlgError"]
    rows.append("\t".join([name, op, str(a.dtype), ",".join(map(str, a.shape)),
                           " ".join(fmt(v) for v in a.ravel())] + res))


def sym(batch, n, dt):
    g = rng.standard_normal((batch, n, n))
    a = (g + np.swapaxes(g, -1, -2)) / 2
    # the upper triangle is ignored (LAPACK 'L'): make it differ; 4 decimals keep the file small
    return (a + np.triu(rng.uniform(-5, 5, (batch, n, n)), 1)).round(4).astype(dt)


for dt in ("float32", "float64"):
    # the larger shapes once each, to keep the file small (the test reconstructs more, to order 64)
    for m, n in ((1, 1), (5, 5), (7, 3), (3, 7), (17, 17), (40, 33)):
        case(f"qr_{m}x{n}_{dt}", "qr", rng.standard_normal((2 if m < 20 else 1, m, n)).round(4).astype(dt))
    for n in (1, 2, 5, 16, 17, 33):
        case(f"eigh_{n}_{dt}", "eigh", sym(2 if n < 20 else 1, n, dt))
        case(f"eigvalsh_{n}_{dt}", "eigvalsh", sym(2 if n < 20 else 1, n, dt))
    # rank-deficient: a zero column (a zero reflector, tau 0) and a repeated column
    rd = rng.standard_normal((1, 6, 4))
    rd[0, :, 1] = 0
    rd[0, :, 3] = rd[0, :, 0]
    case(f"qr_rank_deficient_{dt}", "qr", rd.astype(dt))
    # a column already upper triangular with a negative diagonal: LAPACK keeps the sign
    case(f"qr_triangular_{dt}", "qr", np.array([[[-2, 1, 3], [0, 4, 1], [0, 0, -5]]], dtype=dt))
    # ill-conditioned: a Hilbert matrix
    h = 1 / (np.arange(8)[:, None] + np.arange(8)[None, :] + 1)
    case(f"qr_hilbert_{dt}", "qr", h[None].astype(dt))
    case(f"eigvalsh_hilbert_{dt}", "eigvalsh", h[None].astype(dt))
    # repeated eigenvalues and a diagonal matrix (nothing to rotate)
    q, _ = np.linalg.qr(rng.standard_normal((6, 6)))
    case(f"eigvalsh_repeated_{dt}", "eigvalsh", (q @ np.diag([1, 1, 1, 2, 2, -3.0]) @ q.T)[None].astype(dt))
    case(f"eigh_diagonal_{dt}", "eigh", np.diag([3.0, -1, 2, 0.5])[None].astype(dt))
    case(f"eigh_zero_{dt}", "eigh", np.zeros((1, 3, 3), dtype=dt))
    # wide range of scale: huge and tiny entries (the kernel scales by a power of two)
    case(f"eigvalsh_huge_{dt}", "eigvalsh", (sym(1, 4, "float64") * (1e30 if dt == "float32" else 1e250)).astype(dt))
    case(f"eigvalsh_tiny_{dt}", "eigvalsh", (sym(1, 4, "float64") * (1e-30 if dt == "float32" else 1e-250)).astype(dt))
    # NaN: NumPy's results are all NaN for that 2 x 2 matrix, the stack's others unharmed; from order
    # 3 NumPy's syevd raises "Eigenvalues did not converge" (NaN or inf), and so does ndgpu
    nan = sym(2, 2, dt)
    nan[1, 1, 0] = np.nan
    case(f"eigh_nan_{dt}", "eigh", nan)
    case(f"eigvalsh_nan_{dt}", "eigvalsh", nan)
    nan3 = sym(2, 3, dt)
    nan3[1, 2, 0] = np.nan
    case(f"eigh_nan3_{dt}", "eigh", nan3)
    inf3 = sym(1, 4, dt)
    inf3[0, 3, 1] = np.inf
    case(f"eigvalsh_inf4_{dt}", "eigvalsh", inf3)
    # NaN above the diagonal is never read (UPLO 'L')
    up = sym(1, 3, dt)
    up[0, 0, 2] = np.nan
    case(f"eigvalsh_nan_upper_{dt}", "eigvalsh", up)

with open(OUT, "w") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases ->", OUT)
