// ndgpu's Generator distributions, two shapes of kernel over one Philox4x32-10 counter layout:
// counter words c0 and the low 16 bits of c1 hold an index (48 bits), the high 16 bits of c1 count
// that index's blocks, c2 and c3 hold the call's offset; the key is the seed.
// - Per element (integers, gamma, beta, chisquare, poisson, binomial, multinomial): element i reads
//   its own stream, index i, so a rejection loop takes as many numbers as it needs without touching
//   another element's. A thread draws four elements, their first blocks computed together.
// - Per block (random, uniform, standard_normal, exponential, lognormal, laplace, the keys of weighted
//   choice): block b, index b, round 0, turns its four words into elements 4b..4b+3 (float32) or 2b,
//   2b+1 (float64); the last block writes only the elements that exist. A thread computes four blocks.
// Either way every result depends only on (seed, offset, element index), whatever the device or the
// number of threads.
// spare: the second normal of nd_std_normal's last Box-Muller pair, while has_spare
typedef struct { uint c0, c1, c2, c3, k0, k1, w0, w1, w2, w3; int left; int has_spare; double spare; } nd_rng;

ND_DEVICE_FN void nd_rng_init(nd_rng* r, ulong i, ulong off, ulong seed) {
    r->c0 = (uint)i; r->c1 = (uint)(i >> 32) & 0xFFFFu; r->c2 = (uint)off; r->c3 = (uint)(off >> 32);
    r->k0 = (uint)seed; r->k1 = (uint)(seed >> 32); r->left = 0; r->has_spare = 0; r->spare = 0.0;
    r->w0 = 0; r->w1 = 0; r->w2 = 0; r->w3 = 0;
}

// both words of a 32x32-bit product: on CUDA one mul.wide, which ran faster than __umulhi beside a separate
// multiply (BENCHMARKS.md); a 64-bit product written in C instead let NVRTC carry the
// rounds in 64-bit registers (twice the xors and shifts). OpenCL: mul_hi and the low product
#ifdef ND_CUDA
#define ND_MULHILO(m, c, hi, lo) do { unsigned long long _p; \
        asm("mul.wide.u32 %0, %1, %2;" : "=l"(_p) : "r"(m), "r"(c)); \
        lo = (uint)_p; hi = (uint)(_p >> 32); } while (0)
#else
#define ND_MULHILO(m, c, hi, lo) do { hi = mul_hi((uint)(m), (uint)(c)); lo = (m) * (c); } while (0)
#endif

// one Philox4x32 round on the counter words c0..c3 under the round key k0, k1
#define ND_PHILOX_ROUND(c0, c1, c2, c3, k0, k1) do { \
        uint _h0, _l0, _h1, _l1; \
        ND_MULHILO(0xD2511F53u, c0, _h0, _l0); \
        ND_MULHILO(0xCD9E8D57u, c2, _h1, _l1); \
        c0 = _h1 ^ c1 ^ k0; c1 = _l1; c2 = _h0 ^ c3 ^ k1; c3 = _l0; \
    } while (0)

// Philox4x32-10 (Salmon et al., SC'11), the same rounds as UniformNormalDraws' nd_philox
ND_DEVICE_FN void nd_rng_block(nd_rng* r) {
    uint c0 = r->c0, c1 = r->c1, c2 = r->c2, c3 = r->c3, k0 = r->k0, k1 = r->k1;
    for (int k = 0; k < 10; k++) {
        ND_PHILOX_ROUND(c0, c1, c2, c3, k0, k1);
        k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
    }
    r->w0 = c0; r->w1 = c1; r->w2 = c2; r->w3 = c3; r->left = 4;
    r->c1 += 0x10000u;
}

