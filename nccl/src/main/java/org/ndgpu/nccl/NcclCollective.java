package org.ndgpu.nccl;

import java.lang.foreign.MemorySegment;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/** {@link Collective} over an {@link NcclCommunicator}: each call is the communicator's. */
final class NcclCollective implements Collective {
    private final NcclCommunicator comm;

    NcclCollective(NcclCommunicator comm) {
        this.comm = comm;
    }

    @Override
    public Device device() {
        return comm.device();
    }

    @Override
    public int rank() {
        return comm.rank();
    }

    @Override
    public int size() {
        return comm.size();
    }

    @Override
    public void allReduce(NDArray send, NDArray recv, ReduceOp op) {
        comm.allReduce(send, recv, op);
    }

    @Override
    public void broadcast(NDArray send, NDArray recv, int root) {
        comm.broadcast(send, recv, root);
    }

    @Override
    public void allGather(NDArray send, NDArray recv) {
        comm.allGather(send, recv);
    }

    @Override
    public void reduceScatter(NDArray send, NDArray recv, ReduceOp op) {
        comm.reduceScatter(send, recv, op);
    }

    /** NCCL has no barrier: an allReduce of one int32, waited for. */
    @Override
    public void barrier() {
        NDArray one =
                NDArray.fromHost(comm.device(), DType.INT32, new long[] {1}, MemorySegment.ofArray(new int[] {1}));
        comm.allReduce(one, ReduceOp.SUM);
        comm.device().synchronize();
    }

    @Override
    public void abort() {
        comm.abort();
    }

    @Override
    public boolean isClosed() {
        return comm.isClosed();
    }

    @Override
    public void close() {
        comm.close();
    }

    @Override
    public String toString() {
        return "Collective(" + comm + ")";
    }
}
