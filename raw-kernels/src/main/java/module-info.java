/** RawKernel, RawModule and JavaKernel (plain Java translated by Aparapi). */
module org.ndgpu.raw {
    requires transitive org.ndgpu.ndarray;
    requires org.ndgpu.elementwise; // RawKernel launches through the launch-argument builder
    requires transitive aparapi; // JavaKernel extends com.aparapi.Kernel: its users call Aparapi's methods
    requires java.logging;

    exports org.ndgpu.raw;
}
