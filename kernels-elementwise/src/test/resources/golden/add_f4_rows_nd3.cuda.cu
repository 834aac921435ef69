

ND_KERNEL void nd_add_f4_f4_to_f4(ND_GLOBAL char* _b_a0, long _o_a0, long _s0_a0, long _s1_a0, long _s2_a0, ND_GLOBAL char* _b_a1, long _o_a1, long _s0_a1, long _s1_a1, long _s2_a1, ND_GLOBAL char* _b_y, long _o_y, long _s0_y, long _s1_y, long _s2_y, long _n_arg, long _d0, long _d1, long _d2) {
    const long _n = (long)_n_arg;
    ND_GLOBAL float* _p_a0 = (ND_GLOBAL float*)(_b_a0 + _o_a0);
    ND_GLOBAL float* _p_a1 = (ND_GLOBAL float*)(_b_a1 + _o_a1);
    ND_GLOBAL float* _p_y = (ND_GLOBAL float*)(_b_y + _o_y);
    const long _inner = (long)_d2;
    const long _rows = _n / _inner;
    for (long _row = (long)ND_GROUP_ID(); _row < _rows; _row += (long)ND_NUM_GROUPS()) {
        long _r = _row, _q;
        long _x_a0 = 0;
        long _x_a1 = 0;
        long _x_y = 0;
        _q = _r % (long)_d1; _r /= (long)_d1;
        _x_a0 += _q * (long)_s1_a0;
        _x_a1 += _q * (long)_s1_a1;
        _x_y += _q * (long)_s1_y;
        _q = _r;
        _x_a0 += _q * (long)_s0_a0;
        _x_a1 += _q * (long)_s0_a1;
        _x_y += _q * (long)_s0_y;
        const long _t_a0 = (long)_s2_a0;
        const long _t_a1 = (long)_s2_a1;
        const long _t_y = (long)_s2_y;
        for (long _c = (long)ND_LOCAL_ID() * 1; _c < _inner; _c += (long)ND_LOCAL_SIZE() * 1) {
            {
                const long i = _row * _inner + _c;
                ND_GLOBAL float* _a_a0 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_a0 + _x_a0 + _c * _t_a0);
                float a0 = (*(_a_a0));
                ND_GLOBAL float* _a_a1 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_a1 + _x_a1 + _c * _t_a1);
                float a1 = (*(_a_a1));
                ND_GLOBAL float* _a_y = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_y + _x_y + _c * _t_y);
                float y;
                {
                const float _u0 = a0;
                const float _u1 = a1;
                y = (_u0 + _u1);
                }
                *(_a_y) = y;
            }
        }
    }
}
