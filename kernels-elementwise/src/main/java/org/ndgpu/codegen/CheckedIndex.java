package org.ndgpu.codegen;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import org.ndgpu.codegen.ElementwiseLoop.Kind;
import org.ndgpu.codegen.ElementwiseLoop.Param;
import org.ndgpu.codegen.ElementwiseLoop.Spec;
import org.ndgpu.config.Config;
import org.ndgpu.device.Capture;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.CaptureException;
import org.ndgpu.exceptions.IndexException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Checked mode ({@code ndgpu.debug}): the arrays that user code indexes itself (the {@code raw}
 * parameters of ElementwiseKernel and ReductionKernel, the array fields of a JavaKernel) are
 * bounds-checked in the generated source. Each subscript {@code x[j]} of such an array becomes a
 * call that checks {@code 0 <= j < size}; a bad index is recorded (the launch's first: which array,
 * the index, the size) in a small device buffer by compare-and-swap, and the access goes to a
 * spare slot of that buffer instead, so the kernel never touches memory outside its arrays. After
 * the launch the host reads the record and raises {@link IndexException}:
 * {@code "ElementwiseKernel my_k: raw parameter x indexed at 100000005, size 5"}.
 *
 * <pre>{@code
 * // -Dndgpu.debug=true, NDGPU_DEBUG=true, or nothing on PoCL (on by default there)
 * new ElementwiseKernel("raw T x", "T y", "y = x[i + 100000000]", "my_k").call(x, y);   // IndexException
 * }</pre>
 *
 * <p>Off, nothing of this is in the source: kernels are what they were, byte for byte. Only
 * subscripts written {@code x[j]} in the kernel's own code are checked: pointer arithmetic
 * ({@code *(x + j)}), a pointer handed to a preamble function or macro, and RawKernel/RawModule
 * code (plain pointers ndgpu cannot see into) are not.
 */
public final class CheckedIndex {
    private CheckedIndex() {}

    /** The record parameter of a checked kernel: a raw int64 array of {@link #RECORD_LONGS}. */
    public static final String RECORD = "_nd_check";

    /** Longs in the record: the claim, the index, the size, one unused, then a 32-byte spare slot for bad accesses. */
    static final int RECORD_LONGS = 8;

    private static final String HEADER = read("checked.h");

