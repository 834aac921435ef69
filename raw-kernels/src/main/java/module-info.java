/** RawKernel, RawModule and JavaKernel (plain Java translated by Aparapi). */
module org.ndgpu.raw {
    requires transitive org.ndgpu.ndarray;
    requires aparapi;
    requires java.logging;

    exports org.ndgpu.raw;
}
