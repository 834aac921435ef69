// ndgpu: OpenCL C built-ins as CUDA device code, so Aparapi's OpenCL output compiles with NVRTC.
// Compiled with -default-device: functions without a qualifier (Aparapi's helpers) are __device__.
#define __kernel extern "C" __global__
#define __global
#define __local
#define __constant
#define __private
#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
#define barrier(flags) __syncthreads()
#define mem_fence(flags) __threadfence()
static_assert(sizeof(long) == 8, "ndgpu needs an LP64 platform");
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
__device__ __forceinline__ size_t get_global_id(uint d) {
    return d == 0 ? (size_t)blockIdx.x * blockDim.x + threadIdx.x
         : d == 1 ? (size_t)blockIdx.y * blockDim.y + threadIdx.y : (size_t)blockIdx.z * blockDim.z + threadIdx.z;
}
__device__ __forceinline__ size_t get_local_id(uint d) { return d == 0 ? threadIdx.x : d == 1 ? threadIdx.y : threadIdx.z; }
__device__ __forceinline__ size_t get_group_id(uint d) { return d == 0 ? blockIdx.x : d == 1 ? blockIdx.y : blockIdx.z; }
__device__ __forceinline__ size_t get_local_size(uint d) { return d == 0 ? blockDim.x : d == 1 ? blockDim.y : blockDim.z; }
__device__ __forceinline__ size_t get_num_groups(uint d) { return d == 0 ? gridDim.x : d == 1 ? gridDim.y : gridDim.z; }
__device__ __forceinline__ size_t get_global_size(uint d) { return get_num_groups(d) * get_local_size(d); }
__device__ __forceinline__ uint get_work_dim() { return gridDim.z * blockDim.z > 1 ? 3 : gridDim.y * blockDim.y > 1 ? 2 : 1; }
// OpenCL math names that CUDA spells otherwise or lacks
__device__ __forceinline__ float mad(float a, float b, float c) { return a * b + c; }
__device__ __forceinline__ double mad(double a, double b, double c) { return a * b + c; }
__device__ __forceinline__ int mad24(int a, int b, int c) { return __mul24(a, b) + c; }
__device__ __forceinline__ int popcount(int x) { return __popc(x); }
__device__ __forceinline__ long popcount(long x) { return __popcll(x); }
__device__ __forceinline__ int clz(int x) { return __clz(x); }
__device__ __forceinline__ long clz(long x) { return __clzll(x); }
__device__ __forceinline__ float acospi(float x) { return acosf(x) * 0.318309886183790671538f; }
__device__ __forceinline__ double acospi(double x) { return acos(x) * 0.318309886183790671538; }
__device__ __forceinline__ float asinpi(float x) { return asinf(x) * 0.318309886183790671538f; }
__device__ __forceinline__ double asinpi(double x) { return asin(x) * 0.318309886183790671538; }
__device__ __forceinline__ float atanpi(float x) { return atanf(x) * 0.318309886183790671538f; }
__device__ __forceinline__ double atanpi(double x) { return atan(x) * 0.318309886183790671538; }
__device__ __forceinline__ float atan2pi(float y, float x) { return atan2f(y, x) * 0.318309886183790671538f; }
__device__ __forceinline__ double atan2pi(double y, double x) { return atan2(y, x) * 0.318309886183790671538; }
__device__ __forceinline__ float tanpi(float x) { return tanf(x * 3.14159265358979323846f); }
__device__ __forceinline__ double tanpi(double x) { return tan(x * 3.14159265358979323846); }
__device__ __forceinline__ float native_sqrt(float x) { return sqrtf(x); }
// OpenCL 1.x atomics on 32-bit ints, on plain and volatile pointers (OpenCL declares them volatile)
#define ND_CL_ATOMIC(name, T, expr) \
    __device__ __forceinline__ T name(T* p, T v) { return expr; } \
    __device__ __forceinline__ T name(volatile T* p, T v) { return name((T*)p, v); }
