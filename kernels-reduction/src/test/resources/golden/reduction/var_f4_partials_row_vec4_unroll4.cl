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

ND_KERNEL void nd_var_f32_f32_f64_part(ND_GLOBAL char* _b_x, long _o_x, long _ks0_x, long _rs0_x, ND_GLOBAL char* _b_m, long _o_m, long _ks0_m, long _rs0_m, long _ddof, ND_GLOBAL double* _part, long _K_arg, long _R_arg, long _chunk_arg, long _rtotal_arg, int _TX, int _TY, int _gridK, long _kd0, long _rd0) {
    ND_LOCAL double _sdata[256];
    const long _K = (long)_K_arg, _R = (long)_R_arg, _chunk = (long)_chunk_arg;
    const long _r = _rtotal_arg;
    ND_GLOBAL char* _p_x = _b_x + _o_x;
    ND_GLOBAL char* _p_m = _b_m + _o_m;
    const int _t = (int)ND_LOCAL_ID();
    const int _tx = _t / _TY, _ty = _t % _TY, _tys = 1;
    const long _g = (long)ND_GROUP_ID() / _gridK;
    const long _jbeg = _g * _chunk;
    const long _jend = _R - _jbeg < _chunk ? _R : _jbeg + _chunk;
    for (long _kb = (long)ND_GROUP_ID() % _gridK; _kb * _TX < _K; _kb += _gridK) {
        const long _k = _kb * _TX + _tx;
        double _acc = 0;
        if (_k < _K) {
            long _ko_x = 0;
            long _ko_m = 0;
            _ko_x = _k * (long)_ks0_x;
            _ko_m = _k * (long)_ks0_m;
            ND_GLOBAL const float* _q_x = (ND_GLOBAL const float*)(_p_x + _ko_x);
            const double _h_m = (*((ND_GLOBAL double*)(_p_m + _ko_m + 0)));
            double _a0 = 0;
            double _a1 = 0;
            double _a2 = 0;
            double _a3 = 0;
            const long _step = (long)_TY * 4;
            const long _n = _jend > _jbeg ? _jend - _jbeg : 0;
            const long _vend = _jbeg + (_n / 4) * 4;
            long _jv = _jbeg + (long)_ty * 4;
            for (; _jv + (long)3 * _step < _vend; _jv += (long)4 * _step) {
                const float4 _v0_x = *(ND_GLOBAL const float4*)(_q_x + _jv);
                const float4 _v1_x = *(ND_GLOBAL const float4*)(_q_x + _jv + (long)1 * _step);
                const float4 _v2_x = *(ND_GLOBAL const float4*)(_q_x + _jv + (long)2 * _step);
                const float4 _v3_x = *(ND_GLOBAL const float4*)(_q_x + _jv + (long)3 * _step);
                {
                    const float x = _v0_x.x;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a0; double b = _m; _a0 = (a + b); }
                }
                {
                    const float x = _v0_x.y;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a1; double b = _m; _a1 = (a + b); }
                }
                {
                    const float x = _v0_x.z;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a2; double b = _m; _a2 = (a + b); }
                }
                {
                    const float x = _v0_x.w;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a3; double b = _m; _a3 = (a + b); }
                }
                {
                    const float x = _v1_x.x;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a0; double b = _m; _a0 = (a + b); }
                }
                {
                    const float x = _v1_x.y;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a1; double b = _m; _a1 = (a + b); }
                }
                {
                    const float x = _v1_x.z;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a2; double b = _m; _a2 = (a + b); }
                }
                {
                    const float x = _v1_x.w;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a3; double b = _m; _a3 = (a + b); }
                }
                {
                    const float x = _v2_x.x;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a0; double b = _m; _a0 = (a + b); }
                }
                {
                    const float x = _v2_x.y;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a1; double b = _m; _a1 = (a + b); }
                }
                {
                    const float x = _v2_x.z;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a2; double b = _m; _a2 = (a + b); }
                }
                {
                    const float x = _v2_x.w;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a3; double b = _m; _a3 = (a + b); }
                }
                {
                    const float x = _v3_x.x;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a0; double b = _m; _a0 = (a + b); }
                }
                {
                    const float x = _v3_x.y;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a1; double b = _m; _a1 = (a + b); }
                }
                {
                    const float x = _v3_x.z;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a2; double b = _m; _a2 = (a + b); }
                }
                {
                    const float x = _v3_x.w;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a3; double b = _m; _a3 = (a + b); }
                }
            }
            for (; _jv < _vend; _jv += _step) {
                const float4 _v0_x = *(ND_GLOBAL const float4*)(_q_x + _jv);
                {
                    const float x = _v0_x.x;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a0; double b = _m; _a0 = (a + b); }
                }
                {
                    const float x = _v0_x.y;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a1; double b = _m; _a1 = (a + b); }
                }
                {
                    const float x = _v0_x.z;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a2; double b = _m; _a2 = (a + b); }
                }
                {
                    const float x = _v0_x.w;
                    const double m = _h_m;
                    const double _m = nd_sq_f64((double)(x) - m);
                    { double a = _a3; double b = _m; _a3 = (a + b); }
                }
            }
            for (long _jt = _vend + _ty; _jt < _jend; _jt += _TY) {
                const float x = _q_x[_jt];
                const double m = _h_m;
                const double _m = nd_sq_f64((double)(x) - m);
                { double a = _a0; double b = _m; _a0 = (a + b); }
            }
            _acc = _a0;
            { double a = _acc; double b = _a1; _acc = (a + b); }
            { double a = _acc; double b = _a2; _acc = (a + b); }
            { double a = _acc; double b = _a3; _acc = (a + b); }
        }
        _sdata[_t] = _acc;
        ND_SYNC();
        for (int _s = _TY >> 1; _s > 0; _s >>= 1) {
            if (_ty < _s) {
                double a = _sdata[_t];
                double b = _sdata[_t + _s * _tys];
                _sdata[_t] = (a + b);
            }
            ND_SYNC();
        }
        if (_ty == 0 && _k < _K) {
            double a = _sdata[_t];
            _part[_g * _K + _k] = a;
        }
        ND_SYNC();
    }
}
