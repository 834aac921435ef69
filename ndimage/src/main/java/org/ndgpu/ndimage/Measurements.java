package org.ndgpu.ndimage;

import java.util.Objects;
import java.util.function.Function;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage's measurements, a part of {@code Nd.ndimage()} ({@link Ndimage} implements it):
 * label, find_objects and the statistics of labelled regions, with SciPy's parameters in its order.
 *
 * <pre>{@code
 * try (Labeled l = Nd.ndimage().label(mask)) { NDArray sums = Nd.ndimage().sumLabels(image, l.labels(), idx); }
 * }</pre>
 */
public interface Measurements {
    /** scipy.ndimage.label(input): components of the nonzero elements, faces connected: {@code ndimage.label(mask)}. */
    default Labeled label(NDArray input) {
        return label(input, null);
    }

    /**
     * scipy.ndimage.label(input, structure): components under {@code structure} (3 along every axis,
     * the input's rank, symmetric; null: the cross, {@code generate_binary_structure(rank, 1)}):
     * {@code ndimage.label(mask, Nd.ones(DType.BOOL, 3, 3))}.
     */
    default Labeled label(NDArray input, NDArray structure) {
        return Labeling.label(input, structure);
    }

    /**
     * scipy.ndimage.find_objects(input): for each label 1 to input's maximum, its bounding box as
     * {@code [axis] = {start, stop}} (SciPy's slices), null where the label is absent:
     * {@code long[][][] boxes = ndimage.findObjects(labels)}.
     */
    default long[][][] findObjects(NDArray input) {
        return findObjects(input, 0);
    }

    /** scipy.ndimage.find_objects(input, max_label): labels 1 to maxLabel (0: the maximum): {@code ndimage.findObjects(labels, 3)}. */
    default long[][][] findObjects(NDArray input, long maxLabel) {
        return Labeling.findObjects(input, maxLabel);
    }

    /** scipy.ndimage.sum_labels(input): the sum of the whole array: {@code double s = ndimage.sumLabels(image)}. */
    default double sumLabels(NDArray input) {
        return Measures.single(Measures.Stat.SUM, input, null, null);
    }

    /** scipy.ndimage.sum_labels(input, labels): over the elements of positive label: {@code ndimage.sumLabels(image, labels)}. */
    default double sumLabels(NDArray input, NDArray labels) {
        return Measures.single(Measures.Stat.SUM, input, labels, null);
    }

    /** scipy.ndimage.sum_labels(input, labels, index): over the elements of label index: {@code ndimage.sumLabels(image, labels, 2)}. */
    default double sumLabels(NDArray input, NDArray labels, long index) {
        return Measures.single(Measures.Stat.SUM, input, labels, index);
    }

    /**
     * scipy.ndimage.sum_labels(input, labels, index) for a list of labels: one value per index (float64),
     * as SciPy for a label with no element: {@code ndimage.sumLabels(image, labels, new long[] {1, 2, 3})}.
     */
    default NDArray sumLabels(NDArray input, NDArray labels, long[] index) {
        return Measures.perIndex(Measures.Stat.SUM, input, labels, index);
    }

    /** scipy.ndimage.mean(input): the mean of the whole array: {@code double s = ndimage.mean(image)}. */
    default double mean(NDArray input) {
        return Measures.single(Measures.Stat.MEAN, input, null, null);
    }

    /** scipy.ndimage.mean(input, labels): over the elements of positive label: {@code ndimage.mean(image, labels)}. */
    default double mean(NDArray input, NDArray labels) {
        return Measures.single(Measures.Stat.MEAN, input, labels, null);
    }

    /** scipy.ndimage.mean(input, labels, index): over the elements of label index: {@code ndimage.mean(image, labels, 2)}. */
    default double mean(NDArray input, NDArray labels, long index) {
        return Measures.single(Measures.Stat.MEAN, input, labels, index);
    }

    /**
     * scipy.ndimage.mean(input, labels, index) for a list of labels: one value per index (float64),
     * as SciPy for a label with no element: {@code ndimage.mean(image, labels, new long[] {1, 2, 3})}.
     */
    default NDArray mean(NDArray input, NDArray labels, long[] index) {
        return Measures.perIndex(Measures.Stat.MEAN, input, labels, index);
    }

