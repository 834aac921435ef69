/**
 * ndgpu on Apache Spark executors: {@link org.ndgpu.spark.SparkGpu} (the GPU Spark assigned to the
 * running task, as an ndgpu Device), {@link org.ndgpu.spark.GpuPartitions} (RDD blocks through the
 * GPU, one transfer per block) and {@link org.ndgpu.spark.GpuColumns} (a Dataset column of vectors
 * batched into one device array per partition). ndgpu's kernel objects (ElementwiseKernel,
 * ReductionKernel, RawKernel, RawModule, Fuse functions) are serializable, so they travel in Spark
 * closures and compile once per executor process.
 *
 * <p>This module has no module-info: Spark 4.2's jars cannot be named from one. They carry no
 * {@code Automatic-Module-Name}, and the name the JDK would derive from {@code spark-core_2.13-4.2.0.jar}
 * ({@code spark.core.2.13}) is not a legal module name, so a {@code requires} clause for Spark cannot be
 * written; Spark applications run on the class path, as this module's tests do. On the class path its
 * jar is the automatic module {@code org.ndgpu.spark} (its manifest's Automatic-Module-Name).
 */
package org.ndgpu.spark;
