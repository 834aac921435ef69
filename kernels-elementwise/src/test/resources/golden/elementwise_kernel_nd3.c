
typedef double T;

ND_KERNEL void golden_k(ND_GLOBAL char* _b_x, long _o_x, long _s0_x, long _s1_x, long _s2_x, ND_GLOBAL char* _b_r, long _o_r, ND_GLOBAL char* _b__v_s, long _o__v_s, long _s0__v_s, long _s1__v_s, long _s2__v_s, ND_GLOBAL char* _b_z, long _o_z, long _s0_z, long _s1_z, long _s2_z, long _n_arg, long _d0, long _d1, long _d2) {
    const int _n = (int)_n_arg;
    ND_GLOBAL double* _p_x = (ND_GLOBAL double*)(_b_x + _o_x);
    ND_GLOBAL double* r = (ND_GLOBAL double*)(_b_r + _o_r);
    ND_GLOBAL int* _p__v_s = (ND_GLOBAL int*)(_b__v_s + _o__v_s);
    ND_GLOBAL double* _p_z = (ND_GLOBAL double*)(_b_z + _o_z);
    for (int i = (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        int _r = i, _q;
        int _x_x = 0;
        int _x__v_s = 0;
        int _x_z = 0;
        _q = _r % (int)_d2; _r /= (int)_d2;
        _x_x += _q * (int)_s2_x;
        _x__v_s += _q * (int)_s2__v_s;
        _x_z += _q * (int)_s2_z;
        _q = _r % (int)_d1; _r /= (int)_d1;
        _x_x += _q * (int)_s1_x;
        _x__v_s += _q * (int)_s1__v_s;
        _x_z += _q * (int)_s1_z;
        _q = _r;
        _x_x += _q * (int)_s0_x;
        _x__v_s += _q * (int)_s0__v_s;
        _x_z += _q * (int)_s0_z;
        ND_GLOBAL double* _a_x = (ND_GLOBAL double*)((ND_GLOBAL char*)_p_x + _x_x);
        double x = (*(_a_x));
        ND_GLOBAL int* _a__v_s = (ND_GLOBAL int*)((ND_GLOBAL char*)_p__v_s + _x__v_s);
        int _v_s = (*(_a__v_s));
        ND_GLOBAL double* _a_z = (ND_GLOBAL double*)((ND_GLOBAL char*)_p_z + _x_z);
        double z;
        {
        const float s = (float)(_v_s);
        z = x + r[_n - i - 1] * s;
        }
        *(_a_z) = z;
    }
}
