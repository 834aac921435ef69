package org.ndgpu.elementwise;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Shapes;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Providers;

/**
 * NumPy's {@code where=} on a ufunc call, {@code np.add(a, b, out=o, where=mask)}: where the mask
 * (bool, broadcast to out's shape) is true out gets the ufunc's result, where it is false out keeps
 * its values. NumPy leaves those elements uninitialized when it allocates the result; ndgpu leaves
 * no array uninitialized, so where= needs out=. The ufunc runs into a temporary of out's dtype
 * (out='s casting and broadcasting rules, unchanged) and numpy.where merges it into out: two
 * elementwise launches and one temporary, no new kernel.
 */
final class UfuncWhere {
    private UfuncWhere() {}

    /** {@code op(*operands, out=out, where=where)}: out, with the masked-out elements as they were. */
    static NDArray call(Ufunc op, NDArray out, NDArray where, Object... operands) {
        String name = op.numpyName();
        if (out == null) {
            throw new NdException(name + ": where= needs out=: the elements where the mask is false keep out's"
                    + " values (NumPy leaves them uninitialized without out; ndgpu allocates none so)");
        }
        Objects.requireNonNull(operands, name + ": operands is null");
        out.live(name);
        Operands.checkWriteable(name, out);
        checkMask(name, where, out.shape(), "out");
        try (NDArray result = NDArray.empty(out.device(), out.dtype(), out.shape(), Order.C)) {
            Providers.ufuncs(operands).call(op, result, operands);
            return Providers.ufuncs(where, result, out).where(where, result, out, out);
        }
    }

    /** Checks that {@code where} is a live bool array that broadcasts to {@code shape} (the shape of {@code what}). */
    static void checkMask(String name, NDArray where, long[] shape, String what) {
        Objects.requireNonNull(where, name + ": where is null; expected a bool NDArray");
        where.live(name);
        if (!where.dtype().isBool()) {
            throw new DTypeException(
                    name + ": where must be a bool array (NumPy casts it with the 'safe' rule), got " + where.dtype());
        }
        long[] b = Shapes.broadcast(name, where.shape(), shape);
        if (!Arrays.equals(b, shape)) {
            throw new ShapeException(name + ": where of shape " + Shapes.str(where.shape())
                    + " does not broadcast to the " + what + " shape " + Shapes.str(shape));
        }
    }
}
