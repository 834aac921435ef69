/**
 * NumPy's structured arrays: {@link org.ndgpu.structured.StructuredArray}, an array of records whose
 * {@link org.ndgpu.structured.StructuredDType} names its {@link org.ndgpu.structured.Field}s, each
 * field reached as an ordinary NDArray; read from and written to .npy files by
 * {@code Nd.loadStructured} and {@code Nd.save}.
 */
package org.ndgpu.structured;
