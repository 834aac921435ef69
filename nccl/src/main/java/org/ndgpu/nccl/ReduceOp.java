package org.ndgpu.nccl;

/** NCCL's reduction operators (ncclRedOp_t), as {@code cupy.cuda.nccl.NCCL_SUM} and the rest. */
public enum ReduceOp {
    /** ncclSum. */
    SUM(0),
    /** ncclProd. */
    PROD(1),
    /** ncclMax. */
    MAX(2),
    /** ncclMin. */
    MIN(3),
    /** ncclAvg (NCCL 2.10 and later): the sum divided by the number of ranks. */
    AVG(4);

    final int code;

    ReduceOp(int code) {
        this.code = code;
    }
}
