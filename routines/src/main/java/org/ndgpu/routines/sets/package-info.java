/**
 * NumPy's set routines: unique, isin, setdiff1d, intersect1d, union1d and setxor1d.
 */
package org.ndgpu.routines.sets;
