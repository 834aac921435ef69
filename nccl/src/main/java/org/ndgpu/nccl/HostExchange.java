package org.ndgpu.nccl;

import java.time.Duration;
import java.util.List;

/**
 * How the ranks of a host {@link Collective} exchange bytes: each rank gives its payload and gets
 * every rank's, in rank order. {@link #threads} joins the threads of one JVM; the Spark module's
 * barrier tasks exchange through {@code BarrierTaskContext.allGather}.
 */
public interface HostExchange {
    /**
     * Every rank's payload in rank order, once all have given theirs; throws an NdException when the
     * group was aborted or the wait timed out: {@code ex.allGather(rank, bytes)}.
     */
    List<byte[]> allGather(int rank, byte[] payload);

    /** Makes every waiting and later allGather of every rank throw, naming {@code reason}: {@code ex.abort("rank 1 failed")}. */
    void abort(String reason);

    /** An exchange between {@code size} threads of this JVM, a wait longer than {@code timeout} aborting it. */
    static HostExchange threads(int size, Duration timeout) {
        return new ThreadExchange(size, timeout);
    }
}
