package org.ndgpu.sparse;

import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.sparse.impl.SparseLibrary;
import org.ndgpu.vendor.VendorSparse;

/**
 * The sparse library a device's backend brings ({@link VendorSparse}: cuSPARSE on CUDA, from
 * backend-cuda's provider, found once per device by {@link SparseLibrary}) for this package's
 * products and conversions. Where there is none (OpenCL, PoCL, a CUDA host without libcusparse), or
 * {@code ndgpu.sparse.library=own}, the products and conversions run on ndgpu's own kernels, as
 * before.
 */
final class VendorLibrary {
    private VendorLibrary() {}

    /**
     * The library that serves {@code device} now, or null: no provider supports it, the library does
     * not load, or the setting {@code ndgpu.sparse.library} is {@code own}.
     */
    static VendorSparse of(Device device) {
        return SparseLibrary.of(device);
    }

    /**
     * The library for a product or conversion of an m x n matrix with {@code nnz} entries and values
     * of dtype {@code t}, or null where the own kernels run it: an empty operand (the libraries take
     * none), a dtype other than float32 and float64, or no library.
     */
    static VendorSparse forMatrix(NDArray values, long m, long n, long nnz, DType t) {
        if (m == 0 || n == 0 || nnz == 0 || (t != DType.FLOAT32 && t != DType.FLOAT64)) return null;
        return of(values.device());
    }

    /** The contract's view of a CSR matrix's arrays (or a CSC matrix's, read as the CSR matrix of its transpose). */
    static VendorSparse.Csr csr(NDArray data, NDArray indices, NDArray indptr, long[] shape, long nnz) {
        return new VendorSparse.Csr(data, indices, indptr, shape, nnz);
    }

    /** The library's name for reports: "cuSPARSE 12.5.4 (...)", or "ndgpu kernels" where none serves {@code device}. */
    static String describe(Device device) {
        VendorSparse v = of(device);
        return v == null ? "ndgpu kernels" : v.describe();
    }
}
