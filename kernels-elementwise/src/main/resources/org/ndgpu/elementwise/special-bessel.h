// scipy.special's Bessel functions of real order on the device: jv, yv, iv, kv and the scaled ive and
// kve (jn is jv; for a real argument jve is jv and yve is yv, with SciPy's values at 0). A kernel
// that names one of them gets this file after special-functions.h, whose functions it uses.
//
// jv and yv are Boost's bessel_jy (Boost Software License 1.0; Copyright (c) 2006 Xiaogang Zhang,
// 2007 and 2011 John Maddock): Temme's method (J. Comput. Phys. 21, 343 (1976)) for Y near x <= 2,
// Steed's method with the continued fractions CF1 (A&S 9.1.73, modified Lentz) and CF2 (Thompson
// and Barnett) beyond, the small-argument series, Hankel's expansion and the large-argument
// amplitude/phase forms (A&S 9.2.28, 9.2.29). SciPy computes these with AMOS; where their results
// are not near a root the two agree to about 1e-14.
// iv is SciPy's Cephes iv (Cephes Math Library, Copyright 1984-2000 Stephen L. Moshier; Pauli
// Virtanen 2009; distributed by SciPy under its BSD licence): the uniform asymptotic expansion
// (A&S 9.7.7) past order 50, else Temme's method (Boost's bessel_ik, J. Comput. Phys. 19, 324
// (1975)) with CF1 and the Wronskian; kv is the K part of the same Temme's method, whose forward
// recurrence in the order is stable. The code is written afresh for the device: no recursion,
// no error reporting (SciPy's results on domain errors are returned instead).

#ifndef ND_SPECIAL_BESSEL
#define ND_SPECIAL_BESSEL 1

#define SPECIAL_BESSEL_EPS 2.220446049250313080847e-16
#define SPECIAL_BESSEL_MACHEP 1.11022302462515654042e-16
#define SPECIAL_BESSEL_TINY 1.4916681462400413487e-154
#define SPECIAL_BESSEL_MAX 1.7976931348623157e308
#define SPECIAL_BESSEL_EULER 0.577215664901532860606512090082402431
// past this order the recurrences in the order would run for billions of steps (AMOS, SciPy's library,
// refuses such orders too): jv, yv, kv and the spherical functions give their limits or NaN there
#define SPECIAL_BESSEL_MAX_ORDER 1e9
#define SPECIAL_NEED_J 1
#define SPECIAL_NEED_Y 2

// gamma(1 + v) - 1 without the cancellation near v = 0 (Boost's tgamma1pm1), for |v| <= 1/2: through
// lgamma(1 + v)'s Taylor series where it converges fast, else directly (the result is past 0.1 there)
ND_DEVICE_FN double special_tgamma1pm1(double v) {
    return fabs(v) < 0.2 ? expm1(special_lgam1p(v)) : tgamma(1 + v) - 1;
}

ND_DEVICE_FN double special_bessel_sign(double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); }

// ---- J and Y (Boost bessel_jy)

// Boost's bessel_j_small_z_series: (x/2)^v / gamma(v + 1) sum (-(x/2)^2)^k / (k! (v+1)_k), for x << v
ND_DEVICE_FN double special_bessel_j_small_series(double v, double x) {
    double prefix = v < 170 ? pow(x / 2, v) / tgamma(v + 1) : exp(v * log(x / 2) - lgamma(v + 1));
    if (prefix == 0) return prefix;
    double mult = -(x / 2) * (x / 2), term = 1, sum = 0;
    for (int k = 1; k < 1000000; k++) {
        sum += term;
        term *= mult / (k * (k + v));
        if (fabs(term) <= fabs(sum) * SPECIAL_BESSEL_EPS) break;
    }
    return prefix * sum;
}

// Boost's bessel_y_small_z_series: Y_v(x) = -gamma(v) (x/2)^-v / pi sum_a - gamma(-v) cos(pi v) (x/2)^v / pi
// sum_b, scaled by *scale where the first part overflows (non-integer v, x < 1)
ND_DEVICE_FN double special_bessel_y_small_series(double v, double x, double* scale) {
    double p = log(x / 2), prefix, gam, sc = 1;
    int need_logs = v >= 170 || 709.782712893384 / v < fabs(p);
    if (!need_logs) {
        gam = tgamma(v);
        p = pow(x / 2, v);
        if (SPECIAL_BESSEL_MAX * p < gam) {
            sc /= gam;
            gam = 1;
            if (SPECIAL_BESSEL_MAX * p < gam) return -INFINITY;
        }
        prefix = -gam / (M_PI * p);
    } else {
        gam = lgamma(v);
        p = v * p;
        prefix = gam - log(M_PI) - p;
        if (709.782712893384 < prefix) {
            prefix -= log(SPECIAL_BESSEL_MAX / 4);
            sc /= SPECIAL_BESSEL_MAX / 4;
            if (709.782712893384 < prefix) return -INFINITY;
        }
        prefix = -exp(prefix);
    }
    double mult = -(x / 2) * (x / 2), term = 1, a = 0, b = 0;
    for (int k = 1; k < 1000000; k++) {
        a += term;
        term *= mult / (k * (k - v));
        if (fabs(term) <= fabs(a) * SPECIAL_BESSEL_EPS) break;
    }
    double result = a * prefix;
    if (!need_logs) {
        prefix = tgamma(-v) * cospi(v) * p / M_PI;
    } else {
        prefix = exp(lgamma(-v) + p) * special_gammasgn(-v) / M_PI;
    }
    term = 1;
    for (int k = 1; k < 1000000; k++) {
        b += term;
        term *= mult / (k * (k + v));
        if (fabs(term) <= fabs(b) * SPECIAL_BESSEL_EPS) break;
    }
    *scale = sc;
    return result - sc * prefix * b;
}

