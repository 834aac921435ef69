/**
 * NumPy's array creation routines that the core does not need itself: the numerical ranges beyond
 * arange (linspace, logspace, geomspace, meshgrid) and the *_like forms of empty, zeros, ones and
 * full.
 */
package org.ndgpu.routines.creation;
