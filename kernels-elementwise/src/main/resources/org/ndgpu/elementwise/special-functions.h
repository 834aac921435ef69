// scipy.special on the device: one implementation of each function, the same text on both dialects
// (written against the preludes' names). The ufuncs of Nd.special() call these, and so may any
// ElementwiseKernel, ReductionKernel or fused kernel: a kernel whose source names special_ gets this
// file before its preamble. Each function takes and returns double, as SciPy computes its float32
// loops in double and rounds once; expit, logit and log_expit also have float forms (special_expitf,
// ...), as SciPy computes those in float.
//
// Algorithms and coefficients follow SciPy's xsf library (BSD-3-Clause, Copyright (c) 2001-2002
// Enthought, Inc. and 2003 SciPy Developers), whose Cephes routines are Stephen L. Moshier's Cephes
// Math Library (distributed by SciPy under its BSD licence). The code here is written afresh for the
// device: no recursion, no tables in global memory, no error reporting (SciPy's results on domain
// errors are returned instead).

#ifndef ND_SPECIAL_FUNCTIONS
#define ND_SPECIAL_FUNCTIONS 1

// Cephes' polevl and p1evl: c[0] x^n + ... + c[n], and x^n + c[0] x^(n-1) + ... + c[n-1]
ND_DEVICE_FN double special_polevl(double x, const double* c, int n) {
    double r = c[0];
    for (int i = 1; i <= n; i++) r = r * x + c[i];
    return r;
}
ND_DEVICE_FN double special_p1evl(double x, const double* c, int n) {
    double r = x + c[0];
    for (int i = 1; i < n; i++) r = r * x + c[i];
    return r;
}

// ---- the error function and the normal distribution

ND_DEVICE_FN double special_erf(double x) { return erf(x); }
ND_DEVICE_FN double special_erfc(double x) { return erfc(x); }

// exp(x*x) for x*x split exactly into hi + lo, so the rounding of x*x costs no accuracy in the result
ND_DEVICE_FN double special_expx2(double x) {
    double hi = x * x;
    if (isinf(hi)) return hi;
    double lo = fma(x, x, -hi);
    return exp(hi) * (1.0 + lo);
}

// erfcx(x) = exp(x^2) erfc(x): the product where erfc is far from underflow, the asymptotic series
// 1/(x sqrt(pi)) sum (-1)^k (2k-1)!! / (2x^2)^k beyond (twelve terms reach 1e-17 for x >= 12)
ND_DEVICE_FN double special_erfcx(double x) {
    if (isnan(x)) return x;
    // below 0 erfc(x) is in (1, 2]: the product loses nothing (and overflows below -26.6)
    if (x < -26.7) return INFINITY;
    if (x < 12.0) return special_expx2(x) * erfc(x);
    if (isinf(x)) return 0.0;
    double t = 1.0 / (2.0 * x * x), term = 1.0, sum = 1.0;
    for (int k = 1; k <= 12; k++) {
        term *= -(2.0 * k - 1.0) * t;
        sum += term;
    }
    return sum / (x * 1.7724538509055160273);
}

// Cephes ndtr: 1/2 (1 + erf(x / sqrt 2)), through erfc away from 0
ND_DEVICE_FN double special_ndtr(double a) {
    if (isnan(a)) return a;
    double x = a * 0.70710678118654752440;
    double z = fabs(x);
    if (z < 0.70710678118654752440) return 0.5 + 0.5 * erf(x);
    double y = 0.5 * erfc(z);
    return x > 0 ? 1.0 - y : y;
}

