package org.ndgpu.ndimage;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage's distance transforms, a part of {@code Nd.ndimage()} ({@link Ndimage} implements
 * it), with SciPy's parameters in its order.
 *
 * <pre>{@code
 * NDArray d = Nd.ndimage().distanceTransformEdt(mask);
 * }</pre>
 */
public interface DistanceTransforms {
    /**
     * scipy.ndimage.distance_transform_edt(input): the exact Euclidean distance (float64) of each
     * nonzero element to the nearest zero one: {@code NDArray d = ndimage.distanceTransformEdt(mask)}.
     */
    default NDArray distanceTransformEdt(NDArray input) {
        return distanceTransformEdt(input, null);
    }

    /**
     * scipy.ndimage.distance_transform_edt(input, sampling): the spacing along each axis (one per
     * axis, or one for all; null: 1): {@code ndimage.distanceTransformEdt(mask, new double[] {0.5, 2})}.
     */
    default NDArray distanceTransformEdt(NDArray input, double[] sampling) {
        return Edt.transform(input, sampling, true, false).distances();
    }

    /**
     * scipy.ndimage.distance_transform_edt(input, sampling, return_distances, return_indices): the
     * distances and the int32 indices of the nearest zero element (at least one of the two):
     * {@code ndimage.distanceTransformEdt(mask, null, true, true).indices()}.
     */
    default DistanceTransform distanceTransformEdt(
            NDArray input, double[] sampling, boolean returnDistances, boolean returnIndices) {
        return Edt.transform(input, sampling, returnDistances, returnIndices);
    }

    /**
     * scipy.ndimage.distance_transform_edt(input, sampling, return_distances, return_indices,
     * distances, indices): the distances written into {@code distances} (float64, the input's
     * shape) and the indices into {@code indices} (int32, {@code (ndim,) + shape}) where given
     * (either may be null); the record holds only the parts not written, as SciPy returns None for
     * the others: {@code ndimage.distanceTransformEdt(mask, null, true, false, out, null)}.
     */
    default DistanceTransform distanceTransformEdt(
            NDArray input,
            double[] sampling,
            boolean returnDistances,
            boolean returnIndices,
            NDArray distances,
            NDArray indices) {
        return Edt.transformInto(input, sampling, returnDistances, returnIndices, distances, indices);
    }
}
