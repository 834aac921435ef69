package org.ndgpu.device;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The threads behind {@link Devices#parallel}: one worker per extra task, kept between calls. A worker
 * that has just finished spins a short while before it parks, so a loop that calls parallel step after
 * step hands each task over in about a microsecond instead of a futex wake-up (tens of microseconds,
 * which a split reduction of a millisecond feels). OpenMP's runtimes wait the same way
 * (KMP_BLOCKTIME). Idle workers are daemons and are taken most-recently-used first, so the ones that
 * are still spinning are the ones reused.
 */
final class ParallelWorkers {
    private ParallelWorkers() {}

    /** How long a worker (and a caller waiting on its workers) spins before it parks. */
    private static final long SPIN_NANOS = 200_000;

    private static final ConcurrentLinkedDeque<Worker> IDLE = new ConcurrentLinkedDeque<>();
    private static final AtomicInteger COUNT = new AtomicInteger();

    /** One call's completion: the number of tasks still running and the thread that waits for them. */
    static final class Join {
        private final AtomicInteger remaining;
        private final Thread waiter = Thread.currentThread();

        Join(int tasks) {
            remaining = new AtomicInteger(tasks);
        }

        void done() {
            if (remaining.decrementAndGet() == 0) LockSupport.unpark(waiter);
        }

        /** Waits for every task; an interrupt does not end the wait (the tasks use the devices) and is restored after. */
        void await() {
            boolean interrupted = false;
            long start = System.nanoTime();
            while (remaining.get() > 0) {
                if (System.nanoTime() - start < SPIN_NANOS) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                    if (Thread.interrupted()) interrupted = true;
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** Runs {@code task} on an idle worker, or on a new one; {@code join.done()} is called when it ends, however it ends. */
    static void submit(Runnable task, Join join) {
        Worker w = IDLE.pollFirst();
        if (w == null) w = new Worker();
        w.give(new Job(task, join));
    }

    private record Job(Runnable task, Join join) {}

    private static final class Worker implements Runnable {
        private volatile Job job;
        private final Thread thread;

        Worker() {
            thread = Thread.ofPlatform()
                    .daemon()
                    .name("ndgpu-parallel-" + COUNT.getAndIncrement())
                    .unstarted(this);
            thread.start();
        }

        void give(Job j) {
            job = j;
            LockSupport.unpark(thread); // next to nothing while it still spins; wakes it when parked
        }

        @Override
        public void run() {
            while (true) {
                long start = System.nanoTime();
                Job j;
                while ((j = job) == null) {
                    if (System.nanoTime() - start < SPIN_NANOS) Thread.onSpinWait();
                    else LockSupport.park(this);
                }
                job = null;
                try {
                    j.task().run();
                } catch (Throwable ignored) {
                    // the task records its own failure (Devices.runOne); nothing may end this thread
                }
                // a task that left its thread interrupted must not turn the next park into a busy loop
                Thread.interrupted();
                // idle again before the caller hears of the end: a caller that loops finds this worker, not an empty
                // deque
                IDLE.offerFirst(this);
                j.join().done();
            }
        }
    }
}
