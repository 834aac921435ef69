package org.ndgpu.ndimage;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage.label's result: the int32 array of labels (0 for the background, 1 to
 * numFeatures for the components, numbered in the order of first occurrence in C order) and the
 * number of components. Closing it closes the labels.
 *
 * <pre>{@code
 * try (Labeled l = Nd.ndimage().label(mask)) { int n = l.numFeatures(); NDArray lab = l.labels(); }
 * }</pre>
 *
 * @param labels      int32, the input's shape
 * @param numFeatures how many components were found
 */
public record Labeled(NDArray labels, int numFeatures) implements AutoCloseable {
    @Override
    public void close() {
        labels.close();
    }
}
