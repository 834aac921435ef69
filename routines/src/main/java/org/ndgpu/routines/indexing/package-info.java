/**
 * NumPy's indexing routines: integer and boolean (fancy) indexing and assignment, take, nonzero and
 * argwhere, the diagonal views (diagonal, diag, trace, triu, tril), take_along_axis and
 * put_along_axis, put, putmask and place, compress and extract, choose and select.
 */
package org.ndgpu.routines.indexing;
