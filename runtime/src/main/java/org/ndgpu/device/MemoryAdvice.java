package org.ndgpu.device;

/**
 * A hint about how managed memory is used, CUDA's {@code CUmem_advise} (CuPy's
 * {@code cupy.cuda.runtime.memAdvise} constants); it changes speed, never results. Each comes with a
 * {@link MemoryLocation}: the preferred place, or the one that accesses it; read-mostly ignores it.
 * OpenCL has no advice: there every one does nothing ({@code docs/memory.md}).
 *
 * <pre>{@code
 * a.advise(MemoryAdvice.SET_READ_MOSTLY, MemoryLocation.DEVICE);   // cudaMemAdviseSetReadMostly
 * }</pre>
 */
public enum MemoryAdvice {
    /** Reads make copies where they happen; a write drops them (cudaMemAdviseSetReadMostly). */
    SET_READ_MOSTLY,
    /** Undoes {@link #SET_READ_MOSTLY}. */
    UNSET_READ_MOSTLY,
    /** The pages stay at the location given while they can (cudaMemAdviseSetPreferredLocation). */
    SET_PREFERRED_LOCATION,
    /** Undoes {@link #SET_PREFERRED_LOCATION}. */
    UNSET_PREFERRED_LOCATION,
    /** The location given maps the pages, so its accesses do not fault (cudaMemAdviseSetAccessedBy). */
    SET_ACCESSED_BY,
    /** Undoes {@link #SET_ACCESSED_BY}. */
    UNSET_ACCESSED_BY
}
