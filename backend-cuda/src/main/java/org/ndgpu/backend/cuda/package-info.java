/**
 * The CUDA backend: NVIDIA GPUs through the driver API (libcuda.so.1) and NVRTC, bound with
 * java.lang.foreign (no JNI, no JCuda).
 *
 * <ul>
 * <li>{@link org.ndgpu.backend.cuda.CudaProvider} finds devices (registered with ServiceLoader); without
 *     libcuda or when cuInit fails it returns no backends and a reason.</li>
 * <li>{@link org.ndgpu.backend.cuda.CudaBackend} is one device: primary context (retained lazily, made
 *     current per call), a created default stream, pinned staging for host copies, NVRTC compile to a
 *     cubin for the device's own sm_XY (PTX for compute_XY only when NVRTC predates the device),
 *     checked launches (block size against the kernel's limit, argument sizes against the kernel's
 *     parameters where the driver can tell, shared memory against the device's opt-in limit).</li>
 * <li>{@link org.ndgpu.backend.cuda.CudaDriver} and {@link org.ndgpu.backend.cuda.Nvrtc} are the raw
 *     bindings; {@link org.ndgpu.backend.cuda.CudaLibraries} says where CUDA libraries are looked for,
 *     for the cuBLAS/cuSOLVER/cuRAND bindings to come.</li>
 * <li>Errors carry the CUresult's symbolic name; sticky ones (CUDA_ERROR_ILLEGAL_ADDRESS, ...) fault the
 *     backend, and later calls say so.</li>
 * </ul>
 *
 * <p>Measured on an NVIDIA H200 (CUDA 13.0 driver 580.159, 16-core host), CudaBackendBench: device
 * copy of 2^28 float32 about 4.2 TB/s (read + write; CuPy 4.0), 256 MiB host-to-device 40 GB/s and
 * device-to-host 51 GB/s through the pipelined staging ring, from a Java float[] or a native segment
 * (one DMA from pinned memory: 55 GB/s; CuPy's pageable copies: 7.7 and 2.8 GB/s), 3.0 to 4.2 us of
 * host time per launch of a tiny kernel (CuPy RawKernel: 7.6 us).
 */
package org.ndgpu.backend.cuda;