// Boost's bessel_yn_small_z: Y_n(x) for an integer n >= 0 and x < eps
ND_DEVICE_FN double special_bessel_yn_small(double n, double z, double* scale) {
    if (n == 0) return (2 / M_PI) * (log(z / 2) + SPECIAL_BESSEL_EULER);
    if (n == 1)
        return (z / M_PI) * log(z / 2) - 2 / (M_PI * z) - (z / (2 * M_PI)) * (1 - 2 * SPECIAL_BESSEL_EULER);
    if (n == 2)
        return (z * z) / (4 * M_PI) * log(z / 2) - (4 / (M_PI * z * z))
                - ((z * z) / (8 * M_PI)) * (1.5 - 2 * SPECIAL_BESSEL_EULER);
    double p = pow(z / 2, n), result = -(tgamma(n) / M_PI);
    if (p * SPECIAL_BESSEL_MAX < result) {
        double div = SPECIAL_BESSEL_MAX / 8;
        result /= div;
        *scale /= div;
        if (p * SPECIAL_BESSEL_MAX < result) return -INFINITY;
    }
    return result / p;
}

// Boost's hankel_PQ: Hankel's P and Q (A&S 9.2.9, 9.2.10); 0 when the divergent series stops helping
ND_DEVICE_FN int special_bessel_hankel_pq(double v, double x, double* p, double* q) {
    double k = 1, z8 = 8 * x, sq = 1, mu = 4 * v * v, term = 1;
    int ok = 1;
    *p = 1;
    *q = 0;
    do {
        term *= (mu - sq * sq) / (k * z8);
        *q += term;
        k += 1;
        sq += 2;
        double mult = (sq * sq - mu) / (k * z8);
        ok = fabs(mult) < 0.5;
        term *= mult;
        *p += term;
        k += 1;
        sq += 2;
    } while (fabs(term) > 2 * SPECIAL_BESSEL_EPS * *p && ok);
    return ok;
}

// Boost's temme_jy: Y_u(x) and Y_{u+1}(x) for |u| <= 1/2 and x <= 2 by Temme's series
ND_DEVICE_FN void special_bessel_temme_jy(double v, double x, double* Y, double* Y1) {
    double gp = special_tgamma1pm1(v), gm = special_tgamma1pm1(-v);
    double spv = sinpi(v), spv2 = sinpi(v / 2), xp = pow(x / 2, v);
    double a = log(x / 2), sigma = -a * v;
    double d = fabs(sigma) < SPECIAL_BESSEL_EPS ? 1 : sinh(sigma) / sigma;
    double e = fabs(v) < SPECIAL_BESSEL_EPS ? v * M_PI * M_PI / 2 : 2 * spv2 * spv2 / v;
    double g1 = v == 0 ? -SPECIAL_BESSEL_EULER : (gp - gm) / ((1 + gp) * (1 + gm) * 2 * v);
    double g2 = (2 + gp + gm) / ((1 + gp) * (1 + gm) * 2);
    double vspv = fabs(v) < SPECIAL_BESSEL_EPS ? 1 / M_PI : v / spv;
    double f = (g1 * cosh(sigma) - g2 * a * d) * 2 * vspv;
    double p = vspv / (xp * (1 + gm)), q = vspv * xp / (1 + gp);
    double g = f + e * q, h = p, coef = 1, sum = g, sum1 = h, v2 = v * v, coef_mult = -x * x / 4;
    for (int ik = 1; ik < 1000000; ik++) {
        double k = ik;
        f = (k * f + p + q) / (k * k - v2);
        p /= k - v;
        q /= k + v;
        g = f + e * q;
        h = p - k * g;
        coef *= coef_mult / k;
        sum += coef * g;
        sum1 += coef * h;
        if (fabs(coef * g) < fabs(sum) * SPECIAL_BESSEL_EPS) break;
    }
    *Y = -sum;
    *Y1 = -2 * sum1 / x;
}

// Boost's CF1_jy: J_{v+1}(x) / J_v(x) by the modified Lentz method; *sign is the sign of the denominator
ND_DEVICE_FN double special_bessel_cf1_jy(double v, double x, int* sgn_out) {
    double C = SPECIAL_BESSEL_TINY, f = SPECIAL_BESSEL_TINY, D = 0;
    int s = 1;
    for (int k = 1; k < 100000000; k++) {
        double b = 2 * (v + k) / x;
        C = b - 1 / C;
        D = b - D;
        if (C == 0) C = SPECIAL_BESSEL_TINY;
        if (D == 0) D = SPECIAL_BESSEL_TINY;
        D = 1 / D;
        double delta = C * D;
        f *= delta;
        if (D < 0) s = -s;
        if (fabs(delta - 1) < 2 * SPECIAL_BESSEL_EPS) break;
    }
    *sgn_out = s;
    return -f;
}

// Boost's CF2_jy: p + iq = (J' + iY') / (J + iY) by the modified Lentz method, in real arithmetic (x > 1)
ND_DEVICE_FN void special_bessel_cf2_jy(double v, double x, double* p, double* q) {
    double Cr, Ci, Dr, Di, fr, fi, a, br, bi, delta_r, delta_i, temp, tiny = SPECIAL_BESSEL_TINY;
    Cr = fr = -0.5 / x;
    Ci = fi = 1;
    double v2 = v * v;
    a = (0.25 - v2) / x;
    br = 2 * x;
    bi = 2;
    temp = Cr * Cr + 1;
    Ci = bi + a * Cr / temp;
    Cr = br + a / temp;
    Dr = br;
    Di = bi;
    if (fabs(Cr) + fabs(Ci) < tiny) Cr = tiny;
    if (fabs(Dr) + fabs(Di) < tiny) Dr = tiny;
    temp = Dr * Dr + Di * Di;
    Dr = Dr / temp;
    Di = -Di / temp;
    delta_r = Cr * Dr - Ci * Di;
    delta_i = Ci * Dr + Cr * Di;
    temp = fr;
    fr = temp * delta_r - fi * delta_i;
    fi = temp * delta_i + fi * delta_r;
    for (int k = 2; k < 1000000; k++) {
        a = k - 0.5;
        a *= a;
        a -= v2;
        bi += 2;
        temp = Cr * Cr + Ci * Ci;
        Cr = br + a * Cr / temp;
        Ci = bi - a * Ci / temp;
        Dr = br + a * Dr;
        Di = bi + a * Di;
        if (fabs(Cr) + fabs(Ci) < tiny) Cr = tiny;
        if (fabs(Dr) + fabs(Di) < tiny) Dr = tiny;
        temp = Dr * Dr + Di * Di;
        Dr = Dr / temp;
        Di = -Di / temp;
        delta_r = Cr * Dr - Ci * Di;
        delta_i = Ci * Dr + Cr * Di;
        temp = fr;
        fr = temp * delta_r - fi * delta_i;
        fi = temp * delta_i + fi * delta_r;
        if (fabs(delta_r - 1) + fabs(delta_i) < 2 * SPECIAL_BESSEL_EPS) break;
    }
    *p = fr;
    *q = fi;
}