    private static String read(String resource) {
        try (InputStream in = CheckedIndex.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * True when user kernels launched on {@code device} are checked: the {@code ndgpu.debug} setting
     * when given, else true on an OpenCL CPU device (PoCL), where a bad read kills the process, and
     * false on GPUs. Read at each call, so a test or a session may switch it.
     */
    public static boolean on(Device device) {
        Boolean set = Config.debug();
        if (set != null) return set;
        return device.facts().hostCpu();
    }

    /** The name of the scalar parameter holding the element count of checked array {@code name}. */
    public static String lengthName(String name) {
        return "_nd_len_" + name;
    }

    /**
     * One checked array of user code: {@code owner} ("this" for Aparapi's struct, null for a plain
     * variable), its {@code name}, C storage type, the C expression of its element count, and its
     * number in the record.
     */
    public record Target(String owner, String name, String storage, String length, int number) {}

    /** The helpers a checked kernel needs before its first use of them: the record's functions, one accessor per storage type. */
    public static String header(List<Target> targets) {
        Set<String> types = new LinkedHashSet<>();
        for (Target t : targets) types.add(t.storage());
        var sb = new StringBuilder(HEADER);
        for (String t : types) sb.append("ND_CHECKED_ACCESS(").append(t).append(")\n");
        return sb.toString();
    }

    /**
     * {@code code} with every subscript {@code x[j]} (or {@code owner->x[j]}) of a target replaced by
     * {@code (*nd_checked_T(x, size, record, number, (long)(j)))}, an lvalue as the subscript was;
     * subscripts inside {@code j} are rewritten too. Comments and string literals are left alone.
     */
    public static String rewrite(String code, List<Target> targets, String record) {
        var out = new StringBuilder(code.length() + 64);
        int i = 0, n = code.length();
        while (i < n) {
            char c = code.charAt(i);
            if (c == '/' && i + 1 < n && (code.charAt(i + 1) == '/' || code.charAt(i + 1) == '*')) {
                int end = code.charAt(i + 1) == '/' ? code.indexOf('\n', i) : code.indexOf("*/", i + 2);
                end = end < 0 ? n : code.charAt(i + 1) == '/' ? end : end + 2;
                out.append(code, i, end);
                i = end;
                continue;
            }
            if (c == '"' || c == '\'') {
                int end = literalEnd(code, i);
                out.append(code, i, end);
                i = end;
                continue;
            }
            if (!Character.isJavaIdentifierStart(c) || (i > 0 && Character.isJavaIdentifierPart(code.charAt(i - 1)))) {
                out.append(c);
                i++;
                continue;
            }
            int e = i;
            while (e < n && Character.isJavaIdentifierPart(code.charAt(e))) e++;
            String id = code.substring(i, e);
            Target t = match(code, i, id, targets);
            int open = skipSpace(code, e);
            if (t == null || open >= n || code.charAt(open) != '[') {
                out.append(id);
                i = e;
                continue;
            }
            int close = closing(code, open);
            if (close < 0) { // unbalanced: the compiler will say so about the original text
                out.append(id);
                i = e;
                continue;
            }
            String index = rewrite(code.substring(open + 1, close), targets, record);
            String array = t.owner() == null ? t.name() : t.owner() + "->" + t.name();
            // the owner was already copied: replace it too
            if (t.owner() != null) out.setLength(out.length() - (i - ownerStart(code, i, t.owner())));
            out.append("(*nd_checked_")
                    .append(t.storage())
                    .append('(')
                    .append(array)
                    .append(", ")
                    .append(t.length())
                    .append(", ")
                    .append(record)
                    .append(", ")
                    .append(t.number())
                    .append(", (long)(")
                    .append(index)
                    .append(")))");
            i = close + 1;
        }
        return out.toString();
    }

    /** The target {@code id} at {@code at} names: a plain name not after '.' or '->', or one after its owner's '->'. */
    private static Target match(String code, int at, String id, List<Target> targets) {
        int b = at - 1;
        while (b >= 0 && Character.isWhitespace(code.charAt(b))) b--;
        boolean member =
                b >= 0 && (code.charAt(b) == '.' || (code.charAt(b) == '>' && b > 0 && code.charAt(b - 1) == '-'));
        for (Target t : targets) {
            if (!t.name().equals(id)) continue;
            if (t.owner() == null && !member) return t;
            if (t.owner() != null && member && code.charAt(b) == '>' && ownerStart(code, at, t.owner()) >= 0) return t;
        }
        return null;
    }

    /** Where {@code owner->} begins before {@code at} (spaces allowed around the arrow), or -1. */
    private static int ownerStart(String code, int at, String owner) {
        int b = at - 1;
        while (b >= 0 && Character.isWhitespace(code.charAt(b))) b--;
        if (b < 1 || code.charAt(b) != '>' || code.charAt(b - 1) != '-') return -1;
        b -= 2;
        while (b >= 0 && Character.isWhitespace(code.charAt(b))) b--;
        int start = b - owner.length() + 1;
        if (start < 0 || !code.startsWith(owner, start)) return -1;
        if (start > 0 && Character.isJavaIdentifierPart(code.charAt(start - 1))) return -1;
        return start;
    }

    private static int skipSpace(String code, int i) {
        while (i < code.length() && Character.isWhitespace(code.charAt(i))) i++;
        return i;
    }

    private static int literalEnd(String code, int i) {
        char q = code.charAt(i);
        int j = i + 1;
        while (j < code.length() && code.charAt(j) != q) j += code.charAt(j) == '\\' ? 2 : 1;
        return Math.min(code.length(), j + 1);
    }

    /** The ']' matching the '[' at {@code open}, across nested brackets, parentheses and literals; -1 if none. */
    private static int closing(String code, int open) {
        int depth = 0;
        for (int j = open; j < code.length(); j++) {
            char c = code.charAt(j);
            if (c == '"' || c == '\'') {
                j = literalEnd(code, j) - 1;
            } else if (c == '[' || c == '(' || c == '{') {
                depth++;
            } else if (c == ']' || c == ')' || c == '}') {
                if (--depth == 0) return c == ']' ? j : -1;
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------- elementwise specs

    /** The targets of a spec: its RAW parameters (the record excluded), numbered in order. */
    public static List<Target> targets(List<Param> params) {
        List<Target> ts = new ArrayList<>();
        for (Param p : params) {
            if (p.kind() == Kind.RAW && !p.name().equals(RECORD)) {
                ts.add(new Target(null, p.name(), CTypes.storage(p.dtype()), lengthName(p.name()), ts.size()));
            }
        }
        return ts;
    }

    /**
     * The checked form of an elementwise spec: its snippets rewritten, the header before its
     * preamble, and after its parameters one int64 element count per RAW parameter and the record.
     * Arguments follow with {@link #arguments}.
     */
    public static Spec elementwise(Spec spec) {
        List<Target> ts = targets(spec.params());
        List<Param> params = new ArrayList<>(spec.params());
        for (Target t : ts) params.add(new Param(t.length(), DType.INT64, Kind.SCALAR));
        params.add(new Param(RECORD, DType.INT64, Kind.RAW));
        return new Spec(
                spec.name(),
                params,
                rewrite(spec.body(), ts, RECORD),
                header(ts) + spec.preamble(),
                rewrite(spec.loopPrep(), ts, RECORD),
                rewrite(spec.afterLoop(), ts, RECORD),
                spec.options());
    }

    /** The arguments of a checked spec: {@code args}, the element count of each RAW array in order, then {@code record}. */
    public static Object[] arguments(List<Param> params, Object[] args, NDArray record) {
        List<Object> all = new ArrayList<>(List.of(args));
        for (int k = 0; k < params.size(); k++) {
            if (params.get(k).kind() == Kind.RAW) all.add(((NDArray) args[k]).size());
        }
        all.add(record);
        return all.toArray();
    }

    /**
     * A zeroed record on {@code device}, for one launch (or the passes of one call). Refused inside a
     * capture ({@code Nd.capture}): the record is uploaded before the launch and read after it.
     */
    public static NDArray record(Device device) {
        if (Capture.current() != null) {
            throw new CaptureException("checked mode (ndgpu.debug) checks each launch of a kernel with raw"
                    + " parameters on the host, uploading and reading an index record: set ndgpu.debug=false to"
                    + " capture it (checked mode is on by default on OpenCL CPU devices)");
        }
        return NDArray.fromHost(
                device, DType.INT64, new long[] {RECORD_LONGS}, MemorySegment.ofArray(new long[RECORD_LONGS]));
    }

    /**
     * Reads {@code record} after the launch (waiting for it) and raises the first bad access it holds:
     * {@code "<culprit>: indexed at <index>, size <size>"}, where {@code culprit} describes access
     * target number t (0-based), e.g. {@code "ElementwiseKernel my_k: raw parameter x"}. It is asked
     * only when there is a bad access, so a call pays for no message.
     */
    public static void check(NDArray record, IntFunction<String> culprit) {
        long[] r = record.toLongArray();
        int claimed = (int) r[0];
        if (claimed == 0) return;
        throw new IndexException(culprit.apply(claimed - 1) + " indexed at " + r[1] + ", size " + r[2]
                + " (checked mode, ndgpu.debug: the access was not made)");
    }

    /** The usual culprit: {@code "<kernel>: <kind> <targets[target].name>"}, or {@code "<kernel>: array <target>"} past them. */
    public static String culprit(String kernel, String kind, List<Target> targets, int target) {
        return kernel + ": "
                + (target < targets.size() ? kind + " " + targets.get(target).name() : "array " + target);
    }
}