// the next block of four streams of one key at once: the four chains of rounds are independent, so
// a GPU thread issues one chain's multiplies while another's wait (one chain alone leaves the
// multiplier idle between its dependent rounds)
ND_DEVICE_FN void nd_rng_block4(nd_rng* a, nd_rng* b, nd_rng* c, nd_rng* d) {
    uint a0 = a->c0, a1 = a->c1, a2 = a->c2, a3 = a->c3, b0 = b->c0, b1 = b->c1, b2 = b->c2, b3 = b->c3;
    uint c0 = c->c0, c1 = c->c1, c2 = c->c2, c3 = c->c3, d0 = d->c0, d1 = d->c1, d2 = d->c2, d3 = d->c3;
    uint k0 = a->k0, k1 = a->k1;
    for (int k = 0; k < 10; k++) {
        ND_PHILOX_ROUND(a0, a1, a2, a3, k0, k1);
        ND_PHILOX_ROUND(b0, b1, b2, b3, k0, k1);
        ND_PHILOX_ROUND(c0, c1, c2, c3, k0, k1);
        ND_PHILOX_ROUND(d0, d1, d2, d3, k0, k1);
        k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
    }
    a->w0 = a0; a->w1 = a1; a->w2 = a2; a->w3 = a3; a->left = 4; a->c1 += 0x10000u;
    b->w0 = b0; b->w1 = b1; b->w2 = b2; b->w3 = b3; b->left = 4; b->c1 += 0x10000u;
    c->w0 = c0; c->w1 = c1; c->w2 = c2; c->w3 = c3; c->left = 4; c->c1 += 0x10000u;
    d->w0 = d0; d->w1 = d1; d->w2 = d2; d->w3 = d3; d->left = 4; d->c1 += 0x10000u;
}

// the words of a block move down one register each draw: a dynamically indexed array would live in slow memory on GPUs
ND_DEVICE_FN uint nd_next32(nd_rng* r) {
    if (r->left == 0) nd_rng_block(r);
    uint x = r->w0;
    r->w0 = r->w1; r->w1 = r->w2; r->w2 = r->w3; r->left--;
    return x;
}

ND_DEVICE_FN ulong nd_next64(nd_rng* r) { ulong hi = nd_next32(r); return (hi << 32) | (ulong)nd_next32(r); }

// [0, 1) with 53 random bits: 27 of the first word, 26 of the second, joined as one integer and
// converted once (exact, so the same value as converting the two halves; a conversion to double is a
// quarter-rate instruction on GPUs)
ND_DEVICE_FN double nd_next_double(nd_rng* r) {
    uint a = nd_next32(r) >> 5, b = nd_next32(r) >> 6;
    return (double)(((ulong)a << 26) | (ulong)b) * 1.1102230246251565e-16;
}

// uniform in [0, range) exactly; range 0 stands for 2^64. Lemire's multiply-shift with rejection
// (no modulo bias) up to 2^32, masked rejection above
ND_DEVICE_FN ulong nd_bounded(nd_rng* r, ulong range) {
    if (range == 0) return nd_next64(r);
    if (range == 0x100000000UL) return nd_next32(r);
    if (range < 0x100000000UL) {
        uint s = (uint)range;
        ulong m = (ulong)nd_next32(r) * s;
        uint l = (uint)m;
        if (l < s) {
            uint t = (0u - s) % s;
            while (l < t) { m = (ulong)nd_next32(r) * s; l = (uint)m; }
        }
        return m >> 32;
    }
    ulong mask = range - 1;
    mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4; mask |= mask >> 8; mask |= mask >> 16; mask |= mask >> 32;
    ulong x;
    do { x = nd_next64(r) & mask; } while (x >= range);
    return x;
}

ND_DEVICE_FN double nd_std_exp(nd_rng* r) { return -log(1.0 - nd_next_double(r)); }

#ifdef ND_CUDA
#define nd_sincospi(x, s, c) sincospi((x), (s), (c))
#define nd_make_float4(a, b, c, d) make_float4((a), (b), (c), (d))
#define nd_make_double2(a, b) make_double2((a), (b))
#else
#define nd_sincospi(x, s, c) (*(s) = sinpi(x), *(c) = cospi(x))
#define nd_make_float4(a, b, c, d) ((float4)((a), (b), (c), (d)))
#define nd_make_double2(a, b) ((double2)((a), (b)))
#endif

