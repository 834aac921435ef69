package org.ndgpu.elementwise;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.CTypes;
import org.ndgpu.codegen.CallSiteCache;
import org.ndgpu.codegen.CheckedIndex;
import org.ndgpu.codegen.ElementwiseLoop;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.codegen.LoopPlan;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.exceptions.ShapeException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;

/**
 * A user-defined elementwise kernel, as CuPy's {@code cupy.ElementwiseKernel}: typed or
 * placeholder parameters, a C snippet run once per element, NumPy broadcasting over any strides.
 *
 * <pre>{@code
 * var k = new ElementwiseKernel("float32 x, float32 y", "float32 z", "z = x * 2.0f + sin(y)", "axpy_sin");
 * NDArray z = k.call(x, y);                 // allocates z with the broadcast shape
 * k.call(x, y, zOut);                       // writes into zOut
 * var add = new ElementwiseKernel("T x, T y", "T z", "z = x + y", "my_add");   // any dtype
 * var iota = new ElementwiseKernel("", "int64 y", "y = i", "iota");
 * iota.callWithSize(10);                    // CuPy's size=10
 * var rev = new ElementwiseKernel("raw T x", "T y", "y = x[_ind.size() - i - 1]", "reverse");
 * rev.call(a, Nd.emptyLike(a));
 * }</pre>
 *
 * <p>In the snippet each non-raw parameter is a variable of its element type, {@code i} is the
 * flat element index and {@code _ind.size()} the element count; a {@code raw} parameter is a
 * pointer to the array's first element (C order; a non-contiguous raw array is passed as a
 * contiguous copy), indexed by the snippet. A placeholder {@code T} is also a C type name in the
 * snippet ({@code T(0)}, {@code (T)x}). One snippet compiles for CUDA and OpenCL: the preludes
 * give both the same math names (sin, sinf, exp, M_PI, ...) and the type names int8..int64,
 * uint8..uint64, float32, float64.
 *
 * <p>Checked mode ({@code -Dndgpu.debug=true} or {@code NDGPU_DEBUG=true}; on by default on PoCL,
 * where a bad read kills the process): each {@code x[j]} of a raw parameter in the snippets is
 * bounds-checked on the device, and a bad index is an {@link org.ndgpu.exceptions.IndexException}
 * ({@code "ElementwiseKernel reverse: raw parameter x indexed at -1, size 5"}) instead of a read of
 * other memory. Pointer arithmetic on a raw parameter and preamble functions are not checked
 * ({@code org.ndgpu.codegen.CheckedIndex}).
 *
 * <p>A kernel is {@link Serializable}: it travels (to a Spark executor, say) as its definition, the
 * parameter lists, snippet, name and options, and is rebuilt there; it compiles on its first call in
 * that process, once per device, through the device's program cache (so a process that finds the
 * disk cache warm compiles nothing).
 */
