"""SciPy oracles for Nd.linalg().expm (ExpmTest): scipy.linalg.expm of matrices whose 1-norms
pick every Pade degree (3, 5, 7, 9, 13) and several scalings, stacks, complex, float32, integer,
triangular and diagonal input, and the hostile cases (NaN, inf, 0 x 0, 1 x 1). Run from the
module root: python3 src/test/python/make_expm_fixtures.py
Each line (tab-separated): name, dtype, a shape, a values (complex as re im pairs), SciPy's
pick_pade_structure degree m and squarings s ('-' where SciPy does not pick one: a stack, a
diagonal, 1 x 1, empty or non-finite input), the result's dtype, the result's values."""
import numpy as np
import scipy.linalg as sl
from scipy.linalg._matfuncs_expm import pick_pade_structure

rng = np.random.default_rng(39)
OUT = "src/test/resources/fixtures/linalg3/expm.tsv"
rows = []


def fmt(v):
    v = float(v)
    if np.isnan(v):
        return "nan"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(v)


def vals(x):
    x = np.asarray(x)
    if np.iscomplexobj(x):
        x = np.stack([x.real, x.imag], axis=-1)
    return " ".join(fmt(v) for v in x.ravel())


def case(name, a, pick=True):
    a = np.asarray(a)
    e = sl.expm(a)
    m, s = "-", "-"
    if pick and a.ndim == 2 and a.shape[0] > 1 and np.all(np.isfinite(a)):
        am = np.empty((5,) + a.shape, dtype=a.dtype if np.issubdtype(a.dtype, np.inexact) else np.float64)
        am[0] = a
        m, s = pick_pade_structure(am)
    rows.append("\t".join([name, str(a.dtype), ",".join(map(str, a.shape)), vals(a),
                           str(m), str(s), str(e.dtype), vals(e)]))


def with_norm(n, norm, dtype=np.float64, cplx=False):
    a = rng.standard_normal((n, n))
    if cplx:
        a = a + 1j * rng.standard_normal((n, n))
    return (a * (norm / np.abs(a).sum(axis=0).max())).astype(dtype)


# every degree and several scalings, float64
for i, norm in enumerate([0.004, 0.02, 0.1, 0.4, 1.2, 2.5, 4.0, 9.0, 40.0, 300.0]):
    case(f"norm{i}_6", with_norm(6, norm))
case("norm_17", with_norm(17, 12.0))
case("norm_33", with_norm(33, 0.7))
# a stack: each matrix its own degree
case("stack", np.stack([with_norm(5, v) for v in [0.01, 0.3, 2.0, 50.0, 0.0001, 7.0]]).reshape(3, 2, 5, 5))
# complex and float32
case("complex128_small", with_norm(4, 0.15, np.complex128, True))
case("complex128_large", with_norm(4, 25.0, np.complex128, True))
case("complex64", with_norm(5, 3.0, np.complex64, True))
case("float32_small", with_norm(5, 0.2, np.float32))
case("float32_large", with_norm(7, 15.0, np.float32))
case("float32_stack", np.stack([with_norm(4, v, np.float32) for v in [0.05, 1.0, 30.0]]))
# integers become float64
case("int64", np.array([[1, 2, 0], [-1, 0, 3], [2, 1, -2]], dtype=np.int64))
# triangular (SciPy recomputes the diagonals while squaring) and diagonal
case("upper", np.triu(with_norm(5, 20.0)))
case("lower", np.tril(with_norm(4, 3.0)))
case("upper_large", np.triu(with_norm(6, 400.0)))
t = np.tril(with_norm(5, 60.0, np.complex128, True))
case("lower_complex_large", t)
t = np.triu(with_norm(5, 150.0))
np.fill_diagonal(t, 1.5)  # equal diagonal entries: exp_sinch's limit exp(x)
case("upper_repeated_diagonal", t)
case("diagonal", np.diag([0.5, -2.0, 3.0, 0.0]), pick=False)
case("zeros", np.zeros((3, 3)), pick=False)
# hostile: NaN, inf, 1 x 1, empty
case("nan", np.array([[np.nan, 1.0], [2.0, 3.0]]))
case("inf", np.array([[np.inf, 1.0], [2.0, 3.0]]))
case("inf_diagonal", np.array([[np.inf, 0.0], [0.0, 3.0]]))
# a triangular matrix holding NaN or inf: SciPy keeps its zero triangle zero (np.triu / np.tril)
case("nan_upper", np.array([[1.0, np.nan], [0.0, 1.0]]), pick=False)
case("inf_upper", np.array([[1.0, np.inf], [0.0, 1.0]]), pick=False)
case("nan_lower", np.array([[1.0, 0.0], [np.nan, 1.0]]), pick=False)
case("nan_upper_3", np.array([[1.0, 2.0, np.nan], [0.0, 1.0, 3.0], [0.0, 0.0, 1.0]]), pick=False)
case("nan_lower_3", np.array([[1.0, 0.0, 0.0], [np.nan, 1.0, 0.0], [1.0, 1.0, 1.0]]), pick=False)
case("nan_upper_complex", np.array([[1.0, np.nan], [0.0, 1.0j]]), pick=False)
case("one_by_one", np.array([[2.0]]))
case("one_by_one_stack", np.array([[[1.5]], [[-1.0]]]))
case("one_by_one_int", np.array([[2]], dtype=np.int32))
case("empty", np.zeros((0, 0)))
case("empty_float32", np.zeros((0, 0), np.float32))
case("empty_stack", np.zeros((2, 0, 0), np.int64))

with open(OUT, "w") as f:
    f.write("\n".join(rows) + "\n")
print(len(rows), "cases to", OUT)
