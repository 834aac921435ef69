package org.ndgpu.raw;

import java.util.Arrays;
import java.util.Set;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.Dialect;
import org.ndgpu.codegen.LaunchArgs;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;

/**
 * Checks a launch (geometry, argument count and kinds) and turns its arguments into what
 * {@link Backend#launch} takes, for a {@link LaunchArgs}. Shared by RawKernel and JavaKernel, so both report the same limits
 * with the same words.
 */
final class Launch {
    private Launch() {}

    /** The device of the array arguments (each live, all on one device), else the current device. */
    static Device deviceOf(String what, Object[] args) {
        return Operands.device(what, args);
    }

    /**
     * Checks grid and block before any native call: same rank (1 to 3), positive sizes, the block
     * within the kernel's limit, the grid within the device's (CUDA: x up to 2^31-1, y and z up to
     * 65535; OpenCL: up to 2^31-1 work-groups per dimension), and grid x block per dimension a
     * number of work-items the device can index (no overflow of a long; below 2^32 on a CPU device,
     * whose OpenCL runtime, PoCL, counts work-items in 32 bits: 2^32 asserted or crashed there).
     */
    static void checkGeometry(
            String what, Device device, BackendKernel kernel, long[] grid, long[] block, long sharedBytes) {
        java.util.Objects.requireNonNull(grid, "grid");
        java.util.Objects.requireNonNull(block, "block");
        if (grid.length == 0 || grid.length > 3 || grid.length != block.length) {
            throw new KernelLaunchException(what + ": grid and block must both have 1 to 3 dimensions, got grid "
                    + Arrays.toString(grid) + " and block " + Arrays.toString(block));
        }
        long threads = 1;
        Dialect dialect = device.backend().dialect();
        boolean counts32 = device.facts().hostCpu();
        for (int d = 0; d < grid.length; d++) {
            if (grid[d] <= 0 || block[d] <= 0) {
                throw new KernelLaunchException(what + ": grid and block sizes must be positive, got grid "
                        + Arrays.toString(grid) + " and block " + Arrays.toString(block));
            }
            long gridLimit = dialect.maxGrid(d);
            if (grid[d] > gridLimit) {
                throw new KernelLaunchException(
                        what + ": grid " + Arrays.toString(grid) + " has " + grid[d] + " blocks along dimension " + d
                                + "; " + device.id() + " (" + device.name() + ") allows at most " + gridLimit);
            }
            if (block[d] > kernel.maxBlockSize()) {
                threads = Long.MAX_VALUE; // reported below with the whole block
                break;
            }
            threads *= block[d];
            long items;
            try {
                items = Math.multiplyExact(grid[d], block[d]);
            } catch (ArithmeticException e) {
                throw new KernelLaunchException(what + ": grid " + Arrays.toString(grid) + " x block "
                        + Arrays.toString(block) + " overflows a 64-bit count of work-items along dimension " + d);
            }
            if (counts32 && items > 0xFFFF_FFFFL) {
                throw new KernelLaunchException(
                        what + ": grid " + Arrays.toString(grid) + " x block " + Arrays.toString(block) + " is "
                                + items + " work-items along dimension " + d + "; " + device.id() + " (" + device.name()
                                + ") indexes at most 2^32 - 1 per dimension");
            }
        }
        if (threads > kernel.maxBlockSize()) {
            throw new KernelLaunchException(what + ": block " + Arrays.toString(block) + " has "
                    + (threads == Long.MAX_VALUE ? "more than " + kernel.maxBlockSize() : threads)
                    + " threads; the kernel's limit on " + device.id() + " (" + device.name() + ") is "
                    + kernel.maxBlockSize());
        }
        long limit = device.facts().localMemoryBytes();
        if (sharedBytes < 0 || (limit > 0 && sharedBytes > limit)) {
            throw new KernelLaunchException(
                    what + ": " + sharedBytes + " bytes of dynamic shared/local memory requested; " + device.id() + " ("
                            + device.name() + ") allows " + limit + " per block");
        }
    }

    /** Checks the count of {@code args} against {@code sig} (null when unknown), else {@code parameterCount} (negative when unknown). */
    static void checkCount(String what, KernelSignature sig, int parameterCount, Object[] args) {
        int expected = sig != null ? sig.params().size() : parameterCount;
        if (expected >= 0 && args.length != expected) {
            throw new KernelLaunchException(what + ": the kernel takes " + expected + " argument"
                    + (expected == 1 ? "" : "s") + (sig != null ? " " + sig : "") + ", " + args.length + " given");
        }
    }

    /**
     * The backend argument for argument {@code i}, {@code a}, checked against its parameter in
     * {@code sig} (null when unknown): one of the types {@link LaunchArgs#value} takes. An NDArray
     * is passed as a pointer to its element 0, which must be the start of its buffer.
     */
    static Object convert(String what, Device device, KernelSignature sig, int i, Object a) {
        return convertOne(what, device, i, sig != null ? sig.params().get(i) : null, a);
    }

    /** "RawKernel 'k': argument 2 ('float* x')": built only for a message (a launch must not pay for it). */
    private static String where(String what, int i, KernelSignature.Param p) {
        return what + ": argument " + i + (p != null ? " ('" + p + "')" : "");
    }