// Cephes ndtri: the inverse of ndtr, a rational approximation in three ranges
ND_DEVICE_FN double special_ndtri(double y0) {
    const double P0[5] = {-5.99633501014107895267E1, 9.80010754185999661536E1, -5.66762857469070293439E1,
                          1.39312609387279679503E1, -1.23916583867381258016E0};
    const double Q0[8] = {1.95448858338141759834E0, 4.67627912898881538453E0, 8.63602421390890590575E1,
                          -2.25462687854119370527E2, 2.00260212380060660359E2, -8.20372256168333339912E1,
                          1.59056225126211695515E1, -1.18331621121330003142E0};
    const double P1[9] = {4.05544892305962419923E0, 3.15251094599893866154E1, 5.71628192246421288162E1,
                          4.40805073893200834700E1, 1.46849561928858024014E1, 2.18663306850790267539E0,
                          -1.40256079171354495875E-1, -3.50424626827848203418E-2, -8.57456785154685413611E-4};
    const double Q1[8] = {1.57799883256466749731E1, 4.53907635128879210584E1, 4.13172038254672030440E1,
                          1.50425385692907503408E1, 2.50464946208309415979E0, -1.42182922854787788574E-1,
                          -3.80806407691578277194E-2, -9.33259480895457427372E-4};
    const double P2[9] = {3.23774891776946035970E0, 6.91522889068984211695E0, 3.93881025292474443415E0,
                          1.33303460815807542389E0, 2.01485389549179081538E-1, 1.23716634817820021358E-2,
                          3.01581553508235416007E-4, 2.65806974686737550832E-6, 6.23974539184983293730E-9};
    const double Q2[8] = {6.02427039364742014255E0, 3.67983563856160859403E0, 1.37702099489081330271E0,
                          2.16236993594496635890E-1, 1.34204006088543189037E-2, 3.28014464682127739104E-4,
                          2.89247864745380683936E-6, 6.79019408009981274425E-9};
    if (y0 == 0.0) return -INFINITY;
    if (y0 == 1.0) return INFINITY;
    if (!(y0 > 0.0 && y0 < 1.0)) return NAN;
    int negate = 1;
    double y = y0;
    if (y > 1.0 - 0.13533528323661269189) {
        y = 1.0 - y;
        negate = 0;
    }
    if (y > 0.13533528323661269189) {
        y = y - 0.5;
        double y2 = y * y;
        double x = y + y * (y2 * special_polevl(y2, P0, 4) / special_p1evl(y2, Q0, 8));
        return x * 2.50662827463100050242;
    }
    double x = sqrt(-2.0 * log(y));
    double x0 = x - log(x) / x;
    double z = 1.0 / x;
    double x1 = x < 8.0 ? z * special_polevl(z, P1, 8) / special_p1evl(z, Q1, 8)
                        : z * special_polevl(z, P2, 8) / special_p1evl(z, Q2, 8);
    x = x0 - x1;
    return negate ? -x : x;
}

// log(ndtr(x)) as SciPy: through erfcx in the lower tail, where ndtr underflows
ND_DEVICE_FN double special_log_ndtr(double x) {
    double t = x * 0.70710678118654752440;
    if (x < -1.0) return log(special_erfcx(-t) / 2) - t * t;
    return log1p(-erfc(t) / 2);
}

// erfinv and erfcinv: a start from ndtri, then Halley's steps on erf (small |y|) or erfc (the tails),
// each written relative to the function's own size so the tails keep their precision
ND_DEVICE_FN double special_erfcinv_tail(double w) {
    // w in (0, 0.5]: the x > 0.47 with erfc(x) = w; below 1e-290 (where w / 2 may underflow) the start is
    // the asymptotic x^2 = -log(w) - log(x sqrt(pi))
    double x;
    if (w < 1e-290) {
        double l = -log(w);
        x = sqrt(l);
        x = sqrt(l - log(x * 1.7724538509055160273));
        x = sqrt(l - log(x * 1.7724538509055160273));
    } else {
        x = -special_ndtri(0.5 * w) * 0.70710678118654752440;
    }
    for (int i = 0; i < 2; i++) {
        // f / f' = -(sqrt(pi) / 2) (erfc(x) - w) exp(x^2), with w exp(x^2) kept finite for tiny w
        double x2 = x * x;
        double wex = x2 < 700.0 ? w * special_expx2(x) : exp(x2 + log(w));
        double r = -0.88622692545275801365 * (special_erfcx(x) - wex);
        x = x - r / (1.0 + x * r);
    }
    return x;
}
ND_DEVICE_FN double special_erfinv_core(double y) {
    // |y| <= 0.5
    double x = fabs(y) < 1e-4 ? 0.88622692545275801365 * y * (1.0 + 0.26179938779914943654 * y * y)
                              : special_ndtri(0.5 * (1.0 + y)) * 0.70710678118654752440;
    if (y == 0) return y;
    for (int i = 0; i < 2; i++) {
        double r = (erf(x) - y) * 0.88622692545275801365 * exp(x * x);
        x = x - r / (1.0 + x * r);
    }
    return x;
}
ND_DEVICE_FN double special_erfinv(double y) {
    if (isnan(y)) return y;
    if (y == 1.0) return INFINITY;
    if (y == -1.0) return -INFINITY;
    if (!(y > -1.0 && y < 1.0)) return NAN;
    if (fabs(y) <= 0.5) return special_erfinv_core(y);
    double x = special_erfcinv_tail(1.0 - fabs(y));
    return y < 0 ? -x : x;
}
ND_DEVICE_FN double special_erfcinv(double z) {
    if (isnan(z)) return z;
    if (z == 0.0) return INFINITY;
    if (z == 2.0) return -INFINITY;
    if (!(z > 0.0 && z < 2.0)) return NAN;
    if (z <= 4.9406564584124654e-324) return INFINITY; // SciPy's (Boost's) result at the least subnormal
    if (z > 1.5) return -special_erfcinv_tail(2.0 - z);
    if (z >= 0.5) return special_erfinv_core(1.0 - z);
    return special_erfcinv_tail(z);
}

