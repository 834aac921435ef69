package org.ndgpu.ndarray;

/** numpy.linalg.eigh's result: ascending real eigenvalues and the eigenvectors as columns. */
public record Eigh(NDArray eigenvalues, NDArray eigenvectors) {}
