package org.ndgpu.raw;

import com.aparapi.Kernel;
import com.aparapi.Range;
import java.lang.reflect.Field;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.CheckedIndex;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Captures;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A kernel written in Java, as Numba's {@code @cuda.jit}: extend this class, declare the kernel's
 * data as fields, write {@code run()} with the work-item functions of Aparapi's {@link Kernel}
 * ({@code getGlobalId()}, {@code getLocalId()}, {@code getGroupId()}, {@code getGlobalSize()},
 * {@code getLocalSize()}, {@code localBarrier()}, {@code @Local} arrays, {@code atomicAdd(int[], i, v)},
 * the math methods). Aparapi translates the class to OpenCL C; ndgpu compiles it and launches it
 * itself, on the device, on NDArrays bound to the array fields. Aparapi never runs anything.
 *
 * <pre>{@code
 * class Saxpy extends JavaKernel {
 *     float[] x, y;     // bound to device arrays by name; the Java fields stay null
 *     float a;          // scalars are read from the fields at each launch
 *     int n;
 *     @Override public void run() {
 *         int i = getGlobalId();
 *         if (i < n) y[i] = a * x[i] + y[i];
 *     }
 * }
 * var k = new Saxpy();
 * k.a = 2f; k.n = n;
 * k.bind("x", x).bind("y", y).launch(NdRange.of(n));               // on x's device, no host copy
 * k.launch(NdRange.of(n), JavaKernel.Mode.HOST);                   // the same run() on Java threads
 * }</pre>
 *
 * <p><b>Binding.</b> Each primitive-array field that run() reads or writes is bound to an NDArray
 * of the matching dtype ({@code float[]} to float32, {@code double[]} float64, {@code int[]} int32,
 * {@code long[]} int64, {@code short[]} int16, {@code byte[]} int8, {@code boolean[]} bool), C-contiguous
 * and starting at its buffer's start. {@code x.length} in run() is the bound array's size.
 * {@code @Local} array fields keep their Java arrays, whose lengths size the work-group's local
 * memory. Scalar fields (int, long, float, double, short, byte, boolean, char) are passed by value.
 *
 * <p><b>Local size.</b> Without {@link NdRange#local}, the work-group size is a divisor of the
 * global size within the compiled kernel's own work-group limit on the device. A local size above
 * that limit is an error naming the limit; nothing falls back to another device or to Java.
 *
 * <p><b>Host mode.</b> {@link Mode#HOST} runs the same run() on Java threads over host copies of
 * the bound arrays (one thread per work-item of a group, so barriers work), then copies them back:
 * set a breakpoint in run() and step through it, as with Numba's CUDA simulator. It is explicit
 * and slow; it is for debugging.
 *
 * <p><b>Checked mode.</b> With {@code ndgpu.debug} on (the default on PoCL), every
 * {@code a[i]} of a bound array in run() and its helper methods is checked against the array's
 * size on the device; a bad index is an {@link org.ndgpu.exceptions.IndexException} naming the kernel, the
 * field, the index and the size, and the access is not made ({@link CheckedIndex}). {@code @Local}
 * arrays are not checked.
 *
 * <p>Aparapi's own {@code execute} methods are disabled: they would run the kernel through
 * Aparapi's launcher, which may fall back to a Java thread pool without saying so.
 */
public abstract class JavaKernel extends Kernel {
    /** For subclasses, which write the kernel as run(). */
    protected JavaKernel() {}

    /** Where a launch runs. */
    public enum Mode {
        /** Translated to OpenCL C (or CUDA) and run on the arrays' device. */
        DEVICE,
        /** run() itself on Java threads over host copies, for stepping through in a debugger. */
        HOST
    }

    private final Map<String, NDArray> bound = new LinkedHashMap<>();

    /** Binds the array field {@code field} to a device array; returns this for chaining. */
    public final JavaKernel bind(String field, NDArray array) {
        java.util.Objects.requireNonNull(field, "field");
        java.util.Objects.requireNonNull(array, "array");
        Field f = field(getClass(), field);
        Class<?> t = f.getType();
        if (!t.isArray() || !t.getComponentType().isPrimitive()) {
            throw new NdException(
                    "JavaKernel.bind: field '" + field + "' of " + getClass().getName() + " is a " + t.getSimpleName()
                            + "; only primitive-array fields (float[], int[], ...) are bound to arrays");
        }
        DType want = dtypeOf(t.getComponentType());
        array.live("JavaKernel.bind");
        if (array.dtype() != want) {
            throw new DTypeException(
                    "JavaKernel.bind: field '" + field + "' is " + t.getSimpleName() + ", which needs a " + want
                            + " array; got " + array.dtype() + " (convert with a.astype(DType." + want + "))");
        }
        if (!array.isCContiguous() || array.offset() != 0) {
            throw new NdException(
                    "JavaKernel.bind: field '" + field + "' needs a C-contiguous array starting at its buffer's "
                            + "start, as a Java array is; got a view (strides "
                            + java.util.Arrays.toString(array.strides()) + ", offset "
                            + array.offset() + "); pass x.copy()");
        }
        bound.put(field, array);
        return this;
    }

    /** The bound arrays by field name. */
    public final Map<String, NDArray> bindings() {
        return Collections.unmodifiableMap(bound);
    }

    /** Launches over {@code globalSize} work-items (1 to 3 dimensions) on the device. */
    public final void launch(long... globalSize) {
        java.util.Objects.requireNonNull(globalSize, "JavaKernel.launch: globalSize is null");
        launch(NdRange.of(globalSize), Mode.DEVICE);
    }

    /** Launches over {@code range} on the device. */
    public final void launch(NdRange range) {
        launch(range, Mode.DEVICE);
    }

    /** Launches over {@code range} on the device, or in Java threads ({@link Mode#HOST}). */
    public final void launch(NdRange range, Mode mode) {
        java.util.Objects.requireNonNull(range, "JavaKernel.launch: range is null");
        JavaKernelSource src = JavaKernelSource.of(this);
        if (mode == Mode.HOST) {
            HostRunner.run(this, src, range, bound);
            return;
        }
        String what = "JavaKernel " + getClass().getName();
        Device device = Launch.deviceOf(what, bound.values().toArray());
        boolean checked = CheckedIndex.on(device);
        if (checked) {
            try (NDArray record = CheckedIndex.record(device)) {
                launch(src, range, what, device, true, record);
                CheckedIndex.check(record, t -> CheckedIndex.culprit(what, "array", src.checkedArrays(), t));
            }
            return;
        }
        launch(src, range, what, device, false, null);
    }

    private void launch(
            JavaKernelSource src, NdRange range, String what, Device device, boolean checked, NDArray record) {
        BackendKernel kernel = src.kernel(device, checked);
        long[] local = range.localFor(kernel.maxBlockSize());
        long[] grid = new long[local.length];
        for (int d = 0; d < grid.length; d++) grid[d] = range.global()[d] / local[d];
        boolean cuda = device.backend().dialect() == Dialect.CUDA;
        List<KernelSignature.Param> params =
                checked ? src.checkedSignature().params() : src.signature().params();
        LaunchArgs args = LaunchArgs.of(params.size());
        long shared = 0;
        for (KernelSignature.Param p : params) {
            if (checked && p.name().equals(CheckedIndex.RECORD)) {
                args.buffer(record.buffer());
            } else if (checked && p.name().startsWith("_nd_len_")) {
                NDArray a = bound.get(p.name().substring("_nd_len_".length()));
                if (a == null) throw unbound(what, p.name().substring("_nd_len_".length()));
                args.i64(a.size());
            } else if (p.local()) {
                long bytes = localBytes(p.name());
                if (cuda) {
                    args.i64(shared);
                    shared += (bytes + 15) & ~15L;
                } else {
                    args.local(bytes);
                    shared += bytes;
                }
            } else {
                args.value(argument(what, device, p));
            }
        }
        Launch.checkGeometry(what, device, kernel, grid, local, shared);
        Captures.uncheckedKernel();
        args.launch(device, kernel, grid, local, cuda ? shared : 0);
    }

    private Object argument(String what, Device device, KernelSignature.Param p) {
        String name = p.name();
        if (name.equals("passid")) return 0;
        if (name.endsWith("__javaArrayLength")) {
            String f = name.substring(0, name.length() - "__javaArrayLength".length());
            NDArray a = bound.get(f);
            if (a != null) return Math.toIntExact(a.size());
            Object arr = get(f);
            if (arr == null) throw unbound(what, f);
            return java.lang.reflect.Array.getLength(arr);
        }
        if (name.contains("__javaArrayDimension")) {
            throw new KernelLaunchException(what + ": multi-dimensional Java arrays are not supported (" + name
                    + "); use a flat array and index it as y * width + x");
        }
        if (p.pointer()) {
            NDArray a = bound.get(name);
            if (a == null) throw unbound(what, name);
            a.live(what);
            if (a.device() != device) {
                throw new DeviceException(what + ": field '" + name + "' is bound to an array on "
                        + a.device().id() + ", the launch is on " + device.id());
            }
            return a.buffer();
        }
        Object v = get(name);
        return switch (v) {
            case Boolean b -> (byte) (b ? 1 : 0);
            case Character c -> (short) c.charValue();
            case null -> throw new KernelLaunchException(what + ": scalar field '" + name + "' has no value");
            default -> v;
        };
    }

    private KernelLaunchException unbound(String what, String field) {
        return new KernelLaunchException(
                what + ": array field '" + field + "' is used by run() but no device array is bound "
                        + "to it; call bind(\"" + field + "\", array) (bound: " + bound.keySet() + ")");
    }

    /** Bytes of the {@code @Local} array field {@code name}. */
    long localBytes(String name) {
        Object arr = get(name);
        if (arr == null) {
            throw new KernelLaunchException("JavaKernel " + getClass().getName() + ": @Local field '" + name
                    + "' is null; give it an array whose length is the work-group's need (e.g. new float[256])");
        }
        return (long) java.lang.reflect.Array.getLength(arr)
                * dtypeOf(arr.getClass().getComponentType()).itemsize();
    }

    Object get(String name) {
        try {
            return field(getClass(), name).get(this);
        } catch (IllegalAccessException e) {
            throw new NdException(
                    "JavaKernel: cannot read field '" + name + "' of "
                            + getClass().getName() + ": " + e.getMessage(),
                    e);
        }
    }

    void set(String name, Object value) {
        try {
            field(getClass(), name).set(this, value);
        } catch (IllegalAccessException e) {
            throw new NdException(
                    "JavaKernel: cannot write field '" + name + "' of "
                            + getClass().getName() + ": " + e.getMessage(),
                    e);
        }
    }

    static Field field(Class<?> c, String name) {
        for (Class<?> k = c; k != null && k != JavaKernel.class; k = k.getSuperclass()) {
            try {
                Field f = k.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        throw new NdException("JavaKernel: " + c.getName() + " has no field '" + name + "'");
    }

    static DType dtypeOf(Class<?> component) {
        if (component == float.class) return DType.FLOAT32;
        if (component == double.class) return DType.FLOAT64;
        if (component == int.class) return DType.INT32;
        if (component == long.class) return DType.INT64;
        if (component == short.class) return DType.INT16;
        if (component == byte.class) return DType.INT8;
        if (component == boolean.class) return DType.BOOL;
        throw new DTypeException("JavaKernel: " + component
                + "[] has no ndgpu dtype; use float[], double[], int[], long[], " + "short[], byte[] or boolean[]");
    }

    /** The source this kernel runs as on {@code dialect} (Aparapi's OpenCL C, or its CUDA rendering). */
    public final String source(Dialect dialect) {
        return JavaKernelSource.of(this).source(dialect);
    }

    // Aparapi's launcher is never used: it can silently fall back to a Java thread pool.
    private UnsupportedOperationException aparapiExecute() {
        return new UnsupportedOperationException(
                "JavaKernel: Aparapi's execute() is disabled in ndgpu; bind arrays and call "
                        + "launch(NdRange.of(n)) (or launch(range, Mode.HOST) to run in Java)");
    }

    @Override
    public final synchronized Kernel execute(Range range) {
        throw aparapiExecute();
    }

    @Override
    public final synchronized Kernel execute(int range) {
        throw aparapiExecute();
    }

    @Override
    public final synchronized Kernel execute(Range range, int passes) {
        throw aparapiExecute();
    }

    @Override
    public final synchronized Kernel execute(int range, int passes) {
        throw aparapiExecute();
    }

    @Override
    public final synchronized Kernel execute(String entry, Range range) {
        throw aparapiExecute();
    }

    @Override
    public final synchronized Kernel execute(String entry, Range range, int passes) {
        throw aparapiExecute();
    }
}
