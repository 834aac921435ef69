package org.ndgpu.backend;

/**
 * The arguments of one kernel launch as a backend reads them ({@link Backend#launch}): in the order
 * of the kernel's parameters, each of one {@link Kind}. Every backend accepts exactly these kinds;
 * above the backends they are appended with the typed builder {@code org.ndgpu.codegen.LaunchArgs}.
 *
 * <pre>{@code
 * for (int i = 0; i < args.size(); i++)
 *     if (args.kind(i) == KernelArguments.Kind.BUFFER) use(args.buffer(i)); else use(args.bits(i), args.kind(i).bytes());
 * }</pre>
 *
 * <p>A backend reads the arguments during {@code launch} and keeps none of them afterwards: the
 * builder may be refilled for the next launch once {@code launch} has returned.
 */
public interface KernelArguments {
    /** What one argument is, and the bytes of its kernel parameter (the kind's Java type names it in messages). */
    enum Kind {
        /** A device buffer: a pointer to its start. */
        BUFFER(8, "device pointer"),
        /** An 8-bit integer ({@code char}, {@code uchar}). */
        I8(1, "Byte"),
        /** A 16-bit integer ({@code short}, {@code ushort}). */
        I16(2, "Short"),
        /** A 32-bit integer ({@code int}, {@code uint}). */
        I32(4, "Integer"),
        /** A 64-bit integer ({@code long}, {@code ulong}). */
        I64(8, "Long"),
        /** A {@code float}. */
        F32(4, "Float"),
        /** A {@code double}. */
        F64(8, "Double"),
        /** A boolean: one byte, 0 or 1, on every backend (OpenCL C has no bool kernel parameter). */
        BOOL(1, "Boolean"),
        /** Dynamic local memory: OpenCL {@code __local} bytes; on CUDA it adds to dynamic shared memory and takes no parameter. */
        LOCAL(0, "LocalMemory");

        private final int bytes;
        private final String javaName;

        Kind(int bytes, String javaName) {
            this.bytes = bytes;
            this.javaName = javaName;
        }

        /** The bytes of the kernel parameter (8 for a pointer; 0 for local memory, which is no value). */
        public int bytes() {
            return bytes;
        }

        /** The Java type that carries it ({@code Integer}, {@code Float}, ...), as messages name it. */
        public String javaName() {
            return javaName;
        }
    }

    /** The count of arguments. */
    int size();

    /** The kind of argument {@code i}. */
    Kind kind(int i);

    /**
     * The value of scalar argument {@code i} as the low {@code kind(i).bytes()} bytes of a long (a
     * float or double as its raw IEEE bits, a boolean as 0 or 1), or the bytes of local memory; 0 for a
     * buffer.
     */
    long bits(int i);

    /** The buffer of argument {@code i} when it is a {@link Kind#BUFFER}, else null. */
    BackendBuffer buffer(int i);
}
