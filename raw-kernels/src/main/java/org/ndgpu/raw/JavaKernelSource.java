package org.ndgpu.raw;

import com.aparapi.Kernel;
import com.aparapi.internal.model.ClassModel;
import com.aparapi.internal.model.Entrypoint;
import com.aparapi.internal.writer.KernelWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;

/**
 * The OpenCL C that Aparapi writes for a Java kernel class, and its CUDA rendering. Translated once
 * per class, without running anything: Aparapi reads the class file and writes text; ndgpu compiles
 * and launches it.
 *
 * <pre>{@code
 * String cl = JavaKernelSource.of(new Saxpy()).source(Dialect.OPENCL);
 * }</pre>
 *
 * <p>The CUDA rendering ({@link OpenClOnCuda}, shared with hand-written OpenCL C) is the same text after a prelude ({@code opencl-on-cuda.h}: get_global_id
 * and friends as device functions, the address-space words as empty macros, barrier as
 * __syncthreads, the OpenCL atomics), with Aparapi's {@code this} (a C++ keyword) renamed,
 * {@code $} in nested-class names replaced, OpenCL pragmas dropped, and each {@code __local}
 * array parameter replaced by a byte offset into the launch's dynamic shared memory.
 */
public final class JavaKernelSource {
    // Aparapi's one logger, quieted on first use; a strong reference so the level sticks
    @SuppressWarnings("UnusedVariable") // held, never read: java.util.logging keeps loggers weakly
    private static volatile Logger aparapiLog;
    private static final Map<Class<?>, JavaKernelSource> BY_CLASS = new ConcurrentHashMap<>();
    static final String ENTRY = "run";

    private final Class<?> kernelClass;
    private final String opencl;
    private final KernelSignature signature;
    private volatile String cuda;
    /** The kernel of this class, held by each device it was compiled for. */
    private final Device.Key<BackendKernel> compiled;

    private JavaKernelSource(Class<?> kernelClass, String opencl) {
        this.kernelClass = kernelClass;
        this.opencl = opencl;
        this.compiled = new Device.Key<>("JavaKernel " + kernelClass.getName());
        this.signature = KernelSignature.parse(opencl, Dialect.OPENCL).get(ENTRY);
        if (signature == null) {
            throw new KernelTranslationException("JavaKernel " + kernelClass.getName() + ": Aparapi's output has no kernel '" + ENTRY
                    + "':\n" + opencl, null);
        }
    }

    /** The translation of {@code kernel}'s class, made on first use. */
    public static JavaKernelSource of(Kernel kernel) {
        JavaKernelSource s = BY_CLASS.get(kernel.getClass());
        if (s != null) return s;
        return BY_CLASS.computeIfAbsent(kernel.getClass(), c -> new JavaKernelSource(c, translate(kernel)));
    }

    private static volatile boolean quiet;

    /**
     * Aparapi warns about every class-file attribute of modern javac (NestHost, NestMembers) and every
     * method compiled without -g, all through one logger named "com.aparapi.logLevel". Its Config, when
     * it first loads, sets that logger to the level of the system property of the same name (default
     * WARNING) and, as a side effect, the root logger's handlers too. So: load Config first, then set
     * the logger to SEVERE unless the user gave that property, and give the root handlers back the
     * levels they had.
     */
    private static void quietAparapi() {
        if (quiet) return;
        synchronized (JavaKernelSource.class) {
            if (quiet) return;
            var handlers = Logger.getLogger("").getHandlers();
            Level[] before = new Level[handlers.length];
            for (int i = 0; i < handlers.length; i++) before[i] = handlers[i].getLevel();
            String name = com.aparapi.Config.getLoggerName();   // runs Config's static initializer
            for (int i = 0; i < handlers.length; i++) handlers[i].setLevel(before[i]);
            Logger log = Logger.getLogger(name);
            if (System.getProperty(name) == null) log.setLevel(Level.SEVERE);
            aparapiLog = log;
            quiet = true;
        }
    }

    private static String translate(Kernel kernel) {
        Class<?> c = kernel.getClass();
        quietAparapi();
        try {
            Entrypoint e = ClassModel.createClassModel(c).getEntrypoint(ENTRY, kernel);
            return KernelWriter.writeToString(e);
        } catch (Exception | LinkageError e) {
            List<BytecodeCheck.Problem> problems = BytecodeCheck.scan(c);
            String aparapi = e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : "");
            String msg = "JavaKernel " + c.getName() + ": Aparapi cannot translate run() to OpenCL C";
            if (!problems.isEmpty()) {
                msg += "; it uses " + String.join("; ", problems.stream().map(Object::toString).toList())
                        + ". Kernels may use primitives, primitive arrays (fields), the Kernel's math, id, barrier and atomic "
                        + "methods, and methods of the kernel class";
            }
            throw new KernelTranslationException(msg + " (Aparapi said: " + aparapi + ")", e);
        }
    }

    /** The kernel class. */
    public Class<?> kernelClass() { return kernelClass; }

    /** The kernel's parameters in Aparapi's order: fields, array lengths, {@code passid}. */
    public KernelSignature signature() { return signature; }

    /** The source for {@code dialect}: Aparapi's OpenCL C as written, or its CUDA rendering. */
    public String source(Dialect dialect) {
        if (dialect == Dialect.OPENCL) return opencl;
        String c = cuda;
        if (c == null) cuda = c = toCuda(opencl, signature);
        return c;
    }

    /** The kernel compiled for {@code device}, compiled once per device. */
    BackendKernel kernel(Device device) {
        return device.state(compiled, () -> {
            Dialect dialect = device.backend().dialect();
            List<String> options = dialect == Dialect.CUDA ? OpenClOnCuda.OPTIONS : List.of();
            String name = kernelClass.getSimpleName().isEmpty() ? kernelClass.getName() : kernelClass.getSimpleName();
            return device.backend().kernel(device.programs().program("JavaKernel " + name, source(dialect), options), ENTRY);
        });
    }

    private static final Pattern SIGNATURE = Pattern.compile("__kernel\\s+void\\s+" + ENTRY + "\\s*\\(([^)]*)\\)\\s*\\{");

    /** Aparapi's OpenCL C rendered as CUDA C++ for NVRTC. */
    static String toCuda(String opencl, KernelSignature sig) {
        String body = OpenClOnCuda.withoutPragmaLines(opencl);
        Matcher m = SIGNATURE.matcher(body);
        if (!m.find()) throw new IllegalStateException("no kernel signature in Aparapi's output");
        // __local array parameters become offsets into the dynamic shared memory
        StringBuilder params = new StringBuilder();
        StringBuilder carve = new StringBuilder();
        for (KernelSignature.Param p : sig.params()) {
            if (params.length() > 0) params.append(", \n   ");
            if (p.local()) {
                params.append(OpenClOnCuda.offsetParameter(p));
                carve.append("\n   ").append(OpenClOnCuda.carve(p));
            } else {
                params.append(p.pointer() ? p.type() + " *" + p.name() : p.type() + " " + p.name());
            }
        }
        String kernel = "__kernel void " + ENTRY + "(\n   " + params + "\n){" + carve;
        body = body.substring(0, m.start()) + kernel + body.substring(m.end());
        // 'this' is a C++ keyword; '$' (nested classes) is not portable in identifiers
        body = body.replaceAll("\\bthis\\b", "nd_this").replace('$', '_');
        return OpenClOnCuda.PRELUDE + "\n" + body;
    }

}
