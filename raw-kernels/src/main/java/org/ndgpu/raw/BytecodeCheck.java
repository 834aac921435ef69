package org.ndgpu.raw;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.LineNumber;
import java.lang.classfile.instruction.MonitorInstruction;
import java.lang.classfile.instruction.NewMultiArrayInstruction;
import java.lang.classfile.instruction.NewObjectInstruction;
import java.lang.classfile.instruction.NewReferenceArrayInstruction;
import java.lang.classfile.instruction.ThrowInstruction;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Finds, in a kernel's class file, the constructs that Aparapi cannot translate, with their source
 * lines. Aparapi's own failures are often a bare NullPointerException from deep in its bytecode
 * reader; this scan, run only after Aparapi failed, turns them into "string concatenation at
 * Saxpy.java:14".
 */
final class BytecodeCheck {
    private BytecodeCheck() {}

    // classes whose static methods Aparapi maps to OpenCL built-ins
    private static final Set<String> MAPPED_OWNERS = Set.of("java/lang/Math", "java/lang/StrictMath");
    private static final Set<String> UNMAPPED_MATH = Set.of(
            "random",
            "floorDiv",
            "floorMod",
            "addExact",
            "multiplyExact",
            "subtractExact",
            "toIntExact",
            "negateExact",
            "incrementExact",
            "decrementExact",
            "signum",
            "copySign",
            "ulp",
            "getExponent",
            "scalb",
            "nextUp",
            "nextDown",
            "log",
            "sinh",
            "cosh",
            "tanh",
            "expm1",
            "log1p",
            "cbrt",
            "hypot",
            "log10");

    /** One construct Aparapi cannot translate, where it is. */
    record Problem(String construct, String method, String file, int line) {
        @Override
        public String toString() {
            return construct + " in " + method + "() at " + file + (line > 0 ? ":" + line : "");
        }
    }

    /** The untranslatable constructs of {@code kernel}'s methods, walking up to (not into) the Aparapi base. */
    static List<Problem> scan(Class<?> kernel) {
        List<Problem> out = new ArrayList<>();
        Set<String> hierarchy = new java.util.HashSet<>();
        for (Class<?> c = kernel; c != null; c = c.getSuperclass())
            hierarchy.add(c.getName().replace('.', '/'));
        for (Class<?> c = kernel;
                c != null
                        && !c.getName().startsWith("com.aparapi.")
                        && c != JavaKernel.class
                        && !c.getName().startsWith("org.ndgpu.raw.JavaUfunc");
                c = c.getSuperclass()) {
            scanClass(c, hierarchy, out);
        }
        return out;
    }

    private static void scanClass(Class<?> c, Set<String> hierarchy, List<Problem> out) {
        String res = c.getName().replace('.', '/') + ".class";
        ClassLoader cl = c.getClassLoader() != null ? c.getClassLoader() : ClassLoader.getSystemClassLoader();
        try (InputStream in = cl.getResourceAsStream(res)) {
            if (in == null) return;
            ClassModel cm = ClassFile.of().parse(in.readAllBytes());
            String file = cm.findAttribute(java.lang.classfile.Attributes.sourceFile())
                    .map(a -> a.sourceFile().stringValue())
                    .orElse(c.getSimpleName() + ".java");
            for (MethodModel m : cm.methods()) {
                String name = m.methodName().stringValue();
                if (name.equals("<init>") || name.equals("<clinit>") || name.startsWith("lambda$")) continue;
                var code = m.code().orElse(null);
                if (code == null) continue;
                int line = -1;
                for (CodeElement e : code) {
                    String what = switch (e) {
                        case LineNumber ln -> {
                            line = ln.line();
                            yield null;
                        }
                        case InvokeDynamicInstruction i ->
                            i.bootstrapMethod().owner().descriptorString().contains("StringConcat")
                                    ? "string concatenation"
                                    : "a lambda or method reference";
                        case NewObjectInstruction n ->
                            "object creation (new "
                                    + n.className().asInternalName().replace('/', '.') + ")";
                        case NewReferenceArrayInstruction n ->
                            "an array of objects (new "
                                    + n.componentType().asInternalName().replace('/', '.') + "[])";
                        case NewMultiArrayInstruction n -> "a multi-dimensional array creation";
                        case ThrowInstruction t -> "throwing an exception";
                        case MonitorInstruction mi -> "a synchronized block";
                        case InvokeInstruction i -> call(i, hierarchy);
                        default -> null;
                    };
                    if (what != null) out.add(new Problem(what, name, file, line));
                }
            }
        } catch (IOException | RuntimeException e) {
            // the scan only sharpens a message; Aparapi's own message still stands without it
        }
    }

    private static String call(InvokeInstruction i, Set<String> hierarchy) {
        String owner = i.owner().asInternalName();
        String name = i.name().stringValue();
        if (hierarchy.contains(owner) || owner.startsWith("com/aparapi/") || owner.startsWith("org/ndgpu/raw/"))
            return null;
        if (MAPPED_OWNERS.contains(owner)) {
            return UNMAPPED_MATH.contains(name)
                    ? "Math." + name + "() (no OpenCL mapping; use the Kernel's method of that name where there is one)"
                    : null;
        }
        if (owner.startsWith("[")) return "a call to an array method (" + name + ")";
        return "a call to " + owner.replace('/', '.') + "." + name + "()";
    }
}
