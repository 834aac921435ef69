// <OPENCL prelude>


ND_KERNEL void nd_searchsorted_float32(ND_GLOBAL char* _b_x, long _o_x, long _s0_x, ND_GLOBAL char* _b_sorted, long _o_sorted, ND_GLOBAL char* _b_y, long _o_y, long _s0_y, long _len, long _right, long _n_arg, long _d0) {
    const int _n = (int)_n_arg;
    ND_GLOBAL float* _p_x = (ND_GLOBAL float*)(_b_x + _o_x);
    ND_GLOBAL float* sorted = (ND_GLOBAL float*)(_b_sorted + _o_sorted);
    ND_GLOBAL long* _p_y = (ND_GLOBAL long*)(_b_y + _o_y);
    for (int i = (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        int _r = i, _q;
        int _x_x = 0;
        int _x_y = 0;
        _q = _r;
        _x_x += _q * (int)_s0_x;
        _x_y += _q * (int)_s0_y;
        ND_GLOBAL float* _a_x = (ND_GLOBAL float*)((ND_GLOBAL char*)_p_x + _x_x);
        float x = (*(_a_x));
        ND_GLOBAL long* _a_y = (ND_GLOBAL long*)((ND_GLOBAL char*)_p_y + _x_y);
        long y = (*(_a_y));
        long _lo = 0, _hi = _len;
        while (_lo < _hi) {
            long _mid = (_lo + _hi) >> 1;
            float _m = (*((sorted + _mid)));
            if (_right ? !(x < _m || (_m != _m && x == x)) : (_m < x || (x != x && _m == _m))) _lo = _mid + 1; else _hi = _mid;
        }
        y = _lo;
        *(_a_y) = y;
    }
}
