package org.ndgpu.routines;

import java.util.List;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;

/**
 * numpy.isin, setdiff1d, intersect1d, union1d, through the device sort: the test values made unique
 * (sorted), then one binary search per element (searchsorted) and a comparison with what it finds.
 * NaN is never "in" anything (it equals nothing), as NumPy.
 */
public final class SetOperations {
    private SetOperations() { }

    /** numpy.isin(element, test, invert): a bool array of element's shape. */
    public static NDArray isin(String op, NDArray element, NDArray test, boolean invert) {
        element.live(op);
        Operands.device(op, element, test);
        DType t = DType.promote(element.dtype(), test.dtype());
        try (var _ = element.device().use(); NDArray e = element.astype(t); NDArray tc = test.astype(t); NDArray u = Nd.unique(tc)) {
            if (u.size() == 0) return invert ? Nd.ones(DType.BOOL, element.shape()) : Nd.zeros(DType.BOOL, element.shape());
            try (NDArray pos = Nd.searchsorted(u, e); NDArray at = pos.clip(0, u.size() - 1); NDArray found = u.take(at)) {
                return invert ? found.ne(e) : found.eq(e);
            }
        }
    }

    /** numpy.setdiff1d(a, b): the sorted unique values of a that are not in b, in a's dtype. */
    public static NDArray setdiff1d(String op, NDArray a, NDArray b) {
        a.live(op);
        Operands.device(op, a, b);
        try (NDArray u = Nd.unique(a); NDArray keep = isin(op, u, b, true)) {
            return u.get(keep);
        }
    }

    /** numpy.intersect1d(a, b): the sorted unique values in both, in the promoted dtype. */
    public static NDArray intersect1d(String op, NDArray a, NDArray b) {
        a.live(op);
        Operands.device(op, a, b);
        DType t = DType.promote(a.dtype(), b.dtype());
        try (NDArray ac = a.astype(t); NDArray u = Nd.unique(ac); NDArray keep = isin(op, u, b, false)) {
            return u.get(keep);
        }
    }

    /** numpy.union1d(a, b): the sorted unique values of either, in the promoted dtype. */
    public static NDArray union1d(String op, NDArray a, NDArray b) {
        a.live(op);
        Operands.device(op, a, b);
        try (NDArray fa = a.ravel(); NDArray fb = b.ravel(); NDArray both = Nd.concatenate(List.of(fa, fb), 0)) {
            return Nd.unique(both);
        }
    }
}
