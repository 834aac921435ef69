/**
 * NumPy's mathematical routines beyond the ufuncs: diff, convolve and correlate (direct or through
 * the FFT), interp, cross and kron, and the polynomials polyval and polyfit.
 */
package org.ndgpu.routines.math;
