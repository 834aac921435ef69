/**
 * NumPy's routines beyond the core array (sorting, masks, joining, tiling, diagonals, quantiles,
 * closeness, printing, the NaN-ignoring statistics, scatter/gather across devices), served to
 * NDArray and Nd through ndarray's Routines contract, and the host-side .npy/.npz reader and writer
 * ({@code org.ndgpu.io}).
 */
module org.ndgpu.routines {
    requires transitive org.ndgpu.ndarray;

    exports org.ndgpu.io;

    provides org.ndgpu.spi.Routines with org.ndgpu.routines.RoutineLibrary;
}