// Boost's large-x amplitude (A&S 9.2.28) and phase less x - pi (v/2 + 1/4) (A&S 9.2.29)
ND_DEVICE_FN double special_bessel_amplitude(double v, double x) {
    double s = 1, mu = 4 * v * v, txq = 2 * x;
    txq *= txq;
    s += (mu - 1) / (2 * txq);
    s += 3 * (mu - 1) * (mu - 9) / (txq * txq * 8);
    s += 15 * (mu - 1) * (mu - 9) * (mu - 25) / (txq * txq * txq * 8 * 6);
    return sqrt(s * 2 / (M_PI * x));
}
ND_DEVICE_FN double special_bessel_phase_mx(double v, double x) {
    double mu = 4 * v * v, denom = 4 * x, denom_mult = denom * denom, s = 0;
    s += (mu - 1) / (2 * denom);
    denom *= denom_mult;
    s += (mu - 1) * (mu - 25) / (6 * denom);
    denom *= denom_mult;
    s += (mu - 1) * (mu * mu - 114 * mu + 1073) / (5 * denom);
    denom *= denom_mult;
    s += (mu - 1) * (5 * mu * mu * mu - 1535 * mu * mu + 54703 * mu - 375733) / (14 * denom);
    return s;
}
// J (want_y 0) or Y (1) for large x, the x - pi (v/2 + 1/4) part of the phase by the addition formulas
ND_DEVICE_FN double special_bessel_jy_large_x(double v, double x, int want_y) {
    double ampl = special_bessel_amplitude(v, x);
    if (ampl == 0) return ampl;
    double phase = special_bessel_phase_mx(v, x);
    double cx = cos(x), sx = sin(x), ci = cospi(v / 2 + 0.25), si = sinpi(v / 2 + 0.25);
    double c = cx * ci + sx * si, s = sx * ci - cx * si;
    return (want_y ? sin(phase) * c + cos(phase) * s : cos(phase) * c - sin(phase) * s) * ampl;
}

