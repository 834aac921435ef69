/**
 * NumPy's routines beyond the core array, one package per section of NumPy's reference (sorting,
 * sets, indexing, manipulation, statistics, logic, math, windows, printing, io, distributed), served to
 * NDArray through ndarray's Routines contract and exported to the top module {@code org.ndgpu},
 * whose facade calls them directly; the records its routines return and numpy.finfo and iinfo
 * ({@code org.ndgpu.routines}: {@code Histogram}, {@code UniqueAll}, {@code FInfo}, ...); and the
 * host-side .npy/.npz reader and writer ({@code org.ndgpu.io}); NumPy's structured arrays
 * ({@code org.ndgpu.structured}). The ufuncs and reductions it uses come through ndarray's providers, as
 * NDArray's own methods do; polyfit's least squares is module linalg's.
 */
@SuppressWarnings("module") // org.ndgpu, named in the qualified exports, is built after this module
module org.ndgpu.routines {
    requires transitive org.ndgpu.ndarray;
    requires org.ndgpu.elementwise;
    requires org.ndgpu.linalg;

    exports org.ndgpu.io;
    exports org.ndgpu.routines;
    exports org.ndgpu.structured;
    exports org.ndgpu.routines.creation to
            org.ndgpu;
    exports org.ndgpu.routines.distributed to
            org.ndgpu;
    exports org.ndgpu.routines.indexing to
            org.ndgpu;
    exports org.ndgpu.routines.io to
            org.ndgpu;
    exports org.ndgpu.routines.logic to
            org.ndgpu;
    exports org.ndgpu.routines.manipulation to
            org.ndgpu;
    exports org.ndgpu.routines.math to
            org.ndgpu;
    exports org.ndgpu.routines.printing to
            org.ndgpu;
    exports org.ndgpu.routines.sets to
            org.ndgpu;
    exports org.ndgpu.routines.sorting to
            org.ndgpu,
            org.ndgpu.random;
    exports org.ndgpu.routines.statistics to
            org.ndgpu;
    exports org.ndgpu.routines.windows to
            org.ndgpu;

    provides org.ndgpu.spi.Routines with
            org.ndgpu.routines.RoutineLibrary;
}
