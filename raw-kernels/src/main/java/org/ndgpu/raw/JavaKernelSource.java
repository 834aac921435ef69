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
import org.ndgpu.codegen.CheckedIndex;
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
    // checked mode (CheckedIndex): the source with every array subscript checked, made on first use
    private volatile Checked checked;
    private final Device.Key<BackendKernel> compiledChecked;

    /** The checked rendering: its OpenCL C, its signature, its CUDA rendering (made on first use) and the arrays checked. */
    private static final class Checked {
        final String opencl;
        final KernelSignature signature;
        final List<CheckedIndex.Target> targets;
        volatile String cuda;

        Checked(String opencl, KernelSignature signature, List<CheckedIndex.Target> targets) {
            this.opencl = opencl;
            this.signature = signature;
            this.targets = targets;
        }
    }

    private JavaKernelSource(Class<?> kernelClass, String opencl) {
        this.kernelClass = kernelClass;
        this.opencl = opencl;
        this.compiled = new Device.Key<>("JavaKernel " + kernelClass.getName());
        this.compiledChecked = new Device.Key<>("JavaKernel " + kernelClass.getName() + " (checked)");
        this.signature = KernelSignature.parse(opencl, Dialect.OPENCL).get(ENTRY);
        if (signature == null) {
            throw new KernelTranslationException(
                    "JavaKernel " + kernelClass.getName() + ": Aparapi's output has no kernel '" + ENTRY + "':\n"
                            + opencl,
                    null);
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
            String name = com.aparapi.Config.getLoggerName(); // runs Config's static initializer
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
                msg += "; it uses "
                        + String.join(
                                "; ", problems.stream().map(Object::toString).toList())
                        + ". Kernels may use primitives, primitive arrays (fields), the Kernel's math, id, barrier and atomic "
                        + "methods, and methods of the kernel class";
            }
            throw new KernelTranslationException(msg + " (Aparapi said: " + aparapi + ")", e);
        }
    }

    /** The kernel class. */
    public Class<?> kernelClass() {
        return kernelClass;
    }

    /** The kernel's parameters in Aparapi's order: fields, array lengths, {@code passid}. */
    public KernelSignature signature() {
        return signature;
    }

    /** The source for {@code dialect}: Aparapi's OpenCL C as written, or its CUDA rendering. */
    public String source(Dialect dialect) {
        if (dialect == Dialect.OPENCL) return opencl;
        String c = cuda;
        if (c == null) cuda = c = toCuda(opencl, signature);
        return c;
    }

    /** The kernel compiled for {@code device}, compiled once per device. */
    BackendKernel kernel(Device device) {
        return kernel(device, false);
    }

    /** The kernel compiled for {@code device}, in checked mode or not ({@link #checkedSource}), once per device. */
    BackendKernel kernel(Device device, boolean checkedMode) {
        return device.state(checkedMode ? compiledChecked : compiled, () -> {
            Dialect dialect = device.backend().dialect();
            List<String> options = dialect == Dialect.CUDA ? OpenClOnCuda.OPTIONS : List.of();
            String name = kernelClass.getSimpleName().isEmpty() ? kernelClass.getName() : kernelClass.getSimpleName();
            String src = checkedMode ? checkedSource(dialect) : source(dialect);
            return device.backend().kernel(device.programs().program("JavaKernel " + name, src, options), ENTRY);
        });
    }

    /** The parameters of the checked kernel: the plain ones, each array's {@code _nd_len_<name>}, then the record. */
    KernelSignature checkedSignature() {
        return checked().signature;
    }

    /** The array fields the checked kernel checks, in their record numbers' order. */
    List<CheckedIndex.Target> checkedArrays() {
        return checked().targets;
    }

    /**
     * The source in checked mode ({@code ndgpu.debug}, see {@link CheckedIndex}): every
     * {@code this->a[i]} of a {@code __global} array field goes through a bounds check against the
     * bound array's size, which the kernel receives with the record as extra parameters, kept in
     * Aparapi's {@code This} struct so that the kernel's helper methods see them too.
     */
    public String checkedSource(Dialect dialect) {
        Checked c = checked();
        if (dialect == Dialect.OPENCL) return c.opencl;
        String cu = c.cuda;
        if (cu == null) c.cuda = cu = toCuda(c.opencl, c.signature);
        return cu;
    }

    private Checked checked() {
        Checked c = checked;
        if (c == null) checked = c = check(opencl, signature);
        return c;
    }

    private static final Pattern STRUCT_END = Pattern.compile("\\n}This;");
    private static final Pattern THIS_POINTER = Pattern.compile("This\\* this=&thisStruct;\\n");

    // Aparapi's atomics on an array element, atomicAdd(int[] arr, int index, int delta) and the like, become
    // calls of helpers that index the array themselves: atomicAdd(this->bins, v % n, 1)
    private static final Pattern ATOMIC_CALL = Pattern.compile("\\b(atomic\\w*)\\(\\s*this->(\\w+)\\s*,");

    /**
     * Each Aparapi atomic call on a checked array, {@code atomicAdd(this->a, i, d)}, passes the
     * checked element and index 0 instead: {@code atomicAdd(&(*nd_checked_int(this->a, ..., i)), 0, d)}.
     */
    static String checkAtomics(String src, List<CheckedIndex.Target> targets, String record) {
        var out = new StringBuilder();
        Matcher m = ATOMIC_CALL.matcher(src);
        int at = 0;
        while (m.find(at)) {
            CheckedIndex.Target t = targets.stream()
                    .filter(x -> x.name().equals(m.group(2)))
                    .findFirst()
                    .orElse(null);
            int end = argumentEnd(src, m.end());
            if (t == null || end < 0 || src.charAt(end) != ',') {
                out.append(src, at, m.end());
                at = m.end();
                continue;
            }
            out.append(src, at, m.start())
                    .append(m.group(1))
                    .append("(&(*nd_checked_")
                    .append(t.storage())
                    .append("(this->")
                    .append(t.name())
                    .append(", ")
                    .append(t.length())
                    .append(", ")
                    .append(record)
                    .append(", ")
                    .append(t.number())
                    .append(", (long)(")
                    .append(src, m.end(), end)
                    .append("))), 0");
            at = end;
        }
        return out.append(src.substring(at)).toString();
    }

    /** Where the call argument starting at {@code from} ends: its top-level ',' or the call's ')'; -1 if neither. */
    private static int argumentEnd(String src, int from) {
        int depth = 0;
        for (int j = from; j < src.length(); j++) {
            char c = src.charAt(j);
            if (c == '(' || c == '[') depth++;
            else if (c == ')' || c == ']') {
                if (depth == 0) return c == ')' ? j : -1;
                depth--;
            } else if (c == ',' && depth == 0) return j;
        }
        return -1;
    }

    /** Aparapi's OpenCL C with the checks of {@link #checkedSource}. */
    static Checked check(String opencl, KernelSignature sig) {
        List<CheckedIndex.Target> targets = new java.util.ArrayList<>();
        for (KernelSignature.Param p : sig.params()) {
            if (p.pointer() && !p.local()) {
                String type = p.type().substring(p.type().lastIndexOf(' ') + 1);
                targets.add(new CheckedIndex.Target(
                        "this", p.name(), type, "this->" + CheckedIndex.lengthName(p.name()), targets.size()));
            }
        }
        var fields = new StringBuilder();
        var params = new StringBuilder();
        var copies = new StringBuilder();
        for (CheckedIndex.Target t : targets) {
            String len = CheckedIndex.lengthName(t.name());
            fields.append("\n   long ").append(len).append(';');
            params.append(", \n   long ").append(len);
            copies.append("   this->").append(len).append(" = ").append(len).append(";\n");
        }
        String rec = CheckedIndex.RECORD;
        fields.append("\n   __global long *").append(rec).append(';');
        params.append(", \n   __global long *").append(rec);
        copies.append("   this->").append(rec).append(" = ").append(rec).append(";\n");
        String src = opencl;
        Matcher end = STRUCT_END.matcher(src);
        Matcher kernel = SIGNATURE.matcher(src);
        Matcher self = THIS_POINTER.matcher(src);
        if (!end.find() || !kernel.find() || !self.find()) {
            throw new IllegalStateException(
                    "checked mode: Aparapi's output is not in the form expected (struct This, kernel run, this pointer)");
        }
        int close = src.lastIndexOf(')', kernel.end());
        if (src.charAt(close - 1) == '\n') close--;
        src = src.substring(0, end.start())
                + fields
                + src.substring(end.start(), close)
                + params
                + src.substring(close, self.end())
                + copies
                + src.substring(self.end());
        src = CheckedIndex.rewrite(checkAtomics(src, targets, "this->" + rec), targets, "this->" + rec);
        src = CheckedIndex.header(targets) + src;
        return new Checked(src, KernelSignature.parse(src, Dialect.OPENCL).get(ENTRY), targets);
    }

    private static final Pattern SIGNATURE =
            Pattern.compile("__kernel\\s+void\\s+" + ENTRY + "\\s*\\(([^)]*)\\)\\s*\\{");

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
