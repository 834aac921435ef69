package org.ndgpu.benchmarks;

import java.util.HashMap;
import java.util.Map;

/**
 * A poor man's profiler for the GPU host, whose trimmed runtime has no JFR: samples one thread's
 * stack every millisecond and prints the most frequent innermost frames.
 *
 * <pre>{@code
 * var s = StackSampler.start(Thread.currentThread());
 * ... work ...
 * s.stopAndPrint("sum", 15);
 * }</pre>
 */
final class StackSampler implements Runnable {
    private final Thread target;
    private final Map<String, Integer> counts = new HashMap<>();
    private volatile boolean running = true;
    private final Thread sampler;
    private int samples;

    private StackSampler(Thread target) {
        this.target = target;
        this.sampler = new Thread(this, "stack-sampler");
        sampler.setDaemon(true);
    }

    static StackSampler start(Thread target) {
        StackSampler s = new StackSampler(target);
        s.sampler.start();
        return s;
    }

    @Override
    public void run() {
        while (running) {
            StackTraceElement[] st = target.getStackTrace();
            if (st.length > 0) {
                StringBuilder key = new StringBuilder();
                for (int i = 0; i < Math.min(4, st.length); i++) {
                    if (i > 0) key.append(" < ");
                    key.append(st[i].getClassName().replaceAll(".*\\.", ""))
                            .append('.')
                            .append(st[i].getMethodName());
                }
                synchronized (counts) {
                    counts.merge(key.toString(), 1, Integer::sum);
                    samples++;
                }
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    void stopAndPrint(String title, int top) {
        running = false;
        try {
            sampler.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (counts) {
            System.out.println("stack samples of " + title + ": " + samples);
            counts.entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                    .limit(top)
                    .forEach(e -> System.out.printf("  %5d  %s%n", e.getValue(), e.getKey()));
        }
    }
}