// Boost's bessel_jy: J_v(x) into *J and Y_v(x) into *Y, as kind asks (SPECIAL_NEED_J, SPECIAL_NEED_Y),
// for finite v and finite x > 0
ND_DEVICE_FN void special_bessel_jy(double v, double x, int kind, double* J, double* Y) {
    int reflect = v < 0, org_kind = kind, s = 1;
    if (reflect) v = -v;
    double n = round(v), u = v - n, cp = 0, sp = 0;
    if (reflect) {
        double z = u + fmod(n, 2.0);
        cp = cospi(z);
        sp = sinpi(z);
        if (u != 0) kind = SPECIAL_NEED_J | SPECIAL_NEED_Y;
    }
    double W = 2 / (x * M_PI), Yv_scale = 1, Jv = NAN, Yv = NAN, p, q;
    int y_used = (org_kind & SPECIAL_NEED_Y && (!reflect || cp != 0)) || (org_kind & SPECIAL_NEED_J && reflect && sp != 0);
    if (!(kind & SPECIAL_NEED_Y) && (x < 1 || (x < 5 && v > x * x / 4))) {
        // the series converges for all small x, but its first terms cancel unless x << v
        Jv = special_bessel_j_small_series(v, x);
    } else if (x < 1 && u != 0 && log(SPECIAL_BESSEL_EPS / 2) > v * log((x / 2) * (x / 2) / v)) {
        if (kind & SPECIAL_NEED_J) Jv = special_bessel_j_small_series(v, x);
        if (y_used) Yv = special_bessel_y_small_series(v, x, &Yv_scale);
    } else if (u == 0 && x < SPECIAL_BESSEL_EPS) {
        if (kind & SPECIAL_NEED_J) Jv = special_bessel_j_small_series(v, x);
        if (y_used) Yv = special_bessel_yn_small(n, x, &Yv_scale);
    } else if (fmax(v, 1.0) < x * 0.011048543456039804) {
        // Boost's asymptotic_bessel_large_x_limit: max(v, 1) < x eps^(1/8)
        if (kind & SPECIAL_NEED_Y) Yv = special_bessel_jy_large_x(v, x, 1);
        if (kind & SPECIAL_NEED_J) Jv = special_bessel_jy_large_x(v, x, 0);
    } else if (x > 8 && special_bessel_hankel_pq(v, x, &p, &q)) {
        double mod_v = fmod(v / 2 + 0.25, 2.0), sx = sin(x), cx = cos(x), sv = sinpi(mod_v), cv = cospi(mod_v);
        double sc = sx * cv - sv * cx, cc = cx * cv + sx * sv;
        double chi = 0.7978845608028654 / sqrt(x); // sqrt(2 / (pi x))
        Yv = chi * (p * sc + q * cc);
        Jv = chi * (p * cc - q * sc);
    } else if (x <= 2) {
        double Yu, Yu1, scale = 1;
        special_bessel_temme_jy(u, x, &Yu, &Yu1);
        double prev = Yu, current = Yu1;
        for (double k = 1; k <= n; k++) { // forward recurrence for Y
            double fact = 2 * (u + k) / x;
            if ((SPECIAL_BESSEL_MAX - fabs(prev)) / fact < fabs(current)) {
                scale /= current;
                prev /= current;
                current = 1;
            }
            double next = fact * current - prev;
            prev = current;
            current = next;
        }
        Yv = prev;
        double Yv1 = current;
        if (kind & SPECIAL_NEED_J) {
            double fv = special_bessel_cf1_jy(v, x, &s);
            Jv = scale * W / (Yv * fv - Yv1); // the Wronskian
        }
        Yv_scale = scale;
    } else {
        double ratio, fu, init = SPECIAL_BESSEL_TINY;
        double fv = special_bessel_cf1_jy(v, x, &s);
        double prev = fv * s * init, current = s * init;
        if (v < 170) {
            for (double k = n; k > 0; k--) { // backward recurrence for J
                double next = 2 * (u + k) * current / x - prev;
                if (next == 0) next = prev * SPECIAL_BESSEL_EPS / 2; // one bit left uncancelled
                prev = current;
                current = next;
            }
            ratio = (s * init) / current;
            fu = prev / current;
        } else {
            int over = 0;
            for (double k = n; k > 0; k--) {
                double t = 2 * (u + k) / x;
                if (t > 1 && SPECIAL_BESSEL_MAX / t < current) {
                    over = 1;
                    break;
                }
                double next = t * current - prev;
                prev = current;
                current = next;
            }
            ratio = over ? 0 : (s * init) / current;
            fu = over ? 1 : prev / current;
            if (over) {
                // J_v underflows and Y_v (negative where x < v) overflows: Boost's fu = 1 would give Y
                // a meaningless sign, so the two limits are set here
                Jv = 0;
                Yv = -INFINITY;
            }
        }
        if (!isinf(Yv)) {
            special_bessel_cf2_jy(u, x, &p, &q);
            double t = u / x - fu; // J'/J
            double gam = (p - t) / q;
            if (gam == 0) gam = u * SPECIAL_BESSEL_EPS / x;
            double Ju = special_bessel_sign(current) * sqrt(W / (q + gam * (p - t)));
            Jv = Ju * ratio;
            double Yu = gam * Ju, Yu1 = Yu * (u / x - p - q / gam);
            if (kind & SPECIAL_NEED_Y) {
                prev = Yu;
                current = Yu1;
                for (double k = 1; k <= n; k++) { // forward recurrence for Y
                    double fact = 2 * (u + k) / x;
                    if ((SPECIAL_BESSEL_MAX - fabs(prev)) / fact < fabs(current)) {
                        prev /= current;
                        Yv_scale /= current;
                        current = 1;
                    }
                    double next = fact * current - prev;
                    prev = current;
                    current = next;
                }
                Yv = prev;
            }
        }
    }
    double ss = copysign(1.0, Yv_scale); // the scale flips sign with Y; one that underflowed keeps it in its zero
    if (reflect) {
        if (sp != 0 && SPECIAL_BESSEL_MAX * fabs(Yv_scale) < fabs(sp * Yv))
            *J = (org_kind & SPECIAL_NEED_J) ? -special_bessel_sign(sp) * special_bessel_sign(Yv) * ss * INFINITY : 0;
        else
            *J = cp * Jv - (sp == 0 ? 0 : (sp * Yv) / Yv_scale); // the reflection formula
        // the sign of cp Yv (Boost writes its negative here, unlike the reflection formula below)
        if (cp != 0 && SPECIAL_BESSEL_MAX * fabs(Yv_scale) < fabs(cp * Yv))
            *Y = (org_kind & SPECIAL_NEED_Y) ? special_bessel_sign(cp) * special_bessel_sign(Yv) * ss * INFINITY : 0;
        else
            *Y = (sp != 0 ? sp * Jv : 0) + (cp == 0 ? 0 : (cp * Yv) / Yv_scale);
    } else {
        *J = Jv;
        if (SPECIAL_BESSEL_MAX * fabs(Yv_scale) < fabs(Yv))
            *Y = (org_kind & SPECIAL_NEED_Y) ? special_bessel_sign(Yv) * ss * INFINITY : 0;
        else
            *Y = Yv / Yv_scale;
    }
}

// J_v(x) with SciPy's edges: NaN for a negative x unless v is an integer (then (-1)^v J_v(|x|)),
// and at x = 0 the limit (inf with gamma(v + 1)'s sign for a negative non-integer v: NaN in jve)
ND_DEVICE_FN double special_jv_edges(double v, double x, int scaled) {
    if (isnan(v) || isnan(x) || isinf(x)) return NAN;
    int vint = isfinite(v) && v == floor(v);
    if (x < 0 && !vint) return NAN;
    if (isinf(v)) return scaled || x > 2 ? NAN : 0.0; // SciPy: Cephes jv's limit up to 2
    double sgn = x < 0 && fmod(v, 2.0) != 0 ? -1.0 : 1.0;
    if (x == 0) {
        if (v == 0) return 1.0;
        if (vint || v > 0) return sgn * (v < 0 && fmod(v, 2.0) != 0 ? -0.0 : 0.0);
        return scaled ? NAN : special_gammasgn(v + 1) * INFINITY;
    }
    if (fabs(v) > SPECIAL_BESSEL_MAX_ORDER) // 0 where the series' first term underflows (x << v), else NaN
        return v > 0 && exp(v * log(fabs(x) / 2) - lgamma(v + 1)) == 0 ? sgn * 0.0 : NAN;
    double J, Y;
    special_bessel_jy(v, fabs(x), SPECIAL_NEED_J, &J, &Y);
    // SciPy's jve (AMOS, no fallback) is NaN where J overflows
    return scaled && isinf(J) ? NAN : sgn * J;
}
ND_DEVICE_FN double special_jv(double v, double x) { return special_jv_edges(v, x, 0); }
ND_DEVICE_FN double special_jn(double v, double x) { return special_jv_edges(v, x, 0); }
ND_DEVICE_FN double special_jve(double v, double x) { return special_jv_edges(v, x, 1); }

