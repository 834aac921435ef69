"""add.at 2^24 float32 values into 2^16 float32 targets (int64 indices), CuPy's cp.add.at beside
RawKernel variants of the atomic kernel: one element a thread (CuPy's), and E elements a thread
with vector loads, grid-stride; plus a read of indices and values alone (the floor). Device ms,
median of 20 after 3 warm-ups, three rounds; each variant's sums checked against cp.add.at's."""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cupy as cp
from cupy_timing import bench
n = 1 << 24
m = 1 << 16
rng = cp.random.default_rng(5)
x = rng.uniform(-1, 1, n, dtype=cp.float32)
bins = rng.integers(0, m, n, dtype=cp.int64)
src = r'''
extern "C" __global__ void one(const long long* k, const float* v, float* a, long long* flag, long long n, long long len) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long r = k[i]; if (r < 0) r += len;
    if (r >= 0 && r < len) atomicAdd(a + r, v[i]); else *flag = 1;
}
template <int E>
__device__ void many(const long long* __restrict__ k, const float* __restrict__ v, float* a, long long* flag, long long n, long long len) {
    long long stride = (long long)gridDim.x * blockDim.x * E;
    for (long long base = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * E; base < n; base += stride) {
        if (base + E <= n) {
            long long r[E]; float w[E];
            #pragma unroll
            for (int j = 0; j < E; j += 2) { longlong2 q = *(const longlong2*)(k + base + j); r[j] = q.x; r[j + 1] = q.y; }
            #pragma unroll
            for (int j = 0; j < E; j += 4) { float4 q = *(const float4*)(v + base + j); w[j] = q.x; w[j+1] = q.y; w[j+2] = q.z; w[j+3] = q.w; }
            #pragma unroll
            for (int j = 0; j < E; j++) { long long t = r[j]; if (t < 0) t += len; if (t >= 0 && t < len) atomicAdd(a + t, w[j]); else *flag = 1; }
        } else {
            for (long long i = base; i < n; i++) { long long t = k[i]; if (t < 0) t += len; if (t >= 0 && t < len) atomicAdd(a + t, v[i]); else *flag = 1; }
        }
    }
}
extern "C" __global__ void many4(const long long* k, const float* v, float* a, long long* flag, long long n, long long len) { many<4>(k, v, a, flag, n, len); }
extern "C" __global__ void many8(const long long* k, const float* v, float* a, long long* flag, long long n, long long len) { many<8>(k, v, a, flag, n, len); }
extern "C" __global__ void strided4(const long long* k, const float* v, float* a, long long* flag, long long n, long long len) {
    // four elements a thread, a block's threads adjacent (coalesced scalar loads), no vector loads
    long long base = (long long)blockIdx.x * blockDim.x * 4 + threadIdx.x;
    #pragma unroll
    for (int j = 0; j < 4; j++) {
        long long i = base + (long long)j * blockDim.x;
        if (i < n) { long long t = k[i]; if (t < 0) t += len; if (t >= 0 && t < len) atomicAdd(a + t, v[i]); else *flag = 1; }
    }
}
extern "C" __global__ void readonly(const long long* k, const float* v, float* a, long long* flag, long long n, long long len) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (k[i] == -12345 && v[i] == 7.0f) *flag = 1;
}
'''
mod = cp.RawModule(code=src, options=("-std=c++17",), name_expressions=None)
flag = cp.zeros(1, dtype=cp.int64)
ref = cp.zeros(m, dtype=cp.float32); cp.add.at(ref, bins, x)
sms = cp.cuda.Device().attributes["MultiProcessorCount"]
def launcher(name, per, grid=None):
    f = mod.get_function(name)
    def run():
        acc = cp.zeros(m, dtype=cp.float32)
        g = grid if grid is not None else (n // per + 255) // 256
        f((g,), (256,), (bins, x, acc, flag, cp.int64(n), cp.int64(m)))
        return acc
    return run
def cupy_at():
    acc = cp.zeros(m, dtype=cp.float32); cp.add.at(acc, bins, x); return acc
variants = [("cupy add.at", cupy_at), ("one a thread", launcher("one", 1)),
            ("4 a thread, vector loads", launcher("many4", 4)), ("8 a thread, vector loads", launcher("many8", 8)),
            ("4 a thread, grid 8 x SMs x ...", launcher("many4", 4, grid=sms * 8)),
            ("4 a thread, strided", launcher("strided4", 4)), ("read only (floor)", launcher("readonly", 1))]
for name, fn in variants:
    if "read only" in name: continue
    got = fn(); err = float(cp.abs(got - ref).max()) / float(cp.abs(ref).max())
    print(f"check {name}: max rel err {err:.2e}")
for r in range(3):
    for name, fn in variants:
        print(f"r{r} {name:32s} {bench(fn, 20, 3):.4f}")