#define ND_CL_ATOMICS(T) \
    ND_CL_ATOMIC(atomic_add, T, atomicAdd(p, v)) ND_CL_ATOMIC(atomic_sub, T, atomicSub(p, v)) \
    ND_CL_ATOMIC(atomic_xchg, T, atomicExch(p, v)) ND_CL_ATOMIC(atomic_min, T, atomicMin(p, v)) \
    ND_CL_ATOMIC(atomic_max, T, atomicMax(p, v)) ND_CL_ATOMIC(atomic_and, T, atomicAnd(p, v)) \
    ND_CL_ATOMIC(atomic_or, T, atomicOr(p, v)) ND_CL_ATOMIC(atomic_xor, T, atomicXor(p, v)) \
    __device__ __forceinline__ T atomic_inc(T* p) { return atomicAdd(p, (T)1); } \
    __device__ __forceinline__ T atomic_inc(volatile T* p) { return atomicAdd((T*)p, (T)1); } \
    __device__ __forceinline__ T atomic_dec(T* p) { return atomicSub(p, (T)1); } \
    __device__ __forceinline__ T atomic_dec(volatile T* p) { return atomicSub((T*)p, (T)1); } \
    __device__ __forceinline__ T atomic_cmpxchg(T* p, T cmp, T v) { return atomicCAS(p, cmp, v); } \
    __device__ __forceinline__ T atomic_cmpxchg(volatile T* p, T cmp, T v) { return atomicCAS((T*)p, cmp, v); }
ND_CL_ATOMICS(int)
ND_CL_ATOMICS(unsigned int)
ND_CL_ATOMIC(atomic_xchg, float, atomicExch(p, v))
__device__ __forceinline__ long atom_add(long* p, long v) {
    return (long)atomicAdd((unsigned long long*)p, (unsigned long long)v);
}
// more OpenCL C built-ins that hand-written kernels reach for (ndgpu's own CUDA prelude, which Vectorize
// puts first, has its versions of some)
#ifndef ND_CUDA
__device__ __forceinline__ float clamp(float x, float lo, float hi) { return fminf(fmaxf(x, lo), hi); }
__device__ __forceinline__ double clamp(double x, double lo, double hi) { return fmin(fmax(x, lo), hi); }
__device__ __forceinline__ int clamp(int x, int lo, int hi) { return min(max(x, lo), hi); }
__device__ __forceinline__ float mix(float a, float b, float t) { return a + (b - a) * t; }
__device__ __forceinline__ double mix(double a, double b, double t) { return a + (b - a) * t; }
__device__ __forceinline__ float sign(float x) { return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x == 0.0f ? 0.0f * x : 0.0f; }
__device__ __forceinline__ double sign(double x) { return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : x == 0.0 ? 0.0 * x : 0.0; }
__device__ __forceinline__ float degrees(float r) { return r * 57.295779513082320876798f; }
__device__ __forceinline__ double degrees(double r) { return r * 57.295779513082320876798; }
__device__ __forceinline__ float radians(float d) { return d * 0.017453292519943295769237f; }
__device__ __forceinline__ double radians(double d) { return d * 0.017453292519943295769237; }
__device__ __forceinline__ float native_exp(float x) { return __expf(x); }
__device__ __forceinline__ float native_log(float x) { return __logf(x); }
__device__ __forceinline__ float native_sin(float x) { return __sinf(x); }
__device__ __forceinline__ float native_cos(float x) { return __cosf(x); }
__device__ __forceinline__ float native_recip(float x) { return __frcp_rn(x); }
__device__ __forceinline__ float native_divide(float a, float b) { return __fdividef(a, b); }
__device__ __forceinline__ float native_rsqrt(float x) { return rsqrtf(x); }
__device__ __forceinline__ float native_powr(float a, float b) { return __powf(a, b); }
__device__ __forceinline__ float as_float(int x) { return __int_as_float(x); }
__device__ __forceinline__ float as_float(unsigned int x) { return __uint_as_float(x); }
__device__ __forceinline__ int as_int(float x) { return __float_as_int(x); }
__device__ __forceinline__ unsigned int as_uint(float x) { return __float_as_uint(x); }
__device__ __forceinline__ double as_double(long x) { return __longlong_as_double(x); }
__device__ __forceinline__ long as_long(double x) { return __double_as_longlong(x); }
#endif
// dynamic shared memory, carved into Aparapi's @Local arrays at offsets passed as arguments
extern __shared__ __align__(16) char nd_dynamic_shared[];
