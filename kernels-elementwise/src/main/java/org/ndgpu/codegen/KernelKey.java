package org.ndgpu.codegen;

/**
 * The key of a device's compiled kernels: the spec a kernel is generated from and the loop layout
 * it is generated for (elementwise and reduction loops alike). equals and hashCode are written
 * out: a record's generated ones go through method handles, slow until the JIT has compiled them,
 * and a key is looked up on every launch.
 *
 * @param <S> the spec type
 * @param <L> the layout type
 * @param spec the spec; the same instance is matched before its text is compared
 * @param layout the loop layout
 */
public record KernelKey<S, L>(S spec, L layout) {
    @Override
    @SuppressWarnings("ReferenceEquality") // the same spec instance first, without comparing its text
    public boolean equals(Object o) {
        return o instanceof KernelKey<?, ?> k && (k.spec == spec || k.spec.equals(spec)) && k.layout.equals(layout);
    }

    @Override
    public int hashCode() {
        return spec.hashCode() * 31 + layout.hashCode();
    }
}