    private static Object convertOne(String what, Device device, int i, KernelSignature.Param p, Object a) {
        switch (a) {
            case null -> throw new KernelLaunchException(where(what, i, p) + " is null");
            case NDArray arr -> {
                if (p != null && (!p.pointer() || p.local())) {
                    throw new KernelLaunchException(where(what, i, p) + ": an array was given where the kernel expects "
                            + (p.local() ? "a __local size (RawKernel.localMemory(bytes))" : "a scalar " + p.type()));
                }
                arr.live(what);
                if (p != null) checkPointee(what, i, p, arr.dtype());
                if (arr.device() != device) {
                    throw new DeviceException(where(what, i, p) + ": the array is on "
                            + arr.device().id() + ", the launch on " + device.id());
                }
                if (arr.offset() != 0) {
                    // OpenCL cannot point into the middle of a buffer from the host side, so neither backend does
                    throw new KernelLaunchException(
                            where(what, i, p) + ": the array is a view starting " + arr.offset()
                                    + " bytes into its buffer; kernels receive a pointer to the buffer's start. Pass x.copy() "
                                    + "(or Nd.ascontiguousarray(x)), or pass the base array and the element offset as an integer");
                }
                if (arr.size() > 1 && !arr.isCContiguous() && !arr.isFContiguous()) {
                    // a kernel indexes raw memory: a strided or broadcast view's elements are not where it would look
                    throw new KernelLaunchException(where(what, i, p) + ": the array is not contiguous (shape "
                            + org.ndgpu.ndarray.Shapes.str(arr.shape()) + ", strides "
                            + java.util.Arrays.toString(arr.strides())
                            + "); a kernel sees its buffer as consecutive elements. Pass Nd.ascontiguousarray(x)");
                }
                return arr.buffer();
            }
            case Backend.LocalMemory lm -> {
                if (p != null && !p.local()) {
                    throw new KernelLaunchException(
                            where(what, i, p) + ": local memory was given where the kernel expects "
                                    + (p.pointer() ? "a global pointer (an NDArray)" : "a scalar " + p.type()));
                }
                return lm;
            }
            case Integer v -> {
                return scalar(what, i, p, v, 4, false, "an Integer (32-bit int)");
            }
            case Long v -> {
                return scalar(what, i, p, v, 8, false, "a Long (64-bit)");
            }
            case Float v -> {
                return scalar(what, i, p, v, 4, true, "a Float");
            }
            case Double v -> {
                return scalar(what, i, p, v, 8, true, "a Double");
            }
            case Short v -> {
                return scalar(what, i, p, v, 2, false, "a Short (16-bit)");
            }
            case Byte v -> {
                return scalar(what, i, p, v, 1, false, "a Byte (8-bit)");
            }
            case Boolean v -> {
                // as CuPy passes a Python bool: one byte, 0 or 1, for a bool, char or unsigned char parameter
                return scalar(what, i, p, v, 1, false, "a Boolean (one byte, 0 or 1)");
            }
            default ->
                throw new KernelLaunchException(
                        where(what, i, p) + " is a " + a.getClass().getName()
                                + "; expected an NDArray, Integer, Long, Float, Double, Short, Byte, Boolean or RawKernel.localMemory(bytes)");
        }
    }

    /**
     * An array's dtype against the pointer's element type, where the type is known: a float* given
     * uint8 memory reads past the buffer's end (on PoCL that was a double free and a dead JVM), and an
     * int64 array as float* silently computes garbage. void* and type names ndgpu cannot resolve
     * (typedefs, structs, template parameters) take any array.
     */
    private static void checkPointee(String what, int i, KernelSignature.Param p, DType given) {
        Set<DType> ok = KernelSignature.pointee(p.type());
        if (ok == null || ok.contains(given)) return;
        throw new DTypeException(where(what, i, p) + ": the parameter points to " + p.type() + ", which takes a "
                + String.join(" or ", ok.stream().map(DType::toString).sorted().toList()) + " array; "
                + (given.toString().matches("[aeiou].*") ? "an " : "a ") + given
                + " array was given (cast it with a.astype(...), or declare the parameter to match)");
    }

    private static Object scalar(
            String what, int i, KernelSignature.Param p, Object v, int bytes, boolean floating, String given) {
        if (p == null) return v;
        if (p.pointer()) {
            throw new KernelLaunchException(
                    where(what, i, p) + ": a scalar (" + given + " " + v + ") was given where the kernel expects "
                            + (p.local() ? "a __local size (RawKernel.localMemory(bytes))" : "a pointer (an NDArray)"));
        }
        KernelSignature.Scalar s = KernelSignature.scalar(p.type());
        if (s != null && (s.bytes() != bytes || s.floating() != floating)) {
            throw new KernelLaunchException(where(what, i, p) + ": the parameter is " + p.type() + " (" + s.bytes()
                    + " bytes, " + (s.floating() ? "floating" : "integer") + "), " + given + " was given; pass "
                    + javaTypeFor(s));
        }
        return v;
    }

    private static String javaTypeFor(KernelSignature.Scalar s) {
        if (s.floating()) return s.bytes() == 4 ? "a Float (2.0f)" : "a Double (2.0)";
        return switch (s.bytes()) {
            case 1 -> "a Byte ((byte) 2)";
            case 2 -> "a Short ((short) 2)";
            case 4 -> "an Integer (2)";
            default -> "a Long (2L)";
        };
    }
}