    /** scipy.ndimage.variance(input): the variance (centred, ddof 0) of the whole array: {@code double s = ndimage.variance(image)}. */
    default double variance(NDArray input) {
        return Measures.single(Measures.Stat.VARIANCE, input, null, null);
    }

    /** scipy.ndimage.variance(input, labels): over the elements of positive label: {@code ndimage.variance(image, labels)}. */
    default double variance(NDArray input, NDArray labels) {
        return Measures.single(Measures.Stat.VARIANCE, input, labels, null);
    }

    /** scipy.ndimage.variance(input, labels, index): over the elements of label index: {@code ndimage.variance(image, labels, 2)}. */
    default double variance(NDArray input, NDArray labels, long index) {
        return Measures.single(Measures.Stat.VARIANCE, input, labels, index);
    }

    /**
     * scipy.ndimage.variance(input, labels, index) for a list of labels: one value per index (float64),
     * as SciPy for a label with no element: {@code ndimage.variance(image, labels, new long[] {1, 2, 3})}.
     */
    default NDArray variance(NDArray input, NDArray labels, long[] index) {
        return Measures.perIndex(Measures.Stat.VARIANCE, input, labels, index);
    }

    /** scipy.ndimage.standard_deviation(input): the standard deviation of the whole array: {@code double s = ndimage.standardDeviation(image)}. */
    default double standardDeviation(NDArray input) {
        return Measures.single(Measures.Stat.STD, input, null, null);
    }

    /** scipy.ndimage.standard_deviation(input, labels): over the elements of positive label: {@code ndimage.standardDeviation(image, labels)}. */
    default double standardDeviation(NDArray input, NDArray labels) {
        return Measures.single(Measures.Stat.STD, input, labels, null);
    }

    /** scipy.ndimage.standard_deviation(input, labels, index): over the elements of label index: {@code ndimage.standardDeviation(image, labels, 2)}. */
    default double standardDeviation(NDArray input, NDArray labels, long index) {
        return Measures.single(Measures.Stat.STD, input, labels, index);
    }

    /**
     * scipy.ndimage.standard_deviation(input, labels, index) for a list of labels: one value per index (float64),
     * as SciPy for a label with no element: {@code ndimage.standardDeviation(image, labels, new long[] {1, 2, 3})}.
     */
    default NDArray standardDeviation(NDArray input, NDArray labels, long[] index) {
        return Measures.perIndex(Measures.Stat.STD, input, labels, index);
    }

    /** scipy.ndimage.minimum(input): the least value (NaN when one is NaN; an empty group is an NdException) of the whole array: {@code double s = ndimage.minimum(image)}. */
    default double minimum(NDArray input) {
        return Measures.single(Measures.Stat.MIN, input, null, null);
    }

    /** scipy.ndimage.minimum(input, labels): over the elements of positive label: {@code ndimage.minimum(image, labels)}. */
    default double minimum(NDArray input, NDArray labels) {
        return Measures.single(Measures.Stat.MIN, input, labels, null);
    }

    /** scipy.ndimage.minimum(input, labels, index): over the elements of label index: {@code ndimage.minimum(image, labels, 2)}. */
    default double minimum(NDArray input, NDArray labels, long index) {
        return Measures.single(Measures.Stat.MIN, input, labels, index);
    }

    /**
     * scipy.ndimage.minimum(input, labels, index) for a list of labels: one value per index (the input's dtype),
     * as SciPy for a label with no element: {@code ndimage.minimum(image, labels, new long[] {1, 2, 3})}.
     */
    default NDArray minimum(NDArray input, NDArray labels, long[] index) {
        return Measures.perIndex(Measures.Stat.MIN, input, labels, index);
    }

    /** scipy.ndimage.maximum(input): the greatest value (NaN when one is NaN; an empty group is an NdException) of the whole array: {@code double s = ndimage.maximum(image)}. */
    default double maximum(NDArray input) {
        return Measures.single(Measures.Stat.MAX, input, null, null);
    }

