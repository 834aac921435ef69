

ND_KERNEL void nd_multiply_c8_c8_to_c8(ND_GLOBAL char* _b_a0, long _o_a0, ND_GLOBAL char* _b_a1, long _o_a1, ND_GLOBAL char* _b_y, long _o_y, long _n_arg) {
    const int _n = (int)_n_arg;
    ND_GLOBAL complex64* _p_a0 = (ND_GLOBAL complex64*)(_b_a0 + _o_a0);
    ND_GLOBAL complex64* _p_a1 = (ND_GLOBAL complex64*)(_b_a1 + _o_a1);
    ND_GLOBAL complex64* _p_y = (ND_GLOBAL complex64*)(_b_y + _o_y);
    for (int i = (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        ND_GLOBAL complex64* _a_a0 = _p_a0 + i;
        complex64 a0 = (*(_a_a0));
        ND_GLOBAL complex64* _a_a1 = _p_a1 + i;
        complex64 a1 = (*(_a_a1));
        ND_GLOBAL complex64* _a_y = _p_y + i;
        complex64 y;
        {
        const complex64 _u0 = a0;
        const complex64 _u1 = a1;
        y = nd_c64_mul(_u0, _u1);
        }
        *(_a_y) = y;
    }
}
