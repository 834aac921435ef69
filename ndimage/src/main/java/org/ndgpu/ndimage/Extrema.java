package org.ndgpu.ndimage;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage.extrema's result: the least and greatest values (the input's dtype) and the
 * positions of their first occurrences in C order (int64 coordinates). For a single group the
 * values are 0-d and each position has one coordinate per axis; for an index list the values have
 * one element per index and the positions one row per index. Closing it closes the four arrays.
 *
 * <pre>{@code
 * try (Extrema e = Nd.ndimage().extrema(image, labels, new long[] {1, 2})) { e.maximums() ... }
 * }</pre>
 *
 * @param minimums         the least values
 * @param maximums         the greatest values
 * @param minimumPositions where the least values are (int64)
 * @param maximumPositions where the greatest values are (int64)
 */
public record Extrema(NDArray minimums, NDArray maximums, NDArray minimumPositions, NDArray maximumPositions)
        implements AutoCloseable {
    @Override
    public void close() {
        minimums.close();
        maximums.close();
        minimumPositions.close();
        maximumPositions.close();
    }
}
