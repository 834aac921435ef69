package org.ndgpu.ndimage;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * scipy.ndimage's interpolation functions (the {@link Interpolation} facade calls these): the checks
 * SciPy makes, its prefilter (padding for NEAREST and GRID_CONSTANT, then {@link SplineFilter}
 * along each axis, in float32 for a float32 result of orders 2 to 4, else float64) and one
 * {@link InterpKernel} launch. The result has the input's dtype, integers rounded half away from
 * zero and saturated, as SciPy stores them.
 */
final class Geometric {
    private Geometric() {}

    /** The most dimensions an interpolation takes (the generated kernel writes each axis out). */
    static final int MAX_DIMS = 32;

    // ---------------------------------------------------------------- spline filters

    static NDArray splineFilter1d(NDArray input, int order, int axis, DType output, Mode mode) {
        String op = "ndimage.spline_filter1d";
        InterpChecks.checkInput(op, input);
        InterpChecks.checkOrder(op, order, 0);
        int ax = InterpChecks.axis(op, input, axis);
        Objects.requireNonNull(mode, op + ": mode is null");
        DType out = InterpChecks.outputDtype(op, output);
        if (order < 2) return input.astype(out);
        NDArray c = SplineFilter.workArray(input, filterDtype(input.device(), out), 0, mode, 0);
        try {
            SplineFilter.along(c, ax, order, mode);
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return inDtype(c, out);
    }

    static NDArray splineFilter(NDArray input, int order, DType output, Mode mode) {
        String op = "ndimage.spline_filter";
        InterpChecks.checkInput(op, input);
        InterpChecks.checkOrder(op, order, 2);
        Objects.requireNonNull(mode, op + ": mode is null");
        DType out = InterpChecks.outputDtype(op, output);
        NDArray c = SplineFilter.workArray(input, filterDtype(input.device(), out), 0, mode, 0);
        try {
            for (int d = 0; d < input.ndim(); d++) SplineFilter.along(c, d, order, mode);
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return inDtype(c, out);
    }

    // ---------------------------------------------------------------- transforms

    static NDArray mapCoordinates(
            NDArray input, NDArray coordinates, int order, Mode mode, double cval, boolean prefilter) {
        String op = "ndimage.map_coordinates";
        InterpChecks.checkInput(op, input);
        Objects.requireNonNull(coordinates, op + ": coordinates is null");
        coordinates.live(op);
        InterpChecks.checkOrder(op, order, 0);
        Objects.requireNonNull(mode, op + ": mode is null");
        if (coordinates.dtype().isComplex())
            throw new DTypeException(op + ": complex coordinates are not supported, got " + coordinates.dtype());
        long[] cs = coordinates.shape();
        if (cs.length < 2) {
            throw new ShapeException(op + ": expected coordinates of shape (ndim, ...) with at least 2 dimensions"
                    + " (input and output rank must be > 0), got shape " + Arrays.toString(cs));
        }
        if (cs[0] != input.ndim()) {
            throw new ShapeException(op + ": invalid shape for coordinate array: expected a leading dimension of "
                    + input.ndim() + " (the input's ndim), got shape " + Arrays.toString(cs));
        }
        long[] outShape = Arrays.copyOfRange(cs, 1, cs.length);
        DType w = Weights.accumulation(input.device());
        try (NDArray coords = coordinates.astype(w)) {
            return transform(
                    op,
                    input,
                    InterpKernel.Coordinates.MAP,
                    0,
                    coords,
                    coords,
                    outShape,
                    orders(input, order),
                    mode,
                    cval,
                    prefilter,
                    false);
        }
    }

    static NDArray affineTransform(
            NDArray input,
            NDArray matrix,
            double[] offset,
            long[] outputShape,
            int order,
            Mode mode,
            double cval,
            boolean prefilter) {
        String op = "ndimage.affine_transform";
        InterpChecks.checkInput(op, input);
        Objects.requireNonNull(matrix, op + ": matrix is null");
        matrix.live(op);
        InterpChecks.checkOrder(op, order, 0);
        Objects.requireNonNull(mode, op + ": mode is null");
        int nd = input.ndim();
        long[] outShape = outputShape == null ? input.shape() : InterpChecks.checkShape(op, outputShape);
        if (matrix.dtype().isComplex())
            throw new DTypeException(op + ": complex matrix is not supported, got " + matrix.dtype());
        long[] ms = matrix.shape();
        if (ms.length < 1 || ms.length > 2 || ms[0] < 1 || matrix.size() > (long) (MAX_DIMS + 1) * (MAX_DIMS + 1)) {
            throw new ShapeException(op + ": no proper affine matrix provided: expected shape (" + nd + ",), (" + nd
                    + ", " + outShape.length + "), (" + nd + ", " + (nd + 1) + ") or (" + (nd + 1) + ", " + (nd + 1)
                    + "), got " + Arrays.toString(ms));
        }
        double[] m = matrix.astype(DType.FLOAT64).toDoubleArray();
        for (double v : m) {
            if (!Double.isFinite(v)) throw new NdException(op + ": the matrix must be finite, got " + v);
        }
        double[] off = offset == null ? new double[nd] : offset.clone();
        long rows = ms[0], cols = ms.length == 2 ? ms[1] : 1;
        if (ms.length == 2 && cols == nd + 1 && (rows == nd || rows == nd + 1)) {
            // a homogeneous matrix: its last column is the offset
            if (rows == nd + 1) {
                for (int k = 0; k <= nd; k++) {
                    if (m[nd * (nd + 1) + k] != (k == nd ? 1 : 0)) {
                        throw new NdException(op + ": expected a homogeneous transformation matrix of shape "
                                + Arrays.toString(ms) + " for an image of shape " + Arrays.toString(input.shape())
                                + ", but its bottom row is not [0, ..., 0, 1]");
                    }
                }
            }
            off = new double[nd];
            double[] sq = new double[nd * nd];
            for (int r = 0; r < nd; r++) {
                off[r] = m[r * (nd + 1) + nd];
                System.arraycopy(m, r * (nd + 1), sq, r * nd, nd);
            }
            m = sq;
            rows = nd;
            cols = nd;
        }
        if (rows != nd) {
            throw new ShapeException(op + ": affine matrix has wrong number of rows: expected " + nd
                    + " (the input's ndim), got shape " + Arrays.toString(ms));
        }
        if (ms.length == 2 && cols != outShape.length) {
            throw new ShapeException(op + ": affine matrix has wrong number of columns: expected " + outShape.length
                    + " (the output's ndim), got shape " + Arrays.toString(ms));
        }
        if (off.length != nd) {
            throw new NdException(op + ": expected one offset per axis (" + nd + "), got " + off.length);
        }
        for (double v : off) {
            if (!Double.isFinite(v)) throw new NdException(op + ": the offset must be finite, got " + v);
        }
        if (ms.length == 1) {
            if (outShape.length != nd) {
                throw new ShapeException(op + ": a matrix of shape (" + nd + ",) keeps the input's ndim " + nd
                        + ", got an output shape " + Arrays.toString(outShape));
            }
            // SciPy's zoom_shift: (o + offset / m) * m per axis
            double[] shift = new double[nd];
            for (int d = 0; d < nd; d++) shift[d] = off[d] / m[d];
            return zoomShift(op, input, m, shift, outShape, orders(input, order), mode, cval, prefilter, false);
        }
        return affine(op, input, m, off, outShape, orders(input, order), mode, cval, prefilter);
    }

    static NDArray shift(NDArray input, double[] shift, int order, Mode mode, double cval, boolean prefilter) {
        String op = "ndimage.shift";
        InterpChecks.checkInput(op, input);
        InterpChecks.checkOrder(op, order, 0);
        Objects.requireNonNull(mode, op + ": mode is null");
        double[] s = InterpChecks.perAxis(op, "shift", input, shift);
        double[] neg = new double[s.length];
        for (int d = 0; d < s.length; d++) neg[d] = -s[d];
        double[] one = new double[s.length];
        Arrays.fill(one, 1.0);
        return zoomShift(op, input, one, neg, input.shape(), orders(input, order), mode, cval, prefilter, false);
    }

    static NDArray zoom(
            NDArray input, double[] zoom, int order, Mode mode, double cval, boolean prefilter, boolean gridMode) {
        String op = "ndimage.zoom";
        InterpChecks.checkInput(op, input);
        InterpChecks.checkOrder(op, order, 0);
        Objects.requireNonNull(mode, op + ": mode is null");
        double[] z = InterpChecks.perAxis(op, "zoom", input, zoom);
        long[] in = input.shape();
        long[] outShape = new long[in.length];
        for (int d = 0; d < z.length; d++) {
            if (!(z[d] > 0)) throw new NdException(op + ": expected zoom factors > 0, got " + z[d]);
            double n = Math.rint(in[d] * z[d]);
            if (n > 1L << 40)
                throw new NdException(op + ": a zoom of " + z[d] + " gives an axis of " + n + " elements");
            outShape[d] = (long) n;
        }
        boolean identity = true;
        for (double v : z) identity &= v == 1;
        if (identity && prefilter) return input.copy(); // SciPy's early exit (gh-20999)
        double[] factor = new double[z.length];
        for (int d = 0; d < z.length; d++) {
            long div = gridMode ? outShape[d] : outShape[d] - 1;
            long num = gridMode ? in[d] : in[d] - 1;
            factor[d] = div != 0 ? (double) num / div : 1.0;
        }
        return zoomShift(
                op,
                input,
                factor,
                new double[z.length],
                outShape,
                orders(input, order),
                mode,
                cval,
                prefilter,
                gridMode);
    }

    static NDArray rotate(
            NDArray input,
            double angle,
            int[] axes,
            boolean reshape,
            int order,
            Mode mode,
            double cval,
            boolean prefilter) {
        String op = "ndimage.rotate";
        InterpChecks.checkInput(op, input);
        InterpChecks.checkOrder(op, order, 0);
        Objects.requireNonNull(axes, op + ": axes is null");
        Objects.requireNonNull(mode, op + ": mode is null");
        int nd = input.ndim();
        if (nd < 2) throw new ShapeException(op + ": expected an input of at least 2 dimensions, got " + nd);
        if (axes.length != 2)
            throw new NdException(op + ": axes should contain exactly two values, got " + axes.length);
        if (!(Math.abs(angle) <= 1e14)) {
            throw new NdException(
                    op + ": expected a finite angle of at most 1e14 degrees (Cephes' limit), got " + angle);
        }
        int a0 = axes[0] < 0 ? axes[0] + nd : axes[0], a1 = axes[1] < 0 ? axes[1] + nd : axes[1];
        if (a0 < 0 || a1 < 0 || a0 >= nd || a1 >= nd) {
            throw new AxisException(op + ": invalid rotation plane specified: axes " + Arrays.toString(axes)
                    + " for an array of " + nd + " dimensions");
        }
        int p = Math.min(a0, a1), q = Math.max(a0, a1);
        double c = Degrees.cosdg(angle), s = Degrees.sindg(angle);
        long[] in = input.shape();
        long iy = in[p], ix = in[q];
        long oy = iy, ox = ix;
        if (reshape) {
            // the rotated corners' extent, as SciPy: rot @ [[0, 0, iy, iy], [0, ix, 0, ix]]
            double[] ys = {0, s * ix, c * iy, c * iy + s * ix};
            double[] xs = {0, c * ix, -s * iy, -s * iy + c * ix};
            oy = (long) (Arrays.stream(ys).max().orElseThrow()
                    - Arrays.stream(ys).min().orElseThrow()
                    + 0.5);
            ox = (long) (Arrays.stream(xs).max().orElseThrow()
                    - Arrays.stream(xs).min().orElseThrow()
                    + 0.5);
        }
        double outCy = (oy - 1) / 2.0, outCx = (ox - 1) / 2.0;
        double offY = (iy - 1) / 2.0 - (c * outCy + s * outCx);
        double offX = (ix - 1) / 2.0 - (-s * outCy + c * outCx);
        long[] outShape = in.clone();
        outShape[p] = oy;
        outShape[q] = ox;
        // the plane's 2 x 2 rotation in a matrix of every axis; the other axes pass through at order 0,
        // unfiltered, as SciPy's loop over the planes reads them
        double[] m = new double[nd * nd];
        double[] off = new double[nd];
        for (int d = 0; d < nd; d++) m[d * nd + d] = 1;
        m[p * nd + p] = c;
        m[p * nd + q] = s;
        m[q * nd + p] = -s;
        m[q * nd + q] = c;
        off[p] = offY;
        off[q] = offX;
        int[] ord = new int[nd];
        ord[p] = order;
        ord[q] = order;
        return affine(op, input, m, off, outShape, ord, mode, cval, prefilter);
    }

    // ---------------------------------------------------------------- shared steps

    private static NDArray affine(
            String op,
            NDArray input,
            double[] m,
            double[] off,
            long[] outShape,
            int[] orders,
            Mode mode,
            double cval,
            boolean prefilter) {
        int nd = input.ndim(), ond = outShape.length;
        double[] mat = new double[nd * (ond + 1)];
        for (int r = 0; r < nd; r++) {
            System.arraycopy(m, r * ond, mat, r * (ond + 1), ond);
            mat[r * (ond + 1) + ond] = off[r];
        }
        try (NDArray a = Weights.toDevice(input.device(), mat)) {
            return transform(
                    op,
                    input,
                    InterpKernel.Coordinates.AFFINE,
                    ond,
                    a,
                    a,
                    outShape,
                    orders,
                    mode,
                    cval,
                    prefilter,
                    false);
        }
    }

    private static NDArray zoomShift(
            String op,
            NDArray input,
            double[] zoom,
            double[] shift,
            long[] outShape,
            int[] orders,
            Mode mode,
            double cval,
            boolean prefilter,
            boolean grid) {
        try (NDArray a = Weights.toDevice(input.device(), zoom);
                NDArray b = Weights.toDevice(input.device(), shift)) {
            return transform(
                    op,
                    input,
                    InterpKernel.Coordinates.ZOOM,
                    outShape.length,
                    a,
                    b,
                    outShape,
                    orders,
                    mode,
                    cval,
                    prefilter,
                    grid);
        }
    }

    private static NDArray transform(
            String op,
            NDArray input,
            InterpKernel.Coordinates kind,
            int ondim,
            NDArray a,
            NDArray b,
            long[] outShape,
            int[] orders,
            Mode mode,
            double cval,
            boolean prefilter,
            boolean grid) {
        if (Double.isNaN(cval) && input.dtype().isInteger()) {
            throw new NdException(op + ": a NaN cval has no value in an integer output (" + input.dtype() + ")");
        }
        Device device = input.device();
        DType w = Weights.accumulation(device);
        NDArray y = NDArray.empty(device, input.dtype(), outShape, Order.C);
        if (y.size() == 0) return y;
        if (input.size() == 0) {
            y.close();
            throw new ShapeException(op + ": cannot interpolate from an empty input of shape "
                    + Arrays.toString(input.shape()) + " into an output of " + y.size() + " elements");
        }
        int maxOrder = Arrays.stream(orders).max().orElse(0);
        boolean filter = prefilter && maxOrder > 1;
        int npad = filter && (mode == Mode.NEAREST || mode == Mode.GRID_CONSTANT) ? SplineFilter.NPAD : 0;
        // order 5's float32 coefficients bring the interpolated values to within 0.9 of the float32 parity
        // tolerance (orders 2 to 4 to 0.25 of it): that order keeps its coefficients in float64
        DType coefficients = maxOrder < 5 ? filterDtype(device, input.dtype()) : w;
        NDArray x = filter ? SplineFilter.workArray(input, coefficients, npad, mode, cval) : input;
        try {
            if (filter) {
                for (int d = 0; d < orders.length; d++) {
                    if (orders[d] > 1) SplineFilter.along(x, d, orders[d], mode);
                }
            }
            long[] xs = x.shape();
            boolean integer = input.dtype().isInteger();
            double[] range = range(input.dtype());
            boolean index32 = x.size() < Integer.MAX_VALUE && y.size() < Integer.MAX_VALUE;
            if (kind == InterpKernel.Coordinates.ZOOM && ZoomTaps.applies(orders, index32)) {
                ZoomTaps.run(x, a, b, outShape, orders[0], mode, grid, cval, range, y);
                return y;
            }
            try (NDArray ish = Weights.longs(device, xs);
                    NDArray osh = Weights.longs(device, index32 ? InterpKernel.outputTable(outShape) : outShape)) {
                // a float32 input read as it is (no coefficients) sums its taps in float32
                boolean floatTaps = x.dtype() == DType.FLOAT32 && x == input;
                InterpKernel.get(kind, ondim, orders, integer, index32, floatTaps)
                        .call(
                                x,
                                a,
                                b,
                                ish,
                                osh,
                                (long) npad,
                                grid ? 1L : 0L,
                                InterpKernel.code(mode),
                                scalar(w, cval),
                                scalar(w, range[0]),
                                scalar(w, range[1]),
                                y);
            }
        } catch (RuntimeException e) {
            y.close();
            throw e;
        } finally {
            if (x != input) x.close();
        }
        return y;
    }

    /**
     * The prefilter's dtype for a result of dtype {@code result}: float32 for float32, as CuPy filters
     * (its coefficients are as close to SciPy's as the result's precision), else the accumulation dtype.
     */
    private static DType filterDtype(Device device, DType result) {
        return result == DType.FLOAT32 ? DType.FLOAT32 : Weights.accumulation(device);
    }

    // the filtered work array as the result: itself when it has the result's dtype, else a cast (and it is closed)
    private static NDArray inDtype(NDArray c, DType out) {
        if (c.dtype() == out) return c;
        try (c) {
            return c.astype(out);
        }
    }

    private static Number scalar(DType w, double v) {
        return w == DType.FLOAT64 ? (Number) v : (Number) (float) v;
    }

    // an integer output's range: SciPy clamps to it after rounding
    private static double[] range(DType dt) {
        return switch (dt) {
            case INT8 -> new double[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
            case UINT8 -> new double[] {0, 255};
            case INT16 -> new double[] {Short.MIN_VALUE, Short.MAX_VALUE};
            case UINT16 -> new double[] {0, 65535};
            case INT32 -> new double[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
            case UINT32 -> new double[] {0, 4294967295.0};
            case INT64 -> new double[] {Long.MIN_VALUE, Math.nextDown(0x1p63)};
            case UINT64 -> new double[] {0, Math.nextDown(0x1p64)};
            default -> new double[] {0, 0};
        };
    }

    private static int[] orders(NDArray input, int order) {
        int[] o = new int[input.ndim()];
        Arrays.fill(o, order);
        return o;
    }
}
