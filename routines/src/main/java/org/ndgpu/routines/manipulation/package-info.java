/**
 * NumPy's array manipulation routines: joining (concatenate, stack, concat, append), splitting,
 * tiling and repeating, rolling, padding, adding and removing elements (delete, insert, resize),
 * and the rearranging views (rot90, fliplr, flipud, rollaxis, permute_dims, matrix_transpose,
 * unstack).
 */
package org.ndgpu.routines.manipulation;
