

ND_KERNEL void nd_add_f4_f4_to_f4(ND_GLOBAL char* _b_a0, long _o_a0, long _s0_a0, long _s1_a0, ND_GLOBAL char* _b_a1, long _o_a1, long _s0_a1, long _s1_a1, ND_GLOBAL char* _b_y, long _o_y, long _s0_y, long _s1_y, long _n_arg, long _d0, long _d1) {
    const int _n = (int)_n_arg;
    ND_GLOBAL float* _p_a0 = (ND_GLOBAL float*)(_b_a0 + _o_a0);
    ND_GLOBAL float* _p_a1 = (ND_GLOBAL float*)(_b_a1 + _o_a1);
    ND_GLOBAL float* _p_y = (ND_GLOBAL float*)(_b_y + _o_y);
    const int _inner = (int)_d1;
    const int _rows = _n / _inner;
    for (int _row = (int)ND_GROUP_ID(); _row < _rows; _row += (int)ND_NUM_GROUPS()) {
        int _r = _row, _q;
        int _x_a0 = 0;
        int _x_a1 = 0;
        int _x_y = 0;
        _q = _r;
        _x_a0 += _q * (int)_s0_a0;
        _x_a1 += _q * (int)_s0_a1;
        _x_y += _q * (int)_s0_y;
        const int _t_a0 = (int)_s1_a0;
        const int _t_a1 = (int)_s1_a1;
        const int _t_y = (int)_s1_y;
        for (int _c = (int)ND_LOCAL_ID() * 4; _c < _inner; _c += (int)ND_LOCAL_SIZE() * 4) {
            ND_GLOBAL float4* _a_y = (ND_GLOBAL float4*)((ND_GLOBAL char*)_p_y + _x_y + _c * _t_y);
            float4 _w_y;
            {
                const int i = _row * _inner + (_c + 0);
                ND_GLOBAL float* _a_a0 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_a0 + _x_a0 + (_c + 0) * _t_a0);
                float a0 = (*(_a_a0));
                ND_GLOBAL float* _a_a1 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_a1 + _x_a1 + (_c + 0) * _t_a1);
                float a1 = (*(_a_a1));
                float y;
                {
                const float _u0 = a0;
                const float _u1 = a1;
                y = (_u0 + _u1);
                }
                _w_y.x = y;
            }
            {
                const int i = _row * _inner + (_c + 1);
                ND_GLOBAL float* _a_a0 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_a0 + _x_a0 + (_c + 1) * _t_a0);
                float a0 = (*(_a_a0));
                ND_GLOBAL float* _a_a1 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_a1 + _x_a1 + (_c + 1) * _t_a1);
                float a1 = (*(_a_a1));
                float y;
                {
                const float _u0 = a0;
                const float _u1 = a1;
                y = (_u0 + _u1);
                }
                _w_y.y = y;
            }
            {
                const int i = _row * _inner + (_c + 2);
                ND_GLOBAL float* _a_a0 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_a0 + _x_a0 + (_c + 2) * _t_a0);
                float a0 = (*(_a_a0));
                ND_GLOBAL float* _a_a1 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_a1 + _x_a1 + (_c + 2) * _t_a1);
                float a1 = (*(_a_a1));
                float y;
                {
                const float _u0 = a0;
                const float _u1 = a1;
                y = (_u0 + _u1);
                }
                _w_y.z = y;
            }
            {
                const int i = _row * _inner + (_c + 3);
                ND_GLOBAL float* _a_a0 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_a0 + _x_a0 + (_c + 3) * _t_a0);
                float a0 = (*(_a_a0));
                ND_GLOBAL float* _a_a1 = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_a1 + _x_a1 + (_c + 3) * _t_a1);
                float a1 = (*(_a_a1));
                float y;
                {
                const float _u0 = a0;
                const float _u1 = a1;
                y = (_u0 + _u1);
                }
                _w_y.w = y;
            }
            *_a_y = _w_y;
        }
    }
}
