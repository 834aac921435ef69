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
#define __expf native_exp
#define __logf native_log
#define __sinf native_sin
#define __cosf native_cos
#define __fdividef native_divide
#define llabs(x) ((long)abs((long)(x)))
#define labs(x) ((long)abs((long)(x)))
// complex arithmetic (complex64 = float2, complex128 = double2): NumPy's results, same text on both dialects
ND_DEVICE_FN complex64 nd_c64_add(complex64 a, complex64 b) { return nd_c64(a.x + b.x, a.y + b.y); }
ND_DEVICE_FN complex64 nd_c64_sub(complex64 a, complex64 b) { return nd_c64(a.x - b.x, a.y - b.y); }
ND_DEVICE_FN complex64 nd_c64_mul(complex64 a, complex64 b) { return nd_c64(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
ND_DEVICE_FN complex64 nd_c64_div(complex64 a, complex64 b) {
    // Smith's algorithm: no overflow for large |b|
    if (fabs(b.x) >= fabs(b.y)) {
        if (b.x == 0 && b.y == 0) return nd_c64(a.x / fabs(b.x), a.y / fabs(b.y));
        float r = b.y / b.x, d = b.x + b.y * r;
        return nd_c64((a.x + a.y * r) / d, (a.y - a.x * r) / d);
    }
    float r = b.x / b.y, d = b.y + b.x * r;
    return nd_c64((a.x * r + a.y) / d, (a.y * r - a.x) / d);
}
ND_DEVICE_FN complex64 nd_c64_neg(complex64 a) { return nd_c64(-a.x, -a.y); }
ND_DEVICE_FN complex64 nd_c64_conj(complex64 a) { return nd_c64(a.x, -a.y); }
ND_DEVICE_FN float nd_c64_abs(complex64 a) { return hypot(a.x, a.y); }
ND_DEVICE_FN complex64 nd_c64_exp(complex64 a) { float e = exp(a.x); return a.y == 0 ? nd_c64(e, a.y) : nd_c64(e * cos(a.y), e * sin(a.y)); }
ND_DEVICE_FN complex64 nd_c64_log(complex64 a) { return nd_c64(log(hypot(a.x, a.y)), atan2(a.y, a.x)); }
ND_DEVICE_FN complex64 nd_c64_sqrt(complex64 a) {
    if (a.x == 0 && a.y == 0) return nd_c64(0, a.y);
    if (isinf(a.y)) return nd_c64(INFINITY, a.y);
    float r = hypot(a.x, a.y);
    if (a.x >= 0) { float t = sqrt((r + a.x) / 2); return nd_c64(t, a.y / (2 * t)); }
    float t = sqrt((r - a.x) / 2);
    return nd_c64(fabs(a.y) / (2 * t), copysign(t, a.y));
}
ND_DEVICE_FN complex64 nd_c64_square(complex64 a) { return nd_c64_mul(a, a); }
ND_DEVICE_FN complex64 nd_c64_reciprocal(complex64 a) { return nd_c64_div(nd_c64(1, 0), a); }
ND_DEVICE_FN complex64 nd_c64_pow(complex64 a, complex64 b) {
    if (b.x == 0 && b.y == 0) return nd_c64(1, 0);
    if (a.x == 0 && a.y == 0) return (b.y == 0 && b.x > 0) ? nd_c64(0, 0) : nd_c64(NAN, NAN);
    return nd_c64_exp(nd_c64_mul(b, nd_c64_log(a)));
}
ND_DEVICE_FN complex64 nd_c64_sign(complex64 a) {
    // NumPy 2: z / |z|, and 0 for 0
    float r = hypot(a.x, a.y);
    return r == 0 ? nd_c64(0, 0) : nd_c64(a.x / r, a.y / r);
}
ND_DEVICE_FN nd_bool nd_c64_eq(complex64 a, complex64 b) { return a.x == b.x && a.y == b.y; }
ND_DEVICE_FN nd_bool nd_c64_isnan(complex64 a) { return isnan(a.x) || isnan(a.y); }
ND_DEVICE_FN nd_bool nd_c64_isinf(complex64 a) { return isinf(a.x) || isinf(a.y); }
ND_DEVICE_FN nd_bool nd_c64_isfinite(complex64 a) { return isfinite(a.x) && isfinite(a.y); }
ND_DEVICE_FN complex128 nd_c128_add(complex128 a, complex128 b) { return nd_c128(a.x + b.x, a.y + b.y); }
ND_DEVICE_FN complex128 nd_c128_sub(complex128 a, complex128 b) { return nd_c128(a.x - b.x, a.y - b.y); }
ND_DEVICE_FN complex128 nd_c128_mul(complex128 a, complex128 b) { return nd_c128(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
ND_DEVICE_FN complex128 nd_c128_div(complex128 a, complex128 b) {
    // Smith's algorithm: no overflow for large |b|
    if (fabs(b.x) >= fabs(b.y)) {
        if (b.x == 0 && b.y == 0) return nd_c128(a.x / fabs(b.x), a.y / fabs(b.y));
        double r = b.y / b.x, d = b.x + b.y * r;
        return nd_c128((a.x + a.y * r) / d, (a.y - a.x * r) / d);
    }
    double r = b.x / b.y, d = b.y + b.x * r;
    return nd_c128((a.x * r + a.y) / d, (a.y * r - a.x) / d);
}
ND_DEVICE_FN complex128 nd_c128_neg(complex128 a) { return nd_c128(-a.x, -a.y); }
ND_DEVICE_FN complex128 nd_c128_conj(complex128 a) { return nd_c128(a.x, -a.y); }
ND_DEVICE_FN double nd_c128_abs(complex128 a) { return hypot(a.x, a.y); }
ND_DEVICE_FN complex128 nd_c128_exp(complex128 a) { double e = exp(a.x); return a.y == 0 ? nd_c128(e, a.y) : nd_c128(e * cos(a.y), e * sin(a.y)); }
ND_DEVICE_FN complex128 nd_c128_log(complex128 a) { return nd_c128(log(hypot(a.x, a.y)), atan2(a.y, a.x)); }
ND_DEVICE_FN complex128 nd_c128_sqrt(complex128 a) {
    if (a.x == 0 && a.y == 0) return nd_c128(0, a.y);
    if (isinf(a.y)) return nd_c128(INFINITY, a.y);
    double r = hypot(a.x, a.y);
    if (a.x >= 0) { double t = sqrt((r + a.x) / 2); return nd_c128(t, a.y / (2 * t)); }
    double t = sqrt((r - a.x) / 2);
    return nd_c128(fabs(a.y) / (2 * t), copysign(t, a.y));
}
ND_DEVICE_FN complex128 nd_c128_square(complex128 a) { return nd_c128_mul(a, a); }
ND_DEVICE_FN complex128 nd_c128_reciprocal(complex128 a) { return nd_c128_div(nd_c128(1, 0), a); }
ND_DEVICE_FN complex128 nd_c128_pow(complex128 a, complex128 b) {
    if (b.x == 0 && b.y == 0) return nd_c128(1, 0);
    if (a.x == 0 && a.y == 0) return (b.y == 0 && b.x > 0) ? nd_c128(0, 0) : nd_c128(NAN, NAN);
    return nd_c128_exp(nd_c128_mul(b, nd_c128_log(a)));
}
ND_DEVICE_FN complex128 nd_c128_sign(complex128 a) {
    // NumPy 2: z / |z|, and 0 for 0
    double r = hypot(a.x, a.y);
    return r == 0 ? nd_c128(0, 0) : nd_c128(a.x / r, a.y / r);
}
ND_DEVICE_FN nd_bool nd_c128_eq(complex128 a, complex128 b) { return a.x == b.x && a.y == b.y; }
ND_DEVICE_FN nd_bool nd_c128_isnan(complex128 a) { return isnan(a.x) || isnan(a.y); }
ND_DEVICE_FN nd_bool nd_c128_isinf(complex128 a) { return isinf(a.x) || isinf(a.y); }
ND_DEVICE_FN nd_bool nd_c128_isfinite(complex128 a) { return isfinite(a.x) && isfinite(a.y); }
// integer division and modulo as NumPy: floor semantics, and 0 (no trap) for a zero divisor
#define ND_INT_FLOORDIV(T) ND_DEVICE_FN T nd_floordiv_##T(T a, T b) { \
    if (b == 0) return 0; \
    if (b == (T)-1) return (T)(0 - a); \
    T q = a / b; return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q; }
#define ND_INT_MOD(T) ND_DEVICE_FN T nd_mod_##T(T a, T b) { \
    if (b == 0 || b == (T)-1) return 0; \
    T r = a % b; return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r; }
#define ND_UINT_FLOORDIV(T) ND_DEVICE_FN T nd_floordiv_##T(T a, T b) { return b == 0 ? 0 : a / b; }
#define ND_UINT_MOD(T) ND_DEVICE_FN T nd_mod_##T(T a, T b) { return b == 0 ? 0 : a % b; }
ND_INT_FLOORDIV(char) ND_INT_FLOORDIV(short) ND_INT_FLOORDIV(int) ND_INT_FLOORDIV(long)
ND_INT_MOD(char) ND_INT_MOD(short) ND_INT_MOD(int) ND_INT_MOD(long)
ND_UINT_FLOORDIV(uchar) ND_UINT_MOD(uchar)
// float floor division and remainder as NumPy's npy_divmod (Python's sign rules)
#define ND_FLOAT_DIVMOD(T) \
ND_DEVICE_FN T nd_mod_##T(T a, T b) { \
    if (b == 0) return fmod(a, b); \
    T m = fmod(a, b); \
    if (m != 0) { if ((b < 0) != (m < 0)) m += b; } else m = copysign((T)0, b); \
    return m; } \
ND_DEVICE_FN T nd_floordiv_##T(T a, T b) { \
    if (b == 0) return a / b; \
    T m = fmod(a, b); T d = (a - m) / b; \
    if (m != 0 && ((b < 0) != (m < 0))) d -= 1; \
    if (d != 0) { T f = floor(d); if (d - f > (T)0.5) f += 1; d = f; } else d = copysign((T)0, a / b); \
    return d; }
