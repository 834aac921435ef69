package org.ndgpu.ndarray;

/** Memory layout of a new array, as NumPy's order argument: C (row-major) or F (column-major). */
public enum Order {
    /** Row-major: the last index varies fastest. */
    C,
    /** Column-major: the first index varies fastest. */
    F,
    /** F if the source is F-contiguous and not C-contiguous, else C (NumPy's 'A'). */
    A,
    /** As close to the source's layout as possible (NumPy's 'K'). */
    K
}
