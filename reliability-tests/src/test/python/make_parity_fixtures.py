"""NumPy's answers for the parity test (NumPyParityTest): each line of parity_cases*.tsv is a Java
expression and the NumPy expression it mirrors; this writes NumPy's repr of the result (a 0-d array
where NumPy returns a scalar, as CuPy does), or "ERROR <type>" when NumPy raises, into the fixture
of the same suffix (parity_cases_indexing.tsv -> fixtures/parity_indexing.tsv).
Run from the module root: python3 src/test/python/make_parity_fixtures.py"""
import glob
import os
import warnings

import numpy as np

warnings.simplefilter("ignore")


def S(a, index, value):
    """a[index] = value, then a: the mirror of ndgpu's a.set(index, value), which returns a."""
    a = np.array(a)   # a copy: its repr is that of the array set (views included), and it is writeable
    a[index] = value
    return a


def make(cases, fixture):
    rows = []
    for line in open(cases):
        if not line.strip():
            continue
        java, py = line.rstrip("\n").split("\t")
        rows.append(java + "\t" + answer(py).replace("\\", "\\\\").replace("\n", "\\n"))
    with open(fixture, "w") as f:
        f.write("# NumPy %s; made by make_parity_fixtures.py\n" % np.__version__ + "\n".join(rows) + "\n")
    print(len(rows), "cases in", fixture)


def answer(py):
    try:
        v = eval(py)
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (np.ndarray, np.generic)):
            return repr(np.asarray(v))
        return str(v)
    except Exception as e:  # noqa: BLE001 - any NumPy error is an expected error
        return "ERROR " + type(e).__name__


for cases in sorted(glob.glob("src/test/python/parity_cases*.tsv")):
    suffix = os.path.basename(cases)[len("parity_cases"):]
    make(cases, "src/test/resources/fixtures/parity" + suffix)
