/**
 * NumPy's logic functions beyond the ufuncs: isclose, allclose and array_equal; and its data type
 * routines: isdtype, issubdtype, promote_types, can_cast, result_type, min_scalar_type, common_type.
 */
package org.ndgpu.routines.logic;
