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
// spacing as NumPy's npy_spacing: the step to the next value away from zero (up from -0.0); NaN for NaN and the infinities
#define ND_FLOAT_SPACING(T) \
ND_DEVICE_FN T nd_spacing_##T(T x) { \
    if (isnan(x) || isinf(x)) return x - x; \
    return nextafter(x, x < 0 ? (T)-INFINITY : (T)INFINITY) - x; }
ND_FLOAT_SPACING(float) ND_FLOAT_SPACING(double)
// float16 as NumPy's npy_half_spacing: always the step up, so spacing(-1) is 2^-11 and never negative
ND_DEVICE_FN float nd_spacing_half(float x) {
    if (isnan(x) || isinf(x)) return x - x;
    return nd_nextafter_half(x, INFINITY) - x; }
// bitwise_count as NumPy's: the set bits of the magnitude, so -1 counts one bit
ND_DEVICE_FN int nd_popcount(ulong x) {
    x = x - ((x >> 1) & 0x5555555555555555UL);
    x = (x & 0x3333333333333333UL) + ((x >> 2) & 0x3333333333333333UL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FUL;
    return (int)((x * 0x0101010101010101UL) >> 56); }
// numpy.i0 as NumPy writes it: Cephes' Chebyshev series of exp(-x) I0(x) on [0, 8] and on (8, inf), in double
ND_DEVICE_FN double nd_chbevl(double x, const double* c, int n) {
    double b0 = c[0], b1 = 0.0, b2 = 0.0;
    for (int i = 1; i < n; i++) { b2 = b1; b1 = b0; b0 = x * b1 - b2 + c[i]; }
    return 0.5 * (b0 - b2); }
ND_DEVICE_FN double nd_i0(double x) {
    const double a[30] = {-4.4153416464793395e-18, 3.3307945188222384e-17, -2.431279846547955e-16, 1.715391285555133e-15, -1.1685332877993451e-14, 7.676185498604936e-14, -4.856446783111929e-13, 2.95505266312964e-12, -1.726826291441556e-11, 9.675809035373237e-11, -5.189795601635263e-10, 2.6598237246823866e-09, -1.300025009986248e-08, 6.046995022541919e-08, -2.670793853940612e-07, 1.1173875391201037e-06, -4.4167383584587505e-06, 1.6448448070728896e-05, -5.754195010082104e-05, 0.00018850288509584165, -0.0005763755745385824, 0.0016394756169413357, -0.004324309995050576, 0.010546460394594998, -0.02373741480589947, 0.04930528423967071, -0.09490109704804764, 0.17162090152220877, -0.3046826723431984, 0.6767952744094761};
    const double b[25] = {-7.233180487874754e-18, -4.830504485944182e-18, 4.46562142029676e-17, 3.461222867697461e-17, -2.8276239805165836e-16, -3.425485619677219e-16, 1.7725601330565263e-15, 3.8116806693526224e-15, -9.554846698828307e-15, -4.150569347287222e-14, 1.54008621752141e-14, 3.8527783827421426e-13, 7.180124451383666e-13, -1.7941785315068062e-12, -1.3215811840447713e-11, -3.1499165279632416e-11, 1.1889147107846439e-11, 4.94060238822497e-10, 3.3962320257083865e-09, 2.266668990498178e-08, 2.0489185894690638e-07, 2.8913705208347567e-06, 6.889758346916825e-05, 0.0033691164782556943, 0.8044904110141088};
    x = fabs(x);
    if (x <= 8.0) return exp(x) * nd_chbevl(x / 2.0 - 2, a, 30);
    return exp(x) * nd_chbevl(32.0 / x - 2.0, b, 25) / sqrt(x); }
