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

// ---- appended for ElementwiseKernel and the ufuncs (kernels-elementwise)
// NumPy's type names, so a snippet may declare "int64 k" or "float32 t" on both dialects
typedef char int8;
typedef short int16;
typedef int int32;
typedef long int64;
typedef uchar uint8;
typedef ushort uint16;
typedef uint uint32;
typedef ulong uint64;
typedef float float32;
typedef double float64;
// OpenCL-style names and constants, so a snippet written for OpenCL compiles here unchanged
#ifndef M_PI
#define M_E 2.718281828459045235360287471352662498
#define M_LOG2E 1.442695040888963407359924681001892137
#define M_LOG10E 0.434294481903251827651128918916605082
#define M_LN2 0.693147180559945309417232121458176568
#define M_LN10 2.302585092994045684017360149014975154
#define M_PI 3.141592653589793238462643383279502884
#define M_PI_2 1.570796326794896619231321691639751442
#define M_PI_4 0.785398163397448309615660845819875721
#define M_1_PI 0.318309886183790671537767526745028724
#define M_2_PI 0.636619772367581343075535053490057448
#define M_2_SQRTPI 1.128379167095512573896158903121545172
#define M_SQRT2 1.414213562373095048801688724209698079
#define M_SQRT1_2 0.707106781186547524400844362104849039
#endif
#define M_E_F 2.71828182845904523536f
#define M_PI_F 3.14159265358979323846f
#define M_PI_2_F 1.57079632679489661923f
#define M_SQRT2_F 1.41421356237309504880f
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
#ifndef NAN
#define NAN __int_as_float(0x7fffffff)
#endif
#define MAXFLOAT 3.402823466e+38f
#define native_exp __expf
#define native_log __logf
#define native_sin __sinf
#define native_cos __cosf
#define native_divide __fdividef
#define native_sqrt sqrtf
#define native_recip(x) (1.0f / (x))
#define half_exp __expf
template <typename T> __device__ __forceinline__ T clamp(T x, T lo, T hi) { return x < lo ? lo : (x > hi ? hi : x); }
template <typename T> __device__ __forceinline__ T mad(T a, T b, T c) { return a * b + c; }
template <typename T> __device__ __forceinline__ T mix(T a, T b, T t) { return a + (b - a) * t; }
__device__ __forceinline__ float sign(float x) { return x > 0 ? 1.0f : (x < 0 ? -1.0f : x); }
__device__ __forceinline__ double sign(double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : x); }
// complex arithmetic (complex64 = float2, complex128 = double2): NumPy's results, same text on both dialects
