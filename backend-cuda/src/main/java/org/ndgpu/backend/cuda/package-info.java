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
 * <li>{@link org.ndgpu.backend.cuda.CudaDriver} (with its areas {@code CudaDriverMemory},
 *     {@code CudaDriverModules} and {@code CudaDriverStreams}) and {@link org.ndgpu.backend.cuda.Nvrtc}
 *     are the raw bindings; {@link org.ndgpu.backend.cuda.CudaLibraries} says where CUDA libraries are looked for
 *     and by which sonames. The cuBLAS and cuSOLVER bindings, which serve linalg on CUDA devices, are
 *     in {@code org.ndgpu.backend.cuda.linalg}, the cuFFT binding, which serves fft on CUDA devices, in
 *     {@code org.ndgpu.backend.cuda.fft}, the cuSPARSE binding, which serves sparse's products and CSR
 *     to CSC on CUDA devices, in {@code org.ndgpu.backend.cuda.sparse}; cuRAND is not bound (random numbers come from ndgpu's own
 *     Philox kernels).</li>
 * <li>Errors carry the CUresult's symbolic name; sticky ones (CUDA_ERROR_ILLEGAL_ADDRESS, ...) fault the
 *     backend, and later calls say so.</li>
 * </ul>
 *
 * <p>Host copies go through a ring of pinned buffers ({@code PinnedStaging}) because DMA from
 * pageable memory is far below the link's speed; launches are bound directly with
 * java.lang.foreign to keep the host time per launch small. The measurements behind both are in
 * backend-cuda/notes/PERF.md.
 */
package org.ndgpu.backend.cuda;
