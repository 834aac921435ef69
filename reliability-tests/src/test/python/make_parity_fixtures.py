"""NumPy's answers for the parity test (NumPyParityTest): each line of parity_cases.tsv is a Java
expression and the NumPy expression it mirrors; this writes NumPy's repr of the result (a 0-d array
where NumPy returns a scalar, as CuPy does), or "ERROR <type>" when NumPy raises.
Run from the module root: python3 src/test/python/make_parity_fixtures.py"""
import warnings

import numpy as np

warnings.simplefilter("ignore")
rows = []
for line in open("src/test/python/parity_cases.tsv"):
    if not line.strip():
        continue
    java, py = line.rstrip("\n").split("\t")
    try:
        v = eval(py)
        if isinstance(v, bool):
            s = "true" if v else "false"
        elif isinstance(v, (np.ndarray, np.generic)):
            s = repr(np.asarray(v))
        else:
            s = str(v)
    except Exception as e:  # noqa: BLE001 - any NumPy error is an expected error
        s = "ERROR " + type(e).__name__
    rows.append(java + "\t" + s.replace("\\", "\\\\").replace("\n", "\\n"))
with open("src/test/resources/fixtures/parity.tsv", "w") as f:
    f.write("# NumPy %s; made by make_parity_fixtures.py\n" % np.__version__ + "\n".join(rows) + "\n")
print(len(rows), "cases")
