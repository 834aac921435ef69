package org.ndgpu.reliability;

import java.util.Arrays;
import java.util.List;
import org.ndgpu.Nd;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * One hostile call and the rule that judges it. A case runs on the current device and either
 * passes (returns), or throws AssertionError describing what was wrong: a silent wrong result,
 * an exception of the wrong kind, a message that names nothing. Crashes are judged by the parent
 * JVM ({@link HostileSuiteTest}), which runs every case in a child JVM.
 */
record Hostile(String name, Check check) {
    /** The body of a case. */
    interface Check {
        void run() throws Exception;
    }

    @Override
    public String toString() {
        return name;
    }

    /** A case that must raise exactly {@code type} (or a subclass of it) with every fragment in its message. */
    static Hostile raises(String name, Class<? extends RuntimeException> type, Check action, String... fragments) {
        return new Hostile(name, () -> {
            try {
                action.run();
            } catch (RuntimeException e) {
                if (!type.isInstance(e)) throw new AssertionError("expected " + type.getSimpleName() + ", got " + e, e);
                String msg = String.valueOf(e.getMessage());
                for (String f : fragments) {
                    if (!msg.contains(f)) throw new AssertionError("message lacks '" + f + "': " + msg, e);
                }
                return;
            }
            throw new AssertionError("expected " + type.getSimpleName() + ", nothing was thrown");
        });
    }

    /** A case whose result must be NumPy's: {@code expected} against the array the action returns, as float64. */
    static Hostile numpy(String name, double[] expected, ResultAction action) {
        return new Hostile(name, () -> {
            try (NDArray got = action.run()) {
                double[] g = got.astype(DType.FLOAT64).toDoubleArray();
                if (!Arrays.equals(expected, g)) {
                    throw new AssertionError(
                            "silently wrong: NumPy gives " + Arrays.toString(expected) + ", got " + Arrays.toString(g));
                }
            }
        });
    }

    /** An action returning an array. */
    interface ResultAction {
        NDArray run() throws Exception;
    }

    /**
     * The sweep's rule: a call with one hostile argument may return, or throw an NdException, or a
     * NullPointerException that says which argument was null (an explicit message, not the JVM's
     * "Cannot invoke ..." about ndgpu's insides). Anything else is a defect.
     */
    static void judgeSweep(Throwable t) {
        if (t == null || t instanceof NdException) return;
        if (t instanceof NullPointerException npe) {
            String m = npe.getMessage();
            if (m != null && !m.isBlank() && !m.startsWith("Cannot ") && !m.equals("null")) return;
            throw new AssertionError("a NullPointerException that names no parameter: " + npe, npe);
        }
        throw new AssertionError(
                "threw " + t.getClass().getName() + " (expected an NdException or a NullPointerException naming "
                        + "the parameter): " + t.getMessage(),
                t);
    }

    /** The canary: made before the first case, checked after each; a failed call must never touch it. */
    static final class Canary {
        private final NDArray values =
                Nd.arange(0.0, 64.0, 1.0).astype(DType.FLOAT32).reshape(8, 8);

        void check(String after) {
            if (values.isClosed()) throw new AssertionError("the canary was closed by " + after);
            float[] v = values.toFloatArray();
            for (int i = 0; i < v.length; i++) {
                if (v[i] != i) throw new AssertionError("the canary changed at " + i + " after " + after + ": " + v[i]);
            }
            try (NDArray s = values.sum()) {
                if (s.doubleValue() != 2016.0)
                    throw new AssertionError("the device no longer sums right after " + after);
            }
        }
    }

    static List<Hostile> all() {
        var all = new java.util.ArrayList<>(HostileCases.all());
        all.addAll(HostileSweep.cases());
        all.addAll(HostileSweep.settings());
        all.addAll(HostileSweep.pairs());
        return all;
    }
}
