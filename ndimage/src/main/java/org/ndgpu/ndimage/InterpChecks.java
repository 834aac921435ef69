package org.ndgpu.ndimage;

import java.util.Arrays;
import java.util.Objects;
import org.ndgpu.exceptions.AxisException;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The argument checks of the interpolation functions, as SciPy makes them: each failure an
 * NdException naming the function, what it expected and what it got.
 */
final class InterpChecks {
    private InterpChecks() {}

    /** The checked input's ndim, for the facade's scalar forms. */
    static int ndimOf(String op, NDArray input) {
        checkInput(op, input);
        return input.ndim();
    }

    static void checkInput(String op, NDArray input) {
        Objects.requireNonNull(input, op + ": input is null");
        input.live(op);
        DType dt = input.dtype();
        if (dt.isComplex()) {
            throw new DTypeException(op + ": complex input is not supported, got " + dt
                    + "; interpolate the real and imaginary parts (real(), imag()) apart, as SciPy does");
        }
        if (dt == DType.BOOL) throw new DTypeException(op + ": boolean input is not supported; convert it with astype");
        if (dt == DType.FLOAT16)
            throw new DTypeException(op + ": float16 input is not supported (SciPy refuses it too); use float32");
        if (input.ndim() == 0)
            throw new ShapeException(op + ": expected an array of at least 1 dimension, got a 0-d array");
        if (input.ndim() > Geometric.MAX_DIMS)
            throw new ShapeException(op + ": at most " + Geometric.MAX_DIMS + " dimensions, got " + input.ndim());
    }

    static void checkOrder(String op, int order, int min) {
        if (order < min || order > 5) {
            throw new NdException(
                    op + ": spline order not supported: expected an order from " + min + " to 5, got " + order);
        }
    }

    static int axis(String op, NDArray input, int axis) {
        int nd = input.ndim();
        if (axis < -nd || axis >= nd) {
            throw new AxisException(op + ": axis " + axis + " is out of bounds for an array of " + nd + " dimensions");
        }
        return axis < 0 ? axis + nd : axis;
    }

    static DType outputDtype(String op, DType output) {
        Objects.requireNonNull(output, op + ": output is null");
        if (output != DType.FLOAT32 && output != DType.FLOAT64) {
            throw new DTypeException(op + ": expected an output dtype float32 or float64, got " + output);
        }
        return output;
    }

    static long[] checkShape(String op, long[] shape) {
        if (shape.length < 1 || shape.length > Geometric.MAX_DIMS) {
            throw new ShapeException(op + ": expected an output shape of 1 to " + Geometric.MAX_DIMS
                    + " dimensions, got " + shape.length);
        }
        for (long n : shape) {
            if (n < 0)
                throw new ShapeException(op + ": negative dimensions are not allowed, got " + Arrays.toString(shape));
        }
        return shape.clone();
    }

    static double[] perAxis(String op, String what, NDArray input, double[] values) {
        Objects.requireNonNull(values, op + ": " + what + " is null");
        if (values.length != input.ndim()) {
            throw new NdException(op + ": sequence argument must have length equal to input rank: expected "
                    + input.ndim() + " " + what + " values, got " + values.length);
        }
        for (double v : values) {
            if (!Double.isFinite(v)) throw new NdException(op + ": expected finite " + what + " values, got " + v);
        }
        return values;
    }
}
