package org.ndgpu.spark;

import java.io.Serializable;
import java.util.Iterator;
import org.ndgpu.nccl.Collective;

/**
 * The body of one barrier task of {@link SparkGpu#barrier}: its partition's rows and its rank of the
 * stage's {@link Collective}, with the task's device current. Travels to the executors in the closure.
 */
@FunctionalInterface
public interface BarrierFunction<T, R> extends Serializable {
    /** This task's output, made from {@code rows} with collectives over {@code comm}: {@code (rows, comm) -> ...}. */
    Iterator<R> call(Iterator<T> rows, Collective comm) throws Exception;
}
