package org.ndgpu.ndimage;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage.distance_transform_edt's result: the float64 distances of each element to the
 * nearest background (zero) element, and the int32 indices of that element (shape
 * {@code (ndim,) + input.shape}); each is null where it was not asked for. Closing it closes both.
 *
 * <pre>{@code
 * try (DistanceTransform t = Nd.ndimage().distanceTransformEdt(mask, null, true, true)) { t.indices() ... }
 * }</pre>
 *
 * @param distances float64 distances, or null
 * @param indices   int32 coordinates of the nearest background element, or null
 */
public record DistanceTransform(NDArray distances, NDArray indices) implements AutoCloseable {
    @Override
    public void close() {
        if (distances != null) distances.close();
        if (indices != null) indices.close();
    }
}
