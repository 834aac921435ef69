/*
 * The benchmarks: the GPU benchmark mains (.gpu/bench.sh on the GPU host) and the JMH benchmarks of
 * host paths (./nd jmh). Both run on the class path. The driver floors (DriverFloor) time the bare
 * driver calls under ndgpu's own launch, so the two backends export those internals to this module
 * alone. Open, since JMH reaches its generated classes by reflection.
 */
open module org.ndgpu.benchmarks {
    requires org.ndgpu;
    requires org.ndgpu.examples;
    requires org.ndgpu.backend.opencl;
    requires org.ndgpu.backend.cuda;
    requires jmh.core;
    requires jocl;
    requires java.management;
    requires jdk.management; // ColdStartBench: heap bytes allocated per call
}
