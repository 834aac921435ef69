package org.ndgpu.ndimage;

import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage's interpolation functions, a part of {@code Nd.ndimage()} ({@link Ndimage}
 * implements it): the B-spline prefilters spline_filter1d and spline_filter, and the geometric
 * transforms map_coordinates, affine_transform, shift, zoom and rotate, with spline orders 0 to 5
 * and SciPy's eight interpolation modes ({@link Mode}; 'grid-mirror' is REFLECT). Everything runs
 * on the device: the prefilter as a causal and an anticausal recursion per line (a work item per
 * chunk of a line; in float32 for a float32 result, as CuPy filters, but before a transform of
 * order 5, else in float64 where the device has it, as SciPy filters in double; inputs of NEAREST
 * and GRID_CONSTANT padded by 12 first, as SciPy pads them), the interpolation as one generated
 * kernel.
 *
 * <p>Short forms take SciPy's defaults: order 3, mode CONSTANT, cval 0, prefilter true (the spline
 * filters: order 3, output float64, mode MIRROR). The transforms' result has the input's dtype;
 * integer results are rounded half away from zero and saturated, as SciPy stores them. A NaN or
 * infinite coordinate gives cval in every mode (SciPy gives cval in the modes that map coordinates
 * and reads outside the input in NEAREST and GRID_CONSTANT). Complex, boolean and float16 inputs are
 * refused with a {@link org.ndgpu.exceptions.DTypeException} (SciPy interpolates a complex input's
 * real and imaginary parts apart: do that with {@code real()} and {@code imag()}).
 *
 * <pre>{@code
 * NDArray big = Nd.ndimage().zoom(image, 2.0);
 * NDArray moved = Nd.ndimage().shift(image, new double[] {0.5, -1.25}, 1, Mode.NEAREST, 0, true);
 * NDArray turned = Nd.ndimage().rotate(image, 30.0);
 * NDArray v = Nd.ndimage().mapCoordinates(image, coords, 3, Mode.MIRROR, 0, true);
 * }</pre>
 */
public interface Interpolation {

    // ---------------------------------------------------------------- spline filters

    /** scipy.ndimage.spline_filter1d(input): order 3 along the last axis, float64, mirror: {@code nd.splineFilter1d(x)}. */
    default NDArray splineFilter1d(NDArray input) {
        return splineFilter1d(input, 3, -1, DType.FLOAT64, Mode.MIRROR);
    }

    /** scipy.ndimage.spline_filter1d(input, order, axis): {@code nd.splineFilter1d(x, 5, 0)}. */
    default NDArray splineFilter1d(NDArray input, int order, int axis) {
        return splineFilter1d(input, order, axis, DType.FLOAT64, Mode.MIRROR);
    }

    /**
     * scipy.ndimage.spline_filter1d(input, order, axis, output, mode): the B-spline coefficients of
     * {@code order} (0 and 1 copy the input) of each line along {@code axis}, the boundary as SciPy's
     * prefilter takes it for {@code mode}, in the dtype {@code output} (float32 or float64):
     * {@code nd.splineFilter1d(x, 3, -1, DType.FLOAT32, Mode.GRID_WRAP)}.
     */
    default NDArray splineFilter1d(NDArray input, int order, int axis, DType output, Mode mode) {
        return Geometric.splineFilter1d(input, order, axis, output, mode);
    }

    /** scipy.ndimage.spline_filter(input): order 3 along every axis, float64, mirror: {@code nd.splineFilter(x)}. */
    default NDArray splineFilter(NDArray input) {
        return splineFilter(input, 3, DType.FLOAT64, Mode.MIRROR);
    }

    /**
     * scipy.ndimage.spline_filter(input, order, output, mode): spline_filter1d along each axis in
     * turn, order 2 to 5, each intermediate stored in {@code output}'s dtype as SciPy stores it:
     * {@code nd.splineFilter(x, 4, DType.FLOAT64, Mode.REFLECT)}.
     */
    default NDArray splineFilter(NDArray input, int order, DType output, Mode mode) {
        return Geometric.splineFilter(input, order, output, mode);
    }

    // ---------------------------------------------------------------- map_coordinates

    /** scipy.ndimage.map_coordinates(input, coordinates): cubic, constant 0: {@code nd.mapCoordinates(x, coords)}. */
    default NDArray mapCoordinates(NDArray input, NDArray coordinates) {
        return mapCoordinates(input, coordinates, 3, Mode.CONSTANT, 0, true);
    }

    /** scipy.ndimage.map_coordinates(input, coordinates, order=order): {@code nd.mapCoordinates(x, coords, 1)}. */
    default NDArray mapCoordinates(NDArray input, NDArray coordinates, int order) {
        return mapCoordinates(input, coordinates, order, Mode.CONSTANT, 0, true);
    }

    /**
     * scipy.ndimage.map_coordinates(input, coordinates, order, mode, cval, prefilter): the input
     * interpolated at the points {@code coordinates[:, j...]} (shape (input.ndim, ...), any real
     * dtype), of shape coordinates.shape[1:]: {@code nd.mapCoordinates(x, coords, 5, Mode.REFLECT, 0, true)}.
     */
    default NDArray mapCoordinates(
            NDArray input, NDArray coordinates, int order, Mode mode, double cval, boolean prefilter) {
        return Geometric.mapCoordinates(input, coordinates, order, mode, cval, prefilter);
    }

    // ---------------------------------------------------------------- affine_transform

    /** scipy.ndimage.affine_transform(input, matrix): cubic, constant 0: {@code nd.affineTransform(x, m)}. */
    default NDArray affineTransform(NDArray input, NDArray matrix) {
        return affineTransform(input, matrix, null, null, 3, Mode.CONSTANT, 0, true);
    }

