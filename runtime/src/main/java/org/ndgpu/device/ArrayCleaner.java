package org.ndgpu.device;

import java.lang.ref.Cleaner;
import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * The Cleaner of arrays whose memory is a pool's block: each holder's registration is a phantom
 * reference that its memory keeps reachable (the pool keeps its blocks, a block the memory using it),
 * and one daemon thread, {@code ndgpu-cleaner}, runs those whose holder the collector found
 * unreachable. {@link java.lang.ref.Cleaner} keeps every registration in one list under one lock,
 * which the program's thread took for each array it made while the Cleaner's thread took it twice
 * for each array it cleaned: after a collection, thousands in a burst, each contending with the
 * program's next registrations. Here registering takes only the memory's own lock (its holders),
 * which no other thread holds while the program makes its arrays.
 */
final class ArrayCleaner {
    private ArrayCleaner() {}

    private static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<>();
    // started with the first registration; Allocation's memory tells its returns apart by it
    static final Thread THREAD =
            Thread.ofPlatform().daemon().name("ndgpu-cleaner").start(ArrayCleaner::loop);

    /** Registers {@code owner} as a holder of {@code memory}: its clean() runs {@code memory} at most once. */
    static Cleaner.Cleanable register(Object owner, Allocation.Memory memory) {
        Holder h = new Holder(owner, memory);
        memory.hold(h);
        return h;
    }

    private static void loop() {
        while (true) {
            try {
                ((Holder) QUEUE.remove()).clean();
            } catch (InterruptedException e) {
                // nothing interrupts this thread on purpose: go on cleaning, as the JDK's Cleaner does
            } catch (RuntimeException e) {
                // a failed release (a backend gone) must not stop the releases of other arrays
            }
        }
    }

    /**
     * One holder's registration; clean() drops its reference at most once, whoever calls it first
     * (close(), a scope, this cleaner). Cleared by the collector when the holder is found
     * unreachable, and by clean(), as the JDK's Cleaner's entries are.
     */
    static final class Holder extends PhantomReference<Object> implements Cleaner.Cleanable {
        // a field updater, not a VarHandle: the same atomic instruction once compiled, and far fewer
        // bytecodes in a fresh JVM's interpreter (see Allocation.Memory.REFS)
        private static final AtomicIntegerFieldUpdater<Holder> DONE =
                AtomicIntegerFieldUpdater.newUpdater(Holder.class, "done");

        private final Allocation.Memory memory;
        // read and changed through DONE only: 1 once clean() ran
        @SuppressWarnings("unused")
        private volatile int done;

        Holder(Object owner, Allocation.Memory memory) {
            super(owner, QUEUE);
            this.memory = memory;
        }

        @Override
        public void clean() {
            if (!DONE.compareAndSet(this, 0, 1)) return;
            clear();
            memory.forget(this);
            memory.run();
        }
    }
}
