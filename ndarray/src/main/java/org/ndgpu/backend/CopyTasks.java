package org.ndgpu.backend;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** What the backends' pipelined host-device copies (CUDA's and OpenCL's pinned staging) share about their worker tasks. */
public final class CopyTasks {
    private CopyTasks() { }

    /**
     * Waits for every submitted task to end, so that none still touches a staging buffer once the copy
     * returns or throws. A task's failure is not reported here: the copy reports the first one itself.
     * An interrupt is kept for the caller, not lost.
     */
    public static void settle(Future<?>[] tasks) {
        boolean interrupted = false;
        for (Future<?> f : tasks) {
            if (f == null) continue;
            while (true) {
                try {
                    f.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    break;
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
