package org.ndgpu.ndimage;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage on the device, as cupyx.scipy.ndimage: {@code Nd.ndimage()}. SciPy's function
 * names in lowerCamelCase and its positional parameters in its order; the short forms take SciPy's
 * defaults (axis -1, {@link Mode#REFLECT}, cval 0, origin 0, truncate 4). The result has the input's
 * dtype, as SciPy's default output: sums run in float64 (float32 on a device without fp64) and are
 * cast back, integers truncated toward zero as SciPy casts. Complex and boolean input are refused.
 *
 * <pre>{@code
 * NDArray smooth = Nd.ndimage().gaussianFilter(image, 2.0);
 * NDArray dx = Nd.ndimage().sobel(image, 1);
 * NDArray m = Nd.ndimage().maximumFilter(image, 5, Mode.NEAREST);
 * }</pre>
 */
public final class Ndimage implements Measurements, DistanceTransforms, Interpolation, RankFilters, Morphology {
    private static final Ndimage INSTANCE = new Ndimage();

    private Ndimage() {}

    /** The namespace ({@code Nd.ndimage()} returns it). */
    public static Ndimage get() {
        return INSTANCE;
    }

    // ---------------------------------------------------------------- correlations

    /** scipy.ndimage.correlate1d(input, weights) along the last axis, mode reflect. */
    public NDArray correlate1d(NDArray input, double[] weights) {
        return correlate1d(input, weights, -1, Mode.REFLECT, 0, 0);
    }

    /**
     * scipy.ndimage.correlate1d: {@code out[i] = sum_j weights[j] * in[i + j - len/2 - origin]} along
     * {@code axis}, the input extended past its edges by {@code mode} ({@code cval} for CONSTANT).
     */
    public NDArray correlate1d(NDArray input, double[] weights, int axis, Mode mode, double cval, int origin) {
        String op = "ndimage.correlate1d";
        int ax = checkInput(op, input, axis);
        checkWeights(op, weights, mode);
        checkOrigin(op, weights.length, origin);
        try (NDArray w = Weights.toDevice(input.device(), weights)) {
            return AlongAxis.apply(
                    AlongAxis.Combine.CORRELATE, input, ax, w, weights.length, weights.length / 2 + origin, mode, cval);
        }
    }

    /** scipy.ndimage.convolve1d(input, weights) along the last axis, mode reflect. */
    public NDArray convolve1d(NDArray input, double[] weights) {
        return convolve1d(input, weights, -1, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.convolve1d: correlate1d with the weights reversed (and, for an even length, the origin moved by one). */
    public NDArray convolve1d(NDArray input, double[] weights, int axis, Mode mode, double cval, int origin) {
        Objects.requireNonNull(weights, "ndimage.convolve1d: weights is null");
        double[] flipped = new double[weights.length];
        for (int i = 0; i < weights.length; i++) flipped[i] = weights[weights.length - 1 - i];
        int o = -origin - (weights.length % 2 == 0 ? 1 : 0);
        return correlate1d(input, flipped, axis, mode, cval, o);
    }

    /** scipy.ndimage.correlate(input, weights), mode reflect: weights has input's ndim. */
    public NDArray correlate(NDArray input, NDArray weights) {
        return correlate(input, weights, Mode.REFLECT, 0, null);
    }

    /**
     * scipy.ndimage.correlate: the n-D window {@code weights} (input's ndim; read to the host, it is
     * small) placed over each element, shifted by {@code origins} per axis (null: centred); only
     * nonzero weights read the input.
     */
    public NDArray correlate(NDArray input, NDArray weights, Mode mode, double cval, int[] origins) {
        return window("ndimage.correlate", input, weights, mode, cval, origins, false);
    }

    /** scipy.ndimage.convolve(input, weights), mode reflect. */
    public NDArray convolve(NDArray input, NDArray weights) {
        return convolve(input, weights, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.convolve: correlate with the weights flipped on every axis (origins moved as SciPy moves them). */
    public NDArray convolve(NDArray input, NDArray weights, Mode mode, double cval, int[] origins) {
        return window("ndimage.convolve", input, weights, mode, cval, origins, true);
    }

    private NDArray window(
            String op, NDArray input, NDArray weights, Mode mode, double cval, int[] origins, boolean flip) {
        checkInput(op, input, 0);
        Objects.requireNonNull(weights, op + ": weights is null");
        Objects.requireNonNull(mode, op + ": mode is null");
        int nd = input.ndim();
        if (weights.ndim() != nd) {
            throw new ShapeException(op + ": filter weights array has incorrect shape: expected " + nd
                    + " dimensions (the input's), got " + weights.ndim());
        }
        if (nd > Window.MAX_DIMS)
            throw new ShapeException(op + ": at most " + Window.MAX_DIMS + " dimensions, got " + nd);
        if (weights.dtype().isComplex()) throw new DTypeException(op + ": complex weights are not supported");
        long[] wshape = weights.shape();
        for (int d = 0; d < nd; d++) {
            if (wshape[d] == 0) throw new ShapeException(op + ": the weights have no element along axis " + d);
        }
        if (origins != null && origins.length != nd) {
            throw new NdException(op + ": expected one origin per axis (" + nd + "), got " + origins.length);
        }
        checkSize(op, weights.size());
        double[] w = weights.astype(DType.FLOAT64).toDoubleArray();
        for (double v : w) {
            if (!Double.isFinite(v)) throw new NdException(op + ": the weights must be finite, got " + v);
        }
        long[] shift = new long[nd];
        for (int d = 0; d < nd; d++) {
            int o = origins == null ? 0 : origins[d];
            if (flip) o = -o - (wshape[d] % 2 == 0 ? 1 : 0);
            checkOrigin(op, wshape[d], o);
            shift[d] = wshape[d] / 2 + o;
        }
        if (flip) {
            double[] f = new double[w.length];
            for (int t = 0; t < w.length; t++) f[w.length - 1 - t] = w[t]; // reversing C order flips every axis
            w = f;
        }
        return Window.correlate(input, w, wshape, shift, mode, cval);
    }

    // ---------------------------------------------------------------- Gaussian filters

    /** scipy.ndimage.gaussian_filter1d(input, sigma) along the last axis. */
    public NDArray gaussianFilter1d(NDArray input, double sigma) {
        return gaussianFilter1d(input, sigma, -1, 0, Mode.REFLECT, 0, 4.0);
    }

    /**
     * scipy.ndimage.gaussian_filter1d: the correlation with a Gaussian of standard deviation
     * {@code sigma} (its {@code order}-th derivative for order 1 to 3), truncated at
     * {@code truncate} standard deviations (radius {@code (int) (truncate * sigma + 0.5)}).
     */
    public NDArray gaussianFilter1d(
            NDArray input, double sigma, int axis, int order, Mode mode, double cval, double truncate) {
        String op = "ndimage.gaussian_filter1d";
        if (!(sigma > 0)) throw new NdException(op + ": expected sigma > 0, got " + sigma);
        checkGaussian(op, sigma, order, truncate);
        int radius = (int) (truncate * sigma + 0.5);
        double[] k = Weights.gaussian(sigma, order, radius);
        double[] reversed = new double[k.length];
        for (int i = 0; i < k.length; i++) reversed[i] = k[k.length - 1 - i];
        return correlate1d(input, reversed, axis, mode, cval, 0);
    }

    /** scipy.ndimage.gaussian_filter(input, sigma): the same sigma on every axis. */
    public NDArray gaussianFilter(NDArray input, double sigma) {
        return gaussianFilter(input, perAxis(input, sigma), new int[0], Mode.REFLECT, 0, 4.0);
    }

    /**
     * scipy.ndimage.gaussian_filter: gaussian_filter1d along each axis in turn, with that axis's
     * sigma and order ({@code orders} empty: 0 everywhere); an axis of sigma at most 1e-15 is left as it is.
     */
    public NDArray gaussianFilter(
            NDArray input, double[] sigmas, int[] orders, Mode mode, double cval, double truncate) {
        String op = "ndimage.gaussian_filter";
        checkInput(op, input, 0);
        int nd = input.ndim();
        Objects.requireNonNull(sigmas, op + ": sigmas is null");
        Objects.requireNonNull(orders, op + ": orders is null");
        if (sigmas.length != nd)
            throw new NdException(op + ": expected one sigma per axis (" + nd + "), got " + sigmas.length);
        if (orders.length != 0 && orders.length != nd)
            throw new NdException(op + ": expected one order per axis (" + nd + ") or none, got " + orders.length);
        for (int d = 0; d < nd; d++) checkGaussian(op, sigmas[d], orders.length == 0 ? 0 : orders[d], truncate);
        NDArray out = input;
        for (int d = 0; d < nd; d++) {
            if (sigmas[d] <= 1e-15) continue;
            NDArray next =
                    gaussianFilter1d(out, sigmas[d], d, orders.length == 0 ? 0 : orders[d], mode, cval, truncate);
            if (out != input) out.close();
            out = next;
        }
        return out == input ? input.copy() : out;
    }

    /** scipy.ndimage.gaussian_laplace: the sum over the axes of the second Gaussian derivative along each. */
    public NDArray gaussianLaplace(NDArray input, double sigma) {
        return gaussianLaplace(input, sigma, Mode.REFLECT, 0);
    }

    /** scipy.ndimage.gaussian_laplace with a mode and cval. */
    public NDArray gaussianLaplace(NDArray input, double sigma, Mode mode, double cval) {
        checkInput("ndimage.gaussian_laplace", input, 0);
        return sumOverAxes(
                input, d -> gaussianFilter(input, perAxis(input, sigma), orderOn(input, d, 2), mode, cval, 4.0), false);
    }

    /** scipy.ndimage.gaussian_gradient_magnitude: the norm of the Gaussian gradient. */
    public NDArray gaussianGradientMagnitude(NDArray input, double sigma) {
        return gaussianGradientMagnitude(input, sigma, Mode.REFLECT, 0);
    }

    /** scipy.ndimage.gaussian_gradient_magnitude with a mode and cval. */
    public NDArray gaussianGradientMagnitude(NDArray input, double sigma, Mode mode, double cval) {
        checkInput("ndimage.gaussian_gradient_magnitude", input, 0);
        return sumOverAxes(
                input, d -> gaussianFilter(input, perAxis(input, sigma), orderOn(input, d, 1), mode, cval, 4.0), true);
    }

    // ---------------------------------------------------------------- uniform, minimum, maximum

    /** scipy.ndimage.uniform_filter1d(input, size) along the last axis: the mean over a window of size. */
    public NDArray uniformFilter1d(NDArray input, int size) {
        return uniformFilter1d(input, size, -1, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.uniform_filter1d. */
    public NDArray uniformFilter1d(NDArray input, int size, int axis, Mode mode, double cval, int origin) {
        checkSize("ndimage.uniform_filter1d", size);
        double[] w = new double[size];
        Arrays.fill(w, 1.0 / size);
        return correlate1d(input, w, axis, mode, cval, origin);
    }

    /** scipy.ndimage.uniform_filter(input, size): the mean over a box of size along every axis. */
    public NDArray uniformFilter(NDArray input, int size) {
        return uniformFilter(input, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.uniform_filter with a mode, cval and origin; uniform_filter1d along each axis of size above 1. */
    public NDArray uniformFilter(NDArray input, int size, Mode mode, double cval, int origin) {
        checkInput("ndimage.uniform_filter", input, 0);
        checkSize("ndimage.uniform_filter", size);
        return separable(input, size, d -> a -> uniformFilter1d(a, size, d, mode, cval, origin));
    }

    /** scipy.ndimage.minimum_filter1d(input, size) along the last axis. */
    public NDArray minimumFilter1d(NDArray input, int size) {
        return minimumFilter1d(input, size, -1, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.minimum_filter1d: the least value in a window of size along axis. */
    public NDArray minimumFilter1d(NDArray input, int size, int axis, Mode mode, double cval, int origin) {
        return extremum("ndimage.minimum_filter1d", AlongAxis.Combine.MINIMUM, input, size, axis, mode, cval, origin);
    }

    /** scipy.ndimage.maximum_filter1d(input, size) along the last axis. */
    public NDArray maximumFilter1d(NDArray input, int size) {
        return maximumFilter1d(input, size, -1, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.maximum_filter1d: the greatest value in a window of size along axis. */
    public NDArray maximumFilter1d(NDArray input, int size, int axis, Mode mode, double cval, int origin) {
        return extremum("ndimage.maximum_filter1d", AlongAxis.Combine.MAXIMUM, input, size, axis, mode, cval, origin);
    }

    /** scipy.ndimage.minimum_filter(input, size): over a box of size along every axis. */
    public NDArray minimumFilter(NDArray input, int size) {
        return minimumFilter(input, size, Mode.REFLECT);
    }

    /** scipy.ndimage.minimum_filter(input, size, mode). */
    public NDArray minimumFilter(NDArray input, int size, Mode mode) {
        checkInput("ndimage.minimum_filter", input, 0);
        return separable(input, size, d -> a -> minimumFilter1d(a, size, d, mode, 0, 0));
    }

    /** scipy.ndimage.maximum_filter(input, size): over a box of size along every axis. */
    public NDArray maximumFilter(NDArray input, int size) {
        return maximumFilter(input, size, Mode.REFLECT);
    }

    /** scipy.ndimage.maximum_filter(input, size, mode). */
    public NDArray maximumFilter(NDArray input, int size, Mode mode) {
        checkInput("ndimage.maximum_filter", input, 0);
        return separable(input, size, d -> a -> maximumFilter1d(a, size, d, mode, 0, 0));
    }

    // ---------------------------------------------------------------- derivatives

    /** scipy.ndimage.sobel(input, axis): the derivative [-1, 0, 1] along axis, smoothed by [1, 2, 1] along the others. */
    public NDArray sobel(NDArray input, int axis) {
        return sobel(input, axis, Mode.REFLECT, 0);
    }

    /** scipy.ndimage.sobel with a mode and cval. */
    public NDArray sobel(NDArray input, int axis, Mode mode, double cval) {
        return derivative("ndimage.sobel", input, axis, mode, cval, new double[] {1, 2, 1});
    }

    /** scipy.ndimage.prewitt(input, axis): the derivative [-1, 0, 1] along axis, smoothed by [1, 1, 1] along the others. */
    public NDArray prewitt(NDArray input, int axis) {
        return prewitt(input, axis, Mode.REFLECT, 0);
    }

    /** scipy.ndimage.prewitt with a mode and cval. */
    public NDArray prewitt(NDArray input, int axis, Mode mode, double cval) {
        return derivative("ndimage.prewitt", input, axis, mode, cval, new double[] {1, 1, 1});
    }

    /** scipy.ndimage.laplace: the sum over the axes of [1, -2, 1] along each. */
    public NDArray laplace(NDArray input) {
        return laplace(input, Mode.REFLECT, 0);
    }

    /** scipy.ndimage.laplace with a mode and cval. */
    public NDArray laplace(NDArray input, Mode mode, double cval) {
        checkInput("ndimage.laplace", input, 0);
        return sumOverAxes(input, d -> correlate1d(input, new double[] {1, -2, 1}, d, mode, cval, 0), false);
    }

    // ---------------------------------------------------------------- shared steps

    private NDArray derivative(String op, NDArray input, int axis, Mode mode, double cval, double[] smooth) {
        int ax = checkInput(op, input, axis);
        NDArray out = correlate1d(input, new double[] {-1, 0, 1}, ax, mode, cval, 0);
        for (int d = 0; d < input.ndim(); d++) {
            if (d == ax) continue;
            NDArray next = correlate1d(out, smooth, d, mode, cval, 0);
            out.close();
            out = next;
        }
        return out;
    }

    private interface PerAxis {
        NDArray on(int axis);
    }

    // SciPy's generic_laplace and generic_gradient_magnitude: sums in the input's dtype (squares first,
    // then a square root cast back to it, for the magnitude)
    private static NDArray sumOverAxes(NDArray input, PerAxis term, boolean magnitude) {
        NDArray out = null;
        for (int d = 0; d < input.ndim(); d++) {
            NDArray part = term.on(d);
            if (magnitude) {
                try (NDArray t = part) {
                    part = t.mul(t);
                }
            }
            if (out == null) {
                out = part;
            } else {
                try (NDArray sum = out;
                        NDArray p = part) {
                    out = sum.add(p);
                }
            }
        }
        if (!magnitude) return out;
        try (NDArray sum = out;
                NDArray root = sum.sqrt()) {
            return root.astype(input.dtype());
        }
    }

    private interface Filter1d {
        UnaryOperator<NDArray> along(int axis);
    }

    private static NDArray separable(NDArray input, int size, Filter1d filter) {
        NDArray out = input;
        if (size > 1) {
            for (int d = 0; d < input.ndim(); d++) {
                NDArray next = filter.along(d).apply(out);
                if (out != input) out.close();
                out = next;
            }
        }
        return out == input ? input.copy() : out;
    }

    private NDArray extremum(
            String op,
            AlongAxis.Combine combine,
            NDArray input,
            int size,
            int axis,
            Mode mode,
            double cval,
            int origin) {
        int ax = checkInput(op, input, axis);
        Objects.requireNonNull(mode, op + ": mode is null");
        checkSize(op, size);
        checkOrigin(op, size, origin);
        try (NDArray w = Weights.toDevice(input.device(), new double[] {0})) {
            return AlongAxis.apply(combine, input, ax, w, size, size / 2 + origin, mode, cval);
        }
    }

    private static double[] perAxis(NDArray input, double sigma) {
        double[] s = new double
                [Objects.requireNonNull(input, "ndimage: input is null").ndim()];
        Arrays.fill(s, sigma);
        return s;
    }

    private static int[] orderOn(NDArray input, int axis, int order) {
        int[] o = new int[input.ndim()];
        o[axis] = order;
        return o;
    }

    // ---------------------------------------------------------------- checks

    /** Checks the input and returns {@code axis} normalized (0 for functions of every axis). */
    private static int checkInput(String op, NDArray input, int axis) {
        Objects.requireNonNull(input, op + ": input is null");
        input.live(op);
        DType dt = input.dtype();
        if (dt.isComplex()) throw new DTypeException(op + ": complex input is not supported, got " + dt);
        if (dt == DType.BOOL) throw new DTypeException(op + ": boolean input is not supported; convert it with astype");
        if (dt == DType.FLOAT16)
            throw new DTypeException(op + ": float16 input is not supported (SciPy refuses it too); use float32");
        int nd = input.ndim();
        if (nd == 0) throw new ShapeException(op + ": expected an array of at least 1 dimension, got a 0-d array");
        if (axis < -nd || axis >= nd) {
            throw new AxisException(op + ": axis " + axis + " is out of bounds for an array of " + nd + " dimensions");
        }
        return axis < 0 ? axis + nd : axis;
    }

    private static void checkWeights(String op, double[] weights, Mode mode) {
        Objects.requireNonNull(weights, op + ": weights is null");
        Objects.requireNonNull(mode, op + ": mode is null");
        if (weights.length == 0) throw new NdException(op + ": expected at least one weight, got none");
        checkSize(op, weights.length);
        for (double v : weights) {
            if (!Double.isFinite(v)) throw new NdException(op + ": the weights must be finite, got " + v);
        }
    }

    // SciPy's rule: the window's start, len/2 + origin, must lie inside it
    private static void checkOrigin(String op, long len, int origin) {
        if (len / 2 + origin < 0 || len / 2 + origin >= len) {
            throw new NdException(op + ": invalid origin " + origin + " for a window of " + len + " (expected "
                    + -(len / 2) + " to " + (len - 1 - len / 2) + ")");
        }
    }

    /**
     * The longest window the direct filters take: each output element reads its whole window, so a
     * window of millions of taps is hours of work (SciPy's running-sum uniform filter is not built yet).
     */
    static final int MAX_WINDOW = 1 << 20;

    private static void checkSize(String op, long size) {
        if (size < 1) throw new NdException(op + ": expected a size of at least 1, got " + size);
        if (size > MAX_WINDOW) {
            throw new NdException(op + ": a window of " + size + " elements is more than the " + MAX_WINDOW
                    + " that ndgpu's direct filters take");
        }
    }

    private static void checkGaussian(String op, double sigma, int order, double truncate) {
        if (!(sigma >= 0) || Double.isInfinite(sigma))
            throw new NdException(op + ": expected a finite sigma >= 0, got " + sigma);
        if (order < 0 || order > 3) throw new NdException(op + ": expected an order from 0 to 3, got " + order);
        if (!(truncate > 0) || Double.isInfinite(truncate))
            throw new NdException(op + ": expected a finite truncate > 0, got " + truncate);
        if (truncate * sigma > MAX_WINDOW / 2.0 - 1) {
            throw new NdException(op + ": a window of radius " + (long) (truncate * sigma + 0.5)
                    + " is too large (at most " + MAX_WINDOW + " elements in all)");
        }
    }
}
