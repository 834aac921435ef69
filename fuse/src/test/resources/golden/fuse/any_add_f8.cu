// <CUDA prelude>

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

ND_DEVICE_FN double nd_fused_map(double in0, double in1) {
    const double t2 = (in0 + in1);
    return t2;
}

ND_KERNEL void fused_any_add_f8(ND_GLOBAL char* _b_in0, long _o_in0, long _ks0_in0, long _rs0_in0, ND_GLOBAL char* _b_in1, long _o_in1, long _ks0_in1, long _rs0_in1, ND_GLOBAL char* _b_y, long _o_y, long _ks0_y, long _K_arg, long _R_arg, long _chunk_arg, long _rtotal_arg, int _TX, int _TY, int _gridK, long _kd0, long _rd0) {
    ND_LOCAL int _sdata[256];
    const int _K = (int)_K_arg, _R = (int)_R_arg, _chunk = (int)_chunk_arg;
    const long _r = _rtotal_arg;
    ND_GLOBAL char* _p_in0 = _b_in0 + _o_in0;
    ND_GLOBAL char* _p_in1 = _b_in1 + _o_in1;
    ND_GLOBAL char* _p_y = _b_y + _o_y;
    const int _t = (int)ND_LOCAL_ID();
    const int _tx = _t / _TY, _ty = _t % _TY, _tys = 1;
    const int _g = (int)ND_GROUP_ID() / _gridK;
    const int _jbeg = _g * _chunk;
    const int _jend = _R - _jbeg < _chunk ? _R : _jbeg + _chunk;
    for (int _kb = (int)ND_GROUP_ID() % _gridK; _kb * _TX < _K; _kb += _gridK) {
        const int _k = _kb * _TX + _tx;
        int _acc = 0;
        if (_k < _K) {
            int _ko_in0 = 0;
            int _ko_in1 = 0;
            _ko_in0 = _k * (int)_ks0_in0;
            _ko_in1 = _k * (int)_ks0_in1;
            int _jl = _jbeg + _ty;
            for (; _jl < _jend; _jl += _TY) {
                const int _j = _jl;
                int _ro_in0 = 0;
                int _ro_in1 = 0;
                _ro_in0 = _j * (int)_rs0_in0;
                _ro_in1 = _j * (int)_rs0_in1;
                const double in0 = (*((ND_GLOBAL double*)(_p_in0 + _ko_in0 + _ro_in0)));
                const double in1 = (*((ND_GLOBAL double*)(_p_in1 + _ko_in1 + _ro_in1)));
                const int _m = (int)(nd_fused_map(in0, in1) != 0);
                { int a = _acc; int b = _m; _acc = (a || b); }
            }
        }
        _sdata[_t] = _acc;
        ND_SYNC();
        for (int _s = _TY >> 1; _s > 0; _s >>= 1) {
            if (_ty < _s) {
                int a = _sdata[_t];
                int b = _sdata[_t + _s * _tys];
                _sdata[_t] = (a || b);
            }
            ND_SYNC();
        }
        if (_ty == 0 && _k < _K) {
            int a = _sdata[_t];
            int _ko_y = 0;
            _ko_y = _k * (int)_ks0_y;
            nd_bool y;
            y = (nd_bool)((a) != 0);
            *((ND_GLOBAL nd_bool*)(_p_y + _ko_y)) = y;
        }
        ND_SYNC();
    }
}
