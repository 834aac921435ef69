package org.ndgpu.raw;

import com.aparapi.Kernel;
import org.ndgpu.ndarray.DType;

/**
 * A scalar function written in Java, to be made an elementwise ufunc by {@link Vectorize} (as
 * Numba's {@code @vectorize}). Extend the nested class of the signature and write {@code apply};
 * it may use its parameters, local variables, the Kernel's math methods and other methods of the
 * class, and no fields.
 *
 * <pre>{@code
 * class Hypot extends JavaUfunc.F2 {
 *     @Override public float apply(float x, float y) { return sqrt(x * x + y * y); }
 * }
 * NDArray r = Vectorize.of(new Hypot()).call(x, y);   // broadcasting, on x's device
 * }</pre>
 *
 * <p>Each base class's {@code run()} calls {@code apply} once so that Aparapi translates it; the
 * translated {@code apply} then becomes the body of an {@link org.ndgpu.codegen.ElementwiseLoop}.
 */
public abstract class JavaUfunc extends Kernel {
    JavaUfunc() {}

    /** The dtypes of apply's parameters. */
    abstract DType[] inputs();

    /** The dtype apply returns. */
    abstract DType output();

    /** Aparapi's launcher is never used; see {@link JavaKernel}. */
    @Override
    public final synchronized Kernel execute(com.aparapi.Range range) {
        throw new UnsupportedOperationException("JavaUfunc: use Vectorize.of(f).call(arrays...)");
    }

    /** {@code float apply(float x)}. */
    public abstract static class F1 extends JavaUfunc {
        /** For subclasses, which implement apply. */
        protected F1() {}

        float[] ndIn0, ndOut;
        /** The scalar function, applied to each element (or each broadcast tuple of elements). */
        public abstract float apply(float x);

        @Override
        public final void run() {
            ndOut[0] = apply(ndIn0[0]);
        }

        @Override
        final DType[] inputs() {
            return new DType[] {DType.FLOAT32};
        }

        @Override
        final DType output() {
            return DType.FLOAT32;
        }
    }

    /** {@code float apply(float x, float y)}. */
    public abstract static class F2 extends JavaUfunc {
        /** For subclasses, which implement apply. */
        protected F2() {}

        float[] ndIn0, ndIn1, ndOut;
        /** The scalar function, applied to each element (or each broadcast tuple of elements). */
        public abstract float apply(float x, float y);

        @Override
        public final void run() {
            ndOut[0] = apply(ndIn0[0], ndIn1[0]);
        }

        @Override
        final DType[] inputs() {
            return new DType[] {DType.FLOAT32, DType.FLOAT32};
        }

        @Override
        final DType output() {
            return DType.FLOAT32;
        }
    }

    /** {@code float apply(float x, float y, float z)}. */
    public abstract static class F3 extends JavaUfunc {
        /** For subclasses, which implement apply. */
        protected F3() {}

        float[] ndIn0, ndIn1, ndIn2, ndOut;
        /** The scalar function, applied to each element (or each broadcast tuple of elements). */
        public abstract float apply(float x, float y, float z);

        @Override
        public final void run() {
            ndOut[0] = apply(ndIn0[0], ndIn1[0], ndIn2[0]);
        }

        @Override
        final DType[] inputs() {
            return new DType[] {DType.FLOAT32, DType.FLOAT32, DType.FLOAT32};
        }

        @Override
        final DType output() {
            return DType.FLOAT32;
        }
    }

    /** {@code double apply(double x)}. */
    public abstract static class D1 extends JavaUfunc {
        /** For subclasses, which implement apply. */
        protected D1() {}

        double[] ndIn0, ndOut;
        /** The scalar function, applied to each element (or each broadcast tuple of elements). */
        public abstract double apply(double x);

        @Override
        public final void run() {
            ndOut[0] = apply(ndIn0[0]);
        }

        @Override
        final DType[] inputs() {
            return new DType[] {DType.FLOAT64};
        }

        @Override
        final DType output() {
            return DType.FLOAT64;
        }
    }

    /** {@code double apply(double x, double y)}. */
    public abstract static class D2 extends JavaUfunc {
        /** For subclasses, which implement apply. */
        protected D2() {}

        double[] ndIn0, ndIn1, ndOut;
        /** The scalar function, applied to each element (or each broadcast tuple of elements). */
        public abstract double apply(double x, double y);

        @Override
        public final void run() {
            ndOut[0] = apply(ndIn0[0], ndIn1[0]);
        }

        @Override
        final DType[] inputs() {
            return new DType[] {DType.FLOAT64, DType.FLOAT64};
        }

        @Override
        final DType output() {
            return DType.FLOAT64;
        }
    }

    /** {@code double apply(double x, double y, double z)}. */
    public abstract static class D3 extends JavaUfunc {
        /** For subclasses, which implement apply. */
        protected D3() {}

        double[] ndIn0, ndIn1, ndIn2, ndOut;
        /** The scalar function, applied to each element (or each broadcast tuple of elements). */
        public abstract double apply(double x, double y, double z);

        @Override
        public final void run() {
            ndOut[0] = apply(ndIn0[0], ndIn1[0], ndIn2[0]);
        }

        @Override
        final DType[] inputs() {
            return new DType[] {DType.FLOAT64, DType.FLOAT64, DType.FLOAT64};
        }

        @Override
        final DType output() {
            return DType.FLOAT64;
        }
    }

    /** {@code int apply(int x)}. */
    public abstract static class I1 extends JavaUfunc {
        /** For subclasses, which implement apply. */
        protected I1() {}

        int[] ndIn0, ndOut;
        /** The scalar function, applied to each element (or each broadcast tuple of elements). */
        public abstract int apply(int x);

        @Override
        public final void run() {
            ndOut[0] = apply(ndIn0[0]);
        }

        @Override
        final DType[] inputs() {
            return new DType[] {DType.INT32};
        }

        @Override
        final DType output() {
            return DType.INT32;
        }
    }

    /** {@code int apply(int x, int y)}. */
    public abstract static class I2 extends JavaUfunc {
        /** For subclasses, which implement apply. */
        protected I2() {}

        int[] ndIn0, ndIn1, ndOut;
        /** The scalar function, applied to each element (or each broadcast tuple of elements). */
        public abstract int apply(int x, int y);

        @Override
        public final void run() {
            ndOut[0] = apply(ndIn0[0], ndIn1[0]);
        }

        @Override
        final DType[] inputs() {
            return new DType[] {DType.INT32, DType.INT32};
        }

        @Override
        final DType output() {
            return DType.INT32;
        }
    }
}
