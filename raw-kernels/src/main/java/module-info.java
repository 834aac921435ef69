/** RawKernel, RawModule and JavaKernel (plain Java translated by Aparapi). */
module org.ndgpu.raw {
    requires transitive org.ndgpu.ndarray;
    requires transitive aparapi; // JavaKernel extends com.aparapi.Kernel: its users call Aparapi's methods
    requires java.logging;

    exports org.ndgpu.raw;
}
