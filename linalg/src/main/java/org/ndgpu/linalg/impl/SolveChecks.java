package org.ndgpu.linalg.impl;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;

/**
 * The checks SciPy's factor-and-solve routines make of their input (check_finite, a zero on a
 * triangle's diagonal), queued on the device as they are added and read together by
 * {@link #require}: the solve is queued in between, so a call waits on the device once and reads
 * one number, whatever the count of checks. The first check that fails, in the order added, raises.
 *
 * <pre>{@code
 * try (SolveChecks c = new SolveChecks("solve_triangular")) {
 *     c.finite(a); c.finite(b);
 *     ... queue the solve ...
 *     c.require();
 * }
 * }</pre>
 */
final class SolveChecks implements AutoCloseable {
    private final String op;
    /** 0-d bool flags on the device, and whether each fails when true (else when false). */
    private final List<NDArray> flags = new ArrayList<>();

    private final List<Boolean> failWhenTrue = new ArrayList<>();
    private final List<Supplier<RuntimeException>> failures = new ArrayList<>();

    SolveChecks(String op) {
        this.op = op;
    }

    /** SciPy's check_finite of x: NaN or inf raises. Integer and empty arrays pass without a check. */
    void finite(NDArray x) {
        if (!x.dtype().isInexact() || x.size() == 0) return;
        try (NDArray f = x.isfinite()) {
            add(
                    f.all(),
                    false,
                    () -> new NdException(op + ": array must not contain infs or NaNs (expected finite entries)"));
        }
    }

    /** A zero entry of x raises {@code failure}'s exception (made only then, so it may read x). */
    void noZero(NDArray x, Supplier<RuntimeException> failure) {
        try (NDArray z = x.eq(0)) {
            add(z.any(), true, failure);
        }
    }

    private void add(NDArray flag, boolean whenTrue, Supplier<RuntimeException> failure) {
        flags.add(flag);
        failWhenTrue.add(whenTrue);
        failures.add(failure);
    }

    /** Reads every flag at once (one wait for the work queued so far) and raises the first failure. */
    void require() {
        int k = flags.size();
        if (k == 0) return;
        long bits;
        if (k == 1)
            bits = ((Boolean) flags.get(0).item()).booleanValue()
                            == failWhenTrue.get(0).booleanValue()
                    ? 1
                    : 0;
        else {
            // the flags packed into one int32 bit mask on the device: one read
            List<Param> params = new ArrayList<>();
            StringBuilder body = new StringBuilder("y = 0");
            StringBuilder tag = new StringBuilder();
            Object[] args = new Object[k + 1];
            for (int i = 0; i < k; i++) {
                params.add(new Param("f" + i, DType.BOOL, Kind.IN));
                boolean t = failWhenTrue.get(i);
                body.append(" | (f").append(i).append(t ? " ? " : " ? 0 : ").append(1 << i);
                body.append(t ? " : 0)" : ")");
                tag.append(t ? 't' : 'f');
                args[i] = flags.get(i);
            }
            params.add(new Param("y", DType.INT32, Kind.OUT));
            try (NDArray y = NDArray.empty(flags.get(0).device(), DType.INT32, new long[0], Order.C)) {
                args[k] = y;
                ElementwiseLoop.run(new Spec("nd_solve_checks_" + tag, params, body + ";"), args, new long[0]);
                bits = ((Number) y.item()).longValue();
            }
        }
        for (int i = 0; i < k; i++)
            if ((bits & (1L << i)) != 0) throw failures.get(i).get();
    }

    @Override
    public void close() {
        for (NDArray f : flags) f.close();
        flags.clear();
    }
}
