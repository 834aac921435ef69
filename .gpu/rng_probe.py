"""Float64 normal/exponential block kernels as BlockDraws generates them (Philox4x32-10, four blocks a
thread), with libdevice's log/sincospi against table-driven ones; CuPy's Generator beside them."""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import numpy as np, cupy as cp
from cupy_timing import bench
from random_tables import log_tables, sincos_table, c_array, OFF

# distributions.h's tables, as tools/random_tables.py makes them, in CUDA's global memory
inv, logc = log_tables()
sc = sincos_table()
TABLES = "\n".join(c_array(name, v).replace("ND_TABLE", "__device__ const")
                    for name, v in (("ND_LOG_INVC", inv), ("ND_LOG_C", logc), ("ND_SC", sc))) + "\n"

SRC = r'''
typedef unsigned int uint; typedef unsigned long long ulong;
#define ND_MULHILO(m, c, hi, lo) do { unsigned long long _p; \
        asm("mul.wide.u32 %0, %1, %2;" : "=l"(_p) : "r"(m), "r"(c)); \
        lo = (uint)_p; hi = (uint)(_p >> 32); } while (0)
#define ROUND(c0, c1, c2, c3, k0, k1) do { uint _h0, _l0, _h1, _l1; \
        ND_MULHILO(0xD2511F53u, c0, _h0, _l0); ND_MULHILO(0xCD9E8D57u, c2, _h1, _l1); \
        c0 = _h1 ^ c1 ^ k0; c1 = _l1; c2 = _h0 ^ c3 ^ k1; c3 = _l0; } while (0)
''' + TABLES + r'''
#define OFF ''' + hex(OFF) + r'''ULL
__device__ __forceinline__ double log_tab(double x) {
    ulong ix = (ulong)__double_as_longlong(x);
    ulong tmp = ix - OFF;
    int i = (int)((tmp >> 45) & 127);
    long long k = ((long long)tmp) >> 52;
    double z = __longlong_as_double((long long)(ix - (tmp & (0xfffULL << 52))));
    double invc = __ldg(&ND_LOG_INVC[i]), lc = __ldg(&ND_LOG_C[i]);
    double r = fma(z, invc, -1.0);
    double kd = (double)k;
    double w = fma(kd, 0x1.62e42fefa3800p-1, lc);
    double hi = w + r;
    double lo = (w - hi) + r;
    double p = fma(r, 1.0 / 7, -1.0 / 6); p = fma(r, p, 0.2); p = fma(r, p, -0.25); p = fma(r, p, 1.0 / 3); p = fma(r, p, -0.5);
    return hi + fma(r * r, p, fma(kd, 0x1.ef35793c76730p-45, lo));
}
// cos and sin of 2 pi K / 2^53, K < 2^53
__device__ __forceinline__ void sincos_tab(ulong K, double* s, double* c) {
    ulong Kc = K + 0x100000000000ULL;
    int j = (int)((Kc >> 45) & 255);
    double d = (double)((long long)(Kc & 0x1FFFFFFFFFFFULL) - 0x100000000000LL) * 6.975736996017264e-16; // 2 pi / 2^53
    double d2 = d * d;
    double sd = fma(d * d2, fma(d2, fma(d2, -1.0 / 5040, 1.0 / 120), -1.0 / 6), d);
    double cm1 = d2 * fma(d2, fma(d2, fma(d2, 1.0 / 40320, -1.0 / 720), 1.0 / 24), -0.5);
    double2 t = __ldg(((const double2*)ND_SC) + j);
    *c = t.x + fma(t.x, cm1, -(t.y * sd));
    *s = t.y + fma(t.y, cm1, t.x * sd);
}
__device__ __forceinline__ ulong bits53(uint a, uint b) { return ((ulong)(a >> 5) << 26) | (ulong)(b >> 6); }
__device__ __forceinline__ double LOGF(double x) {
#if LOGV
    return log_tab(x);
#else
    return log(x);
#endif
}
__device__ __forceinline__ void normal2(uint a0, uint a1, uint b0, uint b1, double* z0, double* z1) {
    double r = sqrt(-2.0 * LOGF(1.0 - (double)bits53(a0, a1) * 1.1102230246251565e-16));
    double s, c;
#if SCV
    sincos_tab(bits53(b0, b1), &s, &c);
#else
    sincospi(2.0 * ((double)bits53(b0, b1) * 1.1102230246251565e-16), &s, &c);
#endif
    *z0 = r * c; *z1 = r * s;
}
__device__ __forceinline__ void expo2(uint a0, uint a1, uint b0, uint b1, double* z0, double* z1) {
    *z0 = 0.0 - LOGF(1.0 - (double)bits53(a0, a1) * 1.1102230246251565e-16);
    *z1 = 0.0 - LOGF(1.0 - (double)bits53(b0, b1) * 1.1102230246251565e-16);
}
extern "C" __global__ void probe_KIND(double* y, ulong seed, ulong off, long long cnt, long long nb, long long nt) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nt) return;
    uint k0 = (uint)seed, k1 = (uint)(seed >> 32);
    ulong q[4] = {(ulong)i, (ulong)i + nt, (ulong)i + 2 * nt, (ulong)i + 3 * nt};
    uint a0 = (uint)q[0], a1 = (uint)(q[0] >> 32) & 0xFFFFu, a2 = (uint)off, a3 = (uint)(off >> 32);
    uint b0 = (uint)q[1], b1 = (uint)(q[1] >> 32) & 0xFFFFu, b2 = a2, b3 = a3;
    uint c0 = (uint)q[2], c1 = (uint)(q[2] >> 32) & 0xFFFFu, c2 = a2, c3 = a3;
    uint d0 = (uint)q[3], d1 = (uint)(q[3] >> 32) & 0xFFFFu, d2 = a2, d3 = a3;
    for (int k = 0; k < 10; k++) {
        ROUND(a0, a1, a2, a3, k0, k1); ROUND(b0, b1, b2, b3, k0, k1);
        ROUND(c0, c1, c2, c3, k0, k1); ROUND(d0, d1, d2, d3, k0, k1);
        k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
    }
    uint w[4][4] = {{a0, a1, a2, a3}, {b0, b1, b2, b3}, {c0, c1, c2, c3}, {d0, d1, d2, d3}};
#pragma unroll
    for (int t = 0; t < 4; t++) {
        if (q[t] < (ulong)nb) {
            double v0, v1;
            KIND2(w[t][0], w[t][1], w[t][2], w[t][3], &v0, &v1);
            ulong e = q[t] * 2;
            if (e + 2 <= (ulong)cnt) ((double2*)y)[q[t]] = make_double2(v0, v1);
            else { y[e] = v0; if (e + 1 < (ulong)cnt) y[e + 1] = v1; }
        }
    }
}
// reference checks: the table functions against libdevice
extern "C" __global__ void check_log(const double* x, double* a, double* b, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { a[i] = log_tab(x[i]); b[i] = log(x[i]); }
}
extern "C" __global__ void check_sc(const ulong* K, double* s1, double* c1, double* s2, double* c2, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { sincos_tab(K[i], &s1[i], &c1[i]); sincospi(2.0 * ((double)K[i] * 1.1102230246251565e-16), &s2[i], &c2[i]); }
}
'''

