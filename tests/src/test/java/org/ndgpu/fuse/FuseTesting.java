package org.ndgpu.fuse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/** Inputs, expressions and comparisons shared by the fuse suites. */
final class FuseTesting {
    private FuseTesting() {}

    /** Seeded values of {@code dtype}: floats in [-3, 3), signed ints in [-20, 20], uint8 in [0, 40], random bools. */
    static NDArray random(DType dtype, long seed, long... shape) {
        var r = new Random(seed);
        long n = 1;
        for (long d : shape) n *= d;
        double[] v = new double[(int) n];
        for (int i = 0; i < v.length; i++) {
            v[i] = switch (dtype) {
                case FLOAT16, FLOAT32, FLOAT64 -> r.nextDouble() * 6 - 3;
                case UINT8 -> r.nextInt(41);
                case BOOL -> r.nextInt(2);
                default -> r.nextInt(41) - 20;
            };
        }
        try (NDArray f = Nd.array(v)) {
            return f.astype(dtype).reshape(shape);
        }
    }

    /** Two shapes that broadcast together: a random base of 1 to 3 dims, the other with leading dims dropped and some set to 1. */
    static long[][] broadcastPair(Random r) {
        int nd = 1 + r.nextInt(3);
        long[] a = new long[nd];
        for (int d = 0; d < nd; d++) a[d] = 1 + r.nextInt(6);
        int drop = r.nextInt(nd);
        long[] b = Arrays.copyOfRange(a, drop, nd);
        for (int d = 0; d < b.length; d++) if (r.nextInt(3) == 0) b[d] = 1;
        return r.nextBoolean() ? new long[][] {a, b} : new long[][] {b, a};
    }

    static String str(long[] s) {
        return Arrays.toString(s).replace('[', '(').replace(']', ')');
    }

    /** Expressions run fused and unfused over random dtypes and broadcasts. */
    static final Map<String, Fuse.Fn2<NDArray>> EXPRESSIONS = new LinkedHashMap<>();

    static {
        EXPRESSIONS.put("arith", (x, y) -> x.mul(2).add(y).sub(x.mul(y)));
        EXPRESSIONS.put("sqdiff", (x, y) -> x.sub(y).mul(x.sub(y)));
        EXPRESSIONS.put("divpow", (x, y) -> x.div(y.abs().add(1)).pow(2));
        EXPRESSIONS.put("where", (x, y) -> Nd.where(x.gt(y), x, y.mul(3)));
        EXPRESSIONS.put("whereScalar", (x, y) -> Nd.where(x.le(y), 1.5, x));
        EXPRESSIONS.put("clip", (x, y) -> x.clip(-1, 2).add(y));
        EXPRESSIONS.put("minmax", (x, y) -> x.maximum(y).minimum(x.add(1)));
        EXPRESSIONS.put("unary", (x, y) -> x.abs().add(1).sqrt().add(y.neg().exp()));
        EXPRESSIONS.put("cast", (x, y) -> x.astype(DType.FLOAT32).add(y.astype(DType.INT32)));
        EXPRESSIONS.put("compare", (x, y) -> x.lt(y).logicalAnd(x.ge(0)).logicalOr(y.eq(1)));
        EXPRESSIONS.put("floorMod", (x, y) -> x.floorDiv(y.abs().add(1)).add(x.mod(3)));
        EXPRESSIONS.put("sumAxis", (x, y) -> x.mul(y).add(1).sum(0));
        EXPRESSIONS.put("maxKeep", (x, y) -> x.sub(y).max(new int[] {-1}, true));
        EXPRESSIONS.put("meanAll", (x, y) -> x.add(y).mean());
    }

    /** Same dtype and shape; integers and bools equal, floats within a few units of the dtype's precision, NaN where NaN. */
    static void assertClose(NDArray want, NDArray got, String what) {
        assertEquals(want.dtype(), got.dtype(), what + ": dtype");
        assertArrayEquals(want.shape(), got.shape(), what + ": shape");
        double[] w = want.toDoubleArray(), g = got.toDoubleArray();
        double tol = switch (want.dtype()) {
            case FLOAT16 -> 2e-3;
            case FLOAT32, COMPLEX64 -> 2e-6;
            case FLOAT64, COMPLEX128 -> 1e-13;
            default -> 0;
        };
        for (int i = 0; i < w.length; i++) {
            boolean ok = Double.isNaN(w[i])
                    ? Double.isNaN(g[i])
                    : Double.isInfinite(w[i])
                            ? w[i] == g[i]
                            : Math.abs(w[i] - g[i]) <= tol * Math.max(1, Math.abs(w[i]));
            if (!ok)
                fail(what + ": element " + i + " is " + g[i] + ", unfused " + w[i] + " (dtype " + want.dtype() + ")");
        }
    }
}
