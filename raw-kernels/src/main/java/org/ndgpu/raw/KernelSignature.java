package org.ndgpu.raw;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ndgpu.backend.Dialect;
import org.ndgpu.ndarray.DType;

/**
 * The parameter lists of the kernels in a piece of OpenCL C or CUDA C source, read from the text so
 * that both backends can check a launch's arguments before the driver sees them (a CUDA driver
 * cannot tell how many parameters a kernel has, nor which are pointers).
 *
 * <pre>{@code
 * var sigs = KernelSignature.parse("__kernel void add(__global float* x, int n) {}", Dialect.OPENCL);
 * sigs.get("add").params().get(0).pointer();   // true
 * }</pre>
 *
 * @param name   the kernel's name
 * @param params its parameters in order
 */
public record KernelSignature(String name, List<Param> params) {

    /**
     * One parameter.
     *
     * @param type    the C type without qualifiers ("float", "unsigned int"), the pointee for pointers
     * @param name    the parameter name
     * @param pointer true for a pointer or array parameter
     * @param local   true for an OpenCL {@code __local} pointer (passed as a size, not a buffer)
     */
    public record Param(String type, String name, boolean pointer, boolean local) {
        /** "float* x", "int n", "__local float* tile". */
        @Override
        public String toString() {
            return (local ? "__local " : "") + type + (pointer ? "* " : " ") + name;
        }
    }

    private static final Pattern OPENCL = Pattern.compile(
            "(?:__kernel|\\bkernel)\\s+(?:__attribute__\\s*\\(\\(.*?\\)\\)\\s*)*void\\s+(\\w+)\\s*\\(([^)]*)\\)",
            Pattern.DOTALL);
    private static final Pattern CUDA = Pattern.compile(
            "__global__\\s+(?:__launch_bounds__\\s*\\([^)]*\\)\\s*)?void\\s+(?:__launch_bounds__\\s*\\([^)]*\\)\\s*)?(\\w+)\\s*\\(([^)]*)\\)",
            Pattern.DOTALL);
    private static final Set<String> QUALIFIERS = Set.of(
            "const",
            "volatile",
            "restrict",
            "__restrict",
            "__restrict__",
            "__global",
            "global",
            "__constant",
            "constant",
            "__private",
            "private",
            "__read_only",
            "__write_only",
            "struct");

    /** The kernels of {@code source} by name, in source order. Comments are ignored. */
    public static Map<String, KernelSignature> parse(String source, Dialect dialect) {
        java.util.Objects.requireNonNull(source, "KernelSignature.parse: source is null");
        String text = stripComments(source);
        Matcher m = (dialect == Dialect.CUDA ? CUDA : OPENCL).matcher(text);
        Map<String, KernelSignature> out = new LinkedHashMap<>();
        while (m.find()) out.put(m.group(1), new KernelSignature(m.group(1), params(m.group(2))));
        return out;
    }