    /** scipy.ndimage.affine_transform(input, matrix, offset): the same offset on every axis: {@code nd.affineTransform(x, m, 2.5)}. */
    default NDArray affineTransform(NDArray input, NDArray matrix, double offset) {
        double[] off = new double[InterpChecks.ndimOf("ndimage.affine_transform", input)];
        java.util.Arrays.fill(off, offset);
        return affineTransform(input, matrix, off, null, 3, Mode.CONSTANT, 0, true);
    }

    /**
     * scipy.ndimage.affine_transform(input, matrix, offset, output_shape, order, mode, cval,
     * prefilter): output element o reads the input at {@code matrix @ o + offset}. The matrix (read
     * to the host) is (ndim,) (a diagonal), (ndim, out_ndim), (ndim, ndim + 1) or the homogeneous
     * (ndim + 1, ndim + 1), the last two carrying the offset in their last column; offset null is
     * 0, outputShape null the input's: {@code nd.affineTransform(x, m, null, new long[] {64, 64}, 1, Mode.NEAREST, 0, true)}.
     */
    default NDArray affineTransform(
            NDArray input,
            NDArray matrix,
            double[] offset,
            long[] outputShape,
            int order,
            Mode mode,
            double cval,
            boolean prefilter) {
        return Geometric.affineTransform(input, matrix, offset, outputShape, order, mode, cval, prefilter);
    }

    // ---------------------------------------------------------------- shift

    /** scipy.ndimage.shift(input, shift): the same shift on every axis, cubic, constant 0: {@code nd.shift(x, 1.5)}. */
    default NDArray shift(NDArray input, double shift) {
        double[] s = new double[InterpChecks.ndimOf("ndimage.shift", input)];
        java.util.Arrays.fill(s, shift);
        return shift(input, s, 3, Mode.CONSTANT, 0, true);
    }

    /** scipy.ndimage.shift(input, shift) with a shift per axis: {@code nd.shift(x, new double[] {0.5, -2})}. */
    default NDArray shift(NDArray input, double[] shift) {
        return shift(input, shift, 3, Mode.CONSTANT, 0, true);
    }

    /**
     * scipy.ndimage.shift(input, shift, order, mode, cval, prefilter): output element o reads the
     * input at o - shift: {@code nd.shift(x, new double[] {0.5, -2}, 1, Mode.GRID_WRAP, 0, true)}.
     */
    default NDArray shift(NDArray input, double[] shift, int order, Mode mode, double cval, boolean prefilter) {
        return Geometric.shift(input, shift, order, mode, cval, prefilter);
    }

    // ---------------------------------------------------------------- zoom

    /** scipy.ndimage.zoom(input, zoom): the same factor on every axis, cubic, constant 0: {@code nd.zoom(x, 2.0)}. */
    default NDArray zoom(NDArray input, double zoom) {
        double[] z = new double[InterpChecks.ndimOf("ndimage.zoom", input)];
        java.util.Arrays.fill(z, zoom);
        return zoom(input, z, 3, Mode.CONSTANT, 0, true, false);
    }

    /** scipy.ndimage.zoom(input, zoom) with a factor per axis: {@code nd.zoom(x, new double[] {2, 0.5})}. */
    default NDArray zoom(NDArray input, double[] zoom) {
        return zoom(input, zoom, 3, Mode.CONSTANT, 0, true, false);
    }

    /**
     * scipy.ndimage.zoom(input, zoom, order, mode, cval, prefilter, grid_mode): an output of
     * round(n * zoom) along each axis; without grid_mode the corner samples' centres are kept
     * (factor (n - 1) / (out - 1)), with it the pixels' edges (factor n / out, sampled at pixel
     * centres): {@code nd.zoom(x, new double[] {1.5, 1.5}, 3, Mode.GRID_CONSTANT, 0, true, true)}.
     */
    default NDArray zoom(
            NDArray input, double[] zoom, int order, Mode mode, double cval, boolean prefilter, boolean gridMode) {
        return Geometric.zoom(input, zoom, order, mode, cval, prefilter, gridMode);
    }

    // ---------------------------------------------------------------- rotate

    /** scipy.ndimage.rotate(input, angle): degrees counter-clockwise in the plane of axes (1, 0), reshaped, cubic: {@code nd.rotate(x, 30)}. */
    default NDArray rotate(NDArray input, double angle) {
        return rotate(input, angle, new int[] {1, 0}, true, 3, Mode.CONSTANT, 0, true);
    }

    /** scipy.ndimage.rotate(input, angle, axes, reshape): {@code nd.rotate(x, 45, new int[] {0, 2}, false)}. */
    default NDArray rotate(NDArray input, double angle, int[] axes, boolean reshape) {
        return rotate(input, angle, axes, reshape, 3, Mode.CONSTANT, 0, true);
    }

    /**
     * scipy.ndimage.rotate(input, angle, axes, reshape, order, mode, cval, prefilter): the input
     * rotated by {@code angle} degrees in the plane of the two {@code axes} about its centre, every
     * plane parallel to it alike; with reshape the output grows to hold the whole rotated input:
     * {@code nd.rotate(x, 30, new int[] {1, 0}, true, 1, Mode.NEAREST, 0, true)}.
     */
    default NDArray rotate(
            NDArray input,
            double angle,
            int[] axes,
            boolean reshape,
            int order,
            Mode mode,
            double cval,
            boolean prefilter) {
        return Geometric.rotate(input, angle, axes, reshape, order, mode, cval, prefilter);
    }
}
