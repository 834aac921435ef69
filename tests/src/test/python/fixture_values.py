"""The value text that the ndimage and signal fixture scripts write and their parity tests read: a
dtype, a shape and the values, one string each; shared so that every script writes the same form.
Imported by make_ndimage_*fixtures.py and make_signal_*fixtures.py (run from the module root)."""
import numpy as np


def fmt(v, digits=None):
    v = float(v)
    if np.isnan(v):
        return "nan"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    return ("%.9g" % v) if digits == 9 else repr(v)


def arr(a):
    """[dtype, shape, values]: float32 (and complex64) values need 9 significant digits, float64 ones
    their shortest exact form; a complex value is written real,imag."""
    a = np.asarray(a)
    d = 9 if a.dtype in (np.float32, np.complex64) else None
    if np.iscomplexobj(a):
        vals = " ".join(fmt(v.real, d) + "," + fmt(v.imag, d) for v in a.ravel())
    else:
        vals = " ".join(fmt(v, d) for v in a.ravel())
    return [str(a.dtype), ",".join(map(str, a.shape)), vals]
