package org.ndgpu.examples;

import java.io.PrintStream;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * A first look: arrays, views, a copy, a reduction, random numbers, each printed as NumPy prints it.
 *
 * <p>Run: {@code ./nd demo Tour}
 */
public final class Tour implements Example {
    /** The tour. */
    public Tour() {}

    @Override
    public String title() {
        return "arrays, views and reductions, printed as NumPy prints them";
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        NDArray a = Nd.arange(12).reshape(3, 4);
        show(out, "Nd.arange(12).reshape(3, 4)", a);
        show(out, "a.T()", a.T());
        show(out, "a.get(\"1:, ::-1\")", a.get("1:, ::-1"));
        show(out, "a.astype(FLOAT32).T().copy()", a.astype(DType.FLOAT32).T().copy());
        show(out, "Nd.linspace(0, 1, 5)", Nd.linspace(0, 1, 5));
        Nd.random().seed(42);
        show(out, "Nd.random().uniform(-1, 1, FLOAT32, 2, 3)", Nd.random().uniform(-1, 1, DType.FLOAT32, 2, 3));
        var sum = Timing.of(() -> a.sum(0));
        NDArray sum0 = sum.value();
        show(out, "a.sum(0)", sum0);
        out.println("  memory pool: " + device.memoryPool());
        return Result.on(name(), device)
                .value("a.sum(0)", sum0.toString())
                .value("a.get(\"1:, ::-1\")", a.get("1:, ::-1").toString().replace("\n", ""))
                .millis("a.sum(0)", sum.millis());
    }

    private static void show(PrintStream out, String what, NDArray x) {
        out.println("  >>> " + what);
        out.println("  " + x.toString().replace("\n", "\n  "));
    }

    /** Runs it on the current device and prints the result. */
    public static void main(String[] args) {
        Examples.main(new Tour());
    }
}
