package org.ndgpu.plot;

import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/** The checks a plot's arrays pass and their values on the host, where the chart library draws. */
final class PlotData {
    private PlotData() {}

    /** The values of a 1-d real array {@code name} of plot {@code op}. */
    static double[] values(String op, String name, NDArray a) {
        real(op, name, a);
        if (a.ndim() != 1) throw new ShapeException(op + ": " + name + " must be 1-d, got shape " + shape(a));
        if (a.size() == 0) throw new ShapeException(op + ": " + name + " must not be empty, got shape (0,)");
        return a.toDoubleArray();
    }

    /** The values of a 2-d real array {@code name}, row by row. */
    static double[][] rows(String op, String name, NDArray a) {
        real(op, name, a);
        if (a.ndim() != 2 || a.size() == 0)
            throw new ShapeException(op + ": " + name + " must be a non-empty 2-d array, got shape " + shape(a));
        long[] s = a.shape();
        double[] flat = a.toDoubleArray();
        double[][] out = new double[(int) s[0]][(int) s[1]];
        for (int i = 0; i < out.length; i++) System.arraycopy(flat, i * out[i].length, out[i], 0, out[i].length);
        return out;
    }

    static void sameLength(String op, double[] x, double[] y) {
        if (x.length != y.length)
            throw new ShapeException(op + ": x and y must have the same length, got " + x.length + " and " + y.length);
    }

    private static void real(String op, String name, NDArray a) {
        if (a == null) throw new NullPointerException(op + ": " + name + " is null");
        a.live(op);
        DType d = a.dtype();
        if (d == DType.COMPLEX64 || d == DType.COMPLEX128)
            throw new DTypeException(op + ": " + name + " must be real, got " + d.numpyName());
    }

    private static String shape(NDArray a) {
        return org.ndgpu.ndarray.Shapes.str(a.shape());
    }
}
