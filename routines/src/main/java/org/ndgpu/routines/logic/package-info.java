/**
 * NumPy's logic functions beyond the ufuncs: isclose, allclose and array_equal.
 */
package org.ndgpu.routines.logic;
