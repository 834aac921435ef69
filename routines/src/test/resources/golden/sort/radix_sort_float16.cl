// <OPENCL prelude>

ND_DEVICE_FN int nd_rdigit(ushort _u, int _shift) { return (int)(((((uint)_u & ~((uint)1 << 15)) > 0x7C00u ? (uint)0xFFFFu : ((uint)_u & ~((uint)1 << 15)) == 0 ? ((uint)1 << 15) : ((uint)_u & ((uint)1 << 15)) ? ~(uint)_u : ((uint)_u | ((uint)1 << 15))) >> _shift) & 15); }
ND_KERNEL void nd_radix_count_sort_float16(ND_GLOBAL char* _bk, long _ok, long _n, int _shift,
        ND_GLOBAL char* _bh, long _oh, long _tiles) {
    ND_LOCAL uint _table[2048];
    ND_GLOBAL ushort* _keys = (ND_GLOBAL ushort*)(_bk + _ok);
    ND_GLOBAL uint* _hist = (ND_GLOBAL uint*)(_bh + _oh);
    int _t = (int)ND_LOCAL_ID();
    long _base = (long)ND_GROUP_ID() * 2048;
    uint _c[8];
    for (int _q = 0; _q < 8; _q++) _c[_q] = 0;
    for (int _e = 0; _e < 8; _e++) {
        long _i = _base + _e * 256 + _t;
        if (_i < _n) { int _d = nd_rdigit(_keys[_i], _shift); _c[_d >> 1] += 1u << ((_d & 1) * 16); }
    }
    for (int _q = 0; _q < 8; _q++) _table[_q * 256 + _t] = _c[_q];
    ND_SYNC();
    for (int _off = 128; _off > 0; _off >>= 1) {
        if (_t < _off) for (int _q = 0; _q < 8; _q++) _table[_q * 256 + _t] += _table[_q * 256 + _t + _off];
        ND_SYNC();
    }
    if (_t < 16) _hist[(long)_t * _tiles + ND_GROUP_ID()] = (_table[(_t >> 1) * 256] >> ((_t & 1) * 16)) & 0xFFFFu;
}
ND_KERNEL void nd_radix_scatter_sort_float16(ND_GLOBAL char* _bi, long _oi, ND_GLOBAL char* _bo, long _oo,
        long _n, int _shift, ND_GLOBAL char* _bh, long _oh, long _tiles) {
    ND_LOCAL ushort _tile[2048];
    ND_LOCAL uint _table[2048];
    ND_LOCAL uint _start[16];
    ND_LOCAL long _dst[16];
    ND_GLOBAL ushort* _in = (ND_GLOBAL ushort*)(_bi + _oi);
    ND_GLOBAL ushort* _out = (ND_GLOBAL ushort*)(_bo + _oo);
    ND_GLOBAL uint* _hist = (ND_GLOBAL uint*)(_bh + _oh);
    int _t = (int)ND_LOCAL_ID();
    long _g = (long)ND_GROUP_ID(), _base = _g * 2048;
    for (int _e = 0; _e < 8; _e++) {
        long _i = _base + _e * 256 + _t;
        if (_i < _n) _tile[_e * 256 + _t] = _in[_i];
    }
    for (int _q = 0; _q < 8; _q++) _table[_q * 256 + _t] = 0;
    ND_SYNC();
    ushort _v[8];
    for (int _e = 0; _e < 8; _e++) {
        int _p = _t * 8 + _e;
        _v[_e] = _tile[_p];
        if (_base + _p < _n) { int _d = nd_rdigit(_v[_e], _shift); _table[(_d >> 1) * 256 + _t] += 1u << ((_d & 1) * 16); }
    }
    ND_SYNC();
    uint _own[8];
    for (int _q = 0; _q < 8; _q++) _own[_q] = _table[_q * 256 + _t];
    for (int _off = 1; _off < 256; _off <<= 1) {
        uint _add[8];
        for (int _q = 0; _q < 8; _q++) _add[_q] = _t >= _off ? _table[_q * 256 + _t - _off] : 0;
        ND_SYNC();
        for (int _q = 0; _q < 8; _q++) _table[_q * 256 + _t] += _add[_q];
        ND_SYNC();
    }
    for (int _q = 0; _q < 8; _q++) _own[_q] = _table[_q * 256 + _t] - _own[_q];
    if (_t == 0) {
        uint _s = 0;
        for (int _d = 0; _d < 16; _d++) {
            _start[_d] = _s;
            _dst[_d] = (long)_hist[(long)_d * _tiles + _g] - _s;
            _s += (_table[(_d >> 1) * 256 + 255] >> ((_d & 1) * 16)) & 0xFFFFu;
        }
    }
    ND_SYNC();
    for (int _e = 0; _e < 8; _e++) {
        int _p = _t * 8 + _e;
        if (_base + _p < _n) {
            int _d = nd_rdigit(_v[_e], _shift), _sh = (_d & 1) * 16;
            uint _at = _start[_d] + ((_own[_d >> 1] >> _sh) & 0xFFFFu);
            _own[_d >> 1] += 1u << _sh;
            _tile[_at] = _v[_e];
        }
    }
    ND_SYNC();
    for (int _e = 0; _e < 8; _e++) {
        int _p = _e * 256 + _t;
        if (_base + _p < _n) {
            ushort _w = _tile[_p];
            long _to = _dst[nd_rdigit(_w, _shift)] + _p;
            _out[_to] = _w;
        }
    }
}
