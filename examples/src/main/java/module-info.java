/*
 * The examples: small programs a user can copy, run by {@code ./nd demo} and the examples' tests on
 * the class path. An application module: it exports nothing. JavaKernel subclasses are read by
 * Aparapi through reflection, hence open.
 */
open module org.ndgpu.examples {
    requires org.ndgpu;
    requires org.ndgpu.linalg;
}
