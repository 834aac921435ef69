package org.ndgpu.codegen;

import java.util.Arrays;
import java.util.List;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.KernelArguments;
import org.ndgpu.device.Allocation;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The arguments of one kernel launch, appended with typed methods in the order of the kernel's
 * parameters, and the launch itself: every kernel of ndgpu's own modules is launched through this
 * class, and both backends read it through one method ({@link Backend#launch}, as
 * {@link KernelArguments}), so that the packing is written once and nothing above the backends
 * calls {@code Backend#launch} directly.
 *
 * <pre>{@code
 * // a kernel (const float* x, long x_off, float* y, long y_off, long n)
 * LaunchArgs.of(5).array(x).array(y).i64(n).launch(device, kernel, groups, 256);
 * }</pre>
 *
 * <p>Each argument is its {@link KernelArguments.Kind} with its bits (a number is never boxed) or
 * its buffer. {@link #of} sizes the arguments up front; appending past the count grows them. A
 * builder is filled by one thread and launched; once filled it may be kept unchanged as a run of
 * arguments that later launches {@link #append} from (a reduction's numbers that repeat from call to
 * call), or copied with one buffer replaced by another ({@link #withBufferReplaced}), which is what
 * a recorded launch needs to run again on other memory. {@link #reused} gives the thread's own
 * builder for the hot paths, which then allocate nothing for their arguments.
 */
public final class LaunchArgs implements KernelArguments {
    private static final String EXPECTED =
            "; expected a device buffer, Integer, Long, Float, Double, Short, Byte, Boolean or LocalMemory";

    // the thread's builder that reused() empties and hands out
    private static final ThreadLocal<LaunchArgs> REUSED =
            ThreadLocal.withInitial(() -> new LaunchArgs(16, Thread.currentThread()));
    // the reused builder handed out last, checked by its owner before the ThreadLocal's lookup: a script's
    // launches all come from one thread, and the lookup is a chain of calls in the interpreter. Another
    // thread's builder is never used (owner differs); a thread that ended keeps its builder until the next
    // thread's launch replaces it here.
    private static volatile LaunchArgs lastReused;

    private static final Kind[] KINDS = Kind.values();
    private static final byte BUFFER = (byte) Kind.BUFFER.ordinal(), I64 = (byte) Kind.I64.ordinal();

    // each argument's Kind (its ordinal), its bits, and its buffer where it is one: primitives, so that
    // filling the reused builder, an old object, stores no reference but the buffers (a reference store
    // into an old array costs the collector's write barrier), and a buffer only when it changed
    private byte[] kinds;
    private long[] bits;
    private BackendBuffer[] buffers;
    private int size;
    // the thread that owns this reused builder (null for any other builder), and whether reused() has handed
    // it out and release() not yet taken it back
    private final Thread owner;
    private boolean claimed;

    private LaunchArgs(int count) {
        this(count, null);
    }

    private LaunchArgs(int count, Thread owner) {
        kinds = new byte[count];
        bits = new long[count];
        buffers = new BackendBuffer[count];
        this.owner = owner;
    }

    /** Arguments for a kernel of {@code count} parameters (more may be appended: the storage then grows). */
    public static LaunchArgs of(int count) {
        if (count < 0) throw new IllegalArgumentException("LaunchArgs.of: count " + count + " is negative");
        return new LaunchArgs(count);
    }

    /**
     * This thread's own builder, emptied, for a launch that follows at once: {@link #release} it in a
     * {@code finally} after the launch. It makes a hot path's launch (ElementwiseLoop, a one-pass
     * reduction) allocate nothing for its arguments. While it is out, as when the launch's stream
     * first runs work a capture held back, which launches too, a new builder is given instead. Never
     * to be kept: {@link #copy} it to keep its arguments.
     */
    public static LaunchArgs reused(int count) {
        LaunchArgs a = lastReused;
        Thread t = Thread.currentThread();
        if (a == null || a.owner != t) lastReused = a = REUSED.get();
        if (a.claimed) return new LaunchArgs(count);
        a.claimed = true;
        if (a.kinds.length < count) {
            a.kinds = new byte[count];
            a.bits = new long[count];
            a.buffers = new BackendBuffer[count];
        }
        a.size = 0;
        return a;
    }

    /** Gives a {@link #reused} builder back to its thread; does nothing for any other. */
    public void release() {
        if (owner != null) claimed = false;
    }

    /** The count of arguments appended so far. */
    @Override
    public int size() {
        return size;
    }

    @Override
    public Kind kind(int i) {
        return KINDS[kinds[i]];
    }

    @Override
    public long bits(int i) {
        return bits[i];
    }

    @Override
    public BackendBuffer buffer(int i) {
        return kinds[i] == BUFFER ? buffers[i] : null;
    }

    /**
     * An array as generated kernels take it: its buffer, then the byte offset of its element 0 in
     * that buffer ({@link NDArray#offset()}) as a 64-bit integer.
     */
    public LaunchArgs array(NDArray a) {
        BackendBuffer b = a.buffer();
        long offset = a.offset();
        // reserve and setBuffer written out: this runs for every array of every launch, and each call is
        // an invocation in the interpreter
        int at = size;
        if (kinds.length - at < 2) grow(at + 2);
        size = at + 2;
        kinds[at] = BUFFER;
        if (buffers[at] != b) buffers[at] = b;
        kinds[at + 1] = I64;
        bits[at + 1] = offset;
        return this;
    }

    /** A device buffer (a pointer to its start). */
    public LaunchArgs buffer(BackendBuffer b) {
        if (b == null) throw new KernelLaunchException("launch: argument " + size + " is null" + EXPECTED);
        setBuffer(reserve(1), b);
        return this;
    }

    /** An 8-bit integer ({@code char}, {@code uchar}). */
    public LaunchArgs i8(byte v) {
        return put(Kind.I8, v & 0xFFL);
    }

    /** A 16-bit integer ({@code short}, {@code ushort}). */
    public LaunchArgs i16(short v) {
        return put(Kind.I16, v & 0xFFFFL);
    }

    /** A 32-bit integer ({@code int}, {@code uint}). */
    public LaunchArgs i32(int v) {
        return put(Kind.I32, v & 0xFFFF_FFFFL);
    }

    /** A 64-bit integer ({@code long}, {@code ulong}, a size, a stride, an offset). */
    public LaunchArgs i64(long v) {
        // put and reserve written out, as in array(): every elementwise launch passes its count this way
        int at = size;
        if (kinds.length - at < 1) grow(at + 1);
        size = at + 1;
        kinds[at] = I64;
        bits[at] = v;
        return this;
    }

    /** 64-bit integers, one argument each, in order (a run of strides or sizes). */
    public LaunchArgs i64s(long[] vs) {
        int at = reserve(vs.length);
        for (int i = 0; i < vs.length; i++) {
            kinds[at + i] = I64;
            bits[at + i] = vs[i];
        }
        return this;
    }

    /** 64-bit integers, one argument each, in order. */
    public LaunchArgs i64s(List<Long> vs) {
        int n = vs.size();
        int at = reserve(n);
        for (int i = 0; i < n; i++) {
            kinds[at + i] = I64;
            bits[at + i] = vs.get(i);
        }
        return this;
    }

    /** A {@code float}. */
    public LaunchArgs f32(float v) {
        return put(Kind.F32, Float.floatToRawIntBits(v) & 0xFFFF_FFFFL);
    }

    /** A {@code double}. */
    public LaunchArgs f64(double v) {
        return put(Kind.F64, Double.doubleToRawLongBits(v));
    }

    /** A boolean: one byte, 0 or 1, on every backend (OpenCL C has no bool kernel parameter). */
    public LaunchArgs bool(boolean v) {
        return put(Kind.BOOL, v ? 1 : 0);
    }

    /**
     * A number for a scalar parameter of dtype {@code t}, converted as its declared type takes it
     * ({@link CTypes#scalarParam}): a float16 scalar travels as a float (of the float16 value: NumPy
     * casts 70000.0 to float16's inf), an unsigned one as the signed type of its width (same bits), a
     * bool as one byte 0 or 1.
     *
     * @throws DTypeException for a complex dtype, which no kernel scalar takes
     */
    public LaunchArgs scalar(DType t, Number v) {
        return switch (t) {
            case BOOL -> i8((byte) (v.doubleValue() != 0 ? 1 : 0));
            case UINT8, INT8 -> i8(v.byteValue());
            case INT16, UINT16 -> i16(v.shortValue());
            case INT32, UINT32 -> i32(v.intValue());
            case INT64, UINT64 -> i64(v.longValue());
            case FLOAT16 -> f32(Float.float16ToFloat(Float.floatToFloat16(v.floatValue())));
            case FLOAT32 -> f32(v.floatValue());
            case FLOAT64 -> f64(v.doubleValue());
            case COMPLEX64, COMPLEX128 ->
                throw new DTypeException("kernel scalar: complex scalars are not supported as kernel arguments");
            default -> i64(v.longValue()); // datetime64 and timedelta64: their int64 count of units
        };
    }

    /** Dynamic local memory of {@code bytes} (an OpenCL {@code __local} parameter; on CUDA, dynamic shared memory). */
    public LaunchArgs local(long bytes) {
        return put(Kind.LOCAL, bytes);
    }

    /**
     * A value that arrives as an Object, appended as its type says: a {@link BackendBuffer}, Integer,
     * Long, Float, Double, Short, Byte, Boolean or {@link Backend.LocalMemory}. The one place where an
     * untyped argument becomes a typed one: a user kernel's arguments after RawKernel has checked
     * them against the kernel's signature, a Java kernel's fields. Anything else is refused here,
     * before any native call.
     *
     * @throws KernelLaunchException naming the argument's position and type when it is none of them
     */
    public LaunchArgs value(Object v) {
        return switch (v) {
            case BackendBuffer b -> buffer(b);
            case Integer x -> i32(x);
            case Long x -> i64(x);
            case Float x -> f32(x);
            case Double x -> f64(x);
            case Short x -> i16(x);
            case Byte x -> i8(x);
            case Boolean x -> bool(x);
            case Backend.LocalMemory m -> local(m.bytes());
            case null -> throw new KernelLaunchException("launch: argument " + size + " is null" + EXPECTED);
            default ->
                throw new KernelLaunchException(
                        "launch: argument " + size + " is a " + v.getClass().getName() + EXPECTED);
        };
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
        // one pass, not an arraycopy per array: a run is a few arguments, appended on every reduction
        byte[] rk = run.kinds;
        long[] rb = run.bits;
        for (int i = from, j = at; i < to; i++, j++) {
            byte k = rk[i];
            kinds[j] = k;
            bits[j] = rb[i];
            if (k == BUFFER) setBuffer(j, run.buffers[i]);
        }
        return this;
    }

    /**
     * Replaces argument {@code index}, a buffer argument, with {@code b}, everything else as it was:
     * a run of arguments kept from one launch to the next and launched again on other memory (a
     * reduction's one-pass arguments, whose numbers repeat while the call's geometry does).
     *
     * @throws IllegalArgumentException when argument {@code index} is not a buffer, or {@code b} is null
     */
    public LaunchArgs replaceBuffer(int index, BackendBuffer b) {
        if (index < 0 || index >= size || kinds[index] != BUFFER || b == null) {
            throw new IllegalArgumentException("LaunchArgs.replaceBuffer: expected a buffer for buffer argument "
                    + index + " of " + size + ", got " + (index < 0 || index >= size ? "no such argument" : b));
        }
        if (buffers[index] != b) buffers[index] = b; // as setBuffer, its kind already set
        return this;
    }

    /**
     * Replaces the arguments from {@code at} on with every argument of {@code run}, in order (their
     * kinds too): the per-call part of a kept run of arguments, as {@link #replaceBuffer}.
     */
    public LaunchArgs replace(int at, LaunchArgs run) {
        if (at < 0 || at + run.size > size) {
            throw new IndexOutOfBoundsException(
                    "LaunchArgs.replace: " + run.size + " arguments from " + at + " of " + size);
        }
        for (int i = 0, j = at; i < run.size; i++, j++) {
            byte k = run.kinds[i];
            kinds[j] = k;
            bits[j] = run.bits[i];
            if (k == BUFFER) setBuffer(j, run.buffers[i]);
        }
        return this;
    }

    /** A builder of its own with the same arguments (to keep those of a {@link #reused} one). */
    public LaunchArgs copy() {
        return LaunchArgs.of(size).append(this);
    }

    /** The positions of the buffer arguments, in order (an array's buffer is followed by its offset). */
    public int[] bufferPositions() {
        int n = 0;
        for (int i = 0; i < size; i++) if (kinds[i] == BUFFER) n++;
        int[] at = new int[n];
        n = 0;
        for (int i = 0; i < size; i++) if (kinds[i] == BUFFER) at[n++] = i;
        return at;
    }

    /**
     * A copy in which every buffer argument that is {@code from} (the same buffer) is {@code to},
     * everything else the same: a recorded launch run again on other memory of the same size.
     *
     * @throws IllegalArgumentException when no argument is {@code from}, or {@code to}'s size differs
     */
    public LaunchArgs withBufferReplaced(BackendBuffer from, BackendBuffer to) {
        if (from == null || to == null) throw new IllegalArgumentException("withBufferReplaced: a buffer is null");
        if (from.size() != to.size()) {
            throw new IllegalArgumentException("withBufferReplaced: the new buffer has " + to.size()
                    + " bytes, the one it replaces " + from.size());
        }
        LaunchArgs c = copy();
        boolean found = false;
        for (int i = 0; i < c.size; i++) {
            if (c.kinds[i] == BUFFER && c.buffers[i] == from) {
                c.buffers[i] = to;
                found = true;
            }
        }
        if (!found) throw new IllegalArgumentException("withBufferReplaced: no argument is " + from);
        return c;
    }

    /** As {@link #withBufferReplaced(BackendBuffer, BackendBuffer)}, for the buffers of two allocations. */
    public LaunchArgs withBufferReplaced(Allocation from, Allocation to) {
        return withBufferReplaced(from.buffer(), to.buffer());
    }

    /** Launches {@code kernel} on {@code device}'s current stream: {@code grid} blocks of {@code block} threads. */
    public void launch(Device device, BackendKernel kernel, long grid, long block) {
        // the backend's call itself rather than the general launch below: one interpreted call fewer
        // on every launch of a script's first operations
        device.backend()
                .launch(device.currentStream().backendStream(), kernel, new long[] {grid}, new long[] {block}, 0, this);
    }

    /**
     * Launches {@code kernel} on {@code device}'s current stream: {@code grid} blocks of {@code block}
     * threads in each of 1 to 3 dimensions, with {@code dynamicSharedBytes} of dynamic shared memory
     * (CUDA; OpenCL takes its local memory as {@link #local} arguments).
     */
    public void launch(Device device, BackendKernel kernel, long[] grid, long[] block, long dynamicSharedBytes) {
        device.backend().launch(device.currentStream().backendStream(), kernel, grid, block, dynamicSharedBytes, this);
    }

    private LaunchArgs put(Kind kind, long v) {
        int at = reserve(1);
        kinds[at] = (byte) kind.ordinal();
        bits[at] = v;
        return this;
    }

    // a buffer argument; the store is skipped when the slot holds it already (a loop of one operation)
    private void setBuffer(int at, BackendBuffer b) {
        kinds[at] = BUFFER;
        if (buffers[at] != b) buffers[at] = b;
    }

    /**
     * The index of the first of {@code n} new slots, growing the storage when they do not fit. Called
     * before an array is named in a store: {@code bits[reserve(1)] = v} would store
     * into the array that was there before it grew.
     */
    private int reserve(int n) {
        int at = size;
        if (kinds.length - at < n) grow(at + n);
        size = at + n;
        return at;
    }

    /** Grows the storage to hold at least {@code needed} arguments (twice its length, or more). */
    private void grow(int needed) {
        int grown = Math.max(needed, 2 * kinds.length);
        kinds = Arrays.copyOf(kinds, grown);
        bits = Arrays.copyOf(bits, grown);
        buffers = Arrays.copyOf(buffers, grown);
    }

    /** The arguments as {@code [I64 3, BUFFER b, F32 1.5, ...]}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("LaunchArgs[");
        for (int i = 0; i < size; i++) {
            if (i > 0) s.append(", ");
            Kind k = kind(i);
            s.append(k).append(' ');
            switch (k) {
                case BUFFER -> s.append(buffers[i]);
                case F32 -> s.append(Float.intBitsToFloat((int) bits[i]));
                case F64 -> s.append(Double.longBitsToDouble(bits[i]));
                case I8 -> s.append((byte) bits[i]);
                case I16 -> s.append((short) bits[i]);
                case I32 -> s.append((int) bits[i]);
                default -> s.append(bits[i]);
            }
        }
        return s.append(']').toString();
    }
}
