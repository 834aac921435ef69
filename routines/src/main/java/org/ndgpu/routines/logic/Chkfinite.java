package org.ndgpu.routines.logic;

import java.util.Objects;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;

/** numpy.asarray_chkfinite: the array itself, once a device reduction has found no inf or NaN in it. */
public final class Chkfinite {
    private Chkfinite() {}

    /** numpy.asarray_chkfinite(a): a, or an NdException when it holds an inf or a NaN. */
    public static NDArray asarrayChkfinite(NDArray a) {
        Objects.requireNonNull(a, "asarray_chkfinite: a is null; expected an NDArray");
        a.live("asarray_chkfinite");
        if (!a.dtype().isInexact() || a.size() == 0) return a;
        try (NDArray finite = Providers.ufuncs(a).call(Ufunc.ISFINITE, null, a);
                NDArray all = Providers.reductions(finite).reduce(Reduction.ALL, finite, null, false, null, 0)) {
            if (!Boolean.TRUE.equals(all.item())) {
                throw new NdException("asarray_chkfinite: array must not contain infs or NaNs");
            }
        }
        return a;
    }
}
