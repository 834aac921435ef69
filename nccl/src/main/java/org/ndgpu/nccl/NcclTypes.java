package org.ndgpu.nccl;

import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.DType;

/**
 * How an array's elements travel in NCCL: its ncclDataType_t and how many NCCL elements one array
 * element is. NCCL has int8, uint8, int32, uint32, int64, uint64, float16, float32, float64 (and
 * bfloat16). Other dtypes travel as their parts where that gives the right answer: a complex sum is
 * the sum of the real and imaginary float parts; copies (broadcast, allGather, send, recv) of any
 * dtype are bytes; bool's max and min are logical or and and on 0/1 bytes. What would be wrong
 * (a complex product, an int16 sum) is refused.
 */
record NcclTypes(int datatype, int perElement) {
    static final int INT8 = 0,
            UINT8 = 1,
            INT32 = 2,
            UINT32 = 3,
            INT64 = 4,
            UINT64 = 5,
            FLOAT16 = 6,
            FLOAT32 = 7,
            FLOAT64 = 8;

    /** The NCCL type of {@code dtype} for a reduction by {@code op}. */
    static NcclTypes forReduction(String op, DType dtype, ReduceOp reduceOp) {
        NcclTypes t = native_(dtype);
        if (t != null) return t;
        switch (dtype) {
            case BOOL -> {
                if (reduceOp == ReduceOp.MAX || reduceOp == ReduceOp.MIN) return new NcclTypes(UINT8, 1);
            }
            case COMPLEX64 -> {
                if (reduceOp == ReduceOp.SUM || reduceOp == ReduceOp.AVG) return new NcclTypes(FLOAT32, 2);
            }
            case COMPLEX128 -> {
                if (reduceOp == ReduceOp.SUM || reduceOp == ReduceOp.AVG) return new NcclTypes(FLOAT64, 2);
            }
            default -> {}
        }
        throw new DTypeException(
                op + ": NCCL cannot reduce " + dtype + " by " + reduceOp
                        + " (expected int8, uint8, int32, uint32, int64, "
                        + "uint64, float16, float32 or float64 with any op, bool with MAX or MIN, complex64 or complex128 with SUM or AVG)");
    }

    /** The NCCL type of {@code dtype} for a copy: its own where NCCL has one, else bytes. */
    static NcclTypes forCopy(DType dtype) {
        NcclTypes t = native_(dtype);
        return t != null ? t : new NcclTypes(UINT8, dtype.itemsize());
    }

    private static NcclTypes native_(DType dtype) {
        return switch (dtype) {
            case INT8 -> new NcclTypes(INT8, 1);
            case UINT8 -> new NcclTypes(UINT8, 1);
            case INT32 -> new NcclTypes(INT32, 1);
            case UINT32 -> new NcclTypes(UINT32, 1);
            case INT64 -> new NcclTypes(INT64, 1);
            case UINT64 -> new NcclTypes(UINT64, 1);
            case FLOAT16 -> new NcclTypes(FLOAT16, 1);
            case FLOAT32 -> new NcclTypes(FLOAT32, 1);
            case FLOAT64 -> new NcclTypes(FLOAT64, 1);
            default -> null;
        };
    }
}
