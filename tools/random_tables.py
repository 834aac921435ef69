"""Prints the tables of distributions.h's float64 logarithm and sine/cosine (nd_log_pos, nd_sincos_turns),
computed with Python's Decimal at 60 digits and rounded once to float64:
  python3 tools/random_tables.py > /tmp/tables.h   (then paste over the tables in distributions.h)

nd_log_pos: x = 2^k z with z in [OFF, 2 OFF) in bit space; 128 cells of z, cell i with invc[i] ~ 1/c (c its centre)
and logc[i] = -log(invc[i]) exactly rounded, so log x = k log 2 + logc + log1p(z invc - 1). OFF puts 1.0 at the
centre of cell 64, whose invc is 1 and logc 0: near 1 the result is log1p(z - 1) with z - 1 exact, no cancellation.
nd_sincos_turns: cos and sin of 2 pi j / 256; a zero of either is a table point, stored as an exact 0."""
from decimal import Decimal, getcontext
import struct

getcontext().prec = 60
LOG_CELLS = 128
SINCOS_POINTS = 256
PI = Decimal("3.14159265358979323846264338327950288419716939937510582097494459")


def u64(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def f64(b):
    return struct.unpack("<d", struct.pack("<Q", b))[0]


CELL = 1 << 45  # 2^(52 - 7): one cell in bit space
OFF = u64(1.0) - (LOG_CELLS // 2) * CELL - CELL // 2


def log_tables():
    invc, logc = [], []
    for i in range(LOG_CELLS):
        lo = OFF + i * CELL
        if lo <= u64(1.0) < lo + CELL:
            invc.append(1.0)
            logc.append(0.0)
            continue
        ic = 1.0 / ((f64(lo) + f64(lo + CELL)) / 2)
        invc.append(ic)
        logc.append(float(-Decimal(ic).ln()))
    return invc, logc


def cos_sin(x):
    c = s = Decimal(0)
    t = Decimal(1)
    for n in range(90):
        if n % 4 == 0:
            c += t
        elif n % 4 == 1:
            s += t
        elif n % 4 == 2:
            c -= t
        else:
            s -= t
        t = t * x / (n + 1)
    return c, s


def sincos_table():
    out = []
    for j in range(SINCOS_POINTS):
        c, s = cos_sin(2 * PI * j / SINCOS_POINTS)
        out += [float(c) if abs(c) > Decimal("1e-40") else 0.0, float(s) if abs(s) > Decimal("1e-40") else 0.0]
    return out


def c_array(name, vals):
    rows = ",\n".join("    " + ", ".join(v.hex() for v in vals[k:k + 4]) for k in range(0, len(vals), 4))
    return f"ND_TABLE double {name}[{len(vals)}] = {{\n{rows}\n}};"


if __name__ == "__main__":
    invc, logc = log_tables()
    print(f"#define ND_LOG_OFF {hex(OFF)}UL")
    print(c_array("nd_log_invc", invc))
    print(c_array("nd_log_c", logc))
    print(c_array("nd_sincos_cs", sincos_table()))
