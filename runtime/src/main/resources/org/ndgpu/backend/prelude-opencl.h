// ndgpu prelude, OpenCL C dialect. Generated kernels are written once against the ND_* names and
// the type names below; this header and prelude-cuda.h make them mean the same on both dialects.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#define ND_OPENCL 1
#define ND_KERNEL __kernel
#define ND_GLOBAL __global
#define ND_LOCAL __local
#define ND_CONSTANT __constant
#define ND_DEVICE_FN inline
#define ND_RESTRICT restrict
#define ND_SYNC() barrier(CLK_LOCAL_MEM_FENCE)
#define ND_GLOBAL_ID() get_global_id(0)
#define ND_GLOBAL_SIZE() get_global_size(0)
#define ND_LOCAL_ID() get_local_id(0)
#define ND_LOCAL_SIZE() get_local_size(0)
#define ND_GROUP_ID() get_group_id(0)
#define ND_NUM_GROUPS() get_num_groups(0)
typedef uchar nd_bool;
// half is a storage type everywhere; arithmetic on it happens in float
typedef ushort nd_half;
#define ND_HALF_TO_FLOAT(p) vload_half(0, (const ND_GLOBAL half*)(p))
#define ND_STORE_HALF(p, v) vstore_half_rte((float)(v), 0, (ND_GLOBAL half*)(p))
typedef float2 complex64;
typedef double2 complex128;
// CUDA-style float function names, so one snippet compiles on both dialects
#define sinf sin
#define cosf cos
#define tanf tan
#define expf exp
#define logf log
#define sqrtf sqrt
#define powf pow
#define fabsf fabs
#define tanhf tanh
#define floorf floor
#define ceilf ceil
#define fminf fmin
#define fmaxf fmax
inline complex64 nd_c64(float re, float im) { return (float2)(re, im); }
inline complex128 nd_c128(double re, double im) { return (double2)(re, im); }
// a * b rounded on its own. OpenCL C contracts a * b + c into fma by default (FP_CONTRACT ON), which
// NumPy never does; a call boundary keeps the product separate where bit-exact results matter (arange, linspace)
// a product that is never fused into a following add (OpenCL contracts a*b+c by default; NumPy does not)
inline float nd_fmul_rn(float a, float b) {
#pragma OPENCL FP_CONTRACT OFF
    return a * b;
}
inline double nd_dmul_rn(double a, double b) {
#pragma OPENCL FP_CONTRACT OFF
    return a * b;
}
// float64 -> float16 rounded once, as NumPy (through float32 a value just off a float16 tie rounds twice,
// to the wrong side); the result is exact as a float
inline float nd_double_to_half_float(double d) { ushort h; vstore_half_rte(d, 0, (half*)&h); return vload_half(0, (const half*)&h); }

// ---- appended for ElementwiseKernel and the ufuncs (kernels-elementwise)
// NumPy's type names, so a snippet may declare "int64 k" or "float32 t" on both dialects
// int8, int16, uint8 and uint16 are OpenCL's 8- and 16-wide int vectors: NumPy's meaning wins here
#define int8 char
#define int16 short
typedef int int32;
typedef long int64;
#define uint8 uchar
#define uint16 ushort
typedef uint uint32;
typedef ulong uint64;
typedef float float32;
typedef double float64;
// more CUDA-style names, so a snippet written for CUDA compiles here unchanged
#define asinf asin
#define acosf acos
#define atanf atan
#define atan2f atan2
#define sinhf sinh
#define coshf cosh
#define asinhf asinh
#define acoshf acosh
#define atanhf atanh
#define expm1f expm1
#define exp2f exp2
#define exp10f exp10
#define log1pf log1p
#define log2f log2
#define log10f log10
#define cbrtf cbrt
#define hypotf hypot
#define truncf trunc
#define roundf round
#define rintf rint
#define fmodf fmod
#define erff erf
#define erfcf erfc
#define lgammaf lgamma
#define tgammaf tgamma
#define copysignf copysign
#define fmaf fma
#define rsqrtf rsqrt
#define sincosf(x, s, c) (*(s) = sin(x), *(c) = cos(x))
// sin and cos of pi x: exact at the multiples of 1/2, and no rounding of pi x (the FFT's twiddles)
#define sincospif(x, s, c) (*(s) = sinpi(x), *(c) = cospi(x))
#define sincospi(x, s, c) (*(s) = sinpi(x), *(c) = cospi(x))
#define __expf native_exp
#define __logf native_log
#define __sinf native_sin
#define __cosf native_cos
#define __fdividef native_divide
#define llabs(x) ((long)abs((long)(x)))
#define labs(x) ((long)abs((long)(x)))
// complex arithmetic (complex64 = float2, complex128 = double2): NumPy's results, same text on both dialects
