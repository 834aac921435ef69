package org.ndgpu.device;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendProvider;
import org.ndgpu.backend.DeviceFacts;
import org.ndgpu.backend.ManagedMemory;
import org.ndgpu.backend.OptionalLibrary;
import org.ndgpu.backend.SignalGuard;
import org.ndgpu.config.Config;
import org.ndgpu.exceptions.DeviceException;

/**
 * A compute device: one GPU or CPU of one backend, with its memory pool, compiled-program cache,
 * default stream and the per-device state of ndgpu's modules (kernel memos, library handles, the
 * random generator: {@link #state}, dropped by {@link #reset()}). Arrays are made on the current device.
 *
 * <pre>{@code
 * Device.list();                       // [cuda:0 NVIDIA H200 (139 GiB), opencl:0 ..., opencl:1 pthread-...]
 * Device.current();                    // the ndgpu.device property, else the best found
 * try (var on = Device.get("opencl:0").use()) { var a = Nd.ones(3); }  // a lives on opencl:0
 * }</pre>
 *
 * The default device is chosen once, in this order: the {@code ndgpu.device} property or
 * {@code NDGPU_DEVICE} variable; the first CUDA GPU; the first OpenCL GPU; the first OpenCL CPU.
 * The choice is logged. Nothing ever moves to another device silently.
 *
 * <h2>Threads</h2>
 * ndgpu may be used from many threads at once, under these rules:
 * <ul>
 * <li>Shared and safe: devices, their {@link MemoryPool} (every method synchronized; the Cleaner
 *     releases blocks from its own thread), the {@link ProgramCache} (concurrent maps; a kernel
 *     compiled by two threads at once is compiled at most once per key and per process, and the
 *     disk cache is written by atomic rename, so processes may share it), the generated-source and
 *     kernel memos, and kernel objects (ElementwiseKernel, ReductionKernel, RawKernel, Fuse): one
 *     instance may be called from several threads. The OpenCL backend sets a kernel's arguments and
 *     enqueues it under that kernel's lock, so two threads launching the same kernel cannot mix
 *     their arguments.</li>
 * <li>Per thread: the current device ({@link #use()}) and the current stream ({@link Stream#use()}).
 *     A new thread starts on the default device and stream.</li>
 * <li>Arrays: an NDArray is immutable in its geometry, so reading one array (views, operations that
 *     take it as input, copies to the host) from several threads is safe. Writing one array (an
 *     {@code out=} argument, {@code set}, {@code fill}) while another thread reads or writes the same
 *     memory is a data race, as in NumPy: its result is undefined, though never a crash. Work on
 *     different streams is ordered only by {@link Stream#synchronize()} or events.</li>
 * <li>Closing an array another thread is using is the caller's bug: the other thread gets
 *     ArrayClosedException at its next call, or, if a kernel is already queued, the memory stays
 *     valid because the pool reuses a block on another stream only after synchronizing.</li>
 * <li>Device faults (a kernel that writes out of bounds on CUDA) poison the whole CUDA context for
 *     every thread; the error names the kernel and says the context must be discarded.</li>
 * </ul>
 */
public final class Device {
    private static final System.Logger LOG = System.getLogger("org.ndgpu");
    private static volatile Registry registry;
    private static final ThreadLocal<ArrayDeque<Device>> USING = ThreadLocal.withInitial(ArrayDeque::new);

    private final Backend backend;
    private final MemoryPool pool;
    // the pool of managed memory, made on first use (MemoryKind.MANAGED, ndgpu.memory=managed)
    private volatile MemoryPool managedPool;
    // ndgpu.memory as read at this device's first allocation (outside MemoryKind.use): 0 unread, 1 device, 2 managed
    private volatile int memorySetting;
    private final ProgramCache programs;
    private final Stream defaultStream;
    private final ThreadLocal<ArrayDeque<Stream>> streams = ThreadLocal.withInitial(ArrayDeque::new);
    // true once a stream scope was opened on any thread: until then currentStream() skips the thread-local lookup
    private volatile boolean streamScopesUsed;
    // the state slots, indexed by Key.index: a repeated state() call is an array read (a map lookup hashes the
    // key by identity, a native call that is slow in the interpreter); replaced, never written in place, under
    // stateLock
    private volatile Slot[] slots = new Slot[0];
    private final Object stateLock = new Object();

    private Device(Backend backend) {
        this.backend = backend;
        this.pool = new MemoryPool(backend, backend.facts().id());
        this.programs = new ProgramCache(backend);
        this.defaultStream = new Stream(this, backend.defaultStream(), true);
    }

    private record Registry(List<Device> devices, List<String> problems) {}

