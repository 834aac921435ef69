package org.ndgpu.examples;

import java.io.PrintStream;
import java.util.List;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.device.Devices;
import org.ndgpu.device.Graph;
import org.ndgpu.nccl.Nccl;
import org.ndgpu.nccl.NcclCommunicator;
import org.ndgpu.nccl.ReduceOp;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Data-parallel training of a linear model by gradient descent on every device of the best kind
 * ({@link Devices#all()}: all GPUs; two PoCL devices under {@code POCL_DEVICES="pthread pthread"}).
 * The rows of X and y are split with {@code Nd.scatter}; each step, every device computes its
 * shard's part of the gradient {@code X_i^T (X_i w - y_i)} in {@code Devices.parallel}. On CUDA GPUs
 * with NCCL, an allReduce sums the parts on the devices and every device updates its own copy of
 * the weights, with no host round trip. Elsewhere (OpenCL devices, no libnccl) the parts are
 * gathered on the current device and summed there, and the new weights go back to every device
 * with {@code w.to(device)}; the example prints which path ran. The same steps on the current device
 * alone give the reference: the weights must agree to rounding.
 *
 * <p>Run: {@code ./nd demo DataParallelRegression} or
 * {@code ./nd run org.ndgpu.examples.DataParallelRegression [rows]}
 */
public final class DataParallelRegression implements Example {
    private static final int FEATURES = 16;
    private static final int STEPS = 20;
    private static final double RATE = 0.1;
    private final long rows;

    /** 1,000,000 rows of 16 float64 features. */
    public DataParallelRegression() {
        this(1_000_000);
    }

    /** {@code rows} rows of 16 float64 features. */
    public DataParallelRegression(long rows) {
        this.rows = rows;
    }

    @Override
    public String title() {
        return "linear regression by gradient descent, " + rows + " x " + FEATURES
                + " float64 split over Devices.all(), " + "checked against one device";
    }

    /** The weights (FEATURES x 1) after STEPS steps on the current device alone. */
    public static double[] singleDevice(NDArray x, NDArray y) {
        long n = x.shape()[0];
        NDArray w = Nd.zeros(FEATURES, 1);
        for (int s = 0; s < STEPS; s++) {
            NDArray g = x.T().matmul(x.matmul(w).sub(y));
            w = w.sub(g.mul(2.0 * RATE / n));
        }
        return w.toDoubleArray();
    }

    /** True when the gradients are summed by an NCCL allReduce: every device is a CUDA GPU and libnccl is there. */
    public static boolean usesNccl(List<Device> devices) {
        return Nccl.available() && devices.stream().allMatch(d -> d.backend().dialect() == Dialect.CUDA);
    }

    /** The weights after STEPS steps with X and y split over {@code devices}. */
    public static double[] dataParallel(NDArray x, NDArray y, List<Device> devices) {
        return usesNccl(devices) ? withAllReduce(x, y, devices) : withGather(x, y, devices);
    }

    /** Each device keeps its weights; an NCCL allReduce sums the gradient parts in place on the devices. */
    public static double[] withAllReduce(NDArray x, NDArray y, List<Device> devices) {
        long n = x.shape()[0];
        List<NDArray> xs = Nd.scatter(x, devices, 0);
        List<NDArray> ys = Nd.scatter(y, devices, 0);
        NDArray[] ws = new NDArray[devices.size()];
        List<NcclCommunicator> comms = Nccl.initAll(devices);
        try {
            Devices.parallel(devices, (d, i) -> ws[i] = Nd.zeros(FEATURES, 1));
            for (int s = 0; s < STEPS; s++) {
                Devices.parallel(devices, (d, i) -> {
                    NDArray g = xs.get(i).T().matmul(xs.get(i).matmul(ws[i]).sub(ys.get(i))); // (FEATURES, 1) on d
                    comms.get(i).allReduce(g, ReduceOp.SUM); // one rank per thread: no group needed
                    ws[i] = ws[i].sub(g.mul(2.0 * RATE / n));
                });
            }
            return ws[0].toDoubleArray();
        } finally {
            comms.forEach(NcclCommunicator::close);
        }
    }

    /**
     * The NCCL path with each device's step captured once ({@code Nd.capture}: the gradient, its
     * allReduce and the update of the weights in place) and launched every step: one graph launch per
     * device and step instead of a dozen operations. Each device captures on its own thread, at once,
     * as NCCL records a collective only while every rank records it.
     */
    public static double[] captured(NDArray x, NDArray y, List<Device> devices) {
        long n = x.shape()[0];
        List<NDArray> xs = Nd.scatter(x, devices, 0);
        List<NDArray> ys = Nd.scatter(y, devices, 0);
        NDArray[] ws = new NDArray[devices.size()];
        Graph[] steps = new Graph[devices.size()];
        List<NcclCommunicator> comms = Nccl.initAll(devices);
        try {
            Devices.parallel(devices, (d, i) -> {
                ws[i] = Nd.zeros(FEATURES, 1);
                steps[i] = Nd.capture(() -> {
                    NDArray g = xs.get(i).T().matmul(xs.get(i).matmul(ws[i]).sub(ys.get(i)));
                    comms.get(i).allReduce(g, ReduceOp.SUM);
                    Nd.sub(ws[i], g.mul(2.0 * RATE / n), ws[i]);
                });
            });
            for (int s = 0; s < STEPS; s++) Devices.parallel(devices, (d, i) -> steps[i].launch());
            return ws[0].toDoubleArray();
        } finally {
            for (Graph g : steps) if (g != null) g.close();
            comms.forEach(NcclCommunicator::close);
        }
    }

    /** The gradient parts are gathered on the current device and summed there; the weights go back with {@code to}. */
    public static double[] withGather(NDArray x, NDArray y, List<Device> devices) {
        long n = x.shape()[0];
        Device home = Device.current();
        List<NDArray> xs = Nd.scatter(x, devices, 0);
        List<NDArray> ys = Nd.scatter(y, devices, 0);
        NDArray w = Nd.zeros(FEATURES, 1);
        for (int s = 0; s < STEPS; s++) {
            NDArray[] parts = new NDArray[devices.size()];
            NDArray current = w;
            Devices.parallel(devices, (d, i) -> {
                NDArray wi = current.to(d);
                parts[i] = xs.get(i).T().matmul(xs.get(i).matmul(wi).sub(ys.get(i))); // (FEATURES, 1) on d
            });
            NDArray g = Nd.gather(List.of(parts), home, 1).sum(1).reshape(FEATURES, 1);
            w = w.sub(g.mul(2.0 * RATE / n));
        }
        return w.toDoubleArray();
    }

    @Override
    public Result run(PrintStream out) {
        Device device = Device.current();
        List<Device> devices = Devices.all();
        Nd.random().seed(7);
        NDArray x = Nd.random().normal(0, 1, DType.FLOAT64, rows, FEATURES);
        NDArray trueW = Nd.random().normal(0, 1, DType.FLOAT64, FEATURES, 1);
        NDArray y = x.matmul(trueW).add(Nd.random().normal(0, 0.01, DType.FLOAT64, rows, 1));
        var one = Timing.of(() -> singleDevice(x, y));
        var many = Timing.of(() -> dataParallel(x, y, devices));
        // captured steps: where the gradients are summed by NCCL (a gather across devices is not one device's graph)
        var graphs = usesNccl(devices) ? Timing.of(() -> captured(x, y, devices)) : null;
        double diff = 0, scale = 0;
        for (int i = 0; i < FEATURES; i++) {
            diff = Math.max(diff, Math.abs(one.value()[i] - many.value()[i]));
            if (graphs != null) diff = Math.max(diff, Math.abs(one.value()[i] - graphs.value()[i]));
            scale = Math.max(scale, Math.abs(one.value()[i]));
        }
        out.printf(
                "  gradients summed by %s%n",
                usesNccl(devices)
                        ? "an NCCL allReduce on the devices (NCCL " + Nccl.version() + ")"
                        : "a gather on " + device.id()
                                + (Nccl.available()
                                        ? " (the devices are not all CUDA GPUs)"
                                        : " (" + Nccl.problem() + ")"));
        out.printf(
                "  %d devices: %s; max |w_parallel - w_one| = %.3g (|w| up to %.3g)%n",
                devices.size(), devices.stream().map(Device::id).toList(), diff, scale);
        out.printf(
                "  captured steps (Nd.capture per device): %s%n",
                graphs != null
                        ? String.format("%.1f ms against %.1f ms eager", graphs.millis(), many.millis())
                        : "not run: they need the NCCL path");
        Result r = Result.on(name(), device)
                .value("devices", devices.size())
                .value("allReduce", usesNccl(devices) ? "nccl" : "gather")
                .value("rows", rows)
                .value("max abs difference", diff)
                .value("max abs weight", scale)
                .millis("one device", one.millis())
                .millis("data parallel", many.millis());
        return graphs != null ? r.millis("data parallel, captured", graphs.millis()) : r;
    }

    /** Runs it and prints the result. */
    public static void main(String[] args) {
        Examples.main(new DataParallelRegression(args.length > 0 ? Long.parseLong(args[0]) : 1_000_000));
    }
}
