/**
 * Rich display of ndgpu's objects: {@link org.ndgpu.display.Html} writes arrays (summarized as
 * NumPy's repr), sparse matrices, devices and linalg results as HTML, what a notebook shows.
 */
package org.ndgpu.display;
