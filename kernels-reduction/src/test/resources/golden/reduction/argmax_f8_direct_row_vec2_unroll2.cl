// <OPENCL prelude>

#ifdef ND_CUDA
#define ND_INF __int_as_float(0x7f800000)
#define ND_NAN __int_as_float(0x7fc00000)
#else
#define ND_INF INFINITY
#define ND_NAN NAN
#endif
ND_DEVICE_FN float nd_abs2_c64(complex64 v) { return v.x * v.x + v.y * v.y; }
ND_DEVICE_FN float nd_sq_f32(float v) { return v * v; }
#if defined(ND_CUDA) || defined(cl_khr_fp64)
ND_DEVICE_FN double nd_abs2_c128(complex128 v) { return v.x * v.x + v.y * v.y; }
ND_DEVICE_FN double nd_sq_f64(double v) { return v * v; }
#endif
typedef struct { double v; long i; } nd_arg_f64;
ND_DEVICE_FN nd_arg_f64 nd_arg_f64_make(double v, long i) { nd_arg_f64 r; r.v = v; r.i = i; return r; }
ND_DEVICE_FN nd_arg_f64 nd_arg_f64_max(nd_arg_f64 a, nd_arg_f64 b) {
    int an = isnan(a.v), bn = isnan(b.v);
    if (an || bn) return (an && bn) ? (a.i <= b.i ? a : b) : (an ? a : b);
    if ((a.v > b.v)) return a;
    if ((b.v > a.v)) return b;
    return a.i <= b.i ? a : b;
}
ND_DEVICE_FN nd_arg_f64 nd_arg_f64_min(nd_arg_f64 a, nd_arg_f64 b) {
    int an = isnan(a.v), bn = isnan(b.v);
    if (an || bn) return (an && bn) ? (a.i <= b.i ? a : b) : (an ? a : b);
    if ((b.v > a.v)) return a;
    if ((a.v > b.v)) return b;
    return a.i <= b.i ? a : b;
}

