

ND_KERNEL void nd_sqrt_f2_to_f2(ND_GLOBAL char* _b_a0, long _o_a0, ND_GLOBAL char* _b_y, long _o_y, long _n_arg) {
    const int _n = (int)_n_arg;
    ND_GLOBAL nd_half* _p_a0 = (ND_GLOBAL nd_half*)(_b_a0 + _o_a0);
    ND_GLOBAL nd_half* _p_y = (ND_GLOBAL nd_half*)(_b_y + _o_y);
    for (int i = (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        ND_GLOBAL nd_half* _a_a0 = _p_a0 + i;
        float a0 = ND_HALF_TO_FLOAT(_a_a0);
        ND_GLOBAL nd_half* _a_y = _p_y + i;
        float y;
        {
        const float _u0 = a0;
        y = sqrt(_u0);
        }
        ND_STORE_HALF(_a_y, y);
    }
}
