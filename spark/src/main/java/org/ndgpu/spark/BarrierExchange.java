package org.ndgpu.spark;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.apache.spark.BarrierTaskContext;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.nccl.HostExchange;

/**
 * The host collective's exchange between the tasks of a barrier stage: each payload travels, as
 * Base64 text, through {@link BarrierTaskContext#allGather}, which needs no sockets of ndgpu's own and
 * works between executors on any hosts. Spark bounds the wait ({@code spark.barrier.sync.timeout}) and
 * kills the other tasks of the stage when one fails; abort makes this task's later calls fail at once.
 */
final class BarrierExchange implements HostExchange {
    private final BarrierTaskContext context;
    private volatile String aborted;

    BarrierExchange(BarrierTaskContext context) {
        this.context = context;
    }

    @Override
    public List<byte[]> allGather(int rank, byte[] payload) {
        if (aborted != null)
            throw new NdException("SparkGpu.barrier: the collective of this stage was aborted (" + aborted + ")");
        String[] all = context.allGather(Base64.getEncoder().encodeToString(payload));
        List<byte[]> out = new ArrayList<>(all.length);
        for (String s : all) out.add(Base64.getDecoder().decode(s));
        return out;
    }

    @Override
    public void abort(String reason) {
        if (aborted == null) aborted = reason == null ? "aborted" : reason;
    }
}
