package org.ndgpu.codegen;

import java.util.Arrays;
import java.util.List;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The arguments of one kernel launch, appended in the order of the kernel's parameters, each as
 * the type {@link Backend#launch} takes (its argument contract), and the launch itself: every
 * kernel of ndgpu's own modules is launched through this class, so that the packing is written
 * once and nothing above the backends calls {@code Backend#launch} directly.
 *
 * <pre>{@code
 * // a kernel (const float* x, long x_off, float* y, long y_off, long n)
 * LaunchArgs.of(5).array(x).array(y).i64(n).launch(device, kernel, groups, 256);
 * }</pre>
 *
 * <p>{@link #of} sizes the arguments up front: a launch whose count is known allocates one array
 * of that size and this builder, and {@link #toArray} hands the array over without copying it
 * (this runs on every call, and early on in the bytecode interpreter). Appending past the count
 * grows the array. A builder is filled by one thread and launched once; or, once filled, kept
 * unchanged as a run of arguments that later launches {@link #append} from (a reduction's numbers
 * that repeat from call to call).
 */
public final class LaunchArgs {
    private static final String EXPECTED =
            "; expected a device buffer, Integer, Long, Float, Double, Short, Byte, Boolean or LocalMemory";

    private Object[] values;
    private int size;

    private LaunchArgs(int count) {
        values = new Object[count];
    }

    /** Arguments for a kernel of {@code count} parameters (more may be appended: the array then grows). */
    public static LaunchArgs of(int count) {
        if (count < 0) throw new IllegalArgumentException("LaunchArgs.of: count " + count + " is negative");
        return new LaunchArgs(count);
    }

    /** The count of arguments appended so far. */
    public int size() {
        return size;
    }

    /**
     * An array as generated kernels take it: its buffer, then the byte offset of its element 0 in
     * that buffer ({@link NDArray#offset()}) as a Long.
     */
    public LaunchArgs array(NDArray a) {
        BackendBuffer b = a.buffer();
        long offset = a.offset();
        int at = reserve(2);
        values[at] = b;
        values[at + 1] = offset;
        return this;
    }

    /** A device buffer (a pointer to its start). */
    public LaunchArgs buffer(BackendBuffer b) {
        return put(b);
    }

    /** A 32-bit integer ({@code int}, {@code uint}). */
    public LaunchArgs i32(int v) {
        return put(v);
    }

    /** A 64-bit integer ({@code long}, {@code ulong}, a size, a stride, an offset). */
    public LaunchArgs i64(long v) {
        return put(v);
    }

    /** 64-bit integers, one argument each, in order (a run of strides or sizes). */
    public LaunchArgs i64s(long[] vs) {
        int at = reserve(vs.length);
        for (int i = 0; i < vs.length; i++) values[at + i] = vs[i];
        return this;
    }

    /** 64-bit integers already boxed, one argument each, in order: appended as they are, not boxed again. */
    public LaunchArgs i64s(List<Long> vs) {
        int n = vs.size();
        int at = reserve(n);
        for (int i = 0; i < n; i++) values[at + i] = vs.get(i);
        return this;
    }

    /** A {@code float}. */
    public LaunchArgs f32(float v) {
        return put(v);
    }

    /** A {@code double}. */
    public LaunchArgs f64(double v) {
        return put(v);
    }

    /** A boolean: one byte, 0 or 1, on every backend (OpenCL C has no bool kernel parameter). */
    public LaunchArgs bool(boolean v) {
        return put(v);
    }

    /**
     * A number for a scalar parameter of dtype {@code t}, converted as its declared type takes it
     * ({@link CTypes#scalarArg}: a float16 scalar travels as a float, an unsigned one as the signed
     * type of its width, a bool as one byte).
     */
    public LaunchArgs scalar(DType t, Number v) {
        return put(CTypes.scalarArg(t, v));
    }

    /** Dynamic local memory of {@code bytes} (an OpenCL {@code __local} parameter; on CUDA, dynamic shared memory). */
    public LaunchArgs local(long bytes) {
        return put(new Backend.LocalMemory(bytes));
    }

    /**
     * A value already of one of the contract's types (a {@link BackendBuffer}, Integer, Long, Float,
     * Double, Short, Byte, Boolean or {@link Backend.LocalMemory}), appended as it is: for arguments
     * that arrive as Objects, such as a user kernel's after RawKernel has checked them against the
     * kernel's signature. Anything else is refused here, before any native call.
     *
     * @throws KernelLaunchException naming the argument's position and type when it is none of them
     */
    public LaunchArgs value(Object v) {
        if (!(v instanceof BackendBuffer
                || v instanceof Integer
                || v instanceof Long
                || v instanceof Float
                || v instanceof Double
                || v instanceof Short
                || v instanceof Byte
                || v instanceof Boolean
                || v instanceof Backend.LocalMemory)) {
            throw new KernelLaunchException("launch: argument " + size + " is "
                    + (v == null ? "null" : "a " + v.getClass().getName()) + EXPECTED);
        }
        return put(v);
    }

    /** Every argument of {@code run}, in order (a run prepared once and used by several launches). */
    public LaunchArgs append(LaunchArgs run) {
        return append(run, 0, run.size);
    }

    /** The arguments {@code from} (inclusive) to {@code to} (exclusive) of {@code run}, in order. */
    public LaunchArgs append(LaunchArgs run, int from, int to) {
        if (from < 0 || to > run.size || from > to) {
            throw new IndexOutOfBoundsException(
                    "LaunchArgs.append: [" + from + ", " + to + ") of " + run.size + " arguments");
        }
        int at = reserve(to - from);
        System.arraycopy(run.values, from, values, at, to - from);
        return this;
    }

    /** The arguments appended so far: the builder's own array when they fill the count it was made for, else a copy. */
    public Object[] toArray() {
        return size == values.length ? values : Arrays.copyOf(values, size);
    }

    /** Launches {@code kernel} on {@code device}'s current stream: {@code grid} blocks of {@code block} threads. */
    public void launch(Device device, BackendKernel kernel, long grid, long block) {
        launch(device, kernel, new long[] {grid}, new long[] {block}, 0);
    }

    /**
     * Launches {@code kernel} on {@code device}'s current stream: {@code grid} blocks of {@code block}
     * threads in each of 1 to 3 dimensions, with {@code dynamicSharedBytes} of dynamic shared memory
     * (CUDA; OpenCL takes its local memory as {@link #local} arguments).
     */
    public void launch(Device device, BackendKernel kernel, long[] grid, long[] block, long dynamicSharedBytes) {
        device.backend()
                .launch(device.currentStream().backendStream(), kernel, grid, block, dynamicSharedBytes, toArray());
    }

    // one argument appended: reserved first, so the store goes to the array that keeps it
    private LaunchArgs put(Object v) {
        int at = reserve(1);
        values[at] = v;
        return this;
    }

    /**
     * The index of the first of {@code n} new slots, growing the array when they do not fit. Called
     * before {@code values} is named in a store: {@code values[reserve(1)] = v} would store into the
     * array that was there before it grew.
     */
    private int reserve(int n) {
        int at = size;
        if (values.length - at < n) values = Arrays.copyOf(values, Math.max(at + n, 2 * values.length));
        size = at + n;
        return at;
    }

    @Override
    public String toString() {
        return "LaunchArgs" + Arrays.toString(toArray());
    }
}
