package org.ndgpu.raw;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.Objects;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.CallSiteCache;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.Captures;

/**
 * A kernel written in OpenCL C or CUDA C, as CuPy's {@code RawKernel}: compiled on first launch on
 * a device (cached per device and on disk), launched with CUDA's geometry, a grid of blocks of
 * threads (on OpenCL the global size is grid x block).
 *
 * <pre>{@code
 * var add = new RawKernel("""
 *     __kernel void my_add(__global const float* x1, __global const float* x2, __global float* y, int n) {
 *         int i = get_global_id(0);
 *         if (i < n) y[i] = x1[i] + x2[i];
 *     }""", "my_add");
 * add.launch(new long[]{(n + 255) / 256}, new long[]{256}, x1, x2, y, n);
 * }</pre>
 *
 * <p>Arguments, checked against the kernel's signature as read from the source:
 * <ul>
 * <li>an {@code NDArray}: a pointer to its element 0. The array must start at its buffer's start
 *     (offset 0): a view into the middle of an array is refused, because an OpenCL buffer cannot
 *     be offset from the host; pass {@code x.copy()}, or the base array plus an integer offset.
 *     Strides are the kernel's business, as in CuPy.</li>
 * <li>{@code Integer} (32-bit), {@code Long} (64-bit), {@code Float}, {@code Double},
 *     {@code Short}, {@code Byte}: by value; the width must match the parameter's C type.
 *     {@code Boolean}: one byte, 0 or 1, for a {@code bool}, {@code char} or {@code uchar} parameter.</li>
 * <li>{@link #localMemory(long)}: an OpenCL {@code __local} pointer parameter of that many bytes.</li>
 * </ul>
 * Dynamic shared memory (CUDA's {@code extern __shared__}) is given with
 * {@link #launch(long[], long[], SharedMemory, Object...)}.
 *
 * <p>OpenCL C runs on every device: on a CUDA device it is translated to CUDA C++ (see {@link
 * RawModule}). CUDA C runs on CUDA devices only.
 *
 * <p>Checked mode ({@code ndgpu.debug}) cannot reach inside a RawKernel: its arrays are plain
 * pointers that the source indexes, and ndgpu neither knows their sizes at each use nor rewrites
 * hand-written code. An index past an array's end reads or writes other memory; on PoCL it can
 * kill the process, and on CUDA it leaves the device's context unusable, with an error naming the
 * last kernel launched. ElementwiseKernel, ReductionKernel and JavaKernel are checked.
 *
 * <p>A kernel is {@link Serializable}: it travels (to a Spark executor, say) as its module's source
 * and its name, and compiles there on first launch, through the device's program cache.
 */
