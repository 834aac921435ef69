package org.ndgpu.routines;

import org.ndgpu.ndarray.NDArray;

/**
 * numpy.histogram2d's result: {@code counts} (float64, shape (nx, ny), as NumPy) and the edges of
 * each axis. Closing it closes the three arrays.
 *
 * <pre>{@code
 * try (Histogram2d h = Nd.histogram2d(x, y, 8)) { h.counts(); h.xEdges(); h.yEdges(); }
 * }</pre>
 */
public record Histogram2d(NDArray counts, NDArray xEdges, NDArray yEdges) implements AutoCloseable {
    @Override
    public void close() {
        counts.close();
        xEdges.close();
        yEdges.close();
    }
}
