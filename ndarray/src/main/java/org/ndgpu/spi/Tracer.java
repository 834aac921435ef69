package org.ndgpu.spi;

import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Records operations on symbolic arrays instead of running them: how {@code Fuse} (module fuse)
 * traces a Java lambda into one kernel. A symbolic array ({@link NDArray#symbolic}) has a dtype
 * and a shape but no memory; its ufuncs, {@code Nd.where}, {@code clip}, reductions and
 * {@code astype} go to its tracer (see {@link Providers#ufuncs(Object...)}), which returns new
 * symbolic arrays. Anything that needs the elements (a host read such as {@code item()}, a view, a
 * copy) throws {@link #cannotTrace(String)}'s exception, naming the call.
 */
public interface Tracer extends UfuncRunner, ReductionRunner {

    /** What a symbolic array carries: its tracer, the tracer's node for it, and the device it stands for. */
    record Symbol(Tracer tracer, Object node, Device device) {}

    /** {@code a.astype(to)} of a symbolic array. */
    NDArray astype(NDArray a, DType to);

    /** The exception for operation {@code op} (a method name such as "item"), which needs real array memory. */
    NdException cannotTrace(String op);
}