// Box-Muller by pairs: the cosine now, the sine kept for the stream's next normal (as curand's and
// NumPy's legacy gauss do), so gamma's rejection loop, standard_t, beta and the noncentral laws take
// two words a normal instead of four; the angle as sincospi(2u), an exact argument
ND_DEVICE_FN double nd_std_normal(nd_rng* r) {
    if (r->has_spare) {
        r->has_spare = 0;
        return r->spare;
    }
    double u1 = 1.0 - nd_next_double(r), u2 = nd_next_double(r);
    double rad = sqrt(-2.0 * log(u1)), s, c;
    nd_sincospi(2.0 * u2, &s, &c);
    r->spare = rad * s;
    r->has_spare = 1;
    return rad * c;
}

// NumPy's random_standard_gamma: Marsaglia and Tsang for k > 1, a rejection from the exponential below
ND_DEVICE_FN double nd_std_gamma(nd_rng* r, double k) {
    if (k == 1.0) return nd_std_exp(r);
    if (k == 0.0) return 0.0;
    if (k < 1.0) {
        for (;;) {
            double u = nd_next_double(r), v = nd_std_exp(r);
            if (u <= 1.0 - k) {
                double x = pow(u, 1.0 / k);
                if (x <= v) return x;
            } else {
                double y = -log((1.0 - u) / k);
                double x = pow(1.0 - k + k * y, 1.0 / k);
                if (x <= v + y) return x;
            }
        }
    }
    double b = k - 1.0 / 3.0, c = 1.0 / sqrt(9.0 * b);
    for (;;) {
        double x, v;
        do { x = nd_std_normal(r); v = 1.0 + c * x; } while (v <= 0.0);
        v = v * v * v;
        double u = nd_next_double(r);
        if (u < 1.0 - 0.0331 * (x * x) * (x * x)) return b * v;
        if (log(u) < 0.5 * x * x + b * (1.0 - v + log(v))) return b * v;
    }
}

// NumPy's random_beta: Johnk's algorithm when both parameters are at most 1, else a ratio of gammas
ND_DEVICE_FN double nd_beta(nd_rng* r, double a, double b) {
    if (a <= 1.0 && b <= 1.0) {
        for (;;) {
            double u = nd_next_double(r), v = nd_next_double(r);
            double x = pow(u, 1.0 / a), y = pow(v, 1.0 / b), xy = x + y;
            if (xy <= 1.0 && u + v > 0.0) {
                if (xy > 0) return x / xy;
                double lx = log(u) / a, ly = log(v) / b, lm = lx > ly ? lx : ly;
                lx -= lm; ly -= lm;
                return exp(lx - log(exp(lx) + exp(ly)));
            }
        }
    }
    double ga = nd_std_gamma(r, a), gb = nd_std_gamma(r, b);
    return ga / (ga + gb);
}

// Poisson: inversion below 10, Hormann's PTRS above (NumPy's random_poisson, whose multiplication of uniforms below
// 10 takes lam + 1 uniforms a value where the search from 0 takes one and about lam + 1 multiply-divides). A
// uniform past lam + 10 sqrt(lam) + 10 (the rounded sum may stop short of 1) is drawn again, as in NumPy's binomial
// inversion: the values cut off have probability below 1e-17.
ND_DEVICE_FN long nd_poisson(nd_rng* r, double lam) {
    if (lam == 0) return 0;
    if (lam < 10) {
        double enlam = exp(-lam), bound = lam + 10 * sqrt(lam) + 10;
        double u = nd_next_double(r), px = enlam, cdf = enlam;
        long x = 0;
        while (u >= cdf) {
            x++;
            if ((double)x > bound) { x = 0; px = enlam; cdf = enlam; u = nd_next_double(r); }
            else { px *= lam / (double)x; cdf += px; }
        }
        return x;
    }
    double slam = sqrt(lam), loglam = log(lam), b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
    double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2), linvalpha = log(invalpha);
    for (;;) {
        double u = nd_next_double(r) - 0.5, v = nd_next_double(r), us = 0.5 - fabs(u);
        long k = (long)floor((2 * a / us + b) * u + lam + 0.43);
        if (us >= 0.07 && v <= vr) return k;
        if (k < 0 || (us < 0.013 && v > us)) continue;
        if (log(v) + linvalpha - log(a / (us * us) + b) <= -lam + (double)k * loglam - lgamma((double)k + 1)) return k;
    }
}

