/**
 * NumPy's window functions (numpy.bartlett, blackman, hamming, hanning, kaiser), computed on the
 * device from an arange and ufuncs as NumPy's function_base.py writes them.
 */
package org.ndgpu.routines.windows;