    private static Registry registry() {
        Registry r = registry;
        if (r == null) {
            synchronized (Device.class) {
                r = registry;
                if (r == null) registry = r = discover();
            }
        }
        return r;
    }

    private static Registry discover() {
        List<Device> devices = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<BackendProvider> providers = new ArrayList<>();
        SignalGuard.save(); // before any driver loads: PoCL replaces the JVM's signal handlers
        ServiceLoader.load(BackendProvider.class, Device.class.getClassLoader()).forEach(providers::add);
        // CUDA devices are listed first: they are the preferred default
        providers.sort(Comparator.comparing(p -> p.name().equals("cuda") ? 0 : 1));
        for (BackendProvider p : providers) {
            BackendProvider.Discovery d = p.discover();
            SignalGuard.restore(p.name() + " driver");
            d.backends().forEach(b -> devices.add(new Device(b)));
            problems.addAll(d.problems());
        }
        return new Registry(Collections.unmodifiableList(devices), List.copyOf(problems));
    }

    private static Device chooseDefault(Registry r) {
        String asked = Config.device();
        if (asked != null) return find(r, asked, Config.DEVICE.names());
        Device best = r.devices.stream()
                .filter(d -> d.isGpu() && d.backendName().equals("cuda"))
                .findFirst()
                .or(() -> r.devices.stream().filter(d -> d.isGpu()).findFirst())
                .or(() -> r.devices.stream().findFirst())
                .orElseThrow(() -> new DeviceException("no device found: " + String.join("; ", r.problems)));
        LOG.log(
                System.Logger.Level.INFO,
                "ndgpu: using " + best + (r.problems.isEmpty() ? "" : " (" + String.join("; ", r.problems) + ")"));
        return best;
    }

    private static volatile Device defaultDevice;

    /** Every device found, CUDA first, then OpenCL in platform order. */
    public static List<Device> list() {
        return registry().devices;
    }

    /**
     * Why devices may be missing (no driver, no platform, a loader that lists no GPU), then why an
     * optional library present on the class path (NCCL, cuFFT) cannot serve the devices found.
     */
    public static List<String> problems() {
        return OptionalLibraries.PROBLEMS;
    }

    // asked on the first problems() call only: a missing optional library costs nothing until then
    private static final class OptionalLibraries {
        static final List<String> PROBLEMS;

        static {
            Registry r = registry();
            List<String> all = new ArrayList<>(r.problems);
            try {
                for (var lib : ServiceLoader.load(OptionalLibrary.class, Device.class.getClassLoader())) {
                    all.addAll(lib.problems(r.devices));
                }
            } catch (RuntimeException | ServiceConfigurationError e) {
                all.add("an optional library's check failed: " + e);
            }
            PROBLEMS = List.copyOf(all);
        }
    }

    /**
     * The device by id: "cuda:0", "opencl:1"; "cuda" or "opencl" for the first of a backend;
     * "opencl:gpu" or "opencl:cpu" for the first OpenCL device of that kind.
     */
    public static Device get(String id) {
        return find(registry(), Objects.requireNonNull(id, "Device.get: id is null"), "Device.get");
    }

    private static Device find(Registry r, String id, String what) {
        String want = id.strip().toLowerCase(java.util.Locale.ROOT);
        for (Device d : r.devices) {
            if (d.id().equals(want) || d.backendName().equals(want)) return d;
            // "opencl:gpu" / "opencl:cpu": the first OpenCL device of that kind, whatever the platform order
            if (want.equals(d.backendName() + ":" + (d.isGpu() ? "gpu" : "cpu"))) return d;
        }
        throw new DeviceException(what + ": no device '" + id + "'; found "
                + r.devices.stream().map(Device::id).toList()
                + (r.problems.isEmpty() ? "" : " (" + String.join("; ", r.problems) + ")"));
    }

    /** The device arrays are made on in this thread: the innermost use(), else the default. */
    public static Device current() {
        Device d = USING.get().peek();
        if (d != null) return d;
        d = defaultDevice;
        if (d == null) {
            synchronized (Device.class) {
                if (defaultDevice == null) defaultDevice = chooseDefault(registry());
                d = defaultDevice;
            }
        }
        return d;
    }

    /** Makes this the current device of this thread until the returned scope is closed. */
    public Scope use() {
        USING.get().push(this);
        return new Scope(() -> {
            if (USING.get().peek() != this) throw new IllegalStateException("Device.use scopes closed out of order");
            USING.get().pop();
        });
    }

    /** A scope from use(); close() restores the previous current device or stream. */
    public static final class Scope implements AutoCloseable {
        private Runnable onClose;

        Scope(Runnable onClose) {
            this.onClose = onClose;
        }