// log(k!) - Stirling's approximation of it, for BTRS: a table to 9, the series above
ND_DEVICE_FN double nd_stirling_tail(double k) {
    if (k <= 9) {
        int i = (int)k;
        return i == 0 ? 0.0810614667953272 : i == 1 ? 0.0413406959554092 : i == 2 ? 0.0276779256849983
             : i == 3 ? 0.02079067210376509 : i == 4 ? 0.0166446911898211 : i == 5 ? 0.0138761288230707
             : i == 6 ? 0.0118967099458917 : i == 7 ? 0.0104112652619720 : i == 8 ? 0.00925546218271273 : 0.00833056343336287;
    }
    double kp1sq = (k + 1) * (k + 1);
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1);
}

// binomial with p <= 0.5: inversion (NumPy's random_binomial_inversion) while n p <= 30, as NumPy's and CuPy's,
// else Hormann's BTRS transformed rejection (NumPy's BTPE's role)
ND_DEVICE_FN long nd_binomial_low(nd_rng* r, long n, double p) {
    if (n == 0 || p == 0) return 0;
    double dn = (double)n;
    if (dn * p <= 30) {
        double q = 1 - p, qn = exp(dn * log1p(-p)), np = dn * p;
        double bound = fmin(dn, np + 10 * sqrt(np * q + 1));
        long x = 0;
        double px = qn, u = nd_next_double(r);
        while (u > px) {
            x++;
            if ((double)x > bound) { x = 0; px = qn; u = nd_next_double(r); }
            else { u -= px; px = ((dn - (double)x + 1) * p * px) / ((double)x * q); }
        }
        return x;
    }
    double sd = sqrt(dn * p * (1 - p)), b = 1.15 + 2.53 * sd, a = -0.0873 + 0.0248 * b + 0.01 * p, c = dn * p + 0.5;
    double vr = 0.92 - 4.2 / b, rr = p / (1 - p), alpha = (2.83 + 5.1 / b) * sd, m = floor((dn + 1) * p);
    // the bound's terms in m alone, computed once: a warp runs the slow test at nearly every attempt (some lane
    // needs it), and these are the same values summed in the same order as when written inline
    double um = (m + 0.5) * log((m + 1) / (rr * (dn - m + 1))), sm = nd_stirling_tail(m), snm = nd_stirling_tail(dn - m);
    for (;;) {
        double u = nd_next_double(r) - 0.5, v = nd_next_double(r), us = 0.5 - fabs(u);
        double k = floor((2 * a / us + b) * u + c);
        if (us >= 0.07 && v <= vr) return (long)k;
        if (k < 0 || k > dn) continue;
        v = log(v * alpha / (a / (us * us) + b));
        double ub = um + (dn + 1) * log((dn - m + 1) / (dn - k + 1)) + (k + 0.5) * log(rr * (dn - k + 1) / (k + 1)) + sm
                + snm - nd_stirling_tail(k) - nd_stirling_tail(dn - k);
        if (v <= ub) return (long)k;
    }
}

ND_DEVICE_FN long nd_binomial(nd_rng* r, long n, double p) {
    return p <= 0.5 ? nd_binomial_low(r, n, p) : n - nd_binomial_low(r, n, 1 - p);
}

// ---- NumPy's other Generator samplers (distributions.c), per element, in double

ND_DEVICE_FN double nd_chisq(nd_rng* r, double df) { return 2.0 * nd_std_gamma(r, df / 2.0); }

ND_DEVICE_FN double nd_std_t(nd_rng* r, double df) {
    double num = nd_std_normal(r), denom = nd_std_gamma(r, df / 2);
    return sqrt(df / 2) * num / sqrt(denom);
}

ND_DEVICE_FN double nd_logistic(nd_rng* r, double loc, double scale) {
    double u = nd_next_double(r);
    while (u <= 0.0) u = nd_next_double(r);
    return loc + scale * log(u / (1.0 - u));
}

ND_DEVICE_FN double nd_gumbel(nd_rng* r, double loc, double scale) {
    for (;;) {
        double u = 1.0 - nd_next_double(r);
        if (u < 1.0) return loc - scale * log(-log(u));
    }
}

