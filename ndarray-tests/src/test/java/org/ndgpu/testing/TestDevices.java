package org.ndgpu.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.support.ParameterDeclarations;

/**
 * The arguments of a {@link PerDeviceTest} class: one per device kind in
 * {@value TestDevice#PROPERTY} (read as a JUnit configuration parameter, which falls back to the
 * system property), less the kinds the class leaves out with {@link Only} (which may leave none:
 * then the class does not run; an empty {@value TestDevice#PROPERTY} is an error instead).
 */
public final class TestDevices implements ArgumentsProvider {
    /**
     * Restricts a {@link PerDeviceTest} class to some kinds, for a suite that has never been run on
     * the others, e.g. {@code @TestDevices.Only({TestDevice.POCL, TestDevice.CUDA})}.
     */
    @Target(ElementType.TYPE)
    @Retention(RetentionPolicy.RUNTIME)
    @Inherited
    public @interface Only {
        /** The kinds the class may run on. */
        TestDevice[] value();
    }

    @Override
    public Stream<? extends Arguments> provideArguments(ParameterDeclarations parameters, ExtensionContext context) {
        List<TestDevice> kinds = TestDevice.parse(
                context.getConfigurationParameter(TestDevice.PROPERTY).orElse(TestDevice.DEFAULT));
        Only only = context.getRequiredTestClass().getAnnotation(Only.class);
        List<TestDevice> allowed = only == null ? List.of(TestDevice.values()) : List.of(only.value());
        return kinds.stream().filter(allowed::contains).map(Arguments::of);
    }
}
