package org.ndgpu.linalg;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.linalg.lu_factor's result, as {@code Nd.linalg().luFactor(a)} gives it: {@code lu} (..., N, N)
 * holds U on and above the diagonal and L's multipliers below it (L's unit diagonal is not stored);
 * {@code piv} (..., N), int32, the row that row i was swapped with (0-based, as SciPy's). Pass it to
 * {@link Linalg#luSolve}.
 *
 * <pre>{@code
 * LuFactor f = Nd.linalg().luFactor(a);
 * NDArray x = Nd.linalg().luSolve(f, b);   // a x = b, reusing the factorization
 * }</pre>
 */
public record LuFactor(NDArray lu, NDArray piv) {}