ND_DEVICE_FN double nd_wald(nd_rng* r, double mean, double scale) {
    double mu_2l = mean / (2 * scale), y = nd_std_normal(r);
    y = mean * y * y;
    double x = mean + mu_2l * (y - sqrt(4 * scale * y + y * y));
    double u = nd_next_double(r);
    return u <= mean / (mean + x) ? x : mean * mean / x;
}

ND_DEVICE_FN double nd_vonmises(nd_rng* r, double mu, double kappa) {
    const double pi = 3.141592653589793;
    if (isnan(kappa)) return kappa;
    if (kappa < 1e-8) return pi * (2 * nd_next_double(r) - 1);
    double s;
    if (kappa < 1e-5) {
        s = 1.0 / kappa + kappa;
    } else if (kappa <= 1e6) {
        double rr = 1 + sqrt(1 + 4 * kappa * kappa), rho = (rr - sqrt(2 * rr)) / (2 * kappa);
        s = (1 + rho * rho) / (2 * rho);
    } else {
        double res = mu + sqrt(1.0 / kappa) * nd_std_normal(r);
        if (res < -pi) res += 2 * pi;
        if (res > pi) res -= 2 * pi;
        return res;
    }
    double w;
    for (;;) {
        double u = nd_next_double(r), z = cospi(u); // cos(pi u) with an exact argument: no slow reduction path
        w = (1 + s * z) / (s + z);
        double y = kappa * (s - w), v = nd_next_double(r);
        if (y * (2 - y) - v >= 0 || log(y / v) + 1 - y >= 0) break;
    }
    double u = nd_next_double(r), res = acos(w);
    if (u < 0.5) res = -res;
    res += mu;
    // fmod(t, 2 pi) is t itself below 2 pi, the common case when mu is in [-pi, pi]: GPUs compute fmod by a loop
    int neg = res < 0;
    double t = fabs(res) + pi, mod = (t < 2 * pi ? t : fmod(t, 2 * pi)) - pi;
    return neg ? -mod : mod;
}

ND_DEVICE_FN double nd_triangular(nd_rng* r, double left, double mode, double right) {
    double base = right - left, leftbase = mode - left, ratio = leftbase / base;
    double leftprod = leftbase * base, rightprod = (right - mode) * base, u = nd_next_double(r);
    return u <= ratio ? left + sqrt(u * leftprod) : right - sqrt((1.0 - u) * rightprod);
}

ND_DEVICE_FN double nd_noncentral_chisq(nd_rng* r, double df, double nonc) {
    if (isnan(nonc)) return nonc;
    if (nonc == 0) return nd_chisq(r, df);
    if (1 < df) {
        double chi2 = nd_chisq(r, df - 1), n = nd_std_normal(r) + sqrt(nonc);
        return chi2 + n * n;
    }
    long i = nd_poisson(r, nonc / 2.0);
    return nd_chisq(r, df + 2 * (double)i);
}

ND_DEVICE_FN double nd_noncentral_f(nd_rng* r, double dfnum, double dfden, double nonc) {
    double t = nd_noncentral_chisq(r, dfnum, nonc) * dfden;
    return t / (nd_chisq(r, dfden) * dfnum);
}

ND_DEVICE_FN double nd_f(nd_rng* r, double dfnum, double dfden) {
    return (nd_chisq(r, dfnum) * dfden) / (nd_chisq(r, dfden) * dfnum);
}

// ---- the per-block distributions (the second kernel shape above)

// [0, 1) with 24 random bits
ND_DEVICE_FN float nd_f32_u01(uint x) { return (float)(x >> 8) * 5.9604644775390625e-8f; }

// (0, 1] from all 32 bits, for a logarithm: the smallest value, 2^-33, keeps the far tails (a
// 24-bit uniform would end the normal at 5.8 sigma); the rounding of large x only nudges values near 1
ND_DEVICE_FN float nd_f32_upos(uint x) { return ((float)x + 0.5f) * 2.3283064365386963e-10f; }

// [0, 1) with 53 random bits: 27 of a, 26 of b
ND_DEVICE_FN double nd_f64_u01(uint a, uint b) { return (double)(((ulong)(a >> 5) << 26) | (ulong)(b >> 6)) * 1.1102230246251565e-16; }

