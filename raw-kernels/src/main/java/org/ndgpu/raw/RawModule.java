package org.ndgpu.raw;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.BackendProgram;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.Operands;

/**
 * A module of kernels written in OpenCL C or CUDA C, as CuPy's {@code RawModule} and PyCUDA's
 * {@code SourceModule}: compiled once per device (through the device's program cache, so also
 * cached on disk), its kernels fetched by name.
 *
 * <pre>{@code
 * var mod = new RawModule("""
 *     extern "C" __global__ void scale(float* x, float a, int n) {
 *         int i = blockIdx.x * blockDim.x + threadIdx.x;
 *         if (i < n) x[i] *= a;
 *     }""");
 * mod.function("scale").launch(new long[]{4}, new long[]{256}, x, 2.0f, 1000);
 * }</pre>
 *
 * <p>The dialect is recognized from the source ({@code __global__}, {@code threadIdx} mean CUDA;
 * {@code __kernel}, {@code get_global_id} mean OpenCL) or declared with
 * {@link #RawModule(Dialect, String, String...)}. OpenCL C runs everywhere: on a CUDA device it is
 * translated to CUDA C++ by the layer Java kernels use ({@link OpenClOnCuda}; {@code __local}
 * pointer parameters still take {@code RawKernel.localMemory(bytes)}). CUDA C runs on CUDA devices
 * only: launching it on an OpenCL device is a {@link DeviceException} that says so. Source whose
 * dialect cannot be told is compiled as the device's own dialect.
 *
 * <p>Precompiled modules load with {@link #fromBinary}: PTX or cubin bytes for CUDA devices, an
 * OpenCL program binary (from {@code clGetProgramInfo(CL_PROGRAM_BINARIES)}) for OpenCL devices.
 *
 * <p>Checked mode ({@code ndgpu.debug}) does not instrument a module's kernels (see {@link RawKernel}).
 *
 * <p>A module is {@link Serializable}: it travels (to a Spark executor, say) as its source or binary,
 * dialect and options, and compiles there on first use, through the device's program cache.
 */
