package org.ndgpu.ndarray;

/** numpy.linalg.lstsq's result: solution, residual sums of squares (empty unless full rank and M > N), rank, singular values. */
public record Lstsq(NDArray x, NDArray residuals, long rank, NDArray s) {}