// Y_v(x): NaN below 0; at 0, -inf (yve: NaN), +inf for a negative v where cos(pi v) < 0. At a negative
// half-integer, where cos(pi v) is 0, SciPy falls back on Cephes' (cos(t) J_v - J_-v) / sin(t) with
// t = pi v rounded, whose sign is that of cos(t) gamma(v + 1) / sin(t)
ND_DEVICE_FN double special_yv_edges(double v, double x, int scaled) {
    if (isnan(v) || isnan(x) || x < 0) return NAN;
    if (x == 0) {
        if (scaled) return NAN;
        if (v >= 0 || isinf(v)) return -INFINITY;
        if (v - floor(v) == 0.5) {
            double t = M_PI * v;
            return cos(t) * special_gammasgn(v + 1) * sin(t) > 0 ? INFINITY : -INFINITY;
        }
        return cospi(v) < 0 ? INFINITY : -INFINITY;
    }
    if (isinf(x) || isinf(v)) return NAN;
    if (fabs(v) > SPECIAL_BESSEL_MAX_ORDER) // -inf where Y overflows (x < 0.9 v: exp(0.02 v) and more), else NaN
        return !scaled && v > 0 && x < 0.9 * v ? -INFINITY : NAN;
    double J, Y;
    special_bessel_jy(v, x, SPECIAL_NEED_Y, &J, &Y);
    // SciPy's yve takes AMOS's overflow as +inf before its reflection: the other sign of yv's
    return scaled && isinf(Y) ? -Y : Y;
}
ND_DEVICE_FN double special_yv(double v, double x) { return special_yv_edges(v, x, 0); }
ND_DEVICE_FN double special_yve(double v, double x) { return special_yv_edges(v, x, 1); }

// ---- I and K (SciPy's Cephes iv; Temme's method of Boost's bessel_ik)

// Cephes iv_asymptotic: I_v(x) for large x (A&S 9.7.1); times exp(-x) when scaled
ND_DEVICE_FN double special_iv_asymptotic(double v, double x, int scaled) {
    double prefactor = (scaled ? 1.0 : exp(x)) / sqrt(2 * M_PI * x);
    if (isinf(prefactor)) return prefactor;
    double mu = 4 * v * v, sum = 1.0, term = 1.0;
    for (int k = 1; k <= 100; k++) {
        double factor = (mu - (2 * k - 1) * (2 * k - 1)) / (8 * x) / k;
        term *= -factor;
        sum += term;
        if (!(fabs(term) > SPECIAL_BESSEL_MACHEP * fabs(sum))) break;
    }
    return sum * prefactor;
}

// Cephes' uniform asymptotic factors u_n(t) (A&S 9.3.9, 9.3.10), n = 0..10: the nonzero coefficients
// of u_n, highest power first, at offset n (n + 1) / 2
ND_CONSTANT double special_iv_ufactors[66] = {
    1,
    -0.20833333333333334, 0.125,
    0.3342013888888889, -0.40104166666666669, 0.0703125,
    -1.0258125964506173, 1.8464626736111112, -0.89121093750000002, 0.0732421875,
    4.6695844234262474, -11.207002616222995, 8.78912353515625, -2.3640869140624998, 0.112152099609375,
    -28.212072558200244, 84.636217674600744, -91.818241543240035, 42.534998745388457, -7.3687943594796312,
    0.22710800170898438,
    212.5701300392171, -765.25246814118157, 1059.9904525279999, -699.57962737613275, 218.19051174421159,
    -26.491430486951554, 0.57250142097473145,
    -1919.4576623184068, 8061.7221817373083, -13586.550006434136, 11655.393336864536, -5305.6469786134048,
    1200.9029132163525, -108.09091978839464, 1.7277275025844574,
    20204.291330966149, -96980.598388637503, 192547.0012325315, -203400.17728041555, 122200.46498301747,
    -41192.654968897557, 7109.5143024893641, -493.915304773088, 6.074042001273483,
    -242919.18790055133, 1311763.6146629769, -2998015.9185381061, 3763271.2976564039, -2813563.2265865342,
    1268365.2733216248, -331645.17248456361, 45218.768981362737, -2499.8304818112092, 24.380529699556064,
    3284469.8530720375, -19706819.11843222, 50952602.492664628, -74105148.211532637, 66344512.274729028,
    -37567176.660763353, 13288767.166421819, -2785618.1280864552, 308186.40461266245, -13886.089753717039,
    110.01714026924674};

// Cephes ikv_asymptotic_uniform: I_v(x) for |v| > 50 (A&S 9.7.7, 9.7.8; a negative v by A&S 9.6.2);
// scaled, v eta - x is taken as v (1 / (sqrt(1 + z^2) + z) - asinh(1 / z)), without the cancellation
ND_DEVICE_FN double special_iv_uniform(double v, double x, int scaled) {
    int sgn = 1;
    if (v < 0) {
        sgn = -1;
        v = -v;
    }
    double z = x / v, t = 1 / sqrt(1 + z * z), t2 = t * t;
    double eta = sqrt(1 + z * z) + log(z / (1 + 1 / t));
    double i_exp = scaled ? v * (1 / (sqrt(1 + z * z) + z) - asinh(1 / z)) : v * eta;
    double i_prefactor = sqrt(t / (2 * M_PI * v)) * exp(i_exp);
    double k_prefactor = sqrt(M_PI * t / (2 * v)) * exp(-v * eta - (scaled ? x : 0));
    double i_sum = 1.0, k_sum = 1.0, divisor = v, term = 0;
    for (int n = 1; n < 11; n++) {
        term = 0;
        int off = n * (n + 1) / 2;
        for (int k = 0; k <= n; k++) term = term * t2 + special_iv_ufactors[off + k];
        for (int k = 1; k < n; k += 2) term *= t2;
        if (n % 2 == 1) term *= t;
        term /= divisor;
        i_sum += term;
        k_sum += n % 2 == 0 ? term : -term;
        if (fabs(term) < SPECIAL_BESSEL_MACHEP) break;
        divisor *= v;
    }
    if (sgn == 1) return i_prefactor * i_sum;
    return i_prefactor * i_sum + (2 / M_PI) * sinpi(v) * k_prefactor * k_sum;
}

