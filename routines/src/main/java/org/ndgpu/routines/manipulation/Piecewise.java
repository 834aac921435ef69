package org.ndgpu.routines.manipulation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.indexing.Masking;

/**
 * numpy.piecewise(x, condlist, funclist): zeros of x's dtype, then for each condition in order
 * the elements where it holds set to its function of {@code x[cond]} (an array, or a number to
 * fill); one function more than conditions is the "otherwise" piece, where no condition holds.
 * Later conditions win where several hold, as NumPy's. Selection and assignment run on the device.
 */
public final class Piecewise {
    private Piecewise() {}

    /** numpy.piecewise: each function takes x[cond] and gives an NDArray (one value per element) or a Number. */
    public static NDArray piecewise(NDArray x, List<NDArray> condlist, List<Function<NDArray, Object>> funclist) {
        String op = "piecewise";
        x.live(op);
        Objects.requireNonNull(condlist, "piecewise: condlist is null");
        Objects.requireNonNull(funclist, "piecewise: funclist is null");
        int n = condlist.size(), n2 = funclist.size();
        if (n != n2 && n != n2 - 1) {
            throw new NdException(op + ": with " + n + " condition(s), either " + n + " or " + (n + 1)
                    + " functions are expected, got " + n2);
        }
        List<NDArray> temps = new ArrayList<>();
        try (var _ = x.device().use()) {
            List<NDArray> conds = new ArrayList<>();
            for (Object o : (List<?>) condlist) {
                if (!(Objects.requireNonNull(o, "piecewise: a condition is null") instanceof NDArray c)) {
                    throw new NdException(
                            op + ": condlist holds a " + o.getClass().getSimpleName() + "; expected NDArrays");
                }
                c.live(op);
                conds.add(c.dtype().isBool() ? c : t(temps, c.ne(0)));
            }
            if (n == n2 - 1) {
                NDArray none = t(temps, Creation.ones(DType.BOOL, x.shape()));
                for (NDArray c : conds) {
                    NDArray not = t(temps, c.logicalNot());
                    none = t(temps, none.logicalAnd(not));
                }
                conds.add(none);
            }
            NDArray y = Creation.zeros(x.dtype(), x.shape());
            try {
                for (int i = 0; i < conds.size(); i++) {
                    NDArray cond = conds.get(i);
                    // read as Object: a raw list may hold anything, which is an NdException, not a ClassCastException
                    Object fo = Objects.requireNonNull(
                            ((List<?>) funclist).get(i), "piecewise: function " + i + " is null");
                    if (!(fo instanceof Function<?, ?> g)) {
                        throw new NdException(op + ": funclist[" + i + "] is a "
                                + fo.getClass().getSimpleName() + "; expected a Function of x[cond]");
                    }
                    @SuppressWarnings("unchecked")
                    Function<NDArray, Object> f = (Function<NDArray, Object>) g;
                    try (NDArray vals = Masking.select(op, x, cond)) {
                        if (vals.size() == 0) continue;
                        Object v = Objects.requireNonNull(f.apply(vals), "piecewise: function " + i + " returned null");
                        Masking.assign(op, y, cond, v);
                        if (v instanceof NDArray a && a != vals) a.close();
                    }
                }
                return y;
            } catch (RuntimeException e) {
                y.close();
                throw e;
            }
        } finally {
            temps.forEach(NDArray::close);
        }
    }

    private static NDArray t(List<NDArray> temps, NDArray a) {
        temps.add(a);
        return a;
    }
}
