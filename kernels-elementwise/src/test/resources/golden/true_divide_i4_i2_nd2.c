

ND_KERNEL void nd_true_divide_i4_i2_to_f8(ND_GLOBAL char* _b_a0, long _o_a0, long _s0_a0, long _s1_a0, ND_GLOBAL char* _b_a1, long _o_a1, long _s0_a1, long _s1_a1, ND_GLOBAL char* _b_y, long _o_y, long _s0_y, long _s1_y, long _n_arg, long _d0, long _d1) {
    const long _n = (long)_n_arg;
    ND_GLOBAL int* _p_a0 = (ND_GLOBAL int*)(_b_a0 + _o_a0);
    ND_GLOBAL short* _p_a1 = (ND_GLOBAL short*)(_b_a1 + _o_a1);
    ND_GLOBAL double* _p_y = (ND_GLOBAL double*)(_b_y + _o_y);
    for (long i = (long)ND_GLOBAL_ID(); i < _n; i += (long)ND_GLOBAL_SIZE()) {
        long _r = i, _q;
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
        ND_GLOBAL int* _a_a0 = (ND_GLOBAL int*)((ND_GLOBAL char*)_p_a0 + _x_a0);
        int a0 = (*(_a_a0));
        ND_GLOBAL short* _a_a1 = (ND_GLOBAL short*)((ND_GLOBAL char*)_p_a1 + _x_a1);
        short a1 = (*(_a_a1));
        ND_GLOBAL double* _a_y = (ND_GLOBAL double*)((ND_GLOBAL char*)_p_y + _x_y);
        double y;
        {
        const double _u0 = (double)(a0);
        const double _u1 = (double)(a1);
        y = (_u0 / _u1);
        }
        *(_a_y) = y;
    }
}