        @Override
        public void close() {
            if (onClose != null) {
                onClose.run();
                onClose = null;
            }
        }
    }

    /** "cuda:0". */
    public String id() {
        return backend.facts().id();
    }

    /** "cuda" or "opencl". */
    public String backendName() {
        return backend.facts().backend();
    }

    /** The device's name, e.g. "NVIDIA H200". */
    public String name() {
        return backend.facts().name();
    }

    /** True for a GPU, false for a CPU device such as PoCL. */
    public boolean isGpu() {
        return backend.facts().isGpu();
    }

    /** Memory, compute units, limits and driver version of the device. */
    public DeviceFacts facts() {
        return backend.facts();
    }

    /** The backend that runs this device's work. For kernels of ndgpu's own modules. */
    public Backend backend() {
        return backend;
    }

    /**
     * Kernels launched on this device so far, by every module and thread: a statistic, e.g. to see
     * that a fused function is one launch ({@code long before = d.launchCount(); f.call(x); d.launchCount() - before}).
     */
    public long launchCount() {
        return backend.launchCount();
    }

    /** This device's caching memory pool: {@code Device.current().memoryPool().usedBytes()}. */
    public MemoryPool memoryPool() {
        return pool;
    }

    /**
     * This device's caching pool of managed memory, which the driver pages between the device and
     * the host ({@code cuMemAllocManaged}, OpenCL's fine-grained SVM), as CuPy's {@code
     * MemoryPool(malloc_managed)}; made on first use. Arrays come from it inside {@code
     * Nd.managedMemory()} or with {@code ndgpu.memory=managed}: {@code Device.current().managedMemoryPool().usedBytes()}.
     * Throws DeviceException on a device without managed memory ({@link DeviceFacts#managedMemory()}).
     */
    public MemoryPool managedMemoryPool() {
        return managedPool("managedMemoryPool");
    }

    private MemoryPool managedPool(String op) {
        MemoryPool p = managedPool;
        if (p != null) return p;
        ManagedMemory managed = backend.managedMemory();
        if (managed == null) throw noManagedMemory(op);
        synchronized (stateLock) {
            if (managedPool == null) managedPool = new MemoryPool(backend, id(), managed);
            return managedPool;
        }
    }

    /**
     * The refusal of {@code op} on this device, which has no managed memory: names what was expected
     * and what the device is. For ndgpu's own modules (the array's prefetch, advise and host view).
     */
    public DeviceException noManagedMemory(String op) {
        return new DeviceException(
                id() + " " + op + ": expected a device with managed memory (CUDA: "
                        + "CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY; OpenCL: fine-grained shared virtual memory, "
                        + "CL_DEVICE_SVM_FINE_GRAIN_BUFFER), got " + name() + " (" + backendName()
                        + "), which has none; allocate in device memory instead (ndgpu.memory=device, outside Nd.managedMemory())");
    }

    /**
     * The pool new arrays of this thread come from: the managed one inside {@code MemoryKind.MANAGED.use()}
     * or with {@code ndgpu.memory=managed} (read at the device's first allocation), else the device's.
     */
    MemoryPool allocationPool() {
        MemoryKind scoped = MemoryKind.open != 0 ? MemoryKind.scoped() : null;
        if (scoped != null) return scoped == MemoryKind.MANAGED ? managedPool("allocate in managed memory") : pool;
        int s = memorySetting;
        if (s == 1) return pool;
        if (s == 0) memorySetting = s = Config.managedMemory() ? 2 : 1;
        return s == 2 ? managedPool("allocate in managed memory (ndgpu.memory=managed)") : pool;
    }

    /** A stream is being closed: every pool of this device stops waiting on it. */
    void streamClosed(org.ndgpu.backend.BackendStream stream) {
        pool.streamClosed(stream);
        MemoryPool m = managedPool;
        if (m != null) m.streamClosed(stream);
    }

    /** Compiled programs of this device, cached in memory and on disk. */
    public ProgramCache programs() {
        return programs;
    }

    /**
     * A slot of per-device state that a module keeps on the device instead of in a static map keyed
     * by device: a kernel memo, a library handle, a generator. Keys are compared by identity; make
     * one per kind of state, as a static final.
     *
     * <pre>{@code
     * static final Device.Key<Map<Spec, BackendKernel>> KERNELS = new Device.Key<>("elementwise kernels");
     * device.state(KERNELS, ConcurrentHashMap::new).computeIfAbsent(spec, ...);
     * }</pre>
     *
     * @param <T> the type of the value
     */
    @SuppressWarnings(
            "UnusedTypeParameter") // T ties a key to its value's type at the call sites of state(Key, Supplier)
    public static final class Key<T> {
        private static final java.util.concurrent.atomic.AtomicInteger COUNT =
                new java.util.concurrent.atomic.AtomicInteger();

