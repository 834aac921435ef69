/**
 * Input and output of device arrays: .npz archives through host memory, and DLPack, the zero-copy
 * exchange with other array libraries. The host-side .npy/.npz formats are {@code org.ndgpu.io}.
 */
package org.ndgpu.routines.io;
