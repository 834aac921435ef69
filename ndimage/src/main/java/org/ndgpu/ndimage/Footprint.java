package org.ndgpu.ndimage;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A filter's footprint on the host, as scipy.ndimage's non-separable filters see it: a boolean
 * window of the input's ndim (read from the device: it is small), optional structure values
 * (float64, grey morphology), and the origins. {@link #taps()} lists the true positions in C order,
 * SciPy's order, as per-axis offsets from the output element: {@code j - (len / 2 + origin)}.
 */
record Footprint(long[] shape, boolean[] on, double[] structure, int[] origins) {

    /** The true positions, {@code count() * ndim} offsets, in C order; at least one row (of zeros) for the kernel tables. */
    long[] taps() {
        int nd = shape.length;
        long[] t = new long[Math.max(1, count()) * nd];
        long[] j = new long[nd];
        int row = 0;
        for (boolean b : on) {
            if (b) {
                for (int d = 0; d < nd; d++) t[row * nd + d] = j[d] - (shape[d] / 2 + origins[d]);
                row++;
            }
            for (int d = nd - 1; d >= 0; d--) {
                if (++j[d] < shape[d]) break;
                j[d] = 0;
            }
        }
        return t;
    }

    /** The structure values at the true positions, in the order of {@link #taps()} (one 0 when there are none). */
    double[] structureTaps() {
        double[] s = new double[Math.max(1, count())];
        int row = 0;
        for (int k = 0; k < on.length; k++) if (on[k]) s[row++] = structure == null ? 0 : structure[k];
        return s;
    }

    int count() {
        int n = 0;
        for (boolean b : on) if (b) n++;
        return n;
    }

    boolean all() {
        for (boolean b : on) if (!b) return false;
        return true;
    }

    /**
     * This footprint mirrored on every axis, with the origins moved as SciPy moves them for a
     * dilation ({@code -origin}, one less along an even axis).
     */
    Footprint reflected() {
        int n = on.length;
        boolean[] o = new boolean[n];
        double[] s = structure == null ? null : new double[n];
        for (int k = 0; k < n; k++) { // reversing C order flips every axis
            o[n - 1 - k] = on[k];
            if (s != null) s[n - 1 - k] = structure[k];
        }
        int[] org = new int[origins.length];
        for (int d = 0; d < org.length; d++) org[d] = -origins[d] - (shape[d] % 2 == 0 ? 1 : 0);
        return new Footprint(shape, o, s, org);
    }

    // ---------------------------------------------------------------- making one

    /** A box of {@code size} along each of nd axes. */
    static Footprint box(String op, int nd, int size, int origin) {
        checkSize(op, size, nd);
        long[] shape = new long[nd];
        Arrays.fill(shape, size);
        int n = 1;
        for (int d = 0; d < nd; d++) n *= size;
        boolean[] on = new boolean[n];
        Arrays.fill(on, true);
        int[] o = new int[nd];
        Arrays.fill(o, origin);
        return checked(op, new Footprint(shape, on, null, o));
    }

    /**
     * The footprint and structure arrays (either may be null, not both; of the input's ndim and one
     * shape), nonzero footprint values true, origins null for 0.
     */
    static Footprint of(String op, int nd, NDArray footprint, NDArray structure, int[] origins) {
        if (footprint == null && structure == null) {
            throw new NdException(op + ": expected a footprint or a structure, got neither");
        }
        return of(op, nd, footprint, footprint != null ? "footprint" : "structure", structure, origins);
    }

    /** {@link #of(String, int, NDArray, NDArray, int[])} with the footprint named {@code what} in messages. */
    static Footprint of(String op, int nd, NDArray footprint, String what, NDArray structure, int[] origins) {
        NDArray shapeOf = footprint != null ? footprint : structure;
        long[] shape = window(op, what, shapeOf, nd);
        boolean[] on;
        if (footprint != null) {
            on = host(footprint);
        } else {
            on = new boolean[Math.toIntExact(structure.size())];
            Arrays.fill(on, true);
        }
        double[] s = null;
        if (structure != null) {
            long[] ss = window(op, "structure", structure, nd);
            if (!Arrays.equals(ss, shape)) {
                throw new ShapeException(op + ": structure array has incorrect shape: expected the footprint's "
                        + Arrays.toString(shape) + ", got " + Arrays.toString(ss));
            }
            s = structure.astype(DType.FLOAT64).toDoubleArray();
            for (double v : s) {
                if (!Double.isFinite(v)) throw new NdException(op + ": the structure must be finite, got " + v);
            }
        }
        return checked(op, new Footprint(shape, on, s, origins(op, origins, nd)));
    }

    /** A footprint made on the host (shape and values in C order). */
    static Footprint of(String op, long[] shape, boolean[] on, int[] origins) {
        return checked(op, new Footprint(shape, on, null, origins(op, origins, shape.length)));
    }

    /** Checks a footprint or structure array (live, real, of ndim nd, no empty axis, at most MAX_WINDOW values). */
    static long[] window(String op, String what, NDArray w, int nd) {
        w.live(op);
        if (w.dtype().isComplex()) throw new DTypeException(op + ": complex " + what + " is not supported");
        if (w.ndim() != nd) {
            throw new ShapeException(op + ": " + what + " array has incorrect shape: expected " + nd
                    + " dimensions (the input's), got " + w.ndim());
        }
        long[] shape = w.shape();
        for (int d = 0; d < nd; d++) {
            if (shape[d] == 0) throw new ShapeException(op + ": the " + what + " has no element along axis " + d);
        }
        if (w.size() > Ndimage.MAX_WINDOW) {
            throw new NdException(op + ": a " + what + " of " + w.size() + " elements is more than the "
                    + Ndimage.MAX_WINDOW + " that ndgpu's direct filters take");
        }
        return shape;
    }

    /** An array's values as booleans (nonzero true, NaN true as NumPy's bool()). */
    static boolean[] host(NDArray a) {
        try (NDArray b = a.astype(DType.BOOL)) {
            return b.toBooleanArray();
        }
    }

    static int[] origins(String op, int[] origins, int nd) {
        if (origins == null) return new int[nd];
        if (origins.length == 1 && nd != 1) {
            int[] o = new int[nd];
            Arrays.fill(o, origins[0]);
            return o;
        }
        if (origins.length != nd) {
            throw new NdException(op + ": expected one origin or one per axis (" + nd + "), got " + origins.length);
        }
        return origins.clone();
    }

    private static Footprint checked(String op, Footprint f) {
        for (int d = 0; d < f.shape.length; d++) {
            long len = f.shape[d];
            int origin = f.origins[d];
            if (len / 2 + origin < 0 || len / 2 + origin >= len) {
                throw new NdException(op + ": invalid origin " + origin + " along axis " + d + " for a window of " + len
                        + " (expected " + -(len / 2) + " to " + (len - 1 - len / 2) + ")");
            }
        }
        return f;
    }

    static void checkSize(String op, long size, int nd) {
        if (size < 1) throw new NdException(op + ": expected a size of at least 1, got " + size);
        double total = Math.pow((double) size, nd);
        if (total > Ndimage.MAX_WINDOW) {
            throw new NdException(op + ": a window of " + size + " along " + nd + " axes is more than the "
                    + Ndimage.MAX_WINDOW + " elements that ndgpu's direct filters take");
        }
    }

    // ---------------------------------------------------------------- the input

    /** Checks a filter's input: live, real, not boolean (unless {@code bool}), not float16, at least 1-D. */
    static void input(String op, NDArray input, boolean bool) {
        Objects.requireNonNull(input, op + ": input is null");
        input.live(op);
        DType dt = input.dtype();
        if (dt.isComplex()) throw new DTypeException(op + ": complex input is not supported, got " + dt);
        if (dt == DType.BOOL && !bool) {
            throw new DTypeException(op + ": boolean input is not supported; convert it with astype");
        }
        if (dt == DType.FLOAT16)
            throw new DTypeException(op + ": float16 input is not supported (SciPy refuses it too); use float32");
        if (input.ndim() == 0) {
            throw new ShapeException(op + ": expected an array of at least 1 dimension, got a 0-d array");
        }
        if (input.ndim() > Window.MAX_DIMS) {
            throw new ShapeException(op + ": at most " + Window.MAX_DIMS + " dimensions, got " + input.ndim());
        }
    }

    /** {@code values} on {@code device} as a boolean array of {@code shape}. */
    static NDArray bools(Device device, long[] shape, boolean[] values) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment seg = a.allocate(Math.max(1, values.length));
            for (int i = 0; i < values.length; i++) seg.set(ValueLayout.JAVA_BYTE, i, (byte) (values[i] ? 1 : 0));
            return NDArray.fromHost(device, DType.BOOL, shape, seg);
        }
    }
}
