package org.ndgpu.elementwise;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Scalars;

/**
 * The parameter lists of CuPy-style user kernels ("T x, raw float32 y") and the binding of their
 * type placeholders to the dtypes of the arguments of one call. Shared by ElementwiseKernel and
 * ReductionKernel.
 *
 * <pre>{@code
 * KernelParams in = KernelParams.parse("k", "T x, raw T y, float32 a");
 * KernelParams out = KernelParams.parse("k", "T z");
 * KernelParams.Binding b = KernelParams.bind("k", in, new Object[]{x, y, 2.0}, out, new Object[]{null});
 * b.dtype(out.get(0));      // x's dtype
 * b.typedefs();             // "typedef float T;\n" for the kernel source
 * }</pre>
 *
 * <p>As in CuPy, a type is either an exact NumPy dtype name ("float32", "int64", "bool", ...) or a
 * placeholder of one letter ("T", "U"); the keyword {@code raw} before it marks an array the
 * kernel indexes itself. Placeholders are bound by array arguments first (inputs, then outputs
 * passed in), every array for one placeholder must agree; then Java numbers: a number for an
 * already bound placeholder is a NumPy 2 weak scalar (it must fit), one for an unbound placeholder
 * binds it to the number's own dtype (int64, float64, bool).
 */
public final class KernelParams {
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * One declared parameter.
     *
     * @param name        its name in the kernel body
     * @param dtype       its dtype, or null for a placeholder
     * @param placeholder the placeholder letter, or null for a fixed dtype
     * @param raw         true for {@code raw} arrays (indexed by the body, not broadcast)
     */
    public record Param(String name, DType dtype, String placeholder, boolean raw) {
        /** True when the type is a placeholder such as {@code T}. */
        public boolean isPlaceholder() {
            return placeholder != null;
        }

        /** The type as declared: "float32" or "T". */
        public String typeName() {
            return dtype != null ? dtype.numpyName() : placeholder;
        }

        @Override
        public String toString() {
            return (raw ? "raw " : "") + typeName() + " " + name;
        }
    }

    private final List<Param> params;

    private KernelParams(List<Param> params) {
        this.params = List.copyOf(params);
    }

    /**
     * Parses a comma-separated declaration list such as {@code "T x, raw float32 y"}; an empty or
     * blank text gives no parameters.
     *
     * @param kernel the kernel's name, for error messages
     */
    public static KernelParams parse(String kernel, String text) {
        List<Param> out = new ArrayList<>();
        if (text == null || text.isBlank()) return new KernelParams(out);
        for (String part : text.split(",")) {
            String[] tok = part.strip().split("\\s+");
            if (tok.length < 2) {
                throw new NdException(kernel + ": parameter syntax error in '" + part.strip()
                        + "'; expected '[raw] TYPE NAME' as in 'float32 x' or 'raw T y'");
            }
            String type = tok[tok.length - 2];
            String name = tok[tok.length - 1];
            boolean raw = false;
            for (int k = 0; k < tok.length - 2; k++) {
                if (tok[k].equals("raw")) raw = true;
                else
                    throw new NdException(kernel + ": unknown keyword '" + tok[k] + "' in parameter '" + part.strip()
                            + "'; only 'raw' may precede the type");
            }
            if (!IDENT.matcher(name).matches()) {
                throw new NdException(kernel + ": parameter name '" + name + "' is not a C identifier");
            }
            for (Param p : out) {
                if (p.name().equals(name)) throw new NdException(kernel + ": parameter '" + name + "' declared twice");
            }
            if (type.length() == 1 && IDENT.matcher(type).matches()) {
                out.add(new Param(name, null, type, raw));
            } else {
                out.add(new Param(name, exactDType(kernel, type), null, raw));
            }
        }
        return new KernelParams(out);
    }

    /** Only NumPy's own names, as CuPy demands ("float" would be float64 in NumPy: ambiguous in C). */
    private static DType exactDType(String kernel, String type) {
        for (DType d : DType.values()) if (d.numpyName().equals(type)) return d;
        throw new DTypeException(
                kernel + ": unknown type '" + type + "'; expected a NumPy dtype name (float32, int64, bool, ...)"
                        + " or a one-letter type placeholder such as T");
    }

    /** The parameters in declaration order. */
    public List<Param> params() {
        return params;
    }

    /** How many parameters there are. */
    public int size() {
        return params.size();
    }

    /** The k-th parameter, in declaration order. */
    public Param get(int k) {
        return params.get(k);
    }

    /** Names of the placeholders used, in first-use order. */
    public List<String> placeholders() {
        List<String> out = new ArrayList<>();
        for (Param p : params) if (p.isPlaceholder() && !out.contains(p.placeholder())) out.add(p.placeholder());
        return out;
    }

    /** "T x, raw float32 y", the canonical text. */
    @Override
    public String toString() {
        return String.join(", ", params.stream().map(Param::toString).toList());
    }

    /**
     * The dtypes of one call: placeholder letter to dtype.
     */
    public record Binding(Map<String, DType> types) {
        /** Copies the map of placeholder types. */
        public Binding {
            types = Collections.unmodifiableMap(new LinkedHashMap<>(types));
        }

        /** The dtype of {@code p} under this binding; an unbound placeholder is an error. */
        public DType dtype(Param p) {
            if (!p.isPlaceholder()) return p.dtype();
            DType d = types.get(p.placeholder());
            if (d == null) {
                throw new DTypeException("type placeholder " + p.placeholder() + " of parameter '" + p.name()
                        + "' is not bound by any argument; pass an array for it or an output array");
            }
            return d;
        }

