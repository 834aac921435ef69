

ND_KERNEL void nd_clip_i4_i4_i4_to_f8(ND_GLOBAL char* _b_a0, long _o_a0, ND_GLOBAL char* _b_a1, long _o_a1, ND_GLOBAL char* _b_a2, long _o_a2, ND_GLOBAL char* _b_y, long _o_y, long _n_arg) {
    const int _n = (int)_n_arg;
    ND_GLOBAL int* _p_a0 = (ND_GLOBAL int*)(_b_a0 + _o_a0);
    ND_GLOBAL int* _p_a1 = (ND_GLOBAL int*)(_b_a1 + _o_a1);
    ND_GLOBAL int* _p_a2 = (ND_GLOBAL int*)(_b_a2 + _o_a2);
    ND_GLOBAL double* _p_y = (ND_GLOBAL double*)(_b_y + _o_y);
    for (int i = (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        ND_GLOBAL int* _a_a0 = _p_a0 + i;
        int a0 = (*(_a_a0));
        ND_GLOBAL int* _a_a1 = _p_a1 + i;
        int a1 = (*(_a_a1));
        ND_GLOBAL int* _a_a2 = _p_a2 + i;
        int a2 = (*(_a_a2));
        ND_GLOBAL double* _a_y = _p_y + i;
        double y;
        {
        const int _u0 = a0;
        const int _u1 = a1;
        const int _u2 = a2;
        int _m = (_u0 > _u1 ? _u0 : _u1);
        int _r = (_m < _u2 ? _m : _u2);
        y = (double)(_r);
        }
        *(_a_y) = y;
    }
}