def kernel(kind, logv, scv):
    src = SRC.replace("KIND2", kind + "2").replace("probe_KIND", f"probe_{kind}_{logv}{scv}")
    m = cp.RawModule(code=src, options=(f"-DLOGV={logv}", f"-DSCV={scv}", "-std=c++17"))
    return m, m.get_function(f"probe_{kind}_{logv}{scv}")

n = 1 << 24
nb = n // 2
nt = (nb + 3) // 4
y = cp.empty(n, dtype=cp.float64)
def runner(f):
    return lambda: f(((nt + 255) // 256,), (256,), (y, np.uint64(12), np.uint64(5), np.int64(n), np.int64(nb), np.int64(nt)))

rng = cp.random.default_rng(12)
if os.environ.get("NCU"):
    for kind, v in (("normal", (0, 0)), ("normal", (1, 1)), ("expo", (0, 0)), ("expo", (1, 0))):
        m, f = kernel(kind, *v); runner(f)(); runner(f)()
    rng.standard_normal(n); rng.standard_normal(n); rng.standard_exponential(n); rng.standard_exponential(n)
    cp.cuda.Device().synchronize(); sys.exit(0)
rows = []
outs = {}
for kind, variants in (("normal", [(0, 0), (1, 0), (0, 1), (1, 1)]), ("expo", [(0, 0), (1, 0)])):
    for v in variants:
        m, f = kernel(kind, *v)
        r = runner(f)
        r(); cp.cuda.Device().synchronize()
        outs[(kind, v)] = y.get()
        ts = [bench(r, reps=20, warm=3) for _ in range(3)]
        rows.append((f"{kind} log={'tab' if v[0] else 'lib'} sc={'tab' if v[1] else 'lib'}", ts))
    name = "standard_normal" if kind == "normal" else "standard_exponential"
    fn = getattr(rng, name)
    ts = [bench(lambda: fn(n), reps=20, warm=3) for _ in range(3)]
    rows.append((f"cupy {name}", ts))
for name, ts in rows:
    print(f"{name:32s} " + " ".join(f"{t:.4f}" for t in ts) + " ms")

def ulps(a, b):
    d = np.abs(a - b) / np.spacing(np.maximum(np.abs(b), 1e-300))
    return d
for kind, v in (("normal", (1, 0)), ("normal", (0, 1)), ("normal", (1, 1)), ("expo", (1, 0))):
    u = ulps(outs[(kind, v)], outs[(kind, (0, 0))])
    print(f"{kind} {v} vs lib: max {u.max():.2f} ulp, >1: {(u > 1).sum()}, >2: {(u > 2).sum()}, mean {u.mean():.4f}")

# direct checks
m, _ = kernel("normal", 1, 1)
cl, cs = m.get_function("check_log"), m.get_function("check_sc")
g = np.random.default_rng(3)
x = np.concatenate([g.random(1 << 20), 1 - g.random(1 << 18) * 2.0**-8, 1 - g.random(1 << 16) * 2.0**-30,
                    2.0 ** -g.uniform(0, 60, 1 << 18), [1.0, 1 - 2.0**-53, 2.0**-53, 0.5, 0.25, 0.75, 1 - 2.0**-9, 1 - 2.0**-9 - 2.0**-53]])
x = x[x > 0]
xd = cp.asarray(x); a = cp.empty_like(xd); b = cp.empty_like(xd)
cl(((x.size + 255) // 256,), (256,), (xd, a, b, np.int64(x.size)))
ua = ulps(a.get(), np.log(x)); ub = ulps(b.get(), np.log(x))
print(f"log_tab vs numpy: max {ua.max():.2f} ulp mean {ua.mean():.4f}; libdevice vs numpy: max {ub.max():.2f} mean {ub.mean():.4f}")
K = np.concatenate([g.integers(0, 1 << 53, 1 << 20, dtype=np.uint64), np.arange(0, 1 << 53, 1 << 44, dtype=np.uint64),
                    np.arange(0, 1 << 53, 1 << 44, dtype=np.uint64) + np.uint64((1 << 44) - 1), np.array([(1 << 53) - 1], dtype=np.uint64)])
Kd = cp.asarray(K); o = [cp.empty(K.size, dtype=cp.float64) for _ in range(4)]
cs(((K.size + 255) // 256,), (256,), (Kd, o[0], o[1], o[2], o[3], np.int64(K.size)))
s1, c1, s2, c2 = (t.get() for t in o)
print(f"sincos_tab vs sincospi: sin max abs {np.abs(s1 - s2).max():.3e}, cos max abs {np.abs(c1 - c2).max():.3e}; "
      f"ulps(sin) max {ulps(s1, s2).max():.2f}, ulps(cos) max {ulps(c1, c2).max():.2f}")
