package org.ndgpu.routines.sets;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.routines.manipulation.Joining;
import org.ndgpu.routines.sorting.Sorting;

/**
 * numpy.isin, setdiff1d, intersect1d, union1d and setxor1d, through the device sort.
 *
 * <p>isin (and setdiff1d, which keeps what isin rejects) makes the test values unique (sorted), then
 * does one binary search per element (searchsorted) and compares with what it finds, in the dtype of
 * {@link #comparisonType}: exact for every pair of integer dtypes, as NumPy 2's integer comparisons
 * (a uint64 above Long.MAX_VALUE never equals a negative int64, nor 2^53 + 1 equals 2^53). NaN is
 * never "in" anything (it equals nothing), as NumPy.
 *
 * <p>intersect1d, union1d and setxor1d follow NumPy's algorithms step for step (unique each input,
 * concatenate, sort, compare neighbours): their result is in the promoted dtype, as NumPy's, so a
 * uint64 with an int64 answers in float64 with NumPy's float64 comparisons.
 */
public final class SetOperations {
    private SetOperations() {}

    /**
     * The dtype in which isin compares elements of dtype {@code element} with test values of dtype {@code test}:
     * NumPy's common dtype where it holds both exactly, else (a signed integer with uint64, whose common dtype is
     * float64) the element's own integer dtype: test values it cannot hold equal no element and are dropped
     * first ({@link #testValuesIn}).
     */
    static DType comparisonType(DType element, DType test) {
        DType t = DType.promote(element, test);
        return element.isInteger() && test.isInteger() && !t.isInteger() ? element : t;
    }

    /**
     * The test values that can equal a value of integer dtype {@code t}, as {@code t}: all of them when they cast safely,
     * else those within t's range (a negative one never equals an unsigned t, nor one above t's maximum a signed t).
     */
    private static NDArray testValuesIn(NDArray test, DType t, List<NDArray> temps) {
        DType d = test.dtype();
        if (!t.isInteger() || !d.isInteger() || DType.canCastSafely(d, t)) return test.astype(t);
        // comparisonType leaves only a signed t with uint64 values, or uint64 with signed values; the ufunc
        // comparisons with these bounds are exact for every integer dtype
        NDArray keep = track(temps, t.isSigned() ? test.le(signedMax(t)) : test.ge(0));
        NDArray inRange = track(temps, test.get(keep));
        return inRange.astype(t);
    }

    private static long signedMax(DType t) {
        return switch (t) {
            case INT8 -> Byte.MAX_VALUE;
            case INT16 -> Short.MAX_VALUE;
            case INT32 -> Integer.MAX_VALUE;
            default -> Long.MAX_VALUE;
        };
    }

    /** numpy.isin(element, test, invert): a bool array of element's shape. */
    public static NDArray isin(String op, NDArray element, NDArray test, boolean invert) {
        element.live(op);
        test.live(op);
        Operands.device(op, element, test);
        DType t = comparisonType(element.dtype(), test.dtype());
        List<NDArray> temps = new ArrayList<>();
        try (var _ = element.device().use()) {
            NDArray e = track(temps, element.astype(t));
            NDArray u = track(temps, UniqueValues.unique(op, track(temps, testValuesIn(test, t, temps))));
            if (u.size() == 0)
                return invert
                        ? Creation.ones(DType.BOOL, element.shape())
                        : Creation.zeros(DType.BOOL, element.shape());
            NDArray pos = track(temps, Sorting.searchsorted(op, u, e, "left"));
            NDArray found = track(temps, u.take(track(temps, pos.clip(0, u.size() - 1))));
            return invert ? found.ne(e) : found.eq(e);
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.setdiff1d(a, b): the sorted unique values of a that are not in b, in a's dtype. */
    public static NDArray setdiff1d(String op, NDArray a, NDArray b) {
        a.live(op);
        Operands.device(op, a, b);
        try (NDArray u = UniqueValues.unique(op, a);
                NDArray keep = isin(op, u, b, true)) {
            return u.get(keep);
        }
    }

    /**
     * numpy.intersect1d(a, b): the sorted values in both, in the promoted dtype. As NumPy: the unique values of each,
     * concatenated and sorted, and each value equal to its right neighbour.
     */
    public static NDArray intersect1d(String op, NDArray a, NDArray b) {
        List<NDArray> temps = new ArrayList<>();
        try (var _ = a.device().use()) {
            NDArray aux = sortedUniques(op, a, b, temps);
            NDArray left = track(temps, aux.get(":-1")), right = track(temps, aux.get("1:"));
            return left.get(track(temps, left.eq(right)));
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    /** numpy.union1d(a, b): the sorted unique values of either, in the promoted dtype. */
    public static NDArray union1d(String op, NDArray a, NDArray b) {
        a.live(op);
        b.live(op);
        Operands.device(op, a, b);
        try (NDArray fa = a.ravel();
                NDArray fb = b.ravel();
                NDArray both = Joining.concatenate(op, List.of(fa, fb), 0)) {
            return UniqueValues.unique(op, both);
        }
    }

    /**
     * numpy.setxor1d(a, b): the sorted values in exactly one of a and b, in the promoted dtype. As NumPy: the unique
     * values of each, concatenated and sorted, and each value unequal to both neighbours.
     */
    public static NDArray setxor1d(String op, NDArray a, NDArray b) {
        List<NDArray> temps = new ArrayList<>();
        try (var _ = a.device().use()) {
            NDArray aux = sortedUniques(op, a, b, temps);
            if (aux.size() == 0) return aux.copy();
            NDArray left = track(temps, aux.get(":-1")), right = track(temps, aux.get("1:"));
            NDArray differs = track(temps, left.ne(right)), edge = track(temps, Creation.ones(DType.BOOL, 1));
            NDArray fromLeft =
                    track(temps, Joining.concatenate(op, List.of(edge, differs), 0)); // unequal to the value before
            NDArray toRight =
                    track(temps, Joining.concatenate(op, List.of(differs, edge), 0)); // unequal to the value after
            return aux.get(track(temps, fromLeft.logicalAnd(toRight)));
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    // NumPy's aux of intersect1d and setxor1d: concatenate((unique(a), unique(b))) sorted, in the promoted dtype
    private static NDArray sortedUniques(String op, NDArray a, NDArray b, List<NDArray> temps) {
        a.live(op);
        b.live(op);
        Operands.device(op, a, b);
        NDArray both = track(
                temps,
                Joining.concatenate(
                        op,
                        List.of(track(temps, UniqueValues.unique(op, a)), track(temps, UniqueValues.unique(op, b))),
                        0));
        return track(temps, Sorting.sort(op, both, 0, false));
    }

    private static NDArray track(List<NDArray> temps, NDArray x) {
        temps.add(x);
        return x;
    }
}
