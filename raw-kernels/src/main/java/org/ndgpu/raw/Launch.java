package org.ndgpu.raw;

import java.util.Arrays;
import org.ndgpu.DeviceException;
import org.ndgpu.KernelLaunchException;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.NDArray;

/**
 * Checks a launch (geometry, argument count and kinds) and turns its arguments into what
 * {@link Backend#launch} takes. Shared by RawKernel and JavaKernel, so both report the same limits
 * with the same words.
 */
final class Launch {
    private Launch() { }

    /** The device of the array arguments (all must agree), else the current device. */
    static Device deviceOf(String what, Object[] args) {
        Device device = null;
        for (Object a : args) {
            if (a instanceof NDArray arr) {
                if (device == null) device = arr.device();
                else if (arr.device() != device) {
                    throw new DeviceException(what + ": arrays are on different devices: " + device.id() + " and "
                            + arr.device().id() + "; move one with a.to(device)");
                }
            }
        }
        return device != null ? device : Device.current();
    }

    /** Checks grid and block: same rank (1 to 3), positive sizes, block within the kernel's limit. */
    static void checkGeometry(String what, Device device, BackendKernel kernel, long[] grid, long[] block, long sharedBytes) {
        if (grid.length == 0 || grid.length > 3 || grid.length != block.length) {
            throw new KernelLaunchException(what + ": grid and block must both have 1 to 3 dimensions, got grid "
                    + Arrays.toString(grid) + " and block " + Arrays.toString(block));
        }
        long threads = 1;
        for (int d = 0; d < grid.length; d++) {
            if (grid[d] <= 0 || block[d] <= 0) {
                throw new KernelLaunchException(what + ": grid and block sizes must be positive, got grid "
                        + Arrays.toString(grid) + " and block " + Arrays.toString(block));
            }
            threads *= block[d];
        }
        if (threads > kernel.maxBlockSize()) {
            throw new KernelLaunchException(what + ": block " + Arrays.toString(block) + " has " + threads
                    + " threads; the kernel's limit on " + device.id() + " (" + device.name() + ") is " + kernel.maxBlockSize());
        }
        long limit = device.facts().localMemoryBytes();
        if (sharedBytes < 0 || limit > 0 && sharedBytes > limit) {
            throw new KernelLaunchException(what + ": " + sharedBytes + " bytes of dynamic shared/local memory requested; "
                    + device.id() + " (" + device.name() + ") allows " + limit + " per block");
        }
    }

    /**
     * The backend arguments for {@code args} checked against {@code sig} (null when unknown).
     * An NDArray is passed as a pointer to its element 0, which must be the start of its buffer.
     */
    static Object[] convert(String what, Device device, KernelSignature sig, int parameterCount, Object[] args) {
        int expected = sig != null ? sig.params().size() : parameterCount;
        if (expected >= 0 && args.length != expected) {
            throw new KernelLaunchException(what + ": the kernel takes " + expected + " argument" + (expected == 1 ? "" : "s")
                    + (sig != null ? " " + sig : "") + ", " + args.length + " given");
        }
        Object[] out = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            KernelSignature.Param p = sig != null ? sig.params().get(i) : null;
            out[i] = convertOne(what, device, i, p, args[i]);
        }
        return out;
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
                if (arr.device() != device) {
                    throw new DeviceException(where(what, i, p) + ": the array is on " + arr.device().id() + ", the launch on " + device.id());
                }
                if (arr.offset() != 0) {
                    // OpenCL cannot point into the middle of a buffer from the host side, so neither backend does
                    throw new KernelLaunchException(where(what, i, p) + ": the array is a view starting " + arr.offset()
                            + " bytes into its buffer; kernels receive a pointer to the buffer's start. Pass x.copy() "
                            + "(or Nd.ascontiguousarray(x)), or pass the base array and the element offset as an integer");
                }
                return arr.buffer();
            }
            case Backend.LocalMemory lm -> {
                if (p != null && !p.local()) {
                    throw new KernelLaunchException(where(what, i, p) + ": local memory was given where the kernel expects "
                            + (p.pointer() ? "a global pointer (an NDArray)" : "a scalar " + p.type()));
                }
                return lm;
            }
            case Integer v -> { return scalar(what, i, p, v, 4, false, "an Integer (32-bit int)"); }
            case Long v -> { return scalar(what, i, p, v, 8, false, "a Long (64-bit)"); }
            case Float v -> { return scalar(what, i, p, v, 4, true, "a Float"); }
            case Double v -> { return scalar(what, i, p, v, 8, true, "a Double"); }
            case Short v -> { return scalar(what, i, p, v, 2, false, "a Short (16-bit)"); }
            case Byte v -> { return scalar(what, i, p, v, 1, false, "a Byte (8-bit)"); }
            default -> throw new KernelLaunchException(where(what, i, p) + " is a " + a.getClass().getName()
                    + "; expected an NDArray, Integer, Long, Float, Double, Short, Byte or RawKernel.localMemory(bytes)");
        }
    }

    private static Object scalar(String what, int i, KernelSignature.Param p, Object v, int bytes, boolean floating, String given) {
        if (p == null) return v;
        if (p.pointer()) {
            throw new KernelLaunchException(where(what, i, p) + ": a scalar (" + given + " " + v + ") was given where the kernel expects "
                    + (p.local() ? "a __local size (RawKernel.localMemory(bytes))" : "a pointer (an NDArray)"));
        }
        KernelSignature.Scalar s = KernelSignature.scalar(p.type());
        if (s != null && (s.bytes() != bytes || s.floating() != floating)) {
            throw new KernelLaunchException(where(what, i, p) + ": the parameter is " + p.type() + " (" + s.bytes() + " bytes, "
                    + (s.floating() ? "floating" : "integer") + "), " + given + " was given; pass " + javaTypeFor(s));
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
