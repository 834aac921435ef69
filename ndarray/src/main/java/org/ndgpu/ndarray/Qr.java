package org.ndgpu.ndarray;

/** numpy.linalg.qr's result. */
public record Qr(NDArray q, NDArray r) {}
