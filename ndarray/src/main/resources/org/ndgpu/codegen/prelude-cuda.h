// ndgpu prelude, CUDA C++ dialect (NVRTC). See prelude-opencl.h: the same names, the same meaning.
#define ND_CUDA 1
#define ND_KERNEL extern "C" __global__
#define ND_GLOBAL
#define ND_LOCAL __shared__
#define ND_CONSTANT __constant__
#define ND_DEVICE_FN __device__ __forceinline__
#define ND_RESTRICT __restrict__
#define ND_SYNC() __syncthreads()
#define ND_GLOBAL_ID() ((size_t)blockIdx.x * blockDim.x + threadIdx.x)
#define ND_GLOBAL_SIZE() ((size_t)gridDim.x * blockDim.x)
#define ND_LOCAL_ID() threadIdx.x
#define ND_LOCAL_SIZE() blockDim.x
#define ND_GROUP_ID() blockIdx.x
#define ND_NUM_GROUPS() gridDim.x
// OpenCL's scalar type names; long is 64-bit on the LP64 systems ndgpu runs on
static_assert(sizeof(long) == 8, "ndgpu needs an LP64 platform");
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef unsigned char nd_bool;
typedef unsigned short nd_half;
// half <-> float by PTX, so no header is needed
__device__ __forceinline__ float nd_half_to_float(unsigned short h) { float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f; }
__device__ __forceinline__ unsigned short nd_float_to_half(float f) { unsigned short h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f)); return h; }
#define ND_HALF_TO_FLOAT(p) nd_half_to_float(*(const unsigned short*)(p))
#define ND_STORE_HALF(p, v) (*(unsigned short*)(p) = nd_float_to_half((float)(v)))
typedef float2 complex64;
typedef double2 complex128;
__device__ __forceinline__ complex64 nd_c64(float re, float im) { return make_float2(re, im); }
__device__ __forceinline__ complex128 nd_c128(double re, double im) { return make_double2(re, im); }
// a * b rounded on its own, never fused into an fma (NVRTC fuses by default; NumPy never does)
#define nd_fmul_rn(a, b) __fmul_rn((a), (b))
#define nd_dmul_rn(a, b) __dmul_rn((a), (b))
// float64 -> float16 rounded once, as NumPy (not twice through float32); the result is exact as a float
__device__ __forceinline__ float nd_double_to_half_float(double d) { unsigned short h; asm("cvt.rn.f16.f64 %0, %1;" : "=h"(h) : "d"(d)); return nd_half_to_float(h); }
