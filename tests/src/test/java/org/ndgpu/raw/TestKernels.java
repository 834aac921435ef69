package org.ndgpu.raw;

import com.aparapi.Kernel.Local;

/** Java kernels shared by the conformance and golden tests. */
final class TestKernels {
    private TestKernels() {}

    /** y = a * x + y. */
    static final class Saxpy extends JavaKernel {
        float[] x;
        float[] y;
        float a;
        int n;

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) y[i] = a * x[i] + y[i];
        }
    }

    /** out[r, c] = r * 1000 + c + bias over a 2-D range; dimension 0 is the column. */
    static final class Grid2D extends JavaKernel {
        double[] out;
        double bias;

        @Override
        public void run() {
            int c = getGlobalId(0);
            int r = getGlobalId(1);
            out[r * getGlobalSize(0) + c] = r * 1000 + c + bias;
        }
    }

    /** Per-group sums through a @Local tile and barriers (tree reduction). */
    static final class GroupSum extends JavaKernel {
        float[] x;
        float[] sums;

        @Local
        float[] tile = new float[64];

        @Override
        public void run() {
            int l = getLocalId();
            tile[l] = x[getGlobalId()];
            localBarrier();
            for (int s = getLocalSize() / 2; s > 0; s /= 2) {
                if (l < s) tile[l] += tile[l + s];
                localBarrier();
            }
            if (l == 0) sums[getGroupId()] = tile[0];
        }
    }

    /** A histogram with atomicAdd on a global int array. */
    static final class Histogram extends JavaKernel {
        int[] values;
        int[] bins;
        int nbins;

        @Override
        public void run() {
            int v = values[getGlobalId()];
            atomicAdd(bins, v % nbins, 1);
        }
    }

    /** Uses x.length and a helper method and Kernel math. */
    static final class Helpers extends JavaKernel {
        float[] x;
        float[] y;

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < x.length) y[i] = norm(x[i], 2f);
        }

        float norm(float u, float v) {
            return sqrt(u * u + v * v);
        }
    }

    /** String concatenation: Aparapi cannot translate it. */
    static final class Untranslatable extends JavaKernel {
        float[] x;

        @Override
        public void run() {
            int i = getGlobalId();
            String s = "item " + i;
            x[i] = s.length();
        }
    }

    /** sqrt(x^2 + y^2) as a ufunc. */
    static final class Hypot extends JavaUfunc.F2 {
        @Override
        public float apply(float x, float y) {
            return sqrt(x * x + y * y);
        }
    }

    /** A double ufunc with a helper. */
    static final class Poly extends JavaUfunc.D1 {
        @Override
        public double apply(double x) {
            return sq(x) * 3.0 - x + 0.5;
        }

        double sq(double v) {
            return v * v;
        }
    }

    /** Reads a field: not allowed in a vectorized function. */
    static final class Scaled extends JavaUfunc.F1 {
        float factor = 3f;

        @Override
        public float apply(float x) {
            return x * factor;
        }
    }
}
