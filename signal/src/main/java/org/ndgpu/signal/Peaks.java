package org.ndgpu.signal;

import org.ndgpu.ndarray.NDArray;

/**
 * What scipy.signal.find_peaks returns, {@code peaks, properties = find_peaks(x, ...)}: the peaks'
 * indices (int64) and the properties SciPy's dict holds for the conditions given (null for those
 * not asked for). Closing it closes every array it holds.
 *
 * <pre>{@code
 * try (Peaks p = Nd.signal().findPeaks(x, 0.5, 10, null)) { NDArray at = p.peaks(); }
 * }</pre>
 *
 * @param peaks the indices of the peaks that meet every condition, ascending
 * @param peakHeights x at the peaks (when a height was given), float64
 * @param prominences the peaks' prominences (when a prominence was given), float64
 * @param leftBases the left bases of the prominences, int64, or null
 * @param rightBases the right bases of the prominences, int64, or null
 */
public record Peaks(NDArray peaks, NDArray peakHeights, NDArray prominences, NDArray leftBases, NDArray rightBases)
        implements AutoCloseable {
    @Override
    public void close() {
        for (NDArray a : new NDArray[] {peaks, peakHeights, prominences, leftBases, rightBases}) {
            if (a != null) a.close();
        }
    }
}