public final class RawKernel implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    // never serialized: the kernel travels as its Definition (writeReplace)
    private final transient RawModule module;
    private final transient String name;
    /** "RawKernel 'name'", the start of every message (made once: a launch builds no strings). */
    private final transient String what;
    // the kernel of the last device launched on: a launch on an already compiled kernel does no lookup
    private final transient CallSiteCache<Device, BackendKernel> last = new CallSiteCache<>();

    /** The serial form: the module (itself serialized as its definition) and the kernel's name. */
    private record Definition(RawModule module, String name) implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        @Serial
        private Object readResolve() {
            return new RawKernel(module, name, true);
        }
    }

    @Serial
    private Object writeReplace() {
        return new Definition(module, name);
    }

    @Serial
    private void readObject(ObjectInputStream s) throws InvalidObjectException {
        throw new InvalidObjectException("RawKernel: deserialized only from its Definition (writeReplace)");
    }

    /** Bytes of dynamic shared memory for a launch (CuPy's {@code shared_mem}). */
    public record SharedMemory(long bytes) {}

    /** A kernel {@code name} of {@code code}, whose dialect is recognized; options are compiler flags. */
    public RawKernel(String code, String name, String... options) {
        this(null, code, name, options);
    }

    /** A kernel of a declared dialect (null: recognize it). */
    public RawKernel(Dialect dialect, String code, String name, String... options) {
        Objects.requireNonNull(code, "RawKernel: code is null");
        Objects.requireNonNull(name, "RawKernel: name is null");
        Objects.requireNonNull(options, "RawKernel: options is null");
        this(new RawModule(dialect, code, options), name, true);
    }

    RawKernel(RawModule module, String name) {
        this(module, name, false);
    }

    private RawKernel(RawModule module, String name, boolean check) {
        this.module = module;
        this.name = name;
        this.what = "RawKernel '" + name + "'";
        if (check) module.function(name); // fails early, listing the kernels, when the name is absent
    }

    /** Dynamic shared memory of {@code bytes} for {@link #launch(long[], long[], SharedMemory, Object...)}. */
    public static SharedMemory sharedMemory(long bytes) {
        return new SharedMemory(bytes);
    }

    /** An OpenCL {@code __local T*} argument of {@code bytes} bytes. */
    public static Backend.LocalMemory localMemory(long bytes) {
        return new Backend.LocalMemory(bytes);
    }

    /** Launches {@code grid} blocks of {@code block} threads (1 to 3 dimensions each) with {@code args}. */
    public void launch(long[] grid, long[] block, Object... args) {
        launch(grid, block, new SharedMemory(0), args);
    }

    /** Launches with {@code shared.bytes()} of dynamic shared memory (CUDA {@code extern __shared__}; OpenCL: unused). */
    public void launch(long[] grid, long[] block, SharedMemory shared, Object... args) {
        Objects.requireNonNull(grid, "launch: grid is null");
        Objects.requireNonNull(block, "launch: block is null");
        Objects.requireNonNull(shared, "launch: shared is null");
        Objects.requireNonNull(args, "launch: args is null");
        Device device = Launch.deviceOf(what, args);
        BackendKernel kernel = kernel(device);
        long localBytes = shared.bytes();
        for (Object a : args) if (a instanceof Backend.LocalMemory lm) localBytes += lm.bytes();
        Launch.checkGeometry(what, device, kernel, grid, block, localBytes);
        KernelSignature sig = module.signature(name);
        Launch.checkCount(what, sig, kernel.parameterCount(), args);
        boolean translated = module.translatedOn(device);
        // the thread's builder: a wrong argument throws before the launch, so it is released in finally
        LaunchArgs kargs = LaunchArgs.reused(args.length);
        try {
            long dynamicShared = shared.bytes();
            for (int i = 0; i < args.length; i++) {
                Object v = Launch.convert(what, device, sig, i, args[i]);
                if (translated && v instanceof Backend.LocalMemory lm) {
                    // OpenCL C on CUDA: each __local parameter is a byte offset into the launch's dynamic shared memory
                    dynamicShared = (dynamicShared + 15) & ~15L;
                    kargs.i64(dynamicShared);
                    dynamicShared += lm.bytes();
                } else {
                    kargs.value(v);
                }
            }
            Captures.uncheckedKernel();
            kargs.launch(device, kernel, grid, block, dynamicShared);
        } finally {
            kargs.release();
        }
    }

    /** The compiled kernel on {@code device}, compiling on first use. */
    BackendKernel kernel(Device device) {
        BackendKernel k = last.get(device);
        return k != null ? k : last.put(device, device.backend().kernel(module.program(device, name), name));
    }

    /** Compiles for {@code device} now (else the first launch does); returns this. */
    public RawKernel compile(Device device) {
        Objects.requireNonNull(device, "compile: device is null");
        kernel(device);
        return this;
    }

    /** The backend's compiled kernel on {@code device} (compiling on first use): for benchmarks and tools below the array layer. */
    public BackendKernel kernelOn(Device device) {
        Objects.requireNonNull(device, "kernelOn: device is null");
        return kernel(device);
    }

    /** The largest block this kernel may launch with on {@code device}. */
    public int maxBlockSize(Device device) {
        Objects.requireNonNull(device, "maxBlockSize: device is null");
        return kernel(device).maxBlockSize();
    }

    /** The kernel's name. */
    public String name() {
        return name;
    }

    /** The module (source, options, dialect) the kernel belongs to. */
    public RawModule module() {
        return module;
    }

    /** The kernel's parameters as read from the source; null for a binary module. */
    public KernelSignature signature() {
        return module.signature(name);
    }

    @Override
    public String toString() {
        KernelSignature s = signature();
        return "RawKernel(" + (s != null ? s : name) + ", "
                + (module.dialect() != null ? module.dialect().language() : "dialect of the device") + ")";
    }
}
