package org.ndgpu.fuse;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import org.ndgpu.ndarray.NDArray;

/**
 * CuPy's {@code @cupy.fuse} for Java: a lambda written with NDArray's own methods, run as one
 * kernel. The lambda is traced once per argument dtypes and shapes (with symbolic arrays that
 * record what it does), the recorded expression becomes one generated kernel (cached; compiled once
 * per dtypes and loop layout), and the kernel runs with NumPy broadcasting. Because it is the same
 * lambda, it also runs unfused on ordinary arrays, with the same results and dtypes.
 *
 * <pre>{@code
 * var dist = Fuse.of((x, y) -> x.sub(y).mul(x.sub(y)).sum());      // one launch (two for the full sum's second pass)
 * NDArray d = dist.call(a, b);
 * var f = Fuse.of((a, b) -> a.mul(a).add(b.mul(b)).sqrt().mul(0.5).add(a));
 * f.call(a, b);  f.source(a, b);                                   // the generated kernel
 * var two = Fuse.of(x -> Fuse.Tuple.of(x.exp(), Nd.where(x.gt(0), x, 0)));   // two outputs, one kernel
 * }</pre>
 *
 * Inside the lambda: the ufunc methods (add, sub, mul, div, pow, sqrt, exp, abs, neg, maximum,
 * minimum, comparisons, ...), {@code clip}, {@code Nd.where}, {@code astype}, Java numbers as
 * operands, and the reductions sum, prod, mean, max, min, all and any (with axes and keepdims).
 * Reading elements on the host ({@code item()}, {@code toDoubleArray()}, a Java {@code if} on a
 * comparison) cannot be traced and throws {@link FuseException} naming the call.
 *
 * <p>The function types are {@link Serializable}, so a fused function travels (to a Spark executor,
 * say) with its lambda, and is traced and compiled there on its first call. What the lambda captures
 * must be serializable too (numbers, Java arrays, ndgpu's kernel objects); one that captures something
 * else cannot travel, and serializing it throws a NotSerializableException naming the fused function
 * and the captured class.
 */
public final class Fuse {
    private Fuse() {}

    /** A function of one array; R is NDArray, NDArray[] or {@link Tuple}. */
    @FunctionalInterface
    public interface Fn1<R> extends Serializable {
        R apply(NDArray x);
    }

    /** A function of two arrays. */
    @FunctionalInterface
    public interface Fn2<R> extends Serializable {
        R apply(NDArray x, NDArray y);
    }

    /** A function of three arrays. */
    @FunctionalInterface
    public interface Fn3<R> extends Serializable {
        R apply(NDArray x, NDArray y, NDArray z);
    }

    /** A function of four arrays. */
    @FunctionalInterface
    public interface Fn4<R> extends Serializable {
        R apply(NDArray a, NDArray b, NDArray c, NDArray d);
    }

    /** A function of five arrays. */
    @FunctionalInterface
    public interface Fn5<R> extends Serializable {
        R apply(NDArray a, NDArray b, NDArray c, NDArray d, NDArray e);
    }

    /** A function of six arrays. */
    @FunctionalInterface
    public interface Fn6<R> extends Serializable {
        R apply(NDArray a, NDArray b, NDArray c, NDArray d, NDArray e, NDArray f);
    }

    /** A function of any number of arrays. */
    @FunctionalInterface
    public interface FnN<R> extends Serializable {
        R apply(NDArray... xs);
    }

    /**
     * Several results of one fused function, computed by one kernel (per result shape).
     *
     * <pre>{@code
     * Fuse.of((x, y) -> Fuse.Tuple.of(x.add(y), x.sub(y))).call(a, b).get(1);
     * }</pre>
     */
    public record Tuple(List<NDArray> values) {
        public Tuple {
            java.util.Objects.requireNonNull(values, "Fuse.Tuple: values is null");
            for (NDArray v : values) java.util.Objects.requireNonNull(v, "Fuse.Tuple: values holds a null");
            values = List.copyOf(values);
        }

        public static Tuple of(NDArray... values) {
            return new Tuple(Arrays.asList(java.util.Objects.requireNonNull(values, "Fuse.Tuple.of: values is null")));
        }

        /** The i-th result; an index outside 0..size()-1 is an IndexException. */
        public NDArray get(int i) {
            if (i < 0 || i >= values.size()) {
                throw new org.ndgpu.exceptions.IndexException(
                        "Fuse.Tuple.get: index " + i + " is out of range for " + values.size() + " values");
            }
            return values.get(i);
        }

        public int size() {
            return values.size();
        }
    }

    public static <R> Fused<R> of(Fn1<R> f) {
        return new Fused<>("fused", 1, xs -> f.apply(xs[0]));
    }

    public static <R> Fused<R> of(Fn2<R> f) {
        return new Fused<>("fused", 2, xs -> f.apply(xs[0], xs[1]));
    }

    public static <R> Fused<R> of(Fn3<R> f) {
        return new Fused<>("fused", 3, xs -> f.apply(xs[0], xs[1], xs[2]));
    }

    public static <R> Fused<R> of(Fn4<R> f) {
        return new Fused<>("fused", 4, xs -> f.apply(xs[0], xs[1], xs[2], xs[3]));
    }

    public static <R> Fused<R> of(Fn5<R> f) {
        return new Fused<>("fused", 5, xs -> f.apply(xs[0], xs[1], xs[2], xs[3], xs[4]));
    }

    public static <R> Fused<R> of(Fn6<R> f) {
        return new Fused<>("fused", 6, xs -> f.apply(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5]));
    }

    /** A fused function of any number of arrays: {@code Fuse.varargs(xs -> xs[0].add(xs[1]).mul(xs[2]))}. */
    public static <R> Fused<R> varargs(FnN<R> f) {
        return new Fused<>("fused", -1, f);
    }
}
