package org.ndgpu.ndarray;

/** numpy.linalg.slogdet's result: the sign and the natural log of the absolute determinant. */
public record Slogdet(NDArray sign, NDArray logabsdet) {}