// Boost's temme_ik_series: K_u(x) and K_{u+1}(x) for |u| <= 1/2 and x <= 2
ND_DEVICE_FN void special_bessel_temme_ik(double v, double x, double* K, double* K1) {
    double gp = special_tgamma1pm1(v), gm = special_tgamma1pm1(-v);
    double a = log(x / 2), b = exp(v * a), sigma = -a * v;
    double c = fabs(v) < SPECIAL_BESSEL_MACHEP ? 1 : sinpi(v) / (v * M_PI);
    double d = fabs(sigma) < SPECIAL_BESSEL_MACHEP ? 1 : sinh(sigma) / sigma;
    double gamma1 = fabs(v) < SPECIAL_BESSEL_MACHEP ? -SPECIAL_BESSEL_EULER : (0.5 / v) * (gp - gm) * c;
    double gamma2 = (2 + gp + gm) * c / 2;
    double p = (gp + 1) / (2 * b), q = (1 + gm) * b / 2;
    double f = (cosh(sigma) * gamma1 + d * (-a) * gamma2) / c, h = p, coef = 1, sum = f, sum1 = h;
    for (int ik = 1; ik < 500; ik++) {
        double k = ik;
        f = (k * f + p + q) / (k * k - v * v);
        p /= k - v;
        q /= k + v;
        h = p - k * f;
        coef *= x * x / (4 * k);
        sum += coef * f;
        sum1 += coef * h;
        if (fabs(coef * f) < fabs(sum) * SPECIAL_BESSEL_MACHEP) break;
    }
    *K = sum;
    *K1 = 2 * sum1 / x;
}

// Boost's CF1_ik: I_{v+1}(x) / I_v(x) (A&S 9.1.73) by the modified Lentz method, in at most maxiter
// steps (about x are needed where x > v)
ND_DEVICE_FN double special_bessel_cf1_ik(double v, double x, int maxiter) {
    double C = SPECIAL_BESSEL_TINY, f = SPECIAL_BESSEL_TINY, D = 0;
    for (int k = 1; k < maxiter; k++) {
        double b = 2 * (v + k) / x;
        C = b + 1 / C;
        D = b + D;
        if (C == 0) C = SPECIAL_BESSEL_TINY;
        if (D == 0) D = SPECIAL_BESSEL_TINY;
        D = 1 / D;
        double delta = C * D;
        f *= delta;
        if (fabs(delta - 1) <= 2 * SPECIAL_BESSEL_MACHEP) break;
    }
    return f;
}

// Boost's CF2_ik (Steed's algorithm, Thompson and Barnett): K_v(x) and K_{v+1}(x) for x > 1, times
// exp(x) when scaled
ND_DEVICE_FN void special_bessel_cf2_ik(double v, double x, int scaled, double* Kv, double* Kv1) {
    double a = v * v - 0.25, b = 2 * (x + 1), D = 1 / b, f = D, delta = D, prev = 0, current = 1;
    double Q = -a, C = -a, S = 1 + Q * delta;
    for (int ik = 2; ik < 500; ik++) {
        double k = ik;
        a -= 2 * (k - 1);
        b += 2;
        D = 1 / (b + a * D);
        delta *= b * D - 1;
        f += delta;
        double q = (prev - (b - 2) * current) / a;
        prev = current;
        current = q;
        C *= -a / k;
        Q += C * q;
        S += Q * delta;
        if (fabs(Q * delta) < fabs(S) * SPECIAL_BESSEL_MACHEP) break;
    }
    *Kv = sqrt(M_PI / (2 * x)) * (scaled ? 1.0 : exp(-x)) / S;
    *Kv1 = *Kv * (0.5 + v + x + (v * v - 0.25) * f) / x;
}

// Cephes ikv_temme (Boost's bessel_ik): K_|v|(x) into *K and, when want_i, I_v(x) into *I (a negative
// v by the reflection I_-v = I_v + (2/pi) sin(pi v) K_v), for finite x > 0; times exp(-x) (I) and
// exp(x) (K) when scaled
ND_DEVICE_FN void special_bessel_ik(double v, double x, int want_i, int scaled, double* Iv_out, double* K) {
    int reflect = v < 0;
    if (reflect) v = -v;
    double n = round(v), u = v - n, Ku, Ku1;
    if (x <= 2) {
        special_bessel_temme_ik(u, x, &Ku, &Ku1);
        if (scaled) {
            Ku *= exp(x);
            Ku1 *= exp(x);
        }
    } else {
        special_bessel_cf2_ik(u, x, scaled, &Ku, &Ku1);
    }
    double prev = Ku, current = Ku1;
    for (double k = 1; k <= n; k++) { // forward recurrence for K
        double next = 2 * (u + k) * current / x + prev;
        prev = current;
        current = next;
        if (isinf(prev)) break; // K only grows with the order: the rest is inf too
    }
    *K = prev;
    if (!want_i) return;
    double Kv = prev, Kv1 = current, Iv, lim = (4 * v * v + 10) / (8 * x);
    lim *= lim;
    lim *= lim;
    lim /= 24;
    if (lim < SPECIAL_BESSEL_MACHEP * 10 && x > 100) {
        // x far past v: CF1 would take about x steps, and the expansion is accurate
        Iv = special_iv_asymptotic(v, x, scaled);
    } else {
        // Cephes' 500 steps for iv, whose x is below 714 (past it iv overflows); ive's x has no bound
        double fv = special_bessel_cf1_ik(v, x, scaled ? 100000000 : 500);
        Iv = (1 / x) / (Kv * fv + Kv1); // the Wronskian
    }
    if (reflect) Iv += (2 / M_PI) * sinpi(u + fmod(n, 2.0)) * Kv * (scaled ? exp(-2 * x) : 1.0);
    *Iv_out = Iv;
}

