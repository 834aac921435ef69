

ND_KERNEL void nd_clip_f4_f4_f4_to_f4(ND_GLOBAL char* _b_a0, long _o_a0, ND_GLOBAL char* _b_a1, long _o_a1, ND_GLOBAL char* _b_a2, long _o_a2, ND_GLOBAL char* _b_y, long _o_y, long _n_arg) {
    const int _n = (int)_n_arg;
    ND_GLOBAL float* _p_a0 = (ND_GLOBAL float*)(_b_a0 + _o_a0);
    ND_GLOBAL float* _p_a1 = (ND_GLOBAL float*)(_b_a1 + _o_a1);
    ND_GLOBAL float* _p_a2 = (ND_GLOBAL float*)(_b_a2 + _o_a2);
    ND_GLOBAL float* _p_y = (ND_GLOBAL float*)(_b_y + _o_y);
    for (int i = (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        ND_GLOBAL float* _a_a0 = _p_a0 + i;
        float a0 = (*(_a_a0));
        ND_GLOBAL float* _a_a1 = _p_a1 + i;
        float a1 = (*(_a_a1));
        ND_GLOBAL float* _a_a2 = _p_a2 + i;
        float a2 = (*(_a_a2));
        ND_GLOBAL float* _a_y = _p_y + i;
        float y;
        {
        const float _u0 = a0;
        const float _u1 = a1;
        const float _u2 = a2;
        float _m = ((_u0 >= _u1 || isnan(_u0)) ? _u0 : _u1);
        y = ((_m <= _u2 || isnan(_m)) ? _m : _u2);
        }
        *(_a_y) = y;
    }
}