    static String stripComments(String s) {
        return s.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\n]*", "");
    }

    private static List<Param> params(String list) {
        List<Param> out = new ArrayList<>();
        if (list.isBlank() || list.strip().equals("void")) return out;
        for (String raw : list.split(",")) {
            String p = raw.strip();
            boolean pointer = p.contains("*") || p.contains("[");
            boolean local = p.matches("(?s).*\\b(__local|local|__shared__)\\b.*");
            String cleaned = p.replaceAll("\\[[^]]*]", " ")
                    .replace("*", " ")
                    .replace("&", " ")
                    .replaceAll("\\b(__local|local)\\b", " ");
            List<String> words = new ArrayList<>();
            for (String w : cleaned.strip().split("\\s+")) if (!w.isEmpty() && !QUALIFIERS.contains(w)) words.add(w);
            if (words.isEmpty()) continue;
            String name = words.size() > 1 ? words.remove(words.size() - 1) : "?";
            out.add(new Param(String.join(" ", words), name, pointer, local));
        }
        return out;
    }

    // "signed char" is "char", "signed int" is "int"; only the word signed, not the end of "unsigned"
    private static String withoutSigned(String type) {
        return type.replaceAll("\\bsigned\\s+", "").strip();
    }

    /** Bytes of a scalar C type and whether it is floating point; null when the type is not a known scalar. */
    static Scalar scalar(String type) {
        String t = withoutSigned(type);
        return switch (t) {
            case "char", "uchar", "unsigned char", "int8_t", "uint8_t", "bool" -> Scalar.I1;
            case "short", "ushort", "unsigned short", "int16_t", "uint16_t" -> Scalar.I2;
            case "int", "signed", "uint", "unsigned", "unsigned int", "int32_t", "uint32_t" -> Scalar.I4;
            case "long",
                    "ulong",
                    "unsigned long",
                    "long long",
                    "unsigned long long",
                    "size_t",
                    "ptrdiff_t",
                    "int64_t",
                    "uint64_t",
                    "long int",
                    "unsigned long int" -> Scalar.I8;
            case "float" -> Scalar.F4;
            case "double" -> Scalar.F8;
            default -> null;
        };
    }

    /**
     * The dtypes an array passed as a pointer to {@code type} may have, or null when any array goes
     * (void*, and names this parser cannot resolve: typedefs, structs, template parameters). Signed
     * and unsigned integers of one width take either dtype of that width (a kernel may read int32 data
     * through uint*, as CUDA C allows); bool and the 8-bit integers share one byte; vector types (float4, int2) take their element's dtype, and
     * float2/double2 also the complex dtype they lay out.
     */
    static Set<DType> pointee(String type) {
        String t = withoutSigned(type)
                .replace("std::", "")
                .replace("thrust::", "")
                .replace("cuda::", "")
                .strip();
        return switch (t) {
            case "void" -> null;
            case "float", "float3", "float4", "float8", "float16" -> Set.of(DType.FLOAT32);
            case "float2" -> Set.of(DType.FLOAT32, DType.COMPLEX64);
            case "double", "double3", "double4", "double8", "double16" -> Set.of(DType.FLOAT64);
            case "double2" -> Set.of(DType.FLOAT64, DType.COMPLEX128);
            case "half", "__half", "half2", "half4", "half8" -> Set.of(DType.FLOAT16);
            case "cuFloatComplex", "cuComplex", "complex<float>" -> Set.of(DType.COMPLEX64);
            case "cuDoubleComplex", "complex<double>" -> Set.of(DType.COMPLEX128);
            case "char", "int8_t", "char2", "char4", "char8", "char16" -> Set.of(DType.INT8, DType.UINT8, DType.BOOL);
            case "uchar", "unsigned char", "uint8_t", "bool", "uchar2", "uchar4", "uchar8", "uchar16" ->
                Set.of(DType.UINT8, DType.INT8, DType.BOOL);
            case "short", "ushort", "unsigned short", "int16_t", "uint16_t", "short2", "short4", "ushort2", "ushort4" ->
                Set.of(DType.INT16, DType.UINT16);
            case "int",
                    "signed",
                    "uint",
                    "unsigned",
                    "unsigned int",
                    "int32_t",
                    "uint32_t",
                    "int2",
                    "int3",
                    "int4",
                    "int8",
                    "int16",
                    "uint2",
                    "uint3",
                    "uint4",
                    "uint8",
                    "uint16" -> Set.of(DType.INT32, DType.UINT32);
            case "long",
                    "ulong",
                    "unsigned long",
                    "long long",
                    "unsigned long long",
                    "long int",
                    "unsigned long int",
                    "int64_t",
                    "uint64_t",
                    "size_t",
                    "ptrdiff_t",
                    "long2",
                    "long4",
                    "ulong2",
                    "ulong4",
                    "longlong2",
                    "longlong4" -> Set.of(DType.INT64, DType.UINT64);
            default -> null;
        };
    }

    record Scalar(int bytes, boolean floating) {
        static final Scalar I1 = new Scalar(1, false),
                I2 = new Scalar(2, false),
                I4 = new Scalar(4, false),
                I8 = new Scalar(8, false);
        static final Scalar F4 = new Scalar(4, true), F8 = new Scalar(8, true);
    }

    /** "add(float* x, int n)". */
    @Override
    public String toString() {
        return name + "("
                + String.join(", ", params.stream().map(Param::toString).toList()) + ")";
    }
}
