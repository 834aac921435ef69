/**
 * The examples: small programs a user can copy, run by {@code ./nd demo} and the examples' tests on
 * the class path. An application module: it exports nothing. JavaKernel subclasses are read by
 * Aparapi through reflection, hence open.
 */
@SuppressWarnings("module") // org.ndgpu.benchmarks is built after this module
open module org.ndgpu.examples {
    requires org.ndgpu;
    requires org.ndgpu.linalg;

    exports org.ndgpu.examples.raw to
            org.ndgpu.benchmarks; // RawBench times the transpose example
}
