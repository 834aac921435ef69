package org.ndgpu.ndarray;

/** numpy.linalg.eig's result: eigenvalues and right eigenvectors as columns. */
public record Eig(NDArray eigenvalues, NDArray eigenvectors) {}
