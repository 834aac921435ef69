package org.ndgpu.ndarray;

import java.util.Objects;
import org.ndgpu.NdException;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Ufunc;

/** NumPy's universal functions called by name, as {@code Nd.ufunc("add", out, a, b)}. */
public final class UniversalFunctions {
    private UniversalFunctions() { }

    /** Applies the NumPy ufunc {@code name} to operands (NDArrays or numbers), into {@code out} if not null. */
    public static NDArray call(String name, NDArray out, Object... operands) {
        Objects.requireNonNull(name, "ufunc: name is null");
        Objects.requireNonNull(operands, "ufunc: operands is null");
        Ufunc op = Ufunc.of(name);
        if (op == null) throw new NdException(name + ": unknown ufunc; expected a NumPy ufunc name such as 'add' or 'sqrt'");
        return Providers.ufuncs(operands).call(op, out, operands);
    }
}
