/**
 * NumPy's statistics: average, ptp, cov and corrcoef; quantile, percentile and median; histogram,
 * histogram2d, bincount and digitize; the NaN-ignoring reductions.
 */
package org.ndgpu.routines.statistics;