// Exponential(1); 0 - log rather than -log, so u = 1 gives +0, never -0
ND_DEVICE_FN float nd_f32_exp(uint x) { return 0.0f - log(nd_f32_upos(x)); }
ND_DEVICE_FN double nd_f64_exp(uint a, uint b) { return 0.0 - log(1.0 - nd_f64_u01(a, b)); }


// Box-Muller, both normals of a pair: radius from a, angle from b, uniform in [-pi, pi), where the
// hardware's cosine and sine (cuRAND's __sincosf; OpenCL's native_) err by at most 2^-21.4: a few
// float32 ulps of the normal, far below what the law can show, for a third of the pair's arithmetic
// (the angle of 2 pi u shifted by pi flips both signs, which leaves the law as it is)
ND_DEVICE_FN void nd_f32_normal2(uint a, uint b, float* z0, float* z1) {
    float r = sqrt(-2.0f * log(nd_f32_upos(a)));
    float t = ((float)(b >> 8) * 1.1920928955078125e-7f - 1.0f) * M_PI_F;
    *z0 = r * native_cos(t);
    *z1 = r * native_sin(t);
}

ND_DEVICE_FN void nd_f64_normal2(uint a0, uint a1, uint b0, uint b1, double* z0, double* z1) {
    double r = sqrt(-2.0 * log(1.0 - nd_f64_u01(a0, a1)));
    double s, c;
    nd_sincospi(2.0 * nd_f64_u01(b0, b1), &s, &c);
    *z0 = r * c;
    *z1 = r * s;
}

// Laplace as loc +- scale * Exponential(1), the sign from a bit the exponential does not use: the
// same law as NumPy's inverse CDF, without its redraw of u = 0 (a loop would need more words)
ND_DEVICE_FN float nd_f32_laplace(uint x, float loc, float scale) {
    float e = 0.0f - log(((float)(x >> 1) + 0.5f) * 4.656612873077393e-10f);
    return (x & 1u) ? loc + scale * e : loc - scale * e;
}

ND_DEVICE_FN double nd_f64_laplace(uint a, uint b, double loc, double scale) {
    double e = nd_f64_exp(a, b);
    return (b & 1u) ? loc + scale * e : loc - scale * e;
}

// elements 4b..4b+3 (float32) or 2b, 2b+1 (float64) of y: one 16-byte store where all exist and y
// is 16-byte aligned, else one at a time up to n
ND_DEVICE_FN void nd_store4f(ND_GLOBAL float* y, ulong b, ulong n, int wide, float v0, float v1, float v2, float v3) {
    ulong e = b * 4;
    if (wide && e + 4 <= n) {
        ((ND_GLOBAL float4*)y)[b] = nd_make_float4(v0, v1, v2, v3);
        return;
    }
    y[e] = v0;
    if (e + 1 < n) y[e + 1] = v1;
    if (e + 2 < n) y[e + 2] = v2;
    if (e + 3 < n) y[e + 3] = v3;
}

ND_DEVICE_FN void nd_store2d(ND_GLOBAL double* y, ulong b, ulong n, int wide, double v0, double v1) {
    ulong e = b * 2;
    if (wide && e + 2 <= n) {
        ((ND_GLOBAL double2*)y)[b] = nd_make_double2(v0, v1);
        return;
    }
    y[e] = v0;
    if (e + 1 < n) y[e + 1] = v1;
}

// ---- NumPy's discrete samplers (distributions.c), per element

ND_DEVICE_FN long nd_geometric(nd_rng* r, double p) {
    if (p >= 0.333333333333333333333333) {
        long x = 1;
        double sum = p, prod = p, q = 1.0 - p, u = nd_next_double(r);
        while (u > sum) { prod *= q; sum += prod; x++; }
        return x;
    }
    double z = ceil(-nd_std_exp(r) / log1p(-p));
    return z >= 9.223372036854776e18 ? 0x7FFFFFFFFFFFFFFFL : (long)z;
}

ND_DEVICE_FN long nd_negative_binomial(nd_rng* r, double n, double p) {
    double y = nd_std_gamma(r, n) * ((1 - p) / p);
    return nd_poisson(r, y);
}

