package org.ndgpu.ndimage;

import java.util.Objects;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage's rank filters and its minimum/maximum filters with a footprint or structure, as
 * its {@code _rank_filter} and {@code _min_or_max_filter} route them: a rank of 0 or of the last
 * position is the minimum or maximum filter, and a minimum or maximum over a footprint that is all
 * true (and no structure) is separable, one 1-D pass per axis longer than 1, else one {@link Gather} pass.
 */
final class Ranks {
    private Ranks() {}

    /** How the rank is given. */
    enum Kind {
        MEDIAN,
        RANK,
        PERCENTILE
    }

    /** The footprint of a size form ({@code footprint} null: a box of size) or a footprint form. */
    static Footprint footprint(
            String op, NDArray input, boolean sized, int size, NDArray footprint, NDArray structure, int[] origins) {
        return sized
                ? Footprint.box(op, input.ndim(), size, origins == null ? 0 : origins[0])
                : Footprint.of(op, input.ndim(), footprint, structure, origins);
    }

    /** median_filter, rank_filter (value the rank) or percentile_filter (value the percentile). */
    static NDArray rank(
            String op,
            Kind kind,
            double value,
            NDArray input,
            int size,
            NDArray footprint,
            Mode mode,
            double cval,
            int[] origins) {
        Footprint.input(op, input, false);
        Objects.requireNonNull(mode, op + ": mode is null");
        Footprint f = footprint(op, input, footprint == null, size, footprint, null, origins);
        int n = f.count();
        if (n == 0) throw new NdException(op + ": an all-zero footprint is not supported");
        long rank;
        switch (kind) {
            case MEDIAN -> rank = n / 2;
            case PERCENTILE -> {
                double p = value < 0 ? value + 100 : value;
                if (!(p >= 0 && p <= 100)) {
                    throw new NdException(op + ": invalid percentile: expected -100 to 100, got " + value);
                }
                rank = p == 100 ? n - 1 : (long) (n * p / 100.0);
            }
            default -> rank = (long) value;
        }
        if (rank < 0) rank += n;
        if (rank < 0 || rank >= n) {
            throw new NdException(op + ": rank " + (long) value + " is not within the footprint's " + n + " values");
        }
        if (rank == 0) return minOrMax(op, input, f, true, mode, cval);
        if (rank == n - 1) return minOrMax(op, input, f, false, mode, cval);
        if (MedianNetwork.applies(input, f, rank)) return MedianNetwork.apply(input, f, mode, cval);
        return Gather.apply(op, Gather.Op.RANK, input, f, (int) rank, mode, cval);
    }

    /** minimum_filter (minimum) or maximum_filter over a footprint, with its structure if it has one. */
    static NDArray minOrMax(String op, NDArray input, Footprint f, boolean minimum, Mode mode, double cval) {
        Objects.requireNonNull(mode, op + ": mode is null");
        if (f.structure() != null || !f.all()) {
            return Gather.apply(op, minimum ? Gather.Op.MINIMUM : Gather.Op.MAXIMUM, input, f, 0, mode, cval);
        }
        Ndimage nd = Ndimage.get();
        NDArray out = input;
        long[] shape = f.shape();
        for (int d = 0; d < shape.length; d++) {
            if (shape[d] < 2) continue;
            int len = (int) shape[d];
            int origin = f.origins()[d];
            NDArray next = minimum
                    ? nd.minimumFilter1d(out, len, d, mode, cval, origin)
                    : nd.maximumFilter1d(out, len, d, mode, cval, origin);
            if (out != input) out.close();
            out = next;
        }
        return out == input ? input.copy() : out;
    }
}