// ---- the logistic function and entropies

// expit, logit and log_expit as SciPy writes them, in float for float32 and in double for float64
#define ND_SPECIAL_LOGISTIC(T, S) \
ND_DEVICE_FN T special_expit##S(T x) { return (T)1 / ((T)1 + exp(-x)); } \
ND_DEVICE_FN T special_logit##S(T x) { \
    if (x < (T)0.3 || x > (T)0.65) return log(x / ((T)1 - x)); \
    T s = (T)2 * (x - (T)0.5); \
    return log1p(s) - log1p(-s); } \
ND_DEVICE_FN T special_log_expit##S(T x) { \
    if (x < 0) return x - log1p(exp(x)); \
    return -log1p(exp(-x)); }
ND_SPECIAL_LOGISTIC(float, f)
ND_SPECIAL_LOGISTIC(double, )

ND_DEVICE_FN double special_xlogy(double x, double y) {
    if (x == 0 && !isnan(y)) return 0.0;
    return x * log(y);
}
ND_DEVICE_FN double special_xlog1py(double x, double y) {
    if (x == 0 && !isnan(y)) return 0.0;
    return x * log1p(y);
}
ND_DEVICE_FN double special_entr(double x) {
    if (isnan(x)) return x;
    if (x > 0) return -x * log(x);
    if (x == 0) return 0.0;
    return -INFINITY;
}
ND_DEVICE_FN double special_rel_entr(double x, double y) {
    if (isnan(x) || isnan(y)) return NAN;
    if (x <= 0 || y <= 0) return (x == 0 && y >= 0) ? 0.0 : INFINITY;
    double ratio = x / y;
    if (0.5 < ratio && ratio < 2) return x * log1p((x - y) / y);
    if (2.2250738585072014e-308 < ratio && ratio < INFINITY) return x * log(ratio);
    return x * (log(x) - log(y));
}
ND_DEVICE_FN double special_kl_div(double x, double y) {
    if (isnan(x) || isnan(y)) return NAN;
    if (x > 0 && y > 0) return x * log(x / y) - x + y;
    if (x == 0 && y >= 0) return y;
    return INFINITY;
}

// ---- gamma and beta

// SciPy's gamma: inf at +0, -inf at -0, NaN at the negative integers and -inf
ND_DEVICE_FN double special_gamma(double x) {
    if (x == 0) return 1.0 / x;
    if (x < 0 && x == floor(x)) return NAN;
    return tgamma(x);
}
// Cephes lgam's log|gamma(x)|: inf where 1/x overflows (its first step divides by x), -inf at -inf
ND_DEVICE_FN double special_gammaln(double x) {
    if (x == -INFINITY) return -INFINITY;
    if (isinf(1.0 / x)) return INFINITY;
    return lgamma(x);
}
// scipy.special.loggamma of a real x: NaN below 0
ND_DEVICE_FN double special_loggamma(double x) { return x < 0 ? NAN : special_gammaln(x); }
// the sign of gamma(x): -1 on (-1, 0), (-3, -2), ...
ND_DEVICE_FN double special_gammasgn(double x) {
    if (x >= 0) return 1.0;
    double f = floor(x);
    return (f - 2.0 * floor(f / 2.0)) != 0 ? -1.0 : 1.0;
}

