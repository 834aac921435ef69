package org.ndgpu.reliability;

import static org.ndgpu.reliability.BadInputCases.f32;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The bad calls of issue 22's additions, in the catalogue's form: advanced indexing (float, empty,
 * mismatched and out-of-range index arrays and lists) and the routines (bincount, histogram, pad,
 * interp, convolve, digitize, polyfit, average, nanargmax, partition, cross).
 */
final class BadRoutineCases {
    private BadRoutineCases() {}

    private static void c(
            List<BadInputCases.Case> all,
            String name,
            Class<? extends NdException> type,
            Runnable action,
            String... fragments) {
        all.add(new BadInputCases.Case(name, type, (Consumer<Path>) dir -> action.run(), List.of(fragments)));
    }

    static NDArray ints(long... v) {
        return Nd.array(v);
    }

    static void addTo(List<BadInputCases.Case> all) {
        // ---- advanced indexing
        c(
                all,
                "get float index array",
                IndexException.class,
                () -> f32(3, 4).get(Nd.array(new double[] {0, 1})),
                "get",
                "integer (or boolean)",
                "float64");
        c(
                all,
                "set float index array",
                IndexException.class,
                () -> f32(3, 4).set(Nd.array(new float[] {0}), 1),
                "set",
                "integer (or boolean)",
                "float32");
        c(
                all,
                "get index list out of range",
                IndexException.class,
                () -> f32(3, 4).get("[0, 3]"),
                "get",
                "index 3",
                "axis 0",
                "size 3");
        c(
                all,
                "get index column out of range",
                IndexException.class,
                () -> f32(3, 4).get(":, [-5]"),
                "index -5",
                "axis 1",
                "size 4");
        c(
                all,
                "set index array out of range",
                IndexException.class,
                () -> f32(3, 4).set(ints(0, 9), 1),
                "set",
                "index 9",
                "size 3");
        c(
                all,
                "get index arrays do not broadcast",
                IndexException.class,
                () -> f32(3, 4).get(ints(0, 1), ints(0, 1, 2)),
                "shape mismatch",
                "(2,)",
                "(3,)");
        c(
                all,
                "get too many index lists",
                IndexException.class,
                () -> f32(3, 4).get("[0], [0], [0]"),
                "too many indices",
                "2-dimensional",
                "3");
        c(
                all,
                "get index of a 0-d array",
                IndexException.class,
                () -> Nd.array(new double[] {1}).reshape().get("[0]"),
                "too many indices",
                "0-dimensional");
        c(all, "get ragged index list", IndexException.class, () -> f32(3, 4).get("[[0, 1], [2]]"), "rectangular");
        c(all, "get float in index list", IndexException.class, () -> f32(3, 4).get("[0.5]"), "0.5", "integer");
        c(
                all,
                "get bool mask of wrong length",
                IndexException.class,
                () -> f32(3, 4).get("[True, False]"),
                "boolean index",
                "axis 0",
                "3",
                "2");
        c(
                all,
                "set value of wrong shape",
                ShapeException.class,
                () -> f32(3, 4).set("[0, 1]", f32(3)),
                "set",
                "(3,)",
                "(2, 4)");
        c(all, "set no index arrays", IndexException.class, () -> f32(3).set(new NDArray[0], 1), "set", "at least one");
        c(
                all,
                "take index 5 of axis 1",
                IndexException.class,
                () -> f32(3, 4).take(new long[] {5}, 1),
                "take",
                "index 5",
                "axis 1",
                "size 4");
        // ---- counting and binning
        c(
                all,
                "bincount of floats",
                DTypeException.class,
                () -> Nd.bincount(f32(3)),
                "bincount",
                "integers",
                "float32");
        c(
                all,
                "bincount negative value",
                NdException.class,
                () -> Nd.bincount(ints(1, -2)),
                "bincount",
                "negative",
                "-2");
        c(
                all,
                "bincount 2-d",
                ShapeException.class,
                () -> Nd.bincount(ints(1, 2, 3, 4).reshape(2, 2)),
                "bincount",
                "1-dimensional",
                "(2, 2)");
        c(
                all,
                "bincount weights length",
                ShapeException.class,
                () -> Nd.bincount(ints(1, 2), f32(3)),
                "bincount",
                "weights",
                "(3,)",
                "(2,)");
        c(
                all,
                "bincount negative minlength",
                NdException.class,
                () -> Nd.bincount(ints(1), null, -1),
                "bincount",
                "minlength",
                "-1");
        c(all, "histogram zero bins", NdException.class, () -> Nd.histogram(f32(3), 0), "histogram", "positive", "0");
        c(
                all,
                "histogram reversed range",
                NdException.class,
                () -> Nd.histogram(f32(3), 2, new double[] {3, 1}),
                "histogram",
                "max must be larger than min");
        c(
                all,
                "histogram NaN data",
                NdException.class,
                () -> Nd.histogram(Nd.array(new double[] {1, Double.NaN}), 2),
                "histogram",
                "not finite",
                "NaN");
        c(
                all,
                "histogram decreasing edges",
                NdException.class,
                () -> Nd.histogram(f32(3), Nd.array(new double[] {0, 2, 1})),
                "histogram",
                "monotonically");
        c(
                all,
                "histogram complex",
                DTypeException.class,
                () -> Nd.histogram(f32(3).astype(DType.COMPLEX64), 2),
                "histogram",
                "complex64");
        c(
                all,
                "histogram2d lengths differ",
                ShapeException.class,
                () -> Nd.histogram2d(f32(3), f32(4), 2),
                "histogram2d",
                "(3,)",
                "(4,)");
        c(
                all,
                "digitize unsorted bins",
                NdException.class,
                () -> Nd.digitize(f32(3), Nd.array(new double[] {0, 2, 1})),
                "digitize",
                "monotonically");
        c(
                all,
                "digitize 2-d bins",
                ShapeException.class,
                () -> Nd.digitize(f32(3), f32(2, 2)),
                "digitize",
                "1-d",
                "(2, 2)");
        // ---- padding, interpolation, convolution
        c(all, "pad negative width", NdException.class, () -> Nd.pad(f32(3), -1), "pad", "negative");
        c(all, "pad unknown mode", NdException.class, () -> Nd.pad(f32(3), 1, "average"), "pad", "average", "constant");
        c(
                all,
                "pad too many width pairs",
                NdException.class,
                () -> Nd.pad(f32(3), new long[][] {{1, 1}, {1, 1}}, "edge"),
                "pad",
                "2");
        c(all, "pad empty axis by edge", NdException.class, () -> Nd.pad(f32(0), 1, "edge"), "pad", "empty axis 0");
        c(
                all,
                "interp lengths differ",
                ShapeException.class,
                () -> Nd.interp(f32(2), f32(3), f32(4)),
                "interp",
                "3",
                "4");
        c(all, "interp no points", NdException.class, () -> Nd.interp(f32(2), f32(0), f32(0)), "interp", "empty");
        c(
                all,
                "convolve empty",
                ShapeException.class,
                () -> Nd.convolve(f32(3), f32(0)),
                "convolve",
                "v cannot be empty");
        c(all, "convolve 2-d", ShapeException.class, () -> Nd.convolve(f32(2, 2), f32(2)), "convolve", "(2, 2)");
        c(
                all,
                "correlate bad mode",
                NdException.class,
                () -> Nd.correlate(f32(3), f32(2), "middle"),
                "correlate",
                "middle",
                "valid");
        // ---- statistics and the rest
        c(
                all,
                "average weights summing to zero",
                NdException.class,
                () -> Nd.average(f32(2, 2), 0, Nd.zeros(2)),
                "average",
                "sum to zero");
        c(
                all,
                "average weights of another length",
                ShapeException.class,
                () -> Nd.average(f32(2, 3), 1, Nd.ones(2)),
                "average",
                "2",
                "3");
        c(
                all,
                "nanargmax all NaN",
                NdException.class,
                () -> Nd.nanargmax(Nd.array(new double[] {Double.NaN})),
                "nanargmax",
                "All-NaN");
        c(
                all,
                "partition kth out of range",
                NdException.class,
                () -> Nd.partition(f32(3), 3),
                "partition",
                "kth(=3)",
                "(3)");
        c(all, "cross of 4-vectors", ShapeException.class, () -> Nd.cross(f32(4), f32(4)), "cross", "2 or 3", "4");
        c(
                all,
                "cross of scalars",
                AxisException.class,
                () -> Nd.cross(Nd.array(new double[] {1}).reshape(), f32(3)),
                "cross",
                "0-dimensional");
        c(
                all,
                "polyfit negative degree",
                NdException.class,
                () -> Nd.polyfit(f32(3), f32(3), -1),
                "polyfit",
                "deg",
                "-1");
        c(
                all,
                "polyfit lengths differ",
                ShapeException.class,
                () -> Nd.polyfit(f32(3), f32(4), 1),
                "polyfit",
                "3",
                "4");
    }
}
