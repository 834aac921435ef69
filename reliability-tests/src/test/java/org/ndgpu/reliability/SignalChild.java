package org.ndgpu.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.ndgpu.backend.SignalGuard;
import org.ndgpu.device.Device;

/**
 * A JVM started without libjsig: PoCL initialises and compiles from an empty cache on eight threads
 * at once, and afterwards the JVM still owns its signal handlers, so Java's integer division by zero
 * and null checks in JIT-compiled code still throw. Prints CHILD OK, or exits non-zero with the reason.
 */
public final class SignalChild {
    public static void main(String[] args) {
        try {
            run();
        } catch (Throwable e) {
            System.out.println("CHILD FAILED: " + e);
            e.printStackTrace(System.out);
            System.exit(3);
        }
        System.exit(0);
    }

    private static void run() throws Exception {
        Device dev = Device.get("opencl:cpu");
        require(SignalGuard.active(), "the guard is not active in a JVM without libjsig");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Integer>> done = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            final int seed = 77 + t;
            done.add(pool.submit(() -> ThreadsTest.workload(dev, seed, 6)));
        }
        // Java code runs and reaches safepoints while the threads compile
        for (int round = 0; round < 20; round++) JavaSignals.checkDivisionAndNullChecks();
        for (Future<Integer> f : done) require(f.get(300, TimeUnit.SECONDS) == 6 * 8, "a workload thread fell short");
        pool.shutdown();
        require(SignalGuard.replaced().isEmpty(), "handlers still replaced after PoCL: " + SignalGuard.replaced());
        JavaSignals.checkDivisionAndNullChecks();
        System.out.println("CHILD OK");
    }

    private static void require(boolean ok, String why) {
        if (!ok) {
            System.out.println("CHILD FAILED: " + why);
            System.exit(2);
        }
    }
}