    /** scipy.ndimage.maximum(input, labels): over the elements of positive label: {@code ndimage.maximum(image, labels)}. */
    default double maximum(NDArray input, NDArray labels) {
        return Measures.single(Measures.Stat.MAX, input, labels, null);
    }

    /** scipy.ndimage.maximum(input, labels, index): over the elements of label index: {@code ndimage.maximum(image, labels, 2)}. */
    default double maximum(NDArray input, NDArray labels, long index) {
        return Measures.single(Measures.Stat.MAX, input, labels, index);
    }

    /**
     * scipy.ndimage.maximum(input, labels, index) for a list of labels: one value per index (the input's dtype),
     * as SciPy for a label with no element: {@code ndimage.maximum(image, labels, new long[] {1, 2, 3})}.
     */
    default NDArray maximum(NDArray input, NDArray labels, long[] index) {
        return Measures.perIndex(Measures.Stat.MAX, input, labels, index);
    }

    /** scipy.ndimage.median(input): the median (NaN when one is NaN) of the whole array: {@code double s = ndimage.median(image)}. */
    default double median(NDArray input) {
        return Measures.single(Measures.Stat.MEDIAN, input, null, null);
    }

    /** scipy.ndimage.median(input, labels): over the elements of positive label: {@code ndimage.median(image, labels)}. */
    default double median(NDArray input, NDArray labels) {
        return Measures.single(Measures.Stat.MEDIAN, input, labels, null);
    }

    /** scipy.ndimage.median(input, labels, index): over the elements of label index: {@code ndimage.median(image, labels, 2)}. */
    default double median(NDArray input, NDArray labels, long index) {
        return Measures.single(Measures.Stat.MEDIAN, input, labels, index);
    }

    /**
     * scipy.ndimage.median(input, labels, index) for a list of labels: one value per index (float64, float32 for float32 input),
     * as SciPy for a label with no element: {@code ndimage.median(image, labels, new long[] {1, 2, 3})}.
     */
    default NDArray median(NDArray input, NDArray labels, long[] index) {
        return Measures.perIndex(Measures.Stat.MEDIAN, input, labels, index);
    }

    /** scipy.ndimage.extrema(input): the least and greatest values and their first positions: {@code ndimage.extrema(image)}. */
    default Extrema extrema(NDArray input) {
        return Measures.extrema("ndimage.extrema", input, null, null, true);
    }

    /** scipy.ndimage.extrema(input, labels): over the elements of positive label: {@code ndimage.extrema(image, labels)}. */
    default Extrema extrema(NDArray input, NDArray labels) {
        return Measures.extrema("ndimage.extrema", input, labels, null, true);
    }

    /** scipy.ndimage.extrema(input, labels, index): over label index: {@code ndimage.extrema(image, labels, 2)}. */
    default Extrema extrema(NDArray input, NDArray labels, long index) {
        return Measures.extrema("ndimage.extrema", input, labels, new long[] {index}, true);
    }

    /** scipy.ndimage.extrema(input, labels, index) for a list of labels: {@code ndimage.extrema(image, labels, new long[] {1, 2})}. */
    default Extrema extrema(NDArray input, NDArray labels, long[] index) {
        java.util.Objects.requireNonNull(index, "ndimage.extrema: index is null");
        return Measures.extrema("ndimage.extrema", input, labels, index, false);
    }

    /** scipy.ndimage.minimum_position(input): the coordinates of the first least value: {@code ndimage.minimumPosition(image)}. */
    default long[] minimumPosition(NDArray input) {
        return minimumPosition(input, null);
    }

    /** scipy.ndimage.minimum_position(input, labels): over positive labels: {@code ndimage.minimumPosition(image, labels)}. */
    default long[] minimumPosition(NDArray input, NDArray labels) {
        return Measures.position("ndimage.minimum_position", input, labels, null, true);
    }

    /** scipy.ndimage.minimum_position(input, labels, index): over label index: {@code ndimage.minimumPosition(image, labels, 2)}. */
    default long[] minimumPosition(NDArray input, NDArray labels, long index) {
        return Measures.position("ndimage.minimum_position", input, labels, index, true);
    }

