package org.ndgpu.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.Backends;

/**
 * ndgpu uses only Aparapi's bytecode-to-OpenCL translation, so the build excludes Aparapi's JNI
 * launcher (aparapi-jni) and the Scala runtime it declares: this proves that they are absent from
 * the class path and that a Java kernel still translates and runs, on PoCL, with the right result.
 */
class LeanDependenciesTest {
    @Test
    void javaKernelRunsWithoutScalaOrAparapiJni() {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("scala.Predef"), "scala-library is excluded");
        assertThrows(
                ClassNotFoundException.class,
                () -> Class.forName("com.aparapi.natives.NativeLoader"),
                "aparapi-jni is excluded");
        int n = 777;
        float[] a = RawKernelTest.random(n, 21), b = RawKernelTest.random(n, 22);
        try (var _ = Backends.openclCpu().use();
                NDArray x = Nd.array(a);
                NDArray y = Nd.array(b)) {
            var k = new TestKernels.Saxpy();
            k.a = -1.5f;
            k.n = n;
            k.bind("x", x).bind("y", y).launch(NdRange.of(n), JavaKernel.Mode.DEVICE);
            float[] got = y.toFloatArray();
            for (int i = 0; i < n; i++) assertEquals(-1.5f * a[i] + b[i], got[i], 1e-5f, "element " + i);
        }
    }

    @Test
    void aparapiWarningsAreSilencedWithoutTouchingTheRootLogger() {
        var root = Logger.getLogger("").getHandlers();
        Level[] before = new Level[root.length];
        for (int i = 0; i < root.length; i++) before[i] = root[i].getLevel();
        try (var _ = Backends.openclCpu().use();
                NDArray x = Nd.array(new float[] {1, 2, 3})) {
            var k = new TestKernels.Saxpy();
            k.a = 1;
            k.n = 3;
            k.bind("x", x)
                    .bind("y", Nd.zeros(org.ndgpu.ndarray.DType.FLOAT32, 3))
                    .launch(NdRange.of(3), JavaKernel.Mode.DEVICE);
        }
        // Aparapi's NestHost / LocalVariableTable warnings all go through this one logger
        assertEquals(
                Level.SEVERE,
                Logger.getLogger(com.aparapi.Config.getLoggerName()).getLevel());
        for (int i = 0; i < root.length; i++)
            assertEquals(before[i], root[i].getLevel(), "root handler " + i + " keeps its level");
    }
}