public final class ElementwiseKernel implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private static final Pattern IND_SIZE = Pattern.compile("_ind\\s*\\.\\s*size\\s*\\(\\s*\\)");

    /**
     * CuPy's keyword options: {@code preamble} (code before the kernel: helper functions,
     * defines), {@code loopPrep} (statements before the loop), {@code afterLoop} (statements after
     * it) and compiler options. CuPy's {@code reduce_dims} has no counterpart: merging dimensions
     * never changes results, so ndgpu always merges.
     */
    public record Options(String preamble, String loopPrep, String afterLoop, List<String> compileOptions) {
        /** Null text becomes empty and the option list is copied. */
        public Options {
            preamble = preamble == null ? "" : preamble;
            loopPrep = loopPrep == null ? "" : loopPrep;
            afterLoop = afterLoop == null ? "" : afterLoop;
            if (compileOptions != null) {
                for (Object o : compileOptions) { // read as Object: a raw or unchecked list may hold anything
                    Objects.requireNonNull(o, "ElementwiseKernel.Options: compileOptions holds a null");
                    if (!(o instanceof String)) {
                        throw new NdException("ElementwiseKernel.Options: compileOptions must be strings, got a "
                                + o.getClass().getSimpleName());
                    }
                }
            }
            compileOptions = List.copyOf(compileOptions == null ? List.of() : compileOptions);
        }

        /** No preamble, no extra code, no compiler options. */
        public static Options defaults() {
            return new Options("", "", "", List.of());
        }

        /** These options with {@code p} as the preamble, e.g. {@code withPreamble("#define SQ(x) ((x)*(x))")}. */
        public Options withPreamble(String p) {
            return new Options(p, loopPrep, afterLoop, compileOptions);
        }

        /** These options with {@code p} as statements before the loop. */
        public Options withLoopPrep(String p) {
            return new Options(preamble, p, afterLoop, compileOptions);
        }

        /** These options with {@code p} as statements after the loop. */
        public Options withAfterLoop(String p) {
            return new Options(preamble, loopPrep, p, compileOptions);
        }

        /** These options with compiler flags, e.g. {@code withCompileOptions("-DSCALE=2")}. */
        public Options withCompileOptions(String... o) {
            return new Options(preamble, loopPrep, afterLoop, Operands.strings("withCompileOptions", "o", o));
        }
    }

    // never serialized: the kernel travels as its Definition (writeReplace)
    private final transient KernelParams in;
    private final transient KernelParams out;
    private final transient String operation;
    private final transient String name;
    private final transient Options options;
    private final transient Map<String, Spec> specs = new ConcurrentHashMap<>();
    // the spec of the previous call, by its argument types (KernelParams.signature)
    private final transient CallSiteCache<Void, Spec> lastSpec = new CallSiteCache<>();
    // the checked form of each spec (CheckedIndex.elementwise), made once
    private final transient Map<Spec, Spec> checkedSpecs = new ConcurrentHashMap<>();

    /** The serial form: the constructor's arguments; deserializing it builds the kernel anew. */
    private record Definition(
            String in,
            String out,
            String operation,
            String name,
            String preamble,
            String loopPrep,
            String afterLoop,
            List<String> compileOptions)
            implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        @Serial
        private Object readResolve() {
            return new ElementwiseKernel(
                    in, out, operation, name, new Options(preamble, loopPrep, afterLoop, compileOptions));
        }
    }

    @Serial
    private Object writeReplace() {
        return new Definition(
                in.toString(),
                out.toString(),
                operation,
                name,
                options.preamble(),
                options.loopPrep(),
                options.afterLoop(),
                List.copyOf(options.compileOptions()));
    }

    @Serial
    private void readObject(ObjectInputStream s) throws InvalidObjectException {
        throw new InvalidObjectException("ElementwiseKernel: deserialized only from its Definition (writeReplace)");
    }

    /** A kernel with default options; {@code name} must be a C identifier. */
    public ElementwiseKernel(String inParams, String outParams, String operation, String name) {
        Objects.requireNonNull(inParams, "ElementwiseKernel: inParams is null");
        Objects.requireNonNull(outParams, "ElementwiseKernel: outParams is null");
        Objects.requireNonNull(operation, "ElementwiseKernel: operation is null");
        Objects.requireNonNull(name, "ElementwiseKernel: name is null");
        this(inParams, outParams, operation, name, Options.defaults());
    }

    /** CuPy's full form: {@code new ElementwiseKernel("T x", "T y", "y = SQ(x)", "sq", Options.defaults().withPreamble("#define SQ(x) ((x)*(x))"))}. */
    public ElementwiseKernel(String inParams, String outParams, String operation, String name, Options options) {
        Objects.requireNonNull(inParams, "ElementwiseKernel: inParams is null");
        Objects.requireNonNull(outParams, "ElementwiseKernel: outParams is null");
        Objects.requireNonNull(operation, "ElementwiseKernel: operation is null");
        Objects.requireNonNull(name, "ElementwiseKernel: name is null");
        if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new NdException("ElementwiseKernel: name '" + name + "' is not a C identifier");
        }
        this.name = name;
        this.in = KernelParams.parse(name, inParams);
        this.out = KernelParams.parse(name, outParams);
        if (out.size() == 0) throw new NdException(name + ": at least one output parameter is needed");
        for (var p : out.params()) {
            for (var q : in.params()) {
                if (p.name().equals(q.name()))
                    throw new NdException(name + ": '" + p.name() + "' is both an input and an output");
            }
        }
        this.operation = operation;
        this.options = options;
    }

    /** The kernel's name, e.g. "squared_diff". */
    public String name() {
        return name;
    }

    /** The parsed input parameters. */
    public KernelParams inParams() {
        return in;
    }

    /** The parsed output parameters. */
    public KernelParams outParams() {
        return out;
    }

    /** Runs the kernel on inputs (then optionally outputs) and returns the first output. */
    public NDArray call(Object... args) {
        Objects.requireNonNull(args, "call: args is null");
        return callAll(args)[0];
    }

    /** Runs the kernel and returns every output, in declaration order. */
    public NDArray[] callAll(Object... args) {
        Objects.requireNonNull(args, "callAll: args is null");
        return invoke(null, args);
    }

    /** CuPy's {@code size=}: runs over {@code size} elements when no input is an array. */
    public NDArray callWithSize(long size, Object... args) {
        Objects.requireNonNull(args, "callWithSize: args is null");
        return invoke(size, args)[0];
    }

    /** {@link #callWithSize} returning every output. */
    public NDArray[] callAllWithSize(long size, Object... args) {
        Objects.requireNonNull(args, "callAllWithSize: args is null");
        return invoke(size, args);
    }

    /** The kernel source this call would run on the current (or the arrays') device. */
    public String generatedSource(Object... args) {
        return generatedSource(null, args);
    }

    /** The source for a given dialect, e.g. for golden tests on a machine without that device. */
    public String generatedSource(Dialect dialect, Object... args) {
        Objects.requireNonNull(args, "generatedSource: args is null");
        // outputs not passed are allocated (and released) so the layout is the one a call would use
        Prepared p = prepare(null, args, true);
        try {
            Dialect d = dialect != null ? dialect : p.device.backend().dialect();
            if (checked(p)) {
                Spec c = checkedSpec(p.spec);
                try (NDArray record = CheckedIndex.record(p.device)) {
                    return ElementwiseLoop.source(
                            d,
                            c,
                            ElementwiseLoop.layout(
                                    c, CheckedIndex.arguments(p.spec.params(), p.loopArgs, record), p.shape));
                }
            }
            return ElementwiseLoop.source(d, p.spec, ElementwiseLoop.layout(p.spec, p.loopArgs, p.shape));
        } finally {
            for (int k = 0; k < p.outs.length; k++) {
                boolean passed = args.length > in.size() && args[in.size() + k] == p.outs[k];
                if (!passed && p.outs[k] != null) p.outs[k].close();
            }
        }
    }

    /** Checked mode ({@link CheckedIndex}) applies to a kernel with raw parameters, when it is on for the device. */
    private static boolean checked(Prepared p) {
        for (ElementwiseLoop.Param q : p.spec.params()) if (q.kind() == Kind.RAW) return CheckedIndex.on(p.device);
        return false;
    }

    private Spec checkedSpec(Spec spec) {
        return checkedSpecs.computeIfAbsent(spec, CheckedIndex::elementwise);
    }

    /** The call in checked mode: the checked spec, each raw array's size and a record; a bad index is an IndexException. */
    private void runChecked(Prepared p) {
        Spec c = checkedSpec(p.spec);
        try (NDArray record = CheckedIndex.record(p.device)) {
            ElementwiseLoop.run(c, CheckedIndex.arguments(p.spec.params(), p.loopArgs, record), p.shape);
            CheckedIndex.check(
                    record,
                    t -> CheckedIndex.culprit(
                            "ElementwiseKernel " + name, "raw parameter", CheckedIndex.targets(p.spec.params()), t));
        }
    }

    private record Prepared(
            Device device, Spec spec, Object[] loopArgs, long[] shape, NDArray[] outs, NDArray[] rawOutTargets) {}

    private NDArray[] invoke(Long size, Object[] args) {
        Prepared p = prepare(size, args, true);
        if (checked(p)) {
            try {
                runChecked(p);
            } catch (RuntimeException e) {
                // a bad index: the outputs this call made (and raw outputs' copies) are the caller's to lose, not to
                // leak
                for (int k = 0; k < p.outs.length; k++) {
                    boolean passed = args.length > in.size() && args[in.size() + k] == p.outs[k];
                    if (!passed && p.outs[k] != null) p.outs[k].close();
                }
                throw e;
            }
        } else {
            ElementwiseLoop.run(p.spec, p.loopArgs, p.shape);
        }
        for (int k = 0; k < p.rawOutTargets.length; k++) {
            if (p.rawOutTargets[k] != null) {
                p.rawOutTargets[k].set("...", p.outs[k]);
                p.outs[k].close();
                p.outs[k] = p.rawOutTargets[k];
            }
        }
        return p.outs;
    }

    private Prepared prepare(Long size, Object[] args, boolean allocate) {
        int nIn = in.size(), nOut = out.size();
        if (args.length != nIn && args.length != nIn + nOut) {
            throw new NdException(name + ": wrong number of arguments: expected " + nIn + " inputs (" + in + ")"
                    + (nOut > 0 ? " or " + (nIn + nOut) + " with the outputs (" + out + ")" : "") + ", got "
                    + args.length);
        }
        Object[] inArgs = Arrays.copyOf(args, nIn);
        Object[] outArgs = args.length > nIn ? Arrays.copyOfRange(args, nIn, args.length) : new Object[nOut];
        Device device = null;
        for (Object a : args) {
            if (a instanceof NDArray arr) {
                arr.live(name);
                if (device == null) device = arr.device();
            }
        }
        for (int k = 0; k < outArgs.length; k++) {
            if (outArgs[k] != null && !(outArgs[k] instanceof NDArray)) {
                throw new NdException(name + ": output '" + out.get(k).name() + "' must be an NDArray, got "
                        + KernelParams.describe(outArgs[k]));
            }
        }
        if (device == null) device = Device.current();
        KernelParams.Binding binding = KernelParams.bind(name, in, inArgs, out, outArgs);

        // the loop shape: broadcast of the non-raw array inputs, else an output passed in, else size=
        List<long[]> shapes = new ArrayList<>();
        for (int k = 0; k < nIn; k++)
            if (inArgs[k] instanceof NDArray a && !in.get(k).raw()) shapes.add(a.shape());
        long[] shape;
        if (!shapes.isEmpty()) {
            if (size != null)
                throw new NdException(
                        name + ": size= must not be given when inputs are arrays (got size " + size + ")");
            shape = LoopPlan.shape(name, shapes);
        } else if (size != null) {
            if (size < 0) throw new ShapeException(name + ": size must be >= 0, got " + size);
            shape = new long[] {size};
        } else {
            shape = null;
            for (int k = 0; k < nOut; k++)
                if (outArgs[k] instanceof NDArray a && !out.get(k).raw()) {
                    shape = a.shape();
                    break;
                }
            if (shape == null) {
                throw new NdException(name
                        + ": cannot tell the loop size: no input array; pass size (callWithSize) or an output array");
            }
        }
        NDArray[] outs = new NDArray[nOut];
        NDArray[] rawTargets = new NDArray[nOut];
        for (int k = 0; k < nOut; k++) {
            var p = out.get(k);
            if (outArgs[k] instanceof NDArray a) {
                if (!p.raw()) Operands.checkOutShape(name, p.name(), a, shape);
                outs[k] = a;
            } else if (p.raw()) {
                throw new NdException(
                        name + ": raw output '" + p.name() + "' must be passed in; its size is not known");
            } else if (allocate) {
                outs[k] = NDArray.empty(device, binding.dtype(p), shape, Order.C);
            }
        }
        if (allocate) {
            for (int k = 0; k < nOut; k++) {
                if (out.get(k).raw() && !outs[k].isCContiguous()) {
                    rawTargets[k] = outs[k];
                    outs[k] = outs[k].copy();
                }
            }
        }

        // the spec: one per (binding, array dtypes, which inputs are scalars); the previous call's when the
        // arguments' types are the same, so a warm call builds no key
        long sig = KernelParams.signature(inArgs, outArgs);
        Spec spec = sig < 0 ? null : lastSpec.get(null, sig);
        if (spec == null) {
            var key = new StringBuilder(binding.key());
            DType[] arrayDtypes = new DType[nIn];
            for (int k = 0; k < nIn; k++) {
                if (inArgs[k] instanceof NDArray a) {
                    arrayDtypes[k] = a.dtype();
                    key.append(a.dtype()).append(';');
                } else key.append("s;");
            }
            spec = specs.computeIfAbsent(key.toString(), x -> buildSpec(binding, arrayDtypes));
            if (sig >= 0) lastSpec.put(null, sig, spec);
        }
        Object[] loopArgs = new Object[nIn + nOut];
        for (int k = 0; k < nIn; k++) {
            Object a = inArgs[k];
            if (a instanceof NDArray arr && in.get(k).raw() && !arr.isCContiguous()) a = arr.copy();
            if (a instanceof Boolean b) a = b ? 1 : 0;
            loopArgs[k] = a;
        }
        for (int k = 0; k < nOut; k++) loopArgs[nIn + k] = outs[k];
        return new Prepared(device, spec, loopArgs, shape, outs, rawTargets);
    }

    /** The loop spec for one binding; arrayDtypes[k] null where input k is a Java number. Package-private for golden tests. */
    Spec buildSpec(KernelParams.Binding binding, DType[] arrayDtypes) {
        List<ElementwiseLoop.Param> params = new ArrayList<>();
        var prologue = new StringBuilder();
        for (int k = 0; k < in.size(); k++) {
            var p = in.get(k);
            DType want = binding.dtype(p);
            DType have = arrayDtypes[k];
            if (have == null) {
                params.add(new ElementwiseLoop.Param(p.name(), want, Kind.SCALAR));
            } else if (p.raw()) {
                params.add(new ElementwiseLoop.Param(p.name(), have, Kind.RAW));
            } else if (have == want) {
                params.add(new ElementwiseLoop.Param(p.name(), have, Kind.IN));
            } else {
                // a typed input of another dtype is converted on load, as in CuPy
                params.add(new ElementwiseLoop.Param("_v_" + p.name(), have, Kind.IN));
                prologue.append("const ")
                        .append(CTypes.compute(want))
                        .append(' ')
                        .append(p.name())
                        .append(" = ")
                        .append(CTypes.cast(have, want, "_v_" + p.name()))
                        .append(";\n");
            }
        }
        for (int k = 0; k < out.size(); k++) {
            var p = out.get(k);
            params.add(new ElementwiseLoop.Param(p.name(), binding.dtype(p), p.raw() ? Kind.RAW : Kind.OUT));
        }
        String body = IND_SIZE.matcher(operation).replaceAll("_n");
        body = prologue + body.strip();
        if (!body.endsWith(";") && !body.endsWith("}")) body += ";";
        // scipy.special's device functions come first when the kernel calls one, before the type names it binds
        String preamble =
                SpecialFunctions.headerFor(operation, options.preamble(), options.loopPrep(), options.afterLoop())
                        + binding.typedefs()
                        + options.preamble();
        String loopPrep = IND_SIZE.matcher(options.loopPrep()).replaceAll("_n");
        String afterLoop = IND_SIZE.matcher(options.afterLoop()).replaceAll("_n");
        return new Spec(name, params, "{\n" + body + "\n}", preamble, loopPrep, afterLoop, options.compileOptions());
    }

    @Override
    public String toString() {
        return "ElementwiseKernel(" + name + ": (" + in + ") -> (" + out + "): " + operation + ")";
    }
}
