/**
 * NumPy's array manipulation routines: joining (concatenate, stack), splitting, tiling and
 * repeating, rolling, and padding.
 */
package org.ndgpu.routines.manipulation;