        /** True when {@code placeholder} (e.g. "T") has a type in this binding. */
        public boolean isBound(String placeholder) {
            return types.containsKey(placeholder);
        }

        /**
         * C typedefs giving each placeholder its compute type ({@code typedef float T;}), so a body
         * may write {@code T(0)} or {@code (T)x}, as in CuPy. float16 computes in float.
         */
        public String typedefs() {
            var sb = new StringBuilder();
            types.forEach((k, v) -> sb.append("typedef ")
                    .append(org.ndgpu.codegen.CTypes.compute(v))
                    .append(' ')
                    .append(k)
                    .append(";\n"));
            return sb.toString();
        }

        /** A stable key for caches: "T=float32,U=int64". */
        public String key() {
            var sb = new StringBuilder();
            types.forEach((k, v) -> sb.append(k).append('=').append(v).append(','));
            return sb.toString();
        }
    }

    /**
     * Binds the placeholders of {@code in} and {@code out} from the arguments of one call.
     * {@code inArgs[k]} belongs to {@code in.get(k)}: an NDArray or a Java number;
     * {@code outArgs[k]} is an NDArray or null when the output is to be allocated (outArgs may be
     * shorter than {@code out}).
     *
     * @throws DTypeException when two arrays give one placeholder different dtypes, when a typed
     *                        output passed in has another dtype, or when a weak scalar does not fit
     */
    public static Binding bind(String kernel, KernelParams in, Object[] inArgs, KernelParams out, Object[] outArgs) {
        Map<String, DType> types = new LinkedHashMap<>();
        for (int k = 0; k < in.size(); k++) {
            if (inArgs[k] instanceof NDArray a) bindArray(kernel, in.get(k), a.dtype(), types, false);
        }
        for (int k = 0; k < out.size(); k++) {
            if (k < outArgs.length && outArgs[k] instanceof NDArray a)
                bindArray(kernel, out.get(k), a.dtype(), types, true);
        }
        for (int k = 0; k < in.size(); k++) {
            Object v = inArgs[k];
            if (v instanceof NDArray) continue;
            Param p = in.get(k);
            if (p.raw()) {
                throw new DTypeException(
                        kernel + ": raw parameter '" + p.name() + "' needs an NDArray, got " + describe(v));
            }
            if (!(v instanceof Number) && !(v instanceof Boolean)) {
                throw new DTypeException(kernel + ": parameter '" + p.name()
                        + "' expects an NDArray or a Java number, got " + describe(v));
            }
            if (p.isPlaceholder()) {
                DType bound = types.get(p.placeholder());
                if (bound == null) types.put(p.placeholder(), DType.ofJavaValue(v));
                else checkWeak(kernel, p, v, bound);
            } else {
                checkWeak(kernel, p, v, p.dtype());
            }
        }
        return new Binding(types);
    }

    /**
     * The argument types of one call packed in a long, for a kernel's memo of its specs: argument k
     * ({@code inArgs}, then {@code outArgs}) in bits 8k..8k+7, an array as 0x80 | its dtype's
     * ordinal, a Java number or boolean as 0x40 | a code of its class, an output not passed as 0.
     * Equal signatures bind the same dtypes (a number binds by its class). -1 when there are more than
     * 7 arguments or a number of another class: such a call is not memoized.
     */
    public static long signature(Object[] inArgs, Object[] outArgs) {
        int n = inArgs.length + outArgs.length;
        if (n > 7) return -1;
        long sig = 0;
        for (int k = 0; k < n; k++) {
            Object v = k < inArgs.length ? inArgs[k] : outArgs[k - inArgs.length];
            long code;
            if (v instanceof NDArray a) code = 0x80 | a.dtype().ordinal();
            else if (v == null) code = 0;
            else if (v instanceof Double) code = 0x41;
            else if (v instanceof Float) code = 0x42;
            else if (v instanceof Long) code = 0x43;
            else if (v instanceof Integer) code = 0x44;
            else if (v instanceof Short) code = 0x45;
            else if (v instanceof Byte) code = 0x46;
            else if (v instanceof Boolean) code = 0x47;
            else return -1;
            sig |= code << (8 * k);
        }
        return sig;
    }

    private static void bindArray(String kernel, Param p, DType given, Map<String, DType> types, boolean output) {
        if (!p.isPlaceholder()) {
            if (output && given != p.dtype()) {
                throw new DTypeException(kernel + ": output '" + p.name() + "' is declared " + p.dtype()
                        + " but the array passed is " + given);
            }
            return; // an input of another dtype is converted on load, as in CuPy
        }
        DType bound = types.putIfAbsent(p.placeholder(), given);
        if (bound != null && bound != given) {
            throw new DTypeException(kernel + ": type placeholder " + p.placeholder() + " is bound to " + bound
                    + " by an earlier argument, but '" + p.name() + "' is " + given
                    + "; pass arrays of one dtype or use astype");
        }
    }

    /** A Java number meeting a parameter of dtype {@code d}: NEP 50 says it must fit an integer dtype. */
    private static void checkWeak(String kernel, Param p, Object v, DType d) {
        if (v instanceof Boolean) return;
        Number n = (Number) v;
        boolean integral = Scalars.isJavaInteger(n);
        if (integral && d.isInteger()) Scalars.checkFits(kernel + " parameter '" + p.name() + "'", n.longValue(), d);
        if (!integral && (d.isInteger() || d.isBool())) {
            throw new DTypeException(kernel + ": parameter '" + p.name() + "' is " + d + " but got the float " + v
                    + "; pass an integer value or declare a float parameter");
        }
    }

    static String describe(Object v) {
        return v == null ? "null" : v.getClass().getSimpleName();
    }
}
