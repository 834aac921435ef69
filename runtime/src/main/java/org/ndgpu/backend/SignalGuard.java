package org.ndgpu.backend;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the JVM's own handlers for SIGSEGV, SIGBUS, SIGILL and SIGFPE in place while native device
 * libraries load.
 *
 * <p>HotSpot takes these signals in ordinary Java code: a safepoint poll or an implicit null check is
 * a SIGSEGV, an integer division by zero in compiled code is a SIGFPE that becomes an
 * ArithmeticException. PoCL replaces all four handlers when it initialises: its LLVM installs crash
 * handlers for SEGV/BUS/ILL, and PoCL itself a SIGFPE handler that skips the faulting instruction (so
 * that a kernel's integer division by zero does not stop the process). Left like that, Java's
 * {@code 1 / 0} in JIT-compiled code silently yields garbage instead of throwing, and a safepoint poll
 * on one thread can be fielded by LLVM's handler while another thread compiles: CI saw the test JVM
 * die with a bare "Segmentation fault" and no hs_err file in the eight-thread PoCL test.
 *
 * <p>The JDK's own answer is signal chaining: start the JVM with
 * {@code LD_PRELOAD=$JAVA_HOME/lib/libjsig.so}; the JVM's handler then stays first and hands the
 * library the signals that are not its own. {@code ./nd} starts every JVM that way, and then this class
 * does nothing. Without libjsig, {@link #restore} puts the JVM's handlers back after each backend is
 * discovered and after each program build (LLVM registers its handlers once, so they stay back); the
 * price is that an integer division by zero inside a kernel on a PoCL device then stops the JVM
 * instead of being skipped. Linux only; elsewhere nothing is done.
 */
public final class SignalGuard {
    private static final System.Logger LOG = System.getLogger("org.ndgpu");
    private static final int[] SIGNALS = {11, 7, 4, 8}; // SEGV, BUS, ILL, FPE (Linux)
    private static final String[] NAMES = {"SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE"};
    private static final long SIGACTION_BYTES = 256; // struct sigaction is 152 bytes on x86_64 and aarch64
    private static final MethodHandle SIGACTION;
    private static final MemorySegment[] JVM_ACTIONS;
    private static volatile boolean warned;

    static {
        MethodHandle h = null;
        MemorySegment[] saved = null;
        if (System.getProperty("os.name", "").startsWith("Linux") && !libjsigLoaded()) {
            try {
                Linker linker = Linker.nativeLinker();
                @SuppressWarnings("restricted") // binds the C library's sigaction, the point of this class
                MethodHandle found = linker.defaultLookup()
                        .find("sigaction")
                        .map(a -> linker.downcallHandle(
                                a,
                                FunctionDescriptor.of(
                                        ValueLayout.JAVA_INT,
                                        ValueLayout.JAVA_INT,
                                        ValueLayout.ADDRESS,
                                        ValueLayout.ADDRESS)))
                        .orElse(null);
                h = found;
                if (h != null) {
                    saved = new MemorySegment[SIGNALS.length];
                    for (int i = 0; i < SIGNALS.length; i++) {
                        saved[i] = Arena.global().allocate(SIGACTION_BYTES, 8);
                        if ((int) h.invokeExact(SIGNALS[i], MemorySegment.NULL, saved[i]) != 0) {
                            saved = null;
                            break;
                        }
                    }
                }
            } catch (Throwable e) {
                LOG.log(
                        System.Logger.Level.DEBUG,
                        "ndgpu: cannot read the JVM's signal handlers; not guarding them",
                        e);
                saved = null;
            }
        }
        SIGACTION = saved == null ? null : h;
        JVM_ACTIONS = saved;
    }

    private SignalGuard() {}

    /** Records the JVM's handlers, if not already done; call before the first native device library loads. */
    public static void save() {
        /* the class initialiser did it */
    }

    /** True when the handlers are being guarded (Linux, no libjsig preloaded). */
    public static boolean active() {
        return JVM_ACTIONS != null;
    }

    /**
     * Puts back any of the JVM's handlers that a native library replaced since {@link #save}; {@code who}
     * names the library for the one-time log line. Four sigaction calls when guarding, nothing otherwise.
     */
    public static void restore(String who) {
        if (JVM_ACTIONS == null) return;
        List<String> replaced = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment now = arena.allocate(SIGACTION_BYTES, 8);
            for (int i = 0; i < SIGNALS.length; i++) {
                if ((int) SIGACTION.invokeExact(SIGNALS[i], MemorySegment.NULL, now) != 0) continue;
                if (now.get(ValueLayout.JAVA_LONG, 0) == JVM_ACTIONS[i].get(ValueLayout.JAVA_LONG, 0)) continue;
                if ((int) SIGACTION.invokeExact(SIGNALS[i], JVM_ACTIONS[i], MemorySegment.NULL) == 0)
                    replaced.add(NAMES[i]);
            }
        } catch (Throwable e) {
            throw new IllegalStateException("ndgpu: restoring the JVM's signal handlers after " + who + " failed", e);
        }
        if (!replaced.isEmpty() && !warned) {
            warned = true;
            LOG.log(
                    System.Logger.Level.DEBUG,
                    "ndgpu: " + who + " replaced the JVM's handlers for " + String.join(", ", replaced)
                            + "; put them back. Start java with LD_PRELOAD="
                            + Path.of(System.getProperty("java.home"), "lib", "libjsig.so")
                            + " to chain them instead (./nd does).");
        }
    }

    /**
     * The guarded signals whose handler is not the JVM's right now, by name ("SIGFPE", ...); empty when
     * nothing was replaced, or when not guarding (libjsig preloaded, or not Linux).
     */
    public static List<String> replaced() {
        List<String> out = new ArrayList<>();
        if (JVM_ACTIONS == null) return out;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment now = arena.allocate(SIGACTION_BYTES, 8);
            for (int i = 0; i < SIGNALS.length; i++) {
                if ((int) SIGACTION.invokeExact(SIGNALS[i], MemorySegment.NULL, now) == 0
                        && now.get(ValueLayout.JAVA_LONG, 0) != JVM_ACTIONS[i].get(ValueLayout.JAVA_LONG, 0))
                    out.add(NAMES[i]);
            }
        } catch (Throwable e) {
            throw new IllegalStateException("ndgpu: reading the signal handlers failed", e);
        }
        return out;
    }

    private static boolean libjsigLoaded() {
        try {
            return Files.readString(Path.of("/proc/self/maps")).contains("/libjsig.so");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
