/**
 * NCCL collectives on ndgpu arrays through java.lang.foreign: {@code Nccl.initAll}, {@code Nccl.init}
 * across processes, allReduce, broadcast, reduce, allGather, reduceScatter, send and recv on the
 * arrays' streams. Optional: without libnccl it reports why. Run with
 * {@code --enable-native-access=org.ndgpu.nccl} on the module path.
 */
module org.ndgpu.nccl {
    requires transitive org.ndgpu.ndarray;

    exports org.ndgpu.nccl;

    provides org.ndgpu.backend.OptionalLibrary with
            org.ndgpu.nccl.NcclCheck;
}
