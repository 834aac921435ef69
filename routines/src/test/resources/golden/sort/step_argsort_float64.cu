// <CUDA prelude>


ND_KERNEL void nd_argsort_step_float64(ND_GLOBAL char* _b_keys, long _o_keys, ND_GLOBAL char* _b_idx, long _o_idx, long _P, long _k, long _j, long _n_arg) {
    const int _n = (int)_n_arg;
    ND_GLOBAL double* keys = (ND_GLOBAL double*)(_b_keys + _o_keys);
    ND_GLOBAL long* idx = (ND_GLOBAL long*)(_b_idx + _o_idx);
    for (int i = (int)ND_GLOBAL_ID(); i < _n; i += (int)ND_GLOBAL_SIZE()) {
        long _half = _P >> 1, _r = (long)i / _half, _q = (long)i - _r * _half;
        long _lo = (_q / _j) * 2 * _j + _q % _j, _hi = _lo + _j;
        ND_GLOBAL double* _row = keys + _r * _P;
        double _a = (*((_row + _lo))), _b = (*((_row + _hi)));
        int _up = (_lo & _k) == 0;
        ND_GLOBAL long* _ir = idx + _r * _P;
        long _ia = _ir[_lo], _ib = _ir[_hi];
        int _bFirst = (_b < _a || (_a != _a && _b == _b)) || (!(_a < _b || (_b != _b && _a == _a)) && _ib < _ia);
        if (_up ? _bFirst : !_bFirst) { double _s = _row[_lo]; _row[_lo] = _row[_hi]; _row[_hi] = _s; _ir[_lo] = _ib; _ir[_hi] = _ia; }
    }
}
