/**
 * Random.uniform, Random.normal and NumPy's random Generator distributions (integers,
 * standardNormal, gamma, poisson, binomial, multinomial, choice, permutation, ...) on the device,
 * served to {@code Nd.random()} through ndarray's Distributions contract. Exports nothing: the API is org.ndgpu.random.Random.
 */
module org.ndgpu.random.impl {
    requires org.ndgpu.ndarray;

    provides org.ndgpu.spi.Distributions with org.ndgpu.random.impl.DistributionLibrary;
}