ND_DEVICE_FN long nd_logseries(nd_rng* r, double p) {
    double lr = log1p(-p);
    for (;;) {
        double v = nd_next_double(r);
        if (v >= p) return 1;
        double u = nd_next_double(r), q = -expm1(lr * u);
        if (v <= q * q) {
            double res = floor(1 + log(v) / log(q));
            if (res < 1 || v == 0.0) continue;
            return (long)res;
        }
        return v >= q ? 1 : 2;
    }
}

// NumPy's random_zipf, its pow(2, s), pow(2^63, -s), pow(u, -1 / s) and pow(1 + 1 / x, s) written as exp2, exp and
// log (a GPU's pow is several times their cost, as it carries extra precision through its logarithm)
ND_DEVICE_FN long nd_zipf(nd_rng* r, double a) {
    if (a >= 1025) return 1;
    double am1 = a - 1.0, b = exp2(am1), umin = exp2(-63.0 * am1), inv = -1.0 / am1;
    for (;;) {
        double u01 = nd_next_double(r), u = u01 * umin + (1 - u01), v = nd_next_double(r);
        double x = floor(exp(inv * log(u)));
        if (x > 9.223372036854775807e18 || x < 1.0) continue;
        double t = exp(am1 * log1p(1.0 / x));
        if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return (long)x;
    }
}

// NumPy's hypergeometric_sample: draws one by one from the smaller side of the sample
ND_DEVICE_FN long nd_hypergeometric_sample(nd_rng* r, long good, long bad, long sample) {
    long total = good + bad, computed = sample > total / 2 ? total - sample : sample;
    long rtotal = total, rgood = good;
    while (computed > 0 && rgood > 0 && rtotal > rgood) {
        --rtotal;
        if ((long)nd_bounded(r, (ulong)rtotal + 1) < rgood) --rgood;
        --computed;
    }
    if (rtotal == rgood) rgood -= computed;
    return sample > total / 2 ? rgood : good - rgood;
}

ND_DEVICE_FN double nd_logfact(long k) { return lgamma((double)k + 1.0); }

// NumPy's hypergeometric_hrua: Stadlober's ratio of uniforms
ND_DEVICE_FN long nd_hypergeometric_hrua(nd_rng* r, long good, long bad, long sample) {
    long popsize = good + bad, computed = sample < popsize - sample ? sample : popsize - sample;
    long mingb = good < bad ? good : bad, maxgb = good < bad ? bad : good;
    double p = (double)mingb / (double)popsize, q = (double)maxgb / (double)popsize;
    double mu = (double)computed * p, a = mu + 0.5;
    double var = (double)(popsize - computed) * (double)computed * p * q / (double)(popsize - 1);
    double c = sqrt(var + 0.5), h = 1.7155277699214135 * c + 0.8989161620588988;
    long m = (long)floor((double)(computed + 1) * (double)(mingb + 1) / (double)(popsize + 2));
    double g = nd_logfact(m) + nd_logfact(mingb - m) + nd_logfact(computed - m) + nd_logfact(maxgb - computed + m);
    double lim = (double)(computed < mingb ? computed : mingb) + 1, b = fmin(lim, floor(a + 16 * c));
    long k;
    for (;;) {
        double u = nd_next_double(r), v = nd_next_double(r), x = a + h * (v - 0.5) / u;
        if (x < 0.0 || x >= b) continue;
        k = (long)floor(x);
        double t = g - (nd_logfact(k) + nd_logfact(mingb - k) + nd_logfact(computed - k) + nd_logfact(maxgb - computed + k));
        if (u * (4.0 - u) - 3.0 <= t) break;
        if (u * (u - t) >= 1) continue;
        if (2.0 * log(u) <= t) break;
    }
    if (good > bad) k = computed - k;
    if (computed < sample) k = good - k;
    return k;
}

ND_DEVICE_FN long nd_hypergeometric(nd_rng* r, long good, long bad, long sample) {
    return sample >= 10 && sample <= good + bad - 10 ? nd_hypergeometric_hrua(r, good, bad, sample)
                                                     : nd_hypergeometric_sample(r, good, bad, sample);
}
