/**
 * scipy.ndimage on the device, as {@code Nd.ndimage()}: n-D correlations and convolutions and the
 * filters built on them, the rank filters and binary and grey morphology, with SciPy's boundary
 * modes, as generated elementwise kernels that run on every backend; the spline interpolations;
 * label, find_objects, the statistics of labelled regions and the exact Euclidean distance transform.
 */
module org.ndgpu.ndimage {
    requires transitive org.ndgpu.ndarray;
    requires org.ndgpu.elementwise;

    exports org.ndgpu.ndimage;
}
