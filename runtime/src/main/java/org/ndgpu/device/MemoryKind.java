package org.ndgpu.device;

import java.util.ArrayDeque;
import org.ndgpu.config.Config;

/**
 * Where new arrays are allocated: the device's own memory, or managed memory, which the driver
 * pages between the device and the host so that an array may exceed the device's memory (CuPy's
 * {@code cupy.cuda.malloc_managed} allocator). The setting {@code ndgpu.memory} chooses for the
 * whole program; {@link #use()} for a block of code on this thread, which users write {@code
 * Nd.managedMemory()}.
 *
 * <pre>{@code
 * try (var managed = MemoryKind.MANAGED.use()) {
 *     NDArray big = Nd.zeros(DType.FLOAT32, n);   // may exceed the device's memory
 * }
 * }</pre>
 *
 * <p>A device without managed memory ({@code Device.facts().managedMemory()} false) refuses an
 * allocation in it with a DeviceException: nothing falls back to device memory silently.
 */
public enum MemoryKind {
    /** The device's own memory (cuMemAlloc, an OpenCL buffer): the default. */
    DEVICE,
    /** Managed memory: CUDA's cuMemAllocManaged, OpenCL's fine-grained shared virtual memory. */
    MANAGED;

    // use() scopes open on any thread: while there are none, an allocation skips the thread-local lookup
    static volatile int open; // changed under the class's lock
    private static final ThreadLocal<ArrayDeque<MemoryKind>> USING = ThreadLocal.withInitial(ArrayDeque::new);

    /**
     * Allocates this thread's new arrays in this kind of memory, on every device, until the returned
     * scope is closed; scopes nest, the innermost wins. As CuPy's {@code
     * cupy.cuda.using_allocator(cupy.cuda.malloc_managed)}: {@code try (var m = Nd.managedMemory()) {...}}.
     */
    public Device.Scope use() {
        ArrayDeque<MemoryKind> stack = USING.get();
        stack.push(this);
        synchronized (MemoryKind.class) {
            open++;
        }
        return new Device.Scope(() -> {
            if (stack.peek() != this || USING.get() != stack) {
                throw new IllegalStateException("MemoryKind.use scopes closed out of order or on another thread");
            }
            stack.pop();
            synchronized (MemoryKind.class) {
                open--;
            }
        });
    }

    /**
     * The kind this thread's new arrays get now: the innermost {@link #use()}, else the setting
     * {@code ndgpu.memory} ({@link Config#managedMemory()}).
     */
    public static MemoryKind current() {
        if (open != 0) {
            MemoryKind k = USING.get().peek();
            if (k != null) return k;
        }
        return Config.managedMemory() ? MANAGED : DEVICE;
    }

    /** The innermost {@link #use()} kind of this thread, or null. */
    static MemoryKind scoped() {
        return USING.get().peek();
    }
}
