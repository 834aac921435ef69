// Device functions of the ufuncs whose NumPy rules are longer than an expression (logaddexp,
// logaddexp2, float16 nextafter, integer fmod, gcd, lcm). UfuncLibrary puts this file in the
// preamble of those ufuncs' kernels only, not in the prelude every kernel compiles.
// logaddexp and logaddexp2 as NumPy's npy_logaddexp: equal values (infinities too) add log(2), NaN propagates
#define ND_FLOAT_LOGADDEXP(T) \
ND_DEVICE_FN T nd_logaddexp_##T(T a, T b) { \
    if (a == b) return a + (T)0.693147180559945309417232121458176568; \
    T d = a - b; \
    return d > 0 ? a + log1p(exp(-d)) : (d <= 0 ? b + log1p(exp(d)) : d); } \
ND_DEVICE_FN T nd_logaddexp2_##T(T a, T b) { \
    if (a == b) return a + (T)1; \
    T d = a - b; \
    return d > 0 ? a + (T)1.442695040888963407359924681001892137 * log1p(exp2(-d)) \
        : (d <= 0 ? b + (T)1.442695040888963407359924681001892137 * log1p(exp2(d)) : d); }
ND_FLOAT_LOGADDEXP(float) ND_FLOAT_LOGADDEXP(double)
// nextafter of float16, on the float that holds the half value: a step of one half ulp (2^-24 below the normals);
// as NumPy's npy_half_nextafter, equal values give x (nextafter(-0.0, 0.0) is -0.0, unlike C's)
ND_DEVICE_FN float nd_nextafter_half(float x, float y) {
    if (isnan(x) || isnan(y)) return x + y;
    if (x == y) return x;
    if (x == 0) return copysign(5.9604644775390625e-08f, y);
    if (isinf(x)) return copysign(65504.0f, x);
    int k = ilogb(x);
    float ulp = ldexp(1.0f, k - 10 < -24 ? -24 : k - 10);
    int away = (y > x) == (x > 0);
    if (!away && k > -14 && fabs(x) == ldexp(1.0f, k)) ulp *= 0.5f;
    return x + (away == (x > 0) ? ulp : -ulp); }
// integer fmod as NumPy's: C's truncated remainder (sign of the dividend), and 0 for a zero divisor
#define ND_INT_FMOD(T) ND_DEVICE_FN T nd_fmod_##T(T a, T b) { return (b == 0 || b == (T)-1) ? (T)0 : (T)(a % b); }
ND_INT_FMOD(char) ND_INT_FMOD(short) ND_INT_FMOD(int) ND_INT_FMOD(long)
#define ND_UINT_FMOD(T) ND_DEVICE_FN T nd_fmod_##T(T a, T b) { return b == 0 ? (T)0 : (T)(a % b); }
ND_UINT_FMOD(uchar) ND_UINT_FMOD(ushort) ND_UINT_FMOD(uint) ND_UINT_FMOD(ulong)
// gcd and lcm as NumPy's npy_gcd/npy_lcm: Euclid on the magnitudes; lcm is |a / gcd * b| taken in C's promoted type
// (int for int8/int16), then cast to the type: NumPy's lcm(int8 13, int8 11) is -113
#define ND_INT_GCD(T) \
ND_DEVICE_FN T nd_gcd_##T(T a, T b) { \
    T x = a < 0 ? (T)(0 - a) : a, y = b < 0 ? (T)(0 - b) : b; \
    while (y != 0) { T r = (T)(x % y); x = y; y = r; } return x; } \
ND_DEVICE_FN T nd_lcm_##T(T a, T b) { \
    T g = nd_gcd_##T(a, b); if (g == 0) return (T)0; \
    return (T)((a / g * b) < 0 ? 0 - (a / g * b) : (a / g * b)); }
ND_INT_GCD(char) ND_INT_GCD(short) ND_INT_GCD(int) ND_INT_GCD(long)
#define ND_UINT_GCD(T) \
ND_DEVICE_FN T nd_gcd_##T(T a, T b) { while (b != 0) { T r = (T)(a % b); a = b; b = r; } return a; } \
ND_DEVICE_FN T nd_lcm_##T(T a, T b) { T g = nd_gcd_##T(a, b); return g == 0 ? (T)0 : (T)(a / g * b); }
ND_UINT_GCD(uchar) ND_UINT_GCD(ushort) ND_UINT_GCD(uint) ND_UINT_GCD(ulong)
// numpy.sinc of float16: pi * x and sin(y) rounded to half, as NumPy's float16 loops round each step
ND_DEVICE_FN float nd_sinc_half(float x) {
    float y = nd_double_to_half_float((double)(3.140625f * x));
    if (y == 0) return 1.0f;
    return nd_double_to_half_float((double)sin(y)) / y;
}
