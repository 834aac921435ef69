package org.ndgpu.linalg.impl;

import java.util.List;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.vendor.SolverKernels;

/**
 * The elementwise kernels around a backend's solver calls (cuSOLVER's), as elementwise loops: the
 * backends sit below the loop, so they reach these through the {@link SolverKernels} contract.
 */
public final class SolverKernelLibrary implements SolverKernels {
    /** For ServiceLoader. */
    public SolverKernelLibrary() {}

    @Override
    public void conjugate(NDArray x, NDArray out) {
        ElementwiseLoop.run(
                new Spec(
                        "nd_cusolver_conj_" + x.dtype(),
                        List.of(new Param("x", x.dtype(), Kind.IN), new Param("y", x.dtype(), Kind.OUT)),
                        "y.x = x.x; y.y = -x.y;"),
                new Object[] {x, out},
                out.shape());
    }

    @Override
    public void keepTriangle(NDArray x, NDArray r, NDArray c, NDArray out, boolean lower) {
        DType dt = x.dtype();
        String zero = dt.isComplex() ? "{ y.x = 0; y.y = 0; }" : "y = 0;";
        String keep = lower ? "r >= c" : "c >= r";
        ElementwiseLoop.run(
                new Spec(
                        "nd_cusolver_tri_" + (lower ? "l_" : "u_") + dt,
                        List.of(
                                new Param("x", dt, Kind.IN),
                                new Param("r", DType.INT64, Kind.IN),
                                new Param("c", DType.INT64, Kind.IN),
                                new Param("y", dt, Kind.OUT)),
                        "if (" + keep + ") y = x; else " + zero),
                new Object[] {x, r, c, out},
                x.shape());
    }

    @Override
    public void scaleRows(NDArray x, NDArray w, NDArray out) {
        DType dt = x.dtype();
        String body = dt.isComplex() ? "y.x = x.x * w; y.y = x.y * w;" : "y = x * w;";
        ElementwiseLoop.run(
                new Spec(
                        "nd_cusolver_scale_" + dt,
                        List.of(
                                new Param("x", dt, Kind.IN),
                                new Param("w", dt.real(), Kind.IN),
                                new Param("y", dt, Kind.OUT)),
                        body),
                new Object[] {x, w, out},
                out.shape());
    }

    @Override
    public void shiftPivots(NDArray x, int by, NDArray out) {
        ElementwiseLoop.run(
                new Spec(
                        "nd_cusolver_shift_pivots",
                        List.of(
                                new Param("x", DType.INT32, Kind.IN),
                                new Param("by", DType.INT32, Kind.SCALAR),
                                new Param("y", DType.INT32, Kind.OUT)),
                        "y = x + by;"),
                new Object[] {x, by, out},
                out.shape());
    }

    @Override
    public void unpackEigenvectors(NDArray vr, NDArray w, NDArray out) {
        long n = vr.shape(1);
        DType rt = vr.dtype(), ct = w.dtype();
        String body = """
                long _c = (long)i % n, _r = ((long)i / n) % n, _m = (long)i / (n * n) * n * n;
                double _wi = (double)w[_m / n + _c].y;
                double _re, _im;
                if (_wi > 0) { _re = vr[_m + _c * n + _r]; _im = vr[_m + (_c + 1) * n + _r]; }
                else if (_wi < 0) { _re = vr[_m + (_c - 1) * n + _r]; _im = -vr[_m + _c * n + _r]; }
                else { _re = vr[_m + _c * n + _r]; _im = 0; }
                v.x = _re; v.y = _im;""";
        ElementwiseLoop.run(
                new Spec(
                        "nd_cusolver_geev_unpack_" + rt,
                        List.of(
                                new Param("v", ct, Kind.OUT),
                                new Param("vr", rt, Kind.RAW),
                                new Param("w", ct, Kind.RAW),
                                new Param("n", DType.INT64, Kind.SCALAR)),
                        body),
                new Object[] {out, vr, w, n},
                out.shape());
    }
}