        private final String name;
        // this key's slot in each device's state array
        private final int index;

        /** A new key; {@code name} is for messages only. */
        public Key(String name) {
            this.name = Objects.requireNonNull(name, "Device.Key: name is null");
            this.index = COUNT.getAndIncrement();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** One value of {@link #state}, made once, under its own lock, so making one value never blocks another. */
    private static final class Slot {
        private volatile Object value;

        synchronized Object fill(Key<?> key, Supplier<?> make) {
            if (value == null) value = Objects.requireNonNull(make.get(), () -> "Device.state: " + key + " made null");
            return value;
        }
    }

    /**
     * This device's value of {@code key}, made by {@code make} on first use (once, even when several
     * threads ask at once) and kept until {@link #reset()}. For ndgpu's own modules.
     */
    @SuppressWarnings("unchecked") // a Key<T> is only ever filled by a Supplier<? extends T>
    public <T> T state(Key<T> key, Supplier<? extends T> make) {
        // checked inline rather than by Objects.requireNonNull: this runs on every kernel launch
        if (key == null) throw new NullPointerException("state: key is null");
        if (make == null) throw new NullPointerException("state: make is null");
        Slot[] s = slots;
        Slot slot = key.index < s.length ? s[key.index] : null;
        if (slot == null) slot = slot(key);
        Object v = slot.value;
        return (T) (v != null ? v : slot.fill(key, make));
    }

    /** The slot of {@code key}, made (and the array grown) on first use. */
    private Slot slot(Key<?> key) {
        synchronized (stateLock) {
            Slot[] s = slots;
            if (key.index < s.length && s[key.index] != null) return s[key.index];
            Slot[] grown = java.util.Arrays.copyOf(s, Math.max(s.length, key.index + 1));
            Slot slot = new Slot();
            grown[key.index] = slot;
            slots = grown;
            return slot;
        }
    }

    /**
     * Drops what this device holds for later calls: every {@link #state} value (closing those that
     * are AutoCloseable: library handles), what the backend keeps for speed ({@link Backend#trim()}:
     * OpenCL's pinned staging buffers), the memory pools' cached blocks
     * ({@link MemoryPool#freeAllBlocks()}), and the setting {@code ndgpu.memory} as read (read again at
     * the next allocation). Live arrays stay valid; kernel memos and handles are made
     * again on next use. Call it when no other thread is working on this device: a value in use by
     * another thread would be closed under it.
     */
    public void reset() {
        List<Object> dropped = new ArrayList<>();
        Slot[] old;
        synchronized (stateLock) {
            old = slots;
            slots = new Slot[0];
        }
        for (Slot s : old) {
            Object v = s == null ? null : s.value;
            if (v != null) dropped.add(v);
        }
        RuntimeException failed = null;
        for (Object v : dropped) {
            if (!(v instanceof AutoCloseable c)) continue;
            try {
                c.close();
            } catch (Exception e) {
                if (failed == null)
                    failed = new DeviceException(id() + ": reset: closing " + v + " failed: " + e.getMessage(), e);
                else failed.addSuppressed(e);
            }
        }
        try {
            backend.trim();
        } catch (RuntimeException e) {
            if (failed == null) failed = e;
            else failed.addSuppressed(e);
        }
        pool.freeAllBlocks();
        memorySetting = 0; // ndgpu.memory is read again at the next allocation
        MemoryPool m = managedPool;
        if (m != null) m.freeAllBlocks();
        if (failed != null) throw failed;
    }

    /** The stream work goes to when no Stream.use() is active. */
    public Stream defaultStream() {
        return defaultStream;
    }

    /** The stream work goes to in this thread: the innermost Stream.use(), else the default stream. */
    public Stream currentStream() {
        // a thread's stack holds only what that thread pushed: until any scope was opened, every one is empty
        if (!streamScopesUsed) return defaultStream;
        Stream s = streams.get().peek();
        return s != null ? s : defaultStream;
    }

    Scope useStream(Stream s) {
        streamScopesUsed = true;
        streams.get().push(s);
        return new Scope(() -> streams.get().remove(s));
    }

    /** Waits for all work of this thread's current stream. */
    public void synchronize() {
        currentStream().synchronize();
    }

    /** "cuda:0 NVIDIA H200 (GPU, 143155 MiB, NVIDIA)". */
    @Override
    public String toString() {
        DeviceFacts f = facts();
        return f.id() + " " + f.name() + " (" + (f.isGpu() ? "GPU" : "CPU") + ", " + (f.globalMemoryBytes() >> 20)
                + " MiB, " + f.vendor() + ")";
    }
}
