package org.ndgpu.backend.cuda.linalg;

/** cusolverStatus_t's names (cusolver_common.h), for the dense and the sparse (cusolverSp) bindings' messages. */
public final class CuSolverStatus {
    private CuSolverStatus() {}

    /** The status's name, "cusolverStatus N" for one this table does not know. */
    public static String name(int st) {
        return switch (st) {
            case 0 -> "CUSOLVER_STATUS_SUCCESS";
            case 1 -> "CUSOLVER_STATUS_NOT_INITIALIZED";
            case 2 -> "CUSOLVER_STATUS_ALLOC_FAILED";
            case 3 -> "CUSOLVER_STATUS_INVALID_VALUE";
            case 4 -> "CUSOLVER_STATUS_ARCH_MISMATCH";
            case 5 -> "CUSOLVER_STATUS_MAPPING_ERROR";
            case 6 -> "CUSOLVER_STATUS_EXECUTION_FAILED";
            case 7 -> "CUSOLVER_STATUS_INTERNAL_ERROR";
            case 8 -> "CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
            case 9 -> "CUSOLVER_STATUS_NOT_SUPPORTED";
            case 10 -> "CUSOLVER_STATUS_ZERO_PIVOT";
            case 11 -> "CUSOLVER_STATUS_INVALID_LICENSE";
            case 12 -> "CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED";
            case 13 -> "CUSOLVER_STATUS_IRS_PARAMS_INVALID";
            case 16 -> "CUSOLVER_STATUS_IRS_INTERNAL_ERROR";
            case 17 -> "CUSOLVER_STATUS_IRS_NOT_SUPPORTED";
            case 18 -> "CUSOLVER_STATUS_IRS_OUT_OF_RANGE";
            default -> "cusolverStatus " + st;
        };
    }
}
