/**
 * scipy.special on the device, as {@code Nd.special()}: the special functions are ufuncs of
 * kernels-elementwise (their C in its special-functions.h, the Bessel functions' in
 * special-bessel.h), reached through the core's ufunc registry, so a Fuse trace records them too;
 * logsumexp, softmax and log_softmax run their own row kernels (OpenCL C through raw-kernels, on
 * every backend): one read of the input for the row statistics.
 */
module org.ndgpu.special {
    requires transitive org.ndgpu.ndarray;
    requires org.ndgpu.raw;

    exports org.ndgpu.special;
}
