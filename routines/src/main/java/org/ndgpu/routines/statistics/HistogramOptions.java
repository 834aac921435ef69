package org.ndgpu.routines.statistics;

import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.routines.math.Differences;

/** numpy.histogram's weights= and density= over the counts {@link Histograms} makes. */
final class HistogramOptions {
    private HistogramOptions() {}

    /**
     * numpy.histogram's weights and density on the counts of {@code edges}: {@code weights} (a's
     * shape, real; null for none) gives the sums of the weights in each bin in the weights' dtype,
     * summed in float64 (NumPy's bincount, then astype); {@code density} divides by each bin's width
     * and the total, in float64 (NaN everywhere when the total is 0, as NumPy's 0/0).
     */
    static NDArray counted(
            String op, NDArray a, NDArray edges, double norm, BinCounting.Plan plan, NDArray weights, boolean density) {
        if (weights != null) {
            Operands.device(op, a, weights);
            if (!java.util.Arrays.equals(weights.shape(), a.shape()))
                throw new ShapeException(op + ": weights should have the same shape as a: weights of shape "
                        + org.ndgpu.ndarray.Shapes.str(weights.shape()) + ", a of shape "
                        + org.ndgpu.ndarray.Shapes.str(a.shape()));
            if (weights.dtype().isComplex())
                throw new DTypeException(op + ": complex weights are not supported, got " + weights.dtype());
            weights.live(op);
        }
        NDArray c = Histograms.count(a, weights, edges, norm, plan);
        try (var _ = a.device().use()) {
            if (weights != null && weights.dtype() != DType.FLOAT64) {
                try (NDArray sums = c) {
                    c = sums.astype(weights.dtype());
                }
            }
            if (!density) return c;
            try (NDArray n = c;
                    NDArray n64 = n.astype(DType.FLOAT64);
                    NDArray width = Differences.diff(op, edges, 1, -1);
                    NDArray w64 = width.astype(DType.FLOAT64);
                    NDArray total = n64.sum();
                    NDArray perWidth = n64.div(w64)) {
                return perWidth.div(total);
            }
        }
    }
}
