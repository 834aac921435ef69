/**
 * NumPy's sorting and searching: sort and argsort (a bitonic network, an LSD radix sort for a few
 * long rows, a onesweep radix sort for many), partition, and searchsorted.
 */
package org.ndgpu.routines.sorting;