ND_KERNEL void nd_argmax_f64_i64_f64(ND_GLOBAL char* _b_x, long _o_x, long _ks0_x, long _rs0_x, ND_GLOBAL char* _b_y, long _o_y, long _ks0_y, long _K_arg, long _R_arg, long _chunk_arg, long _rtotal_arg, int _TX, int _TY, int _gridK, long _kd0, long _rd0) {
    ND_LOCAL nd_arg_f64 _sdata[128];
    const int _K = (int)_K_arg, _R = (int)_R_arg, _chunk = (int)_chunk_arg;
    const long _r = _rtotal_arg;
    ND_GLOBAL char* _p_x = _b_x + _o_x;
    ND_GLOBAL char* _p_y = _b_y + _o_y;
    const int _t = (int)ND_LOCAL_ID();
    const int _tx = _t / _TY, _ty = _t % _TY, _tys = 1;
    const int _g = (int)ND_GROUP_ID() / _gridK;
    const int _jbeg = _g * _chunk;
    const int _jend = _R - _jbeg < _chunk ? _R : _jbeg + _chunk;
    for (int _kb = (int)ND_GROUP_ID() % _gridK; _kb * _TX < _K; _kb += _gridK) {
        const int _k = _kb * _TX + _tx;
        nd_arg_f64 _acc = nd_arg_f64_make((-(double)ND_INF), 9223372036854775807L);
        if (_k < _K) {
            int _ko_x = 0;
            _ko_x = _k * (int)_ks0_x;
            ND_GLOBAL const double* _q_x = (ND_GLOBAL const double*)(_p_x + _ko_x);
            nd_arg_f64 _a0 = nd_arg_f64_make((-(double)ND_INF), 9223372036854775807L);
            nd_arg_f64 _a1 = nd_arg_f64_make((-(double)ND_INF), 9223372036854775807L);
            const int _step = (int)_TY * 2;
            const int _n = _jend > _jbeg ? _jend - _jbeg : 0;
            const int _vend = _jbeg + (_n / 2) * 2;
            int _jv = _jbeg + (int)_ty * 2;
            for (; _jv + (int)1 * _step < _vend; _jv += (int)2 * _step) {
                const double2 _v0_x = *(ND_GLOBAL const double2*)(_q_x + _jv);
                const double2 _v1_x = *(ND_GLOBAL const double2*)(_q_x + _jv + (int)1 * _step);
                {
                    const int _j = _jv + 0;
                    const double x = _v0_x.x;
                    const nd_arg_f64 _m = nd_arg_f64_make(x, (long)_j);
                    { nd_arg_f64 a = _a0; nd_arg_f64 b = _m; _a0 = nd_arg_f64_max(a, b); }
                }
                {
                    const int _j = _jv + 1;
                    const double x = _v0_x.y;
                    const nd_arg_f64 _m = nd_arg_f64_make(x, (long)_j);
                    { nd_arg_f64 a = _a1; nd_arg_f64 b = _m; _a1 = nd_arg_f64_max(a, b); }
                }
                {
                    const int _j = _jv + (int)1 * _step + 0;
                    const double x = _v1_x.x;
                    const nd_arg_f64 _m = nd_arg_f64_make(x, (long)_j);
                    { nd_arg_f64 a = _a0; nd_arg_f64 b = _m; _a0 = nd_arg_f64_max(a, b); }
                }
                {
                    const int _j = _jv + (int)1 * _step + 1;
                    const double x = _v1_x.y;
                    const nd_arg_f64 _m = nd_arg_f64_make(x, (long)_j);
                    { nd_arg_f64 a = _a1; nd_arg_f64 b = _m; _a1 = nd_arg_f64_max(a, b); }
                }
            }
            for (; _jv < _vend; _jv += _step) {
                const double2 _v0_x = *(ND_GLOBAL const double2*)(_q_x + _jv);
                {
                    const int _j = _jv + 0;
                    const double x = _v0_x.x;
                    const nd_arg_f64 _m = nd_arg_f64_make(x, (long)_j);
                    { nd_arg_f64 a = _a0; nd_arg_f64 b = _m; _a0 = nd_arg_f64_max(a, b); }
                }
                {
                    const int _j = _jv + 1;
                    const double x = _v0_x.y;
                    const nd_arg_f64 _m = nd_arg_f64_make(x, (long)_j);
                    { nd_arg_f64 a = _a1; nd_arg_f64 b = _m; _a1 = nd_arg_f64_max(a, b); }
                }
            }
            for (int _jt = _vend + _ty; _jt < _jend; _jt += _TY) {
                const int _j = _jt;
                const double x = _q_x[_jt];
                const nd_arg_f64 _m = nd_arg_f64_make(x, (long)_j);
                { nd_arg_f64 a = _a0; nd_arg_f64 b = _m; _a0 = nd_arg_f64_max(a, b); }
            }
            _acc = _a0;
            { nd_arg_f64 a = _acc; nd_arg_f64 b = _a1; _acc = nd_arg_f64_max(a, b); }
        }
        _sdata[_t] = _acc;
        ND_SYNC();
        for (int _s = _TY >> 1; _s > 0; _s >>= 1) {
            if (_ty < _s) {
                nd_arg_f64 a = _sdata[_t];
                nd_arg_f64 b = _sdata[_t + _s * _tys];
                _sdata[_t] = nd_arg_f64_max(a, b);
            }
            ND_SYNC();
        }
        if (_ty == 0 && _k < _K) {
            nd_arg_f64 a = _sdata[_t];
            int _ko_y = 0;
            _ko_y = _k * (int)_ks0_y;
            long y;
            y = a.i;
            *((ND_GLOBAL long*)(_p_y + _ko_y)) = y;
        }
        ND_SYNC();
    }
}
