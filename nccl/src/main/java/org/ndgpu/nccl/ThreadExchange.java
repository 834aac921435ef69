package org.ndgpu.nccl;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ndgpu.exceptions.NdException;

/**
 * A rendezvous of {@code size} threads, one round per allGather: the last to arrive publishes the
 * round's payloads and wakes the others. A round cannot finish before every rank has read the one
 * before (each rank takes part in both), so one published list suffices. A timeout or an abort
 * breaks the rendezvous for good: every waiting and later call throws.
 */
final class ThreadExchange implements HostExchange {
    /** More threads than any JVM runs: a larger size is a mistake, not a group. */
    static final int MAX_RANKS = 1 << 16;

    private final int size;
    private final long timeoutNanos;
    private byte[][] slots;
    private int arrived;
    private long round;
    private List<byte[]> published = List.of();
    private String aborted;

    ThreadExchange(int size, Duration timeout) {
        if (size < 1 || size > MAX_RANKS)
            throw new NdException("HostExchange.threads: expected a size in [1, " + MAX_RANKS
                    + "] (one thread per rank), got " + size);
        Objects.requireNonNull(timeout, "HostExchange.threads: timeout is null");
        if (timeout.isNegative() || timeout.isZero())
            throw new NdException("HostExchange.threads: expected a positive timeout, got " + timeout);
        this.size = size;
        this.timeoutNanos = timeout.toNanos();
        this.slots = new byte[size][];
    }

    @Override
    public synchronized List<byte[]> allGather(int rank, byte[] payload) {
        String op = "HostExchange.allGather";
        if (rank < 0 || rank >= size) throw new NdException(op + ": rank must be in [0, " + size + "), got " + rank);
        Objects.requireNonNull(payload, op + ": payload is null");
        failIfAborted(op, rank);
        if (slots[rank] != null) throw new NdException(op + ": rank " + rank + " gave two payloads in one round");
        long mine = round;
        slots[rank] = payload;
        if (++arrived == size) {
            published = Arrays.asList(slots);
            slots = new byte[size][];
            arrived = 0;
            round++;
            notifyAll();
            return published;
        }
        long deadline = System.nanoTime() + timeoutNanos;
        while (round == mine && aborted == null) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                abort("rank " + rank + " waited " + Duration.ofNanos(timeoutNanos) + " for the other ranks (" + arrived
                        + " of " + size + " arrived)");
                break;
            }
            try {
                wait(left / 1_000_000 + 1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                abort("rank " + rank + " was interrupted");
            }
        }
        if (round == mine) failIfAborted(op, rank);
        return published;
    }

    @Override
    public synchronized void abort(String reason) {
        if (aborted == null) aborted = reason == null ? "aborted" : reason;
        notifyAll();
    }

    private void failIfAborted(String op, int rank) {
        if (aborted != null)
            throw new NdException(op + ": the group of " + size + " ranks was aborted (" + aborted + "); rank " + rank
                    + " cannot go on");
    }
}