// Cephes iv (and ive, SciPy's AMOS, by the same steps scaled): SciPy's edges first
ND_DEVICE_FN double special_iv_core(double v, double x, int scaled) {
    if (isnan(v) || isnan(x) || isinf(x) || (scaled && isinf(v))) return NAN;
    double t = floor(v);
    if (v < 0 && t == v) { // I_-n = I_n
        v = -v;
        t = -t;
    }
    double sgn = 1;
    if (x < 0) {
        if (t != v) return NAN;
        if (v != 2.0 * floor(v / 2.0)) sgn = -1;
    }
    if (x == 0) {
        if (v == 0) return 1.0;
        if (v < 0) return scaled ? NAN : INFINITY;
        return 0.0;
    }
    if (isinf(v)) return 0.0;
    double ax = fabs(x), res, K;
    if (fabs(v) > 50) {
        res = special_iv_uniform(v, ax, scaled);
    } else if (ax * ax < fabs(v + 1.0) * SPECIAL_BESSEL_MACHEP) {
        // tiny x: the series' first term (the Wronskian would overflow)
        res = pow(0.5 * ax, v) / tgamma(v + 1.0) * (scaled ? exp(-ax) : 1.0);
    } else {
        special_bessel_ik(v, ax, 1, scaled, &res, &K);
    }
    // SciPy's ive (AMOS) is NaN where I overflows
    return scaled && isinf(res) ? NAN : sgn * res;
}
ND_DEVICE_FN double special_iv(double v, double x) { return special_iv_core(v, x, 0); }
ND_DEVICE_FN double special_ive(double v, double x) { return special_iv_core(v, x, 1); }

// K_v(x) (SciPy: AMOS): NaN below 0 and inf at 0 (even for a NaN v), 0 past x = 710 (1 + |v|) as
// SciPy's cut; kve (K_v(x) exp(x)): NaN at x = inf
ND_DEVICE_FN double special_kv_core(double v, double x, int scaled) {
    if (isnan(x) || x < 0) return NAN;
    if (x == 0) return INFINITY;
    if (isnan(v) || isinf(v)) return NAN;
    if (scaled && isinf(x)) return NAN;
    if (!scaled && x > 710 * (1 + fabs(v))) return 0.0;
    if (fabs(v) > SPECIAL_BESSEL_MAX_ORDER) return NAN;
    double Iv, K;
    special_bessel_ik(fabs(v), x, 0, scaled, &Iv, &K);
    return K;
}
ND_DEVICE_FN double special_kv(double v, double x) { return special_kv_core(v, x, 0); }
ND_DEVICE_FN double special_kve(double v, double x) { return special_kv_core(v, x, 1); }

// ---- integer orders and the spherical Bessel functions

// scipy.special.yn(n, x): SciPy truncates a non-integer n (its float loops); NaN for x < 0 or x = inf,
// -inf for an infinite n; at 0, -inf (+inf for a negative odd n); else Y_n(x) as yv computes it
ND_DEVICE_FN double special_yn(double n, double x) {
    if (isnan(n) || isnan(x) || x < 0 || isinf(x)) return NAN;
    if (isinf(n)) return -INFINITY;
    n = trunc(n);
    if (x == 0) return n < 0 && fmod(n, 2.0) != 0 ? INFINITY : -INFINITY;
    return special_yv_edges(n, x, 0);
}

// scipy.special.kn(n, x): n truncated; NaN for a NaN n or x < 0, inf at 0, 0 at x = inf, NaN for an
// infinite n; else K_n(x) as kv computes it
ND_DEVICE_FN double special_kn(double n, double x) {
    if (isnan(n) || isnan(x) || x < 0) return NAN;
    if (x == 0) return INFINITY;
    if (isinf(x)) return 0.0;
    if (isinf(n)) return NAN;
    return special_kv_core(trunc(n), x, 0);
}

// xsf's sph_bessel_j (SciPy's spherical_jn, n cast to an integer as its Python wrapper does): NaN for
// n < 0 (and, as that cast gives, for a NaN or infinite n), +-j_n(-x) for x < 0; where n >= x,
// sqrt(pi / (2x)) J_{n+1/2}(x), else the upward recurrence from sin(x) / x, stable there
ND_DEVICE_FN double special_spherical_jn(double n, double x) {
    if (isnan(x)) return x;
    if (isnan(n) || isinf(n) || n <= -1 || n > SPECIAL_BESSEL_MAX_ORDER) return NAN;
    // SciPy reflects a negative x in Python, by the sign of n % 2 == 0 before n is cast to an integer
    double sgn = 1;
    if (x < 0) {
        x = -x;
        sgn = fmod(n, 2.0) == 0 ? 1.0 : -1.0;
    }
    n = trunc(n);
    if (isinf(x)) return sgn * 0.0;
    if (x == 0) return n == 0 ? 1.0 : 0.0;
    if (n > 0 && n >= x) return sgn * sqrt(M_PI_2 / x) * special_jv(n + 0.5, x);
    double s0 = sin(x) / x;
    if (n == 0) return sgn * s0;
    double s1 = (s0 - cos(x)) / x, sn = s1;
    for (double i = 0; i < n - 1; i++) {
        sn = (2 * i + 3) * s1 / x - s0;
        s0 = s1;
        s1 = sn;
        if (isinf(sn)) break; // overflow: the rest stays infinite
    }
    return sgn * sn;
}

// xsf's sph_bessel_y (SciPy's spherical_yn): NaN for n < 0, -+y_n(-x) for x < 0, 0 at
// infinity, -inf at 0, else the upward recurrence from -cos(x) / x (stable for every x)
ND_DEVICE_FN double special_spherical_yn(double n, double x) {
    if (isnan(x)) return x;
    if (isnan(n) || isinf(n) || n <= -1 || n > SPECIAL_BESSEL_MAX_ORDER) return NAN;
    // SciPy reflects a negative x in Python, by the sign of n % 2 == 0 before n is cast to an integer
    double sgn = 1;
    if (x < 0) {
        x = -x;
        sgn = fmod(n, 2.0) == 0 ? -1.0 : 1.0;
    }
    n = trunc(n);
    if (isinf(x)) return sgn * 0.0;
    if (x == 0) return -INFINITY;
    double s0 = -cos(x) / x;
    if (n == 0) return sgn * s0;
    double s1 = (s0 - sin(x)) / x, sn = s1;
    for (double i = 0; i < n - 1; i++) {
        sn = (2 * i + 3) * s1 / x - s0;
        s0 = s1;
        s1 = sn;
        if (isinf(sn)) break;
    }
    return sgn * sn;
}

// ---- the derivatives (derivative=True) and the modified spherical Bessel functions

