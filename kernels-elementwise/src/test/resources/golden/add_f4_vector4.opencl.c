

ND_KERNEL void nd_add_f4_f4_to_f4(ND_GLOBAL char* _b_a0, long _o_a0, ND_GLOBAL char* _b_a1, long _o_a1, ND_GLOBAL char* _b_y, long _o_y, long _n_arg) {
    const int _n = (int)_n_arg;
    ND_GLOBAL float* _p_a0 = (ND_GLOBAL float*)(_b_a0 + _o_a0);
    ND_GLOBAL float* _p_a1 = (ND_GLOBAL float*)(_b_a1 + _o_a1);
    ND_GLOBAL float* _p_y = (ND_GLOBAL float*)(_b_y + _o_y);
    const int _nv = _n / 4;
    for (int _v = (int)ND_GLOBAL_ID(); _v < _nv; _v += (int)ND_GLOBAL_SIZE()) {
        float4 _w_a0 = ((ND_GLOBAL float4*)_p_a0)[_v];
        float4 _w_a1 = ((ND_GLOBAL float4*)_p_a1)[_v];
        float4 _w_y;
        {
            const int i = _v * 4 + 0;
            float a0 = _w_a0.x;
            float a1 = _w_a1.x;
            float y;
            {
            const float _u0 = a0;
            const float _u1 = a1;
            y = (_u0 + _u1);
            }
            _w_y.x = y;
        }
        {
            const int i = _v * 4 + 1;
            float a0 = _w_a0.y;
            float a1 = _w_a1.y;
            float y;
            {
            const float _u0 = a0;
            const float _u1 = a1;
            y = (_u0 + _u1);
            }
            _w_y.y = y;
        }
        {
            const int i = _v * 4 + 2;
            float a0 = _w_a0.z;
            float a1 = _w_a1.z;
            float y;
            {
            const float _u0 = a0;
            const float _u1 = a1;
            y = (_u0 + _u1);
            }
            _w_y.z = y;
        }
        {
            const int i = _v * 4 + 3;
            float a0 = _w_a0.w;
            float a1 = _w_a1.w;
            float y;
            {
            const float _u0 = a0;
            const float _u1 = a1;
            y = (_u0 + _u1);
            }
            _w_y.w = y;
        }
        ((ND_GLOBAL float4*)_p_y)[_v] = _w_y;
    }
    for (int i = _nv * 4 + (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        ND_GLOBAL float* _a_a0 = _p_a0 + i;
        float a0 = (*(_a_a0));
        ND_GLOBAL float* _a_a1 = _p_a1 + i;
        float a1 = (*(_a_a1));
        ND_GLOBAL float* _a_y = _p_y + i;
        float y;
        {
        const float _u0 = a0;
        const float _u1 = a1;
        y = (_u0 + _u1);
        }
        *(_a_y) = y;
    }
}
