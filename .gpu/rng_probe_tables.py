"""Study script (BENCHMARKS.md, twenty-fifth session): tables for table-driven float64 log (x in (0, 1]) and sincospi(2u): generated with Decimal at 50 digits."""
from decimal import Decimal, getcontext
import struct
getcontext().prec = 60

def u64(x): return struct.unpack('<Q', struct.pack('<d', x))[0]
def f64(b): return struct.unpack('<d', struct.pack('<Q', b))[0]

LOG_BITS = 7
N = 1 << LOG_BITS
# bit-space cells of 2^(52-LOG_BITS); OFF puts 1.0 at the centre of cell N/2... choose OFF so that
# tmp = ix - OFF, i = (tmp >> (52-LOG_BITS)) % N, and the cell holding 1.0 is centred on it
HALF = 1 << (52 - LOG_BITS - 1)
OFF = u64(1.0) - (N // 2) * (2 * HALF) - HALF   # 1.0 sits at the middle of cell N/2

def log_table():
    inv, logc = [], []
    for i in range(N):
        lo_bits = OFF + i * 2 * HALF
        hi_bits = lo_bits + 2 * HALF
        # z range of this cell after the exponent is removed: [f64(lo_bits), f64(hi_bits)) mapped into [OFF, 2 OFF)
        # (the cell's z values are those with these bit patterns)
        a, b = f64(lo_bits), f64(hi_bits)
        if lo_bits <= u64(1.0) < hi_bits:
            inv.append(1.0); logc.append(0.0); continue
        c = (a + b) / 2
        ic = 1.0 / c
        inv.append(ic)
        logc.append(float(-Decimal(ic).ln()))
    return inv, logc

def cos_sin(x):   # x in radians, Decimal
    s = Decimal(0); c = Decimal(0); term = Decimal(1); k = 0
    # Taylor
    t = Decimal(1)
    for n in range(0, 80):
        if n % 4 == 0: c += t
        elif n % 4 == 1: s += t
        elif n % 4 == 2: c -= t
        else: s -= t
        t = t * x / (n + 1)
    return c, s

PI = Decimal('3.14159265358979323846264338327950288419716939937510582097494459')
SC_BITS = 8
def sincos_table():
    out = []
    for j in range(1 << SC_BITS):
        ang = 2 * PI * Decimal(j) / (1 << SC_BITS)
        c, s = cos_sin(ang)
        out += [float(c) if abs(c) > 1e-30 else 0.0, float(s) if abs(s) > 1e-30 else 0.0]
    return out

def c_array(name, vals, storage):
    body = ",\n".join("    " + ", ".join(v.hex() for v in vals[k:k + 4]) for k in range(0, len(vals), 4))
    return f"{storage} double {name}[{len(vals)}] = {{\n{body}\n}};\n"

if __name__ == "__main__":
    inv, logc = log_table()
    print(hex(OFF), f64(OFF), 2 * f64(OFF))
    print(inv[:3], logc[:3], inv[N//2], logc[N//2])
