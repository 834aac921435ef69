package org.ndgpu.reduction;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Dialect;
import org.ndgpu.ndarray.DType;
import org.ndgpu.spi.Reduction;

/** Golden checks of the generated reduction source; no device needed. */
class ReductionSourceTest {
    private static final ReductionSpec SUM = BuiltinSpecs.spec(Reduction.SUM, DType.FLOAT32, DType.FLOAT32, true);

    @Test
    void oneTemplateBothDialects() {
        var lay = new ReductionLayout(ReductionSource.Mode.DIRECT, 2, 1, false, true, 256);
        for (Dialect d : Dialect.values()) {
            String s = ReductionSource.source(d, SUM, lay);
            assertTrue(s.contains("ND_KERNEL void nd_sum_f32_f32_f64("), s);
            assertTrue(s.contains("ND_LOCAL double _sdata[256];"), s);
            assertTrue(s.contains("_acc = (a + b);"), s);
            assertTrue(s.contains("ND_SYNC();"), s);
            assertTrue(
                    s.contains("_tx = _t % _TX, _ty = _t / _TX"),
                    "column layout: neighbouring threads own neighbouring outputs");
            assertTrue(s.contains("y = (float)(a);"), s);
        }
        assertTrue(ReductionSource.source(Dialect.CUDA, SUM, lay).contains("__shared__")
                || Dialect.CUDA.prelude().contains("__shared__"));
    }

    @Test
    void passesAndLayouts() {
        var row = new ReductionLayout(ReductionSource.Mode.TO_PARTIALS, 0, 1, true, true, 256);
        String p = ReductionSource.source(Dialect.OPENCL, SUM, row);
        assertTrue(p.contains("void nd_sum_f32_f32_f64_part("));
        assertTrue(p.contains("_part[_g * _K + _k] = a;"));
        assertTrue(
                p.contains("_tx = _t / _TY, _ty = _t % _TY"),
                "row layout: neighbouring threads read neighbouring elements");
        assertFalse(p.contains("_p_y"), "the first pass writes partials, not the output");
        var fin = new ReductionLayout(ReductionSource.Mode.FROM_PARTIALS, 1, 0, false, false, 256);
        String f = ReductionSource.source(Dialect.OPENCL, SUM, fin);
        assertTrue(f.contains("b = _part[_j * _K + _k];"));
        assertTrue(f.contains("long _k = "), "64-bit indexing when asked");
    }
}