public final class RawModule implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    // never serialized: the module travels as its Definition (writeReplace)
    private final transient String code;
    private final transient byte[] binary;
    private final transient Dialect dialect;
    private final transient List<String> options;
    private final transient Map<String, KernelSignature> signatures;
    private final transient Map<Device, BackendProgram> loaded = new ConcurrentHashMap<>();
    // OpenCL C as CUDA C++, made on the first launch on a CUDA device
    private transient volatile String translated;

    /** The serial form: source (or binary), dialect as given or recognized, options. */
    private record Definition(Dialect dialect, String code, byte[] binary, List<String> options)
            implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        @Serial
        private Object readResolve() {
            String[] o = options.toArray(String[]::new);
            return code != null ? new RawModule(dialect, code, o) : fromBinary(dialect, binary, o);
        }
    }

    @Serial
    private Object writeReplace() {
        return new Definition(dialect, code, binary, options);
    }

    @Serial
    private void readObject(ObjectInputStream s) throws InvalidObjectException {
        throw new InvalidObjectException("RawModule: deserialized only from its Definition (writeReplace)");
    }

    /** A module from source whose dialect is recognized; options are compiler flags such as "-DN=4". */
    public RawModule(String code, String... options) {
        Objects.requireNonNull(code, "RawModule: code is null");
        this(Dialect.recognize(code), code, options);
    }

    /** A module from source of a declared dialect (null: recognize it, else the device's). */
    public RawModule(Dialect dialect, String code, String... options) {
        Objects.requireNonNull(code, "RawModule: code is null");
        this.options = Operands.strings("RawModule", "options", options);
        if (code.isBlank()) throw new NdException("RawModule: the source is empty");
        this.code = code;
        this.binary = null;
        this.dialect = dialect != null ? dialect : Dialect.recognize(code);
        this.signatures = KernelSignature.parse(code, this.dialect != null ? this.dialect : Dialect.OPENCL);
    }

    private RawModule(Dialect dialect, byte[] binary, List<String> options) {
        this.code = null;
        this.binary = binary.clone();
        this.dialect = dialect;
        this.options = List.copyOf(options);
        this.signatures = Map.of();
    }

    /**
     * A module from compiled bytes: PTX text or a cubin for {@link Dialect#CUDA}, an OpenCL program
     * binary for {@link Dialect#OPENCL} (it loads only on the device and driver that built it).
     * Kernels of a binary module are not checked against a signature before launch; the driver's
     * own checks apply (OpenCL knows the parameter count, CUDA does not).
     */
    public static RawModule fromBinary(Dialect dialect, byte[] binary, String... options) {
        Objects.requireNonNull(binary, "fromBinary: binary is null");
        List<String> flags = Operands.strings("fromBinary", "options", options);
        if (dialect == null)
            throw new NdException(
                    "RawModule.fromBinary: the dialect must be given (CUDA for PTX/cubin, OPENCL for a program binary)");
        if (binary.length == 0) throw new NdException("RawModule.fromBinary: the binary is empty");
        return new RawModule(dialect, binary, flags);
    }

    /**
     * A module from a file: {@code .cu}, {@code .cuh} (CUDA source), {@code .cl} (OpenCL source),
     * {@code .ptx}, {@code .cubin}, {@code .fatbin} (CUDA binary), {@code .clbin} (OpenCL binary).
     */
    public static RawModule load(Path file, String... options) {
        Objects.requireNonNull(file, "load: file is null");
        Objects.requireNonNull(options, "load: options is null");
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try {
            if (n.endsWith(".cu") || n.endsWith(".cuh"))
                return new RawModule(Dialect.CUDA, Files.readString(file), options);
            if (n.endsWith(".cl")) return new RawModule(Dialect.OPENCL, Files.readString(file), options);
            if (n.endsWith(".ptx")) {
                // the driver wants PTX text NUL-terminated
                byte[] b = Files.readAllBytes(file);
                byte[] z = java.util.Arrays.copyOf(b, b.length + (b.length > 0 && b[b.length - 1] == 0 ? 0 : 1));
                return fromBinary(Dialect.CUDA, z, options);
            }
            if (n.endsWith(".cubin") || n.endsWith(".fatbin"))
                return fromBinary(Dialect.CUDA, Files.readAllBytes(file), options);
            if (n.endsWith(".clbin")) return fromBinary(Dialect.OPENCL, Files.readAllBytes(file), options);
        } catch (IOException e) {
            throw new UncheckedIOException("RawModule.load: cannot read " + file, e);
        }
        throw new NdException(
                "RawModule.load: cannot tell what " + file + " holds; expected .cu, .cuh, .cl, .ptx, .cubin, "
                        + ".fatbin or .clbin (or use new RawModule(Dialect, source) / RawModule.fromBinary(Dialect, bytes))");
    }

    /** The kernel {@code name}; an error lists the module's kernels when it has no such kernel. */
    public RawKernel function(String name) {
        Objects.requireNonNull(name, "function: name is null");
        if (code != null && !signatures.isEmpty() && !signatures.containsKey(name)) {
            throw new KernelLaunchException("RawModule.function: no kernel named '" + name + "' in the module; it has "
                    + signatures.keySet() + cudaHint());
        }
        return new RawKernel(this, name);
    }

    private String cudaHint() {
        return dialect == Dialect.CUDA && !code.contains("extern \"C\"")
                ? " (CUDA kernels must be declared extern \"C\" to be found by name)"
                : "";
    }

    /** Names of the kernels, read from the source (empty for a binary module). */
    public List<String> kernelNames() {
        return List.copyOf(signatures.keySet());
    }

    /** The source, or null for a binary module. */
    public String code() {
        return code;
    }

    /** The declared or recognized dialect; null when the source did not say. */
    public Dialect dialect() {
        return dialect;
    }

    /** Compiler options. */
    public List<String> options() {
        return options;
    }

    KernelSignature signature(String name) {
        return signatures.get(name);
    }

    /** Whether this module's kernels run on {@code device} as OpenCL C translated to CUDA ({@link OpenClOnCuda}). */
    boolean translatedOn(Device device) {
        return code != null && dialect == Dialect.OPENCL && device.backend().dialect() == Dialect.CUDA;
    }

    /** The program for {@code device}: compiled (or loaded) on first use, checked for dialect. */
    BackendProgram program(Device device, String forKernel) {
        Dialect have = device.backend().dialect();
        if (translatedOn(device)) {
            String cuda = translated;
            if (cuda == null) translated = cuda = OpenClOnCuda.translate(code, signatures);
            return device.programs().program(forKernel, cuda, OpenClOnCuda.options(options));
        }
        if (dialect != null && dialect != have) {
            String where = dialect.name().toLowerCase(Locale.ROOT);
            throw new DeviceException(
                    "RawModule: kernel '" + forKernel + "' is " + dialect.language() + (binary != null ? " binary" : "")
                            + " code" + (binary == null ? ", which runs on CUDA devices only" : "") + ", but "
                            + device.id() + " (" + device.name()
                            + ") runs " + have.language() + "; "
                            + (binary == null
                                    ? "write the kernel in OpenCL C (it runs on every device)"
                                    : "load a binary built for " + device.id())
                            + " or launch it on a " + where + " device (Device.get(\"" + where + "\").use())");
        }
        if (code != null) return device.programs().program(forKernel, code, options);
        return loaded.computeIfAbsent(device, d -> d.backend().load(forKernel, binary, options));
    }
}
