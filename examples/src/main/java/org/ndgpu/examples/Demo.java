package org.ndgpu.examples;

import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The main demo: {@code ./nd demo}. Shows the devices found, then a short tour on the best one.
 */
public final class Demo {
    private Demo() { }

    public static void main(String[] args) {
        System.out.println("Devices found:");
        Device.list().forEach(d -> System.out.println("  " + d));
        Device.problems().forEach(p -> System.out.println("  note: " + p));
        Device dev = Device.current();
        System.out.println("Running on " + dev + "\n");

        NDArray a = Nd.arange(12).reshape(3, 4);
        show("Nd.arange(12).reshape(3, 4)", a);
        show("a.T()", a.T());
        show("a.get(\"1:, ::-1\")", a.get("1:, ::-1"));
        show("a.astype(FLOAT32).T().copy()", a.astype(DType.FLOAT32).T().copy());
        show("Nd.linspace(0, 1, 5)", Nd.linspace(0, 1, 5));
        Nd.random().seed(42);
        show("Nd.random().uniform(-1, 1, FLOAT32, 2, 3)", Nd.random().uniform(-1, 1, DType.FLOAT32, 2, 3));
        System.out.println("memory pool: " + dev.memoryPool());
    }

    private static void show(String what, NDArray x) {
        System.out.println(">>> " + what);
        System.out.println(x);
    }
}
