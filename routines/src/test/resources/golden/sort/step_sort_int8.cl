// <OPENCL prelude>


ND_KERNEL void nd_sort_step_int8(ND_GLOBAL char* _b_keys, long _o_keys, long _P, long _k, long _j, long _n_arg) {
    const long _n = (long)_n_arg;
    ND_GLOBAL char* keys = (ND_GLOBAL char*)(_b_keys + _o_keys);
    for (long i = (long)ND_GLOBAL_ID(); i < _n; i += (long)ND_GLOBAL_SIZE()) {
        long _half = _P >> 1, _r = (long)i / _half, _q = (long)i - _r * _half;
        long _lo = (_q / _j) * 2 * _j + _q % _j, _hi = _lo + _j;
        ND_GLOBAL char* _row = keys + _r * _P;
        char _a = (*((_row + _lo))), _b = (*((_row + _hi)));
        int _up = (_lo & _k) == 0;
        if (_up ? (_b < _a) : (_a < _b)) { char _s = _row[_lo]; _row[_lo] = _row[_hi]; _row[_hi] = _s; }
    }
}