// n as SciPy's Python wrapper casts it: NaN (as -1) for a NaN, infinite or negative n and past the largest order
ND_DEVICE_FN double special_spherical_order(double n) {
    return isnan(n) || isinf(n) || n <= -1 || n > SPECIAL_BESSEL_MAX_ORDER ? -1.0 : trunc(n);
}

// SciPy's wrapper reflects a negative x (x = -0.0 is not): sign_even for an even n (n % 2 == 0 before the
// cast), its opposite otherwise, and negated for a derivative (the chain rule)
ND_DEVICE_FN double special_spherical_sign(double n, double sign_even, int derivative) {
    double s = fmod(n, 2.0) == 0 ? sign_even : -sign_even;
    return derivative ? -s : s;
}

// xsf's sph_bessel_j_jac (DLMF 10.51.2; 10.51.1 at x = 0), at x >= 0 and an order cast already
ND_DEVICE_FN double special_spherical_jn_d_pos(double n, double x) {
    if (n == 0) return -special_spherical_jn(1, x);
    if (x == 0) return n == 1 ? 1.0 / 3.0 : 0.0;
    return special_spherical_jn(n - 1, x) - (n + 1) * special_spherical_jn(n, x) / x;
}
ND_DEVICE_FN double special_spherical_jn_d(double n, double x) {
    double m = special_spherical_order(n);
    // xsf answers x = +-0 before it looks at the order: 0 for any order but 0 and 1, a negative one too
    if (x == 0 && m != 0) return m == 1 ? 1.0 / 3.0 : 0.0;
    if (m < 0) return isnan(x) ? x : NAN;
    if (x < 0) return special_spherical_sign(n, 1, 1) * special_spherical_jn_d_pos(m, -x);
    return special_spherical_jn_d_pos(m, x);
}

// xsf's sph_bessel_y_jac; at x = +-0 its arithmetic gives SciPy's infinities and NaNs as they are
ND_DEVICE_FN double special_spherical_yn_d_pos(double n, double x) {
    if (n == 0) return -special_spherical_yn(1, x);
    return special_spherical_yn(n - 1, x) - (n + 1) * special_spherical_yn(n, x) / x;
}
ND_DEVICE_FN double special_spherical_yn_d(double n, double x) {
    double m = special_spherical_order(n);
    if (m < 0) return isnan(x) ? x : NAN;
    if (x < 0) return special_spherical_sign(n, -1, 1) * special_spherical_yn_d_pos(m, -x);
    return special_spherical_yn_d_pos(m, x);
}

// xsf's sph_bessel_i: sqrt(pi / (2x)) I_{n+1/2}(x), 1 or 0 at 0, inf at inf
ND_DEVICE_FN double special_spherical_in_pos(double n, double x) {
    if (isnan(x)) return x;
    if (x == 0) return n == 0 ? 1.0 : 0.0;
    if (isinf(x)) return INFINITY;
    return sqrt(M_PI_2 / x) * special_iv(n + 0.5, x);
}
ND_DEVICE_FN double special_spherical_in_d_pos(double n, double x) {
    if (n == 0) return special_spherical_in_pos(1, x);
    if (x == 0) return n == 1 ? 1.0 / 3.0 : 0.0;
    return special_spherical_in_pos(n - 1, x) - (n + 1) * special_spherical_in_pos(n, x) / x;
}
ND_DEVICE_FN double special_spherical_in(double n, double x) {
    double m = special_spherical_order(n);
    if (isnan(x)) return x;
    if (m < 0) return NAN;
    if (x < 0) return special_spherical_sign(n, 1, 0) * special_spherical_in_pos(m, -x);
    return special_spherical_in_pos(m, x);
}
ND_DEVICE_FN double special_spherical_in_d(double n, double x) {
    double m = special_spherical_order(n);
    // xsf answers x = +-0 before it looks at the order: 0 for any order but 0 and 1, a negative one too
    if (x == 0 && m != 0) return m == 1 ? 1.0 / 3.0 : 0.0;
    if (m < 0) return isnan(x) ? x : NAN;
    if (x < 0) return special_spherical_sign(n, 1, 1) * special_spherical_in_d_pos(m, -x);
    return special_spherical_in_d_pos(m, x);
}

// xsf's sph_bessel_k: sqrt(pi / (2x)) K_{n+1/2}(x), inf at 0, 0 at inf
ND_DEVICE_FN double special_spherical_kn_pos(double n, double x) {
    if (isnan(x)) return x;
    if (x == 0) return INFINITY;
    if (isinf(x)) return 0.0;
    return sqrt(M_PI_2 / x) * special_kv(n + 0.5, x);
}
ND_DEVICE_FN double special_spherical_kn_d_pos(double n, double x) {
    if (n == 0) return -special_spherical_kn_pos(1, x);
    return -special_spherical_kn_pos(n - 1, x) - (n + 1) * special_spherical_kn_pos(n, x) / x;
}
// SciPy takes k_n at x < 0 as the real part of its complex k_n(x + 0j), the analytic continuation of
// (pi / 2) exp(-x) times a polynomial in 1/x: k_n(-x) = -pi i_n(x) - (-1)^n k_n(x), and by the chain rule
// k'_n(-x) = pi i'_n(x) + (-1)^n k'_n(x) (both as SciPy's complex results, away from its overflow to NaN)
ND_DEVICE_FN double special_spherical_kn(double n, double x) {
    double m = special_spherical_order(n);
    if (isnan(x)) return x;
    if (m < 0) return NAN;
    if (x < 0) {
        double s = fmod(m, 2.0) == 0 ? 1.0 : -1.0;
        return -M_PI * special_spherical_in_pos(m, -x) - s * special_spherical_kn_pos(m, -x);
    }
    return special_spherical_kn_pos(m, x);
}
ND_DEVICE_FN double special_spherical_kn_d(double n, double x) {
    double m = special_spherical_order(n);
    if (m < 0) return isnan(x) ? x : NAN;
    if (x < 0) {
        double s = fmod(m, 2.0) == 0 ? 1.0 : -1.0;
        return M_PI * special_spherical_in_d_pos(m, -x) + s * special_spherical_kn_d_pos(m, -x);
    }
    return special_spherical_kn_d_pos(m, x);
}

#endif