// Cephes psi: reflection below 0, exact harmonic sums at the integers up to 10, a rational
// approximation on [1, 2], the asymptotic series beyond 10
ND_DEVICE_FN double special_digamma(double x) {
    const double A[7] = {8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
                         -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
                         8.33333333333333333333E-2};
    const double P[6] = {-0.0020713321167745952, -0.045251321448739056, -0.28919126444774784,
                         -0.65031853770896507, -0.32555031186804491, 0.25479851061131551};
    const double Q[7] = {-0.55789841321675513e-6, 0.0021284987017821144, 0.054151797245674225,
                         0.43593529692665969, 1.4606242909763515, 2.0767117023730469, 1.0};
    double y = 0.0;
    if (isnan(x) || x == INFINITY) return x;
    if (x == -INFINITY) return NAN;
    if (x == 0) return x == 0 && signbit(x) ? INFINITY : -INFINITY;
    if (x < 0.0) {
        double q = trunc(x);
        double r = x - q;
        if (r == 0.0) return NAN;
        y = -3.14159265358979323846 / tan(3.14159265358979323846 * r);
        x = 1.0 - x;
    }
    if (x <= 10.0 && x == floor(x)) {
        int n = (int)x;
        for (int i = 1; i < n; i++) y += 1.0 / i;
        return y - 0.57721566490153286061;
    }
    if (x < 1.0) {
        y -= 1.0 / x;
        x += 1.0;
    } else if (x < 10.0) {
        while (x > 2.0) {
            x -= 1.0;
            y += 1.0 / x;
        }
    }
    if (1.0 <= x && x <= 2.0) {
        double g = x - 1569415565.0 / 1073741824.0;
        g -= (381566830.0 / 1073741824.0) / 1073741824.0;
        g -= 0.9016312093258695918615325266959189453125e-19;
        double r = special_polevl(x - 1.0, P, 5) / special_polevl(x - 1.0, Q, 6);
        return y + g * 0.99558162689208984 + g * r;
    }
    double z = 0.0;
    if (x < 1.0e17) {
        z = 1.0 / (x * x);
        z = z * special_polevl(z, A, 6);
    }
    return y + log(x) - 0.5 / x - z;
}

// Cephes' log|beta(a, b)| for a >> b: lgamma(b) - b log(a) and the first terms of the expansion in 1/a
ND_DEVICE_FN double special_lbeta_asymp(double a, double b) {
    double r = lgamma(b);
    r -= b * log(a);
    r += b * (1 - b) / (2 * a);
    r += b * (1 - b) * (1 - 2 * b) / (12 * a * a);
    r += -b * b * (1 - b) * (1 - b) / (12 * a * a * a);
    return r;
}

// Cephes beta and lbeta, in one: log |B(a, b)| (with its sign in *sign) when want_log, else B(a, b).
// A nonpositive integer argument -n is reflected, B(-n, m) = (-1)^m B(1 + n - m, m) for an integer m,
// in a loop of two passes where Cephes recurses (a second reflection always ends in inf).
ND_DEVICE_FN double special_beta_core(double a, double b, int want_log) {
    double sign = 1.0;
    for (int pass = 0; pass < 2; pass++) {
        double n = pass == 0 ? a : b, m = pass == 0 ? b : a;
        if (n <= 0.0 && n == floor(n)) {
            // B(-k, m): finite only for an integer m with 1 - n - m > 0
            // Cephes' tests are n == (int)n and m == (int)m: an infinite or huge n or m gives inf
            if (fabs(n) > 2147483647.0 || !(fabs(m) <= 2147483647.0 && m == floor(m) && 1 - n - m > 0))
                return sign * INFINITY;
            if (!want_log && fmod(m, 2.0) != 0) sign = -sign;
            a = 1 - n - m;
            b = m;
        }
    }
    if (fabs(a) < fabs(b)) {
        double t = a;
        a = b;
        b = t;
    }
    if (fabs(a) > 1e6 * fabs(b) && a > 1e6) {
        double y = special_lbeta_asymp(a, b);
        if (want_log) return y;
        return sign * special_gammasgn(b) * exp(y);
    }
    double y = a + b;
    if (fabs(y) > 171.624376956302725 || fabs(a) > 171.624376956302725 || fabs(b) > 171.624376956302725) {
        double l = lgamma(a) + (lgamma(b) - lgamma(y));
        if (want_log) return l;
        sign *= special_gammasgn(a) * special_gammasgn(b) * special_gammasgn(y);
        if (l > 7.09782712893383996843E2) return sign * INFINITY;
        return sign * exp(l);
    }
    y = tgamma(y);
    double ga = tgamma(a), gb = tgamma(b);
    if (y == 0.0) return sign * INFINITY;
    double r;
    if (fabs(fabs(ga) - fabs(y)) > fabs(fabs(gb) - fabs(y))) r = (gb / y) * ga;
    else r = (ga / y) * gb;
    if (want_log) return log(fabs(r));
    return sign * r;
}
ND_DEVICE_FN double special_beta(double a, double b) { return special_beta_core(a, b, 0); }
ND_DEVICE_FN double special_betaln(double a, double b) { return special_beta_core(a, b, 1); }

#endif
