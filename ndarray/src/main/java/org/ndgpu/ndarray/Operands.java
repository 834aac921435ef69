package org.ndgpu.ndarray;

import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;

/**
 * The argument checks every kernel path makes before it launches, written once: ufuncs,
 * ElementwiseKernel, ReductionKernel, Fuse, copies and casts, matmul and linalg, RawKernel and
 * JavaKernel all call these, so each rule (liveness, one device, the out= rules, memory overlap)
 * has one wording and one implementation.
 *
 * <pre>{@code
 * Device d = Operands.device("add", a, b);                                   // live, same device
 * Operands.checkOut("add", out, shape, DType.FLOAT64, Casting.SAME_KIND);     // shape, casting, writeable
 * Operands.checkOutShape("sum", out, new long[] {3});                          // shape alone
 * if (Operands.overlaps(in, out)) in = in.copy();                            // NumPy's copy-if-overlap
 * }</pre>
 */
public final class Operands {
    private Operands() {}

    /**
     * The device of the NDArrays among {@code args} (each must be live and all on one device), or
     * the current device when there is none. Other values (numbers, null) are skipped: their checks
     * belong to the caller, which knows what it expected.
     */
    public static Device device(String op, Object... args) {
        Device device = null;
        NDArray first = null;
        for (Object a : args) {
            if (a instanceof NDArray arr) {
                arr.live(op);
                Device d = arr.device();
                if (device == null) {
                    device = d;
                    first = arr;
                } else if (d != device) {
                    throw differentDevices(op, first, arr);
                }
            }
        }
        return device != null ? device : Device.current();
    }

    /** {@link #device(String, Object...)} for two arrays, without a varargs array (a per-call path). */
    public static Device device(String op, NDArray a, NDArray b) {
        a.live(op);
        b.live(op);
        if (a.device() != b.device()) throw differentDevices(op, a, b);
        return a.device();
    }

    private static DeviceException differentDevices(String op, NDArray a, NDArray b) {
        return new DeviceException(op + ": arrays are on different devices: "
                + a.device().id() + " and " + b.device().id() + "; move one with a.to(device)");
    }

    /**
     * NumPy's checks of an {@code out=} array: live, writeable, exactly {@code shape}, and able to take
     * a result of dtype {@code result} under {@code casting} (NumPy's default for ufuncs and copyto is
     * {@link Casting#SAME_KIND}).
     */
    public static void checkOut(String op, NDArray out, long[] shape, DType result, Casting casting) {
        checkWriteable(op, out);
        checkOutShape(op, out, shape);
        checkCast(op, result, out.dtype(), casting);
    }

    /** NumPy's shape rule of an {@code out=} array: exactly {@code shape} (a reduction's result shape, a ufunc's loop shape). */
    public static void checkOutShape(String op, NDArray out, long[] shape) {
        if (!out.hasShape(shape)) throw wrongOutShape(op, out, shape);
    }

    /** The error of an {@code out=} array whose shape is not {@code expected}, for checks that compare shapes their own way. */
    public static ShapeException wrongOutShape(String op, NDArray out, long[] expected) {
        return new ShapeException(
                op + ": output array has shape " + Shapes.str(out.shape()) + ", expected " + Shapes.str(expected));
    }

    /**
     * The shape rule of a kernel's named output parameter (ElementwiseKernel's, a loop spec's): an
     * indexed output has exactly the loop's {@code shape}; it is never broadcast.
     */
    public static void checkOutShape(String op, String param, NDArray out, long[] shape) {
        if (!out.hasShape(shape)) {
            throw new ShapeException(op + ": output '" + param + "' has shape " + Shapes.str(out.shape())
                    + ", expected " + Shapes.str(shape));
        }
    }

    /** The error of a kernel called with {@code got} arguments where its parameters take {@code expected}. */
    public static NdException wrongArgumentCount(String op, int expected, int got) {
        return new NdException(op + ": expected " + expected + " arguments, got " + got);
    }

    /** Raises NumPy's UFuncTypeError wording when {@code casting} does not allow {@code from} to {@code to}. */
    public static void checkCast(String op, DType from, DType to, Casting casting) {
        if (!casting.allows(from, to)) {
            throw new DTypeException(op + ": cannot cast from " + from + " to the output's " + to
                    + " with casting rule '" + casting.numpyName() + "'");
        }
    }

    /** Live and writeable: NumPy's "assignment destination is read-only" for broadcast views. */
    public static void checkWriteable(String op, NDArray out) {
        out.live(op);
        if (!out.isWriteable()) {
            boolean repeats = java.util.Arrays.stream(out.strides()).anyMatch(st -> st == 0);
            throw new NdException(op + ": assignment destination is read-only ("
                    + (repeats
                            ? "a broadcast view repeats" + " elements in memory"
                            : "a read-only view, as sliding_window_view's")
                    + "; write into a.copy())");
        }
    }

    /**
     * True when writing {@code out} element by element, in any order, could change what is read from
     * {@code in}: they share memory and are not the identical element-for-element view ({@code in}
     * with {@code inStrides}, its strides broadcast to out's shape, at out's offset with out's
     * strides and dtype). Conservative, as NumPy's copy-if-overlap: byte ranges that intersect count
     * as overlap even when the elements interleave.
     */
    public static boolean overlaps(NDArray in, long[] inStrides, NDArray out) {
        if (!in.sharesMemory(out) || in.size() == 0 || out.size() == 0) return false;
        if (in.offset() == out.offset()
                && in.dtype().itemsize() == out.dtype().itemsize()
                && java.util.Arrays.equals(inStrides, out.strides())) {
            return false; // element k read and written by the same thread, read first
        }
        long[] a = byteRange(in.shape(), in.strides(), in.offset(), in.itemsize());
        long[] b = byteRange(out.shape(), out.strides(), out.offset(), out.itemsize());
        return a[0] < b[1] && b[0] < a[1];
    }

    /** {@link #overlaps(NDArray, long[], NDArray)} with in's own strides (in has out's shape). */
    public static boolean overlaps(NDArray in, NDArray out) {
        return overlaps(in, in.strides(), out);
    }

    /**
     * [first byte, last byte + 1) that the elements of a non-empty array span in its allocation;
     * ArithmeticException when a geometry not yet checked spans more than a long.
     */
    public static long[] byteRange(long[] shape, long[] strides, long offset, int itemsize) {
        long lo = offset, hi = Math.addExact(offset, itemsize);
        for (int i = 0; i < shape.length; i++) {
            long ext = Math.multiplyExact(shape[i] - 1, strides[i]);
            if (ext < 0) lo = Math.addExact(lo, ext);
            else hi = Math.addExact(hi, ext);
        }
        return new long[] {lo, hi};
    }

    /** An immutable copy of {@code values}, with a NullPointerException naming {@code param} (or its element) when one is null. */
    public static java.util.List<String> strings(String op, String param, String... values) {
        java.util.Objects.requireNonNull(values, () -> op + ": " + param + " is null");
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) throw new NullPointerException(op + ": " + param + "[" + i + "] is null");
        }
        return java.util.List.of(values);
    }
}
