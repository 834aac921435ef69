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
inline float nd_fmul_rn(float a, float b) { return a * b; }
inline double nd_dmul_rn(double a, double b) { return a * b; }
// float64 -> float16 rounded once, as NumPy (through float32 a value just off a float16 tie rounds twice,
// to the wrong side); the result is exact as a float
inline float nd_double_to_half_float(double d) { ushort h; vstore_half_rte(d, 0, (half*)&h); return vload_half(0, (const half*)&h); }
