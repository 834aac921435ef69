/**
 * NumPy's indexing routines: integer and boolean (fancy) indexing and assignment, take, nonzero and
 * argwhere, the diagonal views (diagonal, diag, trace, triu, tril), take_along_axis and
 * put_along_axis, put, putmask and place, compress and extract, choose and select, and the index
 * generators (unravel_index, ravel_multi_index, indices, ix_, tri and the triangle and diagonal
 * indices, fill_diagonal).
 */
package org.ndgpu.routines.indexing;
