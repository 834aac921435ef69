/**
 * NumPy's indexing routines: integer and boolean (fancy) indexing and assignment, take, nonzero and
 * argwhere, and the diagonal views (diagonal, diag, trace, triu, tril).
 */
package org.ndgpu.routines.indexing;
