package org.ndgpu.reliability;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.ndgpu.device.Device;
import org.ndgpu.device.MemoryPool;
import org.ndgpu.testing.TestDevice;

/**
 * Runs the hostile cases in this JVM, one after another from a given index, on one device:
 * {@code HostileChild <device id, or a TestDevice kind: pocl, cuda, opencl-gpu> <first index> [<end index>]}. Each case runs on a fresh thread (so a stream or
 * device a case made current ends with it) with a time limit, and the canary array is checked after
 * each. Prints one line per event, for {@link HostileSuiteTest} to read:
 * {@code @@ NODEVICE <why>} alone when this machine lacks the kind, else {@code @@ BEGIN i}, {@code @@ PASS i}, {@code @@ FAIL i <why>}, {@code @@ HANG i}, with {@code @@ TOTAL n} first and {@code @@ DONE} last.
 * A JVM that dies between BEGIN and the next line crashed on that case.
 *
 * <p>To reproduce one case by hand: run this class with the index printed in the failure, under
 * the same class path, and read its output.
 */
public final class HostileChild {
    /** The pool limit every case runs under: a hostile size that a 141 GB GPU could satisfy still fails fast. */
    static final long POOL_LIMIT = 1L << 30;
    /**
     * Seconds a case may run before it counts as a hang (-Dndgpu.hostile.caseSeconds): the slowest
     * case on PoCL on a 2-core machine, its kernels compiled from an empty cache, takes well under it.
     */
    static final long CASE_SECONDS = Long.getLong("ndgpu.hostile.caseSeconds", 120);

    public static void main(String[] args) throws Exception {
        Device device;
        try {
            device = switch (args[0]) {
                case "pocl", "cuda", "opencl-gpu" ->
                    TestDevice.of(args[0]).find().orElse(null);
                default -> Device.get(args[0]);
            };
        } catch (RuntimeException e) {
            System.out.println("no device " + args[0] + ": " + e.getMessage() + "; devices " + Device.list()
                    + ", problems " + Device.problems() + ", LD_LIBRARY_PATH=" + System.getenv("LD_LIBRARY_PATH"));
            throw e;
        }
        if (device == null) {
            // with what the child saw, since a child started by the suite has missed a GPU that a hand-started one
            // finds
            System.out.println("@@ NODEVICE " + TestDevice.of(args[0]).absence() + " (child: problems "
                    + Device.problems() + ", LD_LIBRARY_PATH=" + System.getenv("LD_LIBRARY_PATH") + ", OCL_ICD_VENDORS="
                    + System.getenv("OCL_ICD_VENDORS") + ")");
            return;
        }
        int first = Integer.parseInt(args[1]);
        int last = args.length > 2 ? Integer.parseInt(args[2]) : Integer.MAX_VALUE;
        List<Hostile> all;
        Hostile.Canary canary;
        try (var _ = device.use()) {
            all = Hostile.all();
            canary = new Hostile.Canary();
        }
        MemoryPool pool = device.memoryPool();
        pool.setLimit(POOL_LIMIT); // and again after each case, which may have changed it
        System.out.println("@@ TOTAL " + all.size());
        // by hand: -Dndgpu.hostile.only=REGEX runs only the cases whose text it finds (the others print nothing)
        java.util.regex.Pattern only = System.getProperty("ndgpu.hostile.only") == null
                ? null
                : java.util.regex.Pattern.compile(System.getProperty("ndgpu.hostile.only"));
        for (int i = first; i < Math.min(all.size(), last); i++) {
            Hostile c = all.get(i);
            if (only != null && !only.matcher(c.name()).find()) continue;
            System.out.println("@@ BEGIN " + i + " " + c.name());
            System.out.flush();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread t = new Thread(
                    () -> {
                        try (var _ = device.use()) {
                            c.check().run();
                        } catch (Throwable e) {
                            failure.set(e);
                        }
                    },
                    "hostile-" + i);
            t.setDaemon(true);
            t.start();
            t.join(CASE_SECONDS * 1000);
            if (t.isAlive()) {
                // a hang is a defect: say where the case's thread waits, then end this JVM (the parent starts
                // a new one at the next case; a hung device call could not be interrupted)
                StringBuilder where = new StringBuilder();
                for (StackTraceElement e : t.getStackTrace()) {
                    if (where.length() > 1500) break;
                    where.append(" | at ").append(e);
                }
                System.out.println("@@ HANG " + i + " no answer in " + CASE_SECONDS + " s" + where);
                System.out.flush();
                Runtime.getRuntime().halt(4);
            }
            try (var _ = device.use()) {
                pool.setLimit(POOL_LIMIT);
                device.synchronize();
                if (failure.get() == null) canary.check(c.name());
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
            Throwable f = failure.get();
            System.out.println(f == null ? "@@ PASS " + i : "@@ FAIL " + i + " " + oneLine(f));
            System.out.flush();
        }
        System.out.println("@@ DONE");
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    private static String oneLine(Throwable f) {
        StringBuilder s = new StringBuilder(String.valueOf(f.getMessage()));
        Throwable cause = f.getCause();
        if (cause != null) s.append(" | cause: ").append(cause);
        StackTraceElement[] st = (cause != null ? cause : f).getStackTrace();
        for (int i = 0; i < Math.min(4, st.length); i++) s.append(" | at ").append(st[i]);
        return s.toString().replace('\n', ' ').replace('\r', ' ');
    }
}
