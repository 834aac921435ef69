package org.ndgpu.raw;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one translation layer from OpenCL C to CUDA C++ for NVRTC, used by Java kernels (Aparapi's
 * OpenCL output) and by hand-written OpenCL C RawKernels and RawModules launched on CUDA devices.
 *
 * <p>Most of OpenCL C already is C++ that NVRTC accepts once {@code opencl-on-cuda.h} comes first:
 * get_global_id and friends as device functions, the address-space words as empty macros, barrier as
 * __syncthreads, the OpenCL atomics and the common built-ins CUDA spells otherwise. What a header
 * cannot do is done here, on the source with comments blanked (line numbers kept, so NVRTC's messages
 * point at the user's lines):
 * <ul>
 * <li>a kernel's {@code __local T*} parameters become byte offsets into the launch's dynamic shared
 *     memory (the launch passes them in place of {@code RawKernel.localMemory(bytes)});</li>
 * <li>{@code __local} on a declaration becomes {@code __shared__} (an array or scalar in a kernel),
 *     and disappears on a pointer (CUDA's pointers reach shared memory as they are);</li>
 * <li>the unprefixed qualifiers ({@code kernel}, {@code global}, {@code local}, {@code constant},
 *     {@code private}) get their {@code __} forms; OpenCL pragmas go.</li>
 * </ul>
 * Not translated: OpenCL's vector operators and literals ({@code (float4)(...)}, {@code a.xy + b}),
 * vload/vstore, images and samplers, conversions with rounding modes. NVRTC names what it meets of
 * those.
 */
final class OpenClOnCuda {
    private OpenClOnCuda() {}

    /** The header every translated source starts with. */
    static final String PRELUDE = resource("opencl-on-cuda.h");

    /** NVRTC flag: functions without an execution-space qualifier are device functions, as in OpenCL C. */
    static final List<String> OPTIONS = List.of("-default-device");

    // hand-written source keeps a pragma's line (empty), so NVRTC's line numbers stay the user's
    private static final Pattern PRAGMA = Pattern.compile("(?m)^\\s*#pragma\\s+OPENCL\\b[^\n]*$");
    // generated source (Aparapi's) loses the whole line, as its golden files show
    private static final Pattern PRAGMA_LINE = Pattern.compile("(?m)^\\s*#pragma OPENCL[^\n]*\n");
    private static final Pattern TRAILING = Pattern.compile("(?m)[ \t]+$");
    private static final Pattern KERNEL = Pattern.compile(
            "(?:__kernel|\\bkernel)\\s+(?:__attribute__\\s*\\(\\(.*?\\)\\)\\s*)*void\\s+(\\w+)\\s*\\(([^)]*)\\)\\s*\\{",
            Pattern.DOTALL);

    /** Hand-written OpenCL C (the module's kernels already parsed) as CUDA C++ for NVRTC. */
    static String translate(String opencl, Map<String, KernelSignature> kernels) {
        String text = TRAILING.matcher(PRAGMA.matcher(blankComments(opencl)).replaceAll(""))
                .replaceAll("");
        StringBuilder out = new StringBuilder(text.length() + 256);
        Matcher m = KERNEL.matcher(text);
        int at = 0;
        while (m.find()) {
            KernelSignature sig = kernels.get(m.group(1));
            if (sig == null || sig.params().stream().noneMatch(KernelSignature.Param::local)) continue;
            out.append(qualifiers(text.substring(at, m.start())));
            // the header as written up to the parameters, then the parameters with offsets for __local ones
            String[] written = m.group(2).split(",", -1);
            List<String> params = new ArrayList<>();
            StringBuilder carve = new StringBuilder();
            for (int i = 0; i < sig.params().size(); i++) {
                KernelSignature.Param p = sig.params().get(i);
                if (p.local()) {
                    params.add(offsetParameter(p));
                    carve.append(' ').append(carve(p));
                } else {
                    // as written (its qualifiers translated), or as parsed when the list did not split as the parser's
                    // did
                    params.add(qualifiers(written.length == sig.params().size() ? written[i] : p.toString()));
                }
            }
            String header = text.substring(m.start(), m.start(2));
            out.append(qualifiers(header))
                    .append(String.join(",", params))
                    .append(") {")
                    .append(carve);
            at = m.end();
        }
        out.append(qualifiers(text.substring(at)));
        return PRELUDE + "#line 1\n" + out;
    }

    /** Generated OpenCL C (Aparapi's kernels and vectorized functions) without its OpenCL pragma lines. */
    static String withoutPragmaLines(String opencl) {
        return PRAGMA_LINE.matcher(opencl).replaceAll("");
    }

    /** A {@code __local T* name} kernel parameter as the byte offset the launch passes. */
    static String offsetParameter(KernelSignature.Param p) {
        return "unsigned long long nd_offset_" + p.name();
    }

    /** The statement that gives a {@code __local} parameter its pointer into dynamic shared memory. */
    static String carve(KernelSignature.Param p) {
        return p.type() + " *" + p.name() + " = (" + p.type() + " *)(nd_dynamic_shared + nd_offset_" + p.name() + ");";
    }

    /**
     * NVRTC's options for OpenCL build options: -D, -U, -I and -w pass; {@code -cl-fast-relaxed-math}
     * is {@code --use_fast_math}; the other {@code -cl-} options (standard, optimization hints) have
     * no NVRTC meaning and go.
     */
    static List<String> options(List<String> opencl) {
        List<String> out = new ArrayList<>(OPTIONS);
        for (String o : opencl) {
            if (o.equals("-cl-fast-relaxed-math") || o.equals("-cl-unsafe-math-optimizations"))
                out.add("--use_fast_math");
            else if (!o.startsWith("-cl-")) out.add(o);
        }
        return List.copyOf(out);
    }

    /** Comments as spaces, newlines kept; string and character literals untouched. */
    static String blankComments(String s) {
        StringBuilder b = new StringBuilder(s);
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'') {
                i = literalEnd(s, i);
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                while (i < n && s.charAt(i) != '\n') b.setCharAt(i++, ' ');
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                for (; i < end; i++) if (s.charAt(i) != '\n') b.setCharAt(i, ' ');
                i--;
            }
        }
        return b.toString();
    }

    /** The index of the quote that closes the literal opening at {@code start} (or the last index). */
    private static int literalEnd(String s, int start) {
        char q = s.charAt(start);
        for (int i = start + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') i++;
            else if (c == q || c == '\n') return i;
        }
        return s.length() - 1;
    }

    /**
     * The qualifier words of OpenCL C, outside literals: {@code __local}/{@code local} become
     * {@code __shared__} on a declaration and nothing on a pointer; the unprefixed forms of the others
     * get their {@code __} form (empty macros of the prelude); {@code private}, a C++ keyword, goes.
     */
    static String qualifiers(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int n = s.length();
        for (int i = 0; i < n; ) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'') {
                int end = literalEnd(s, i) + 1;
                out.append(s, i, end);
                i = end;
            } else if (Character.isJavaIdentifierStart(c)
                    && (i == 0 || !Character.isJavaIdentifierPart(s.charAt(i - 1)))) {
                int end = i;
                while (end < n && Character.isJavaIdentifierPart(s.charAt(end))) end++;
                String word = s.substring(i, end);
                out.append(
                        switch (word) {
                            case "__local", "local" -> declaresPointer(s, end) ? "" : "__shared__";
                            case "kernel" -> "__kernel";
                            case "global" -> "__global";
                            case "constant" -> "__constant";
                            case "private", "__private" -> "";
                            default -> word;
                        });
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Whether the declarator after a {@code __local} at {@code from} is a pointer: a '*' before its end. */
    private static boolean declaresPointer(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '*') return true;
            if (c == ';' || c == ',' || c == ')' || c == '=' || c == '{' || c == '[') return false;
        }
        return false;
    }

    private static String resource(String name) {
        try (InputStream in = OpenClOnCuda.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
