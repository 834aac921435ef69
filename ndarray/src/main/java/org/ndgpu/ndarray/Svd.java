package org.ndgpu.ndarray;

/** numpy.linalg.svd's result: u, the singular values s (descending) and vh. */
public record Svd(NDArray u, NDArray s, NDArray vh) {}
