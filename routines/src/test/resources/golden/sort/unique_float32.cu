// <CUDA prelude>

ND_DEVICE_FN uint nd_ukey_float32(uint _u) { return (((uint)_u & ~((uint)1 << 31)) > 0x7F800000u ? (uint)0xFFFFFFFFu : ((uint)_u & ~((uint)1 << 31)) == 0 ? ((uint)1 << 31) : ((uint)_u & ((uint)1 << 31)) ? ~(uint)_u : ((uint)_u | ((uint)1 << 31))); }
#define ND_UQ_AT(p) ((p) + ((p) >> 5))
ND_KERNEL void nd_unique_count_float32(ND_GLOBAL char* _bs, long _os, long _n, ND_GLOBAL char* _bc, long _oc) {
    ND_LOCAL uint _sum[256];
    ND_GLOBAL uint* _s = (ND_GLOBAL uint*)(_bs + _os);
    ND_GLOBAL uint* _counts = (ND_GLOBAL uint*)(_bc + _oc);
    int _t = (int)ND_LOCAL_ID();
    long _base = (long)ND_GROUP_ID() * 4096;
    uint _c = 0;
    for (int _e = 0; _e < 16; _e++) {
        long _i = _base + _e * 256 + _t;
        if (_i < _n && (_i == 0 || nd_ukey_float32(_s[_i]) != nd_ukey_float32(_s[_i - 1]))) _c++;
    }
    _sum[_t] = _c;
    ND_SYNC();
    for (int _h = 256 / 2; _h > 0; _h >>= 1) {
        if (_t < _h) _sum[_t] += _sum[_t + _h];
        ND_SYNC();
    }
    if (_t == 0) _counts[ND_GROUP_ID()] = _sum[0];
}
ND_KERNEL void nd_unique_scan_float32(ND_GLOBAL char* _bc, long _oc, long _chunks, ND_GLOBAL char* _bf, long _of) {
    ND_LOCAL long _s[256];
    ND_GLOBAL uint* _counts = (ND_GLOBAL uint*)(_bc + _oc);
    ND_GLOBAL long* _starts = (ND_GLOBAL long*)(_bf + _of);
    int _t = (int)ND_LOCAL_ID();
    long _carry = 0;
    for (long _b = 0; _b < _chunks; _b += 256) {
        long _g = _b + _t;
        long _v = _g < _chunks ? (long)_counts[_g] : 0;
        _s[_t] = _v;
        ND_SYNC();
        for (int _off = 1; _off < 256; _off <<= 1) {
            long _y = _t >= _off ? _s[_t - _off] : 0;
            ND_SYNC();
            _s[_t] += _y;
            ND_SYNC();
        }
        if (_g < _chunks) _starts[_g] = _carry + _s[_t] - _v;
        _carry += _s[255];
        ND_SYNC();
    }
    if (_t == 0) _starts[_chunks] = _carry;
}
ND_KERNEL void nd_unique_scatter_float32(ND_GLOBAL char* _bs, long _os, long _n, ND_GLOBAL char* _bf, long _of,
        ND_GLOBAL char* _bo, long _oo) {
    ND_LOCAL uint _v[4224];
    ND_LOCAL uint _sum[256];
    ND_GLOBAL uint* _s = (ND_GLOBAL uint*)(_bs + _os);
    ND_GLOBAL long* _starts = (ND_GLOBAL long*)(_bf + _of);
    ND_GLOBAL uint* _out = (ND_GLOBAL uint*)(_bo + _oo);
    int _t = (int)ND_LOCAL_ID();
    long _g = (long)ND_GROUP_ID(), _base = _g * 4096;
    int _m = (int)(_n - _base < 4096 ? _n - _base : 4096);
    for (int _e = 0; _e < 16; _e++) {
        int _p = _e * 256 + _t;
        if (_p < _m) _v[ND_UQ_AT(_p)] = _s[_base + _p];
    }
    ND_SYNC();
    int _first = _t * 16;
    uint _prev = 0;
    int _always = 0;
    if (_first > 0) _prev = nd_ukey_float32(_v[ND_UQ_AT(_first - 1)]);
    else if (_base > 0) _prev = nd_ukey_float32(_s[_base - 1]);
    else _always = 1;
    uint _x[16];
    uint _keep = 0, _c = 0;
    for (int _e = 0; _e < 16; _e++) {
        int _p = _first + _e;
        _x[_e] = 0;
        if (_p < _m) {
            _x[_e] = _v[ND_UQ_AT(_p)];
            uint _code = nd_ukey_float32(_x[_e]);
            if ((_e == 0 && _always) || _code != _prev) {
                _keep |= 1u << _e;
                _c++;
            }
            _prev = _code;
        }
    }
    _sum[_t] = _c;
    ND_SYNC();
    for (int _off = 1; _off < 256; _off <<= 1) {
        uint _y = _t >= _off ? _sum[_t - _off] : 0;
        ND_SYNC();
        _sum[_t] += _y;
        ND_SYNC();
    }
    uint _r = _sum[_t] - _c, _kept = _sum[255];
    for (int _e = 0; _e < 16; _e++) {
        if ((_keep >> _e) & 1u) {
            _v[ND_UQ_AT(_r)] = _x[_e];
            _r++;
        }
    }
    ND_SYNC();
    long _to = _starts[_g];
    for (int _p = _t; _p < (int)_kept; _p += 256) _out[_to + _p] = _v[ND_UQ_AT(_p)];
}
#undef ND_UQ_AT