    /** scipy.ndimage.minimum_position for a list of labels: int64 rows of coordinates: {@code ndimage.minimumPosition(image, labels, idx)}. */
    default NDArray minimumPosition(NDArray input, NDArray labels, long[] index) {
        return Measures.positions("ndimage.minimum_position", input, labels, index, true);
    }

    /** scipy.ndimage.maximum_position(input): the coordinates of the first greatest value: {@code ndimage.maximumPosition(image)}. */
    default long[] maximumPosition(NDArray input) {
        return maximumPosition(input, null);
    }

    /** scipy.ndimage.maximum_position(input, labels): over positive labels: {@code ndimage.maximumPosition(image, labels)}. */
    default long[] maximumPosition(NDArray input, NDArray labels) {
        return Measures.position("ndimage.maximum_position", input, labels, null, false);
    }

    /** scipy.ndimage.maximum_position(input, labels, index): over label index: {@code ndimage.maximumPosition(image, labels, 2)}. */
    default long[] maximumPosition(NDArray input, NDArray labels, long index) {
        return Measures.position("ndimage.maximum_position", input, labels, index, false);
    }

    /** scipy.ndimage.maximum_position for a list of labels: int64 rows of coordinates: {@code ndimage.maximumPosition(image, labels, idx)}. */
    default NDArray maximumPosition(NDArray input, NDArray labels, long[] index) {
        return Measures.positions("ndimage.maximum_position", input, labels, index, false);
    }

    /** scipy.ndimage.center_of_mass(input): one coordinate per axis, float64: {@code double[] c = ndimage.centerOfMass(image)}. */
    default double[] centerOfMass(NDArray input) {
        return Measures.centerOfMass(input, null, null, true);
    }

    /** scipy.ndimage.center_of_mass(input, labels): over positive labels: {@code ndimage.centerOfMass(image, labels)}. */
    default double[] centerOfMass(NDArray input, NDArray labels) {
        return Measures.centerOfMass(input, labels, null, true);
    }

    /** scipy.ndimage.center_of_mass(input, labels, index): over label index: {@code ndimage.centerOfMass(image, labels, 2)}. */
    default double[] centerOfMass(NDArray input, NDArray labels, long index) {
        return Measures.centerOfMass(input, labels, new long[] {index}, true);
    }

    /** scipy.ndimage.center_of_mass for a list of labels: float64 rows, one per index: {@code ndimage.centerOfMass(image, labels, idx)}. */
    default NDArray centerOfMass(NDArray input, NDArray labels, long[] index) {
        return Measures.centerOfMassArray(input, labels, index);
    }

    /**
     * scipy.ndimage.labeled_comprehension(input, labels, None, func): func of the values of positive
     * label (labels null: of every value); func gives a Number or a one-element array (closed once
     * read): {@code ndimage.labeledComprehension(image, labels, v -> v.max())}.
     */
    default double labeledComprehension(NDArray input, NDArray labels, Function<NDArray, ?> func) {
        return Comprehension.apply(input, labels, null, func, 0)[0];
    }

    /**
     * scipy.ndimage.labeled_comprehension(input, labels, index, func, float, default) for one label:
     * {@code ndimage.labeledComprehension(image, labels, 2, NDArray::sum, -1.0)}.
     */
    default double labeledComprehension(
            NDArray input, NDArray labels, long index, Function<NDArray, ?> func, double defaultValue) {
        return Comprehension.apply(input, labels, new long[] {index}, func, defaultValue)[0];
    }

    /**
     * scipy.ndimage.labeled_comprehension(input, labels, index, func, float, default): func of each
     * label's values (selected on the device, in C order), default where a label has none; a float64
     * array: {@code ndimage.labeledComprehension(image, labels, new long[] {1, 2}, NDArray::sum, -1.0)}.
     */
    default NDArray labeledComprehension(
            NDArray input, NDArray labels, long[] index, Function<NDArray, ?> func, double defaultValue) {
        Objects.requireNonNull(index, Comprehension.OP + ": index is null");
        Objects.requireNonNull(labels, Comprehension.OP + ": labels is null (an index list needs labels)");
        double[] v = Comprehension.apply(input, labels, index, func, defaultValue);
        return Measures.array(input.device(), v, new long[] {index.length}, DType.FLOAT64);
    }
}