ND_FLOAT_DIVMOD(float) ND_FLOAT_DIVMOD(double)
// integer power by squaring; a negative exponent gives 0 except for bases 1 and -1 (NumPy raises; a kernel cannot)
#define ND_INT_POW(T) ND_DEVICE_FN T nd_pow_##T(T a, T b) { \
    if (b < 0) return a == 1 ? (T)1 : (a == (T)-1 ? ((b & 1) ? (T)-1 : (T)1) : (T)0); \
    T r = 1; while (b) { if (b & 1) r = (T)(r * a); a = (T)(a * a); b >>= 1; } return r; }
ND_INT_POW(char) ND_INT_POW(short) ND_INT_POW(int) ND_INT_POW(long) ND_INT_POW(uchar)
// shifts as NumPy: a shift by the width or more gives 0 (or -1 for a negative value shifted right)
#define ND_SHIFTS(T, BITS) \
ND_DEVICE_FN T nd_lshift_##T(T a, T b) { return (b < 0 || b >= BITS) ? (T)0 : (T)(a << b); } \
ND_DEVICE_FN T nd_rshift_##T(T a, T b) { return (b < 0 || b >= BITS) ? (T)(a < 0 ? -1 : 0) : (T)(a >> b); }
ND_SHIFTS(char, 8) ND_SHIFTS(short, 16) ND_SHIFTS(int, 32) ND_SHIFTS(long, 64) ND_SHIFTS(uchar, 8)
