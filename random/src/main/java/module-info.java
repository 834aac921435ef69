/**
 * NumPy's random Generator on the device, as {@code Nd.random()}: {@link org.ndgpu.random.Random}
 * and its distributions (uniform, normal, integers, standardNormal, gamma, poisson, binomial,
 * multinomial, choice, permutation, ...).
 */
module org.ndgpu.random {
    requires transitive org.ndgpu.ndarray;
    requires org.ndgpu.elementwise; // its samplers are elementwise loops
    requires org.ndgpu.routines; // choice and permutation sort and search on the device

    exports org.ndgpu.random;
}
