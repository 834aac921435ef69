package org.ndgpu.backend.cuda.sparse;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.ndgpu.backend.NativeLibrary;

/**
 * What cuSPARSE's and cuSOLVER's sparse bindings share: a status-returning function bound from a
 * signature string, and the library's version from its getProperty function.
 */
final class Downcalls {
    private Downcalls() {}

    /**
     * {@code function} of {@code lib}, returning its int status, its arguments one letter each: 'A'
     * an address, 'L' a 64-bit integer (an address passed as a number, or an int64_t), 'F' a float,
     * 'D' a double, any other letter a 32-bit int (an enum or int).
     */
    static MethodHandle bind(NativeLibrary lib, String function, String signature) {
        MemoryLayout[] args = new MemoryLayout[signature.length()];
        for (int i = 0; i < args.length; i++) {
            args[i] = switch (signature.charAt(i)) {
                case 'A' -> ADDRESS;
                case 'L' -> JAVA_LONG;
                case 'F' -> JAVA_FLOAT;
                case 'D' -> JAVA_DOUBLE;
                default -> JAVA_INT;
            };
        }
        return lib.downcall(function, FunctionDescriptor.of(JAVA_INT, args));
    }

    /** "major.minor.patch" from a (libraryPropertyType, int*) getProperty: MAJOR 0, MINOR 1, PATCH 2. */
    static String version(MethodHandle getProperty) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(JAVA_INT);
            StringBuilder b = new StringBuilder();
            for (int property = 0; property < 3; property++) {
                if ((int) getProperty.invokeExact(property, v) != 0) return "?";
                b.append(property == 0 ? "" : ".").append(v.get(JAVA_INT, 0));
            }
            return b.toString();
        } catch (Throwable t) {
            return "?";
        }
    }
}
