/**
 * NumPy's array manipulation routines: joining (concatenate, stack, concat, append), splitting,
 * tiling and repeating, rolling, padding, adding and removing elements (delete, insert, resize),
 * trim_zeros, block, the rearranging views (rot90, fliplr, flipud, rollaxis, permute_dims,
 * matrix_transpose, unstack, hsplit, vsplit, dsplit), and the dimension helpers (atleast_1d/2d/3d,
 * broadcast_arrays, broadcast_shapes).
 */
package org.ndgpu.routines.manipulation;
