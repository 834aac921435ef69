// <CUDA prelude>


ND_KERNEL void nd_searchsorted_int64(ND_GLOBAL char* _b_x, long _o_x, ND_GLOBAL char* _b_sorted, long _o_sorted, ND_GLOBAL char* _b_y, long _o_y, long _len, long _right, long _n_arg) {
    const int _n = (int)_n_arg;
    ND_GLOBAL long* _p_x = (ND_GLOBAL long*)(_b_x + _o_x);
    ND_GLOBAL long* sorted = (ND_GLOBAL long*)(_b_sorted + _o_sorted);
    ND_GLOBAL long* _p_y = (ND_GLOBAL long*)(_b_y + _o_y);
    for (int i = (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        ND_GLOBAL long* _a_x = _p_x + i;
        long x = (*(_a_x));
        ND_GLOBAL long* _a_y = _p_y + i;
        long y = (*(_a_y));
        long _lo = 0, _hi = _len;
        while (_lo < _hi) {
            long _mid = (_lo + _hi) >> 1;
            long _m = (*((sorted + _mid)));
            if (_right ? !(x < _m) : (_m < x)) _lo = _mid + 1; else _hi = _mid;
        }
        y = _lo;
        *(_a_y) = y;
    }
}
