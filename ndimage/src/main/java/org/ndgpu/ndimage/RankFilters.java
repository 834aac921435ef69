package org.ndgpu.ndimage;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage's rank filters, a part of {@code Nd.ndimage()} ({@link Ndimage} implements it):
 * median_filter, rank_filter, percentile_filter, and minimum_filter and maximum_filter with a
 * footprint. The size forms filter over a box of that size on every axis; the footprint forms over
 * the nonzero values of a footprint of the input's ndim (at most 4,096 of them for a rank between
 * the first and the last; past 255 each output costs n^2 comparisons). The result has the input's
 * dtype; NaN orders after every number in a rank filter (numpy.sort's order), and a minimum or
 * maximum keeps a NaN met first as SciPy's does.
 *
 * <pre>{@code
 * NDArray m = Nd.ndimage().medianFilter(image, 3);
 * NDArray p = Nd.ndimage().percentileFilter(image, 90, footprint, Mode.NEAREST, 0, null);
 * }</pre>
 */
public interface RankFilters {
    /** scipy.ndimage.median_filter(input, size), mode reflect: {@code ndimage.medianFilter(x, 3)}. */
    default NDArray medianFilter(NDArray input, int size) {
        return medianFilter(input, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.median_filter(input, size, mode=, cval=, origin=): {@code ndimage.medianFilter(x, 5, Mode.WRAP, 0, 1)}. */
    default NDArray medianFilter(NDArray input, int size, Mode mode, double cval, int origin) {
        return Ranks.rank(
                "ndimage.median_filter", Ranks.Kind.MEDIAN, 0, input, size, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.median_filter(input, footprint=footprint): {@code ndimage.medianFilter(x, cross)}. */
    default NDArray medianFilter(NDArray input, NDArray footprint) {
        return medianFilter(input, footprint, Mode.REFLECT, 0, null);
    }

    /**
     * scipy.ndimage.median_filter(input, footprint=, mode=, cval=, origin=), origins one per axis
     * (or one for all; null for 0): {@code ndimage.medianFilter(x, fp, Mode.MIRROR, 0, new int[] {0, 1})}.
     */
    default NDArray medianFilter(NDArray input, NDArray footprint, Mode mode, double cval, int[] origins) {
        nonNull("ndimage.median_filter", footprint);
        return Ranks.rank("ndimage.median_filter", Ranks.Kind.MEDIAN, 0, input, 0, footprint, mode, cval, origins);
    }

    /** scipy.ndimage.rank_filter(input, rank, size), a negative rank from the end: {@code ndimage.rankFilter(x, -2, 3)}. */
    default NDArray rankFilter(NDArray input, int rank, int size) {
        return rankFilter(input, rank, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.rank_filter(input, rank, size, mode=, cval=, origin=): {@code ndimage.rankFilter(x, 1, 3, Mode.NEAREST, 0, 0)}. */
    default NDArray rankFilter(NDArray input, int rank, int size, Mode mode, double cval, int origin) {
        return Ranks.rank(
                "ndimage.rank_filter", Ranks.Kind.RANK, rank, input, size, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.rank_filter(input, rank, footprint=footprint): {@code ndimage.rankFilter(x, 2, fp)}. */
    default NDArray rankFilter(NDArray input, int rank, NDArray footprint) {
        return rankFilter(input, rank, footprint, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.rank_filter(input, rank, footprint=, mode=, cval=, origin=): {@code ndimage.rankFilter(x, 2, fp, Mode.CONSTANT, 1.5, null)}. */
    default NDArray rankFilter(NDArray input, int rank, NDArray footprint, Mode mode, double cval, int[] origins) {
        nonNull("ndimage.rank_filter", footprint);
        return Ranks.rank("ndimage.rank_filter", Ranks.Kind.RANK, rank, input, 0, footprint, mode, cval, origins);
    }

    /** scipy.ndimage.percentile_filter(input, percentile, size), -100 to 100: {@code ndimage.percentileFilter(x, 25, 3)}. */
    default NDArray percentileFilter(NDArray input, double percentile, int size) {
        return percentileFilter(input, percentile, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.percentile_filter(input, percentile, size, mode=, cval=, origin=): {@code ndimage.percentileFilter(x, 75, 5, Mode.WRAP, 0, 0)}. */
    default NDArray percentileFilter(NDArray input, double percentile, int size, Mode mode, double cval, int origin) {
        return Ranks.rank(
                "ndimage.percentile_filter",
                Ranks.Kind.PERCENTILE,
                percentile,
                input,
                size,
                null,
                mode,
                cval,
                new int[] {origin});
    }

    /** scipy.ndimage.percentile_filter(input, percentile, footprint=footprint): {@code ndimage.percentileFilter(x, 50, fp)}. */
    default NDArray percentileFilter(NDArray input, double percentile, NDArray footprint) {
        return percentileFilter(input, percentile, footprint, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.percentile_filter(input, percentile, footprint=, mode=, cval=, origin=): {@code ndimage.percentileFilter(x, 90, fp, Mode.NEAREST, 0, null)}. */
    default NDArray percentileFilter(
            NDArray input, double percentile, NDArray footprint, Mode mode, double cval, int[] origins) {
        nonNull("ndimage.percentile_filter", footprint);
        return Ranks.rank(
                "ndimage.percentile_filter",
                Ranks.Kind.PERCENTILE,
                percentile,
                input,
                0,
                footprint,
                mode,
                cval,
                origins);
    }

    /** scipy.ndimage.minimum_filter(input, size, mode=, cval=, origin=): {@code ndimage.minimumFilter(x, 3, Mode.CONSTANT, 9, 0)}. */
    default NDArray minimumFilter(NDArray input, int size, Mode mode, double cval, int origin) {
        return extremum("ndimage.minimum_filter", true, input, size, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.minimum_filter(input, footprint=footprint): {@code ndimage.minimumFilter(x, cross)}. */
    default NDArray minimumFilter(NDArray input, NDArray footprint) {
        return minimumFilter(input, footprint, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.minimum_filter(input, footprint=, mode=, cval=, origin=): {@code ndimage.minimumFilter(x, fp, Mode.WRAP, 0, null)}. */
    default NDArray minimumFilter(NDArray input, NDArray footprint, Mode mode, double cval, int[] origins) {
        nonNull("ndimage.minimum_filter", footprint);
        return extremum("ndimage.minimum_filter", true, input, 0, footprint, mode, cval, origins);
    }

    /** scipy.ndimage.maximum_filter(input, size, mode=, cval=, origin=): {@code ndimage.maximumFilter(x, 3, Mode.CONSTANT, -9, 0)}. */
    default NDArray maximumFilter(NDArray input, int size, Mode mode, double cval, int origin) {
        return extremum("ndimage.maximum_filter", false, input, size, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.maximum_filter(input, footprint=footprint): {@code ndimage.maximumFilter(x, cross)}. */
    default NDArray maximumFilter(NDArray input, NDArray footprint) {
        return maximumFilter(input, footprint, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.maximum_filter(input, footprint=, mode=, cval=, origin=): {@code ndimage.maximumFilter(x, fp, Mode.MIRROR, 0, null)}. */
    default NDArray maximumFilter(NDArray input, NDArray footprint, Mode mode, double cval, int[] origins) {
        nonNull("ndimage.maximum_filter", footprint);
        return extremum("ndimage.maximum_filter", false, input, 0, footprint, mode, cval, origins);
    }

    private static NDArray extremum(
            String op,
            boolean minimum,
            NDArray input,
            int size,
            NDArray footprint,
            Mode mode,
            double cval,
            int[] origins) {
        Footprint.input(op, input, false);
        Footprint f = Ranks.footprint(op, input, footprint == null, size, footprint, null, origins);
        return Ranks.minOrMax(op, input, f, minimum, mode, cval);
    }

    private static void nonNull(String op, NDArray footprint) {
        if (footprint == null) throw new NullPointerException(op + ": footprint is null");
    }
}
