/**
 * NumPy's array printing: repr and str of a device array, formatted as NumPy's arrayprint does, with
 * floats to text as NumPy's Dragon4.
 */
package org.ndgpu.routines.printing;
