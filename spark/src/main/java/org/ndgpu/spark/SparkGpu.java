package org.ndgpu.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.resource.ResourceInformation;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.device.Devices;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;

/**
 * The ndgpu device of the running Spark task: the GPU that Spark's scheduler assigned to it
 * ({@code spark.task.resource.gpu.amount}), as an ndgpu {@link Device}.
 *
 * <pre>{@code
 * JavaRDD<Double> sums = rdd.mapPartitions(it -> SparkGpu.run(device -> {
 *     double s = 0;                              // device is current here: Nd.array(...) lands on it
 *     while (it.hasNext()) s += ((Number) Nd.array(it.next()).sum().item()).doubleValue();
 *     return List.of(s).iterator();
 * }));
 * }</pre>
 *
 * <p>An address Spark gives (from the discovery script, {@code nvidia-smi}'s index) is mapped as
 * follows: a number {@code N} is the N-th device of {@link Devices#all()} (CUDA GPUs in ordinal order
 * when there are any, else OpenCL GPUs, else OpenCL devices), or, when {@code CUDA_VISIBLE_DEVICES}
 * lists numbers, the CUDA device at N's position in that list; an ndgpu id ({@code cuda:1},
 * {@code opencl:0}) is that device. CUDA numbers its devices fastest first unless
 * {@code CUDA_DEVICE_ORDER=PCI_BUS_ID} is set, while nvidia-smi counts in PCI order: set that variable on
 * the executors ({@code spark.executorEnv.CUDA_DEVICE_ORDER=PCI_BUS_ID}) so that both count alike.
 *
 * <p>With no {@code gpu} resource in the task, the executor's default device is used
 * ({@link Device#current()}), and one log line per executor says so.
 */
public final class SparkGpu {
    /** The resource name Spark's GPU settings use: {@code spark.executor.resource.gpu.amount}. */
    public static final String RESOURCE = "gpu";

    private static final System.Logger LOG = System.getLogger("org.ndgpu.spark");
    private static final AtomicBoolean SAID_NO_GPU = new AtomicBoolean();

    private SparkGpu() {}

    /**
     * The device of the running task: its first assigned GPU, else the executor's default device.
     * Throws NdException outside a Spark task (on the driver), and DeviceException when the assigned
     * address names no device of this executor.
     */
    public static Device device() {
        return devices().getFirst();
    }

    /**
     * Every device assigned to the running task, in the order Spark lists its addresses (several when
     * {@code spark.task.resource.gpu.amount} is above 1); one element, the default device, when the
     * task has no {@code gpu} resource.
     */
    public static List<Device> devices() {
        TaskContext task = TaskContext.get();
        if (task == null) {
            throw new NdException(
                    "SparkGpu.device: no Spark task runs in this thread (TaskContext.get() is null); "
                            + "call it inside a task (mapPartitions, foreachPartition, GpuPartitions.map), or use Device.current() on the driver");
        }
        Map<String, ResourceInformation> resources = task.resourcesJMap();
        ResourceInformation gpu = resources == null ? null : resources.get(RESOURCE);
        if (gpu == null || gpu.addresses().length == 0) {
            Device d = Device.current();
            if (SAID_NO_GPU.compareAndSet(false, true)) {
                LOG.log(
                        System.Logger.Level.INFO,
                        "ndgpu-spark: the task has no '" + RESOURCE + "' resource (spark.task.resource.gpu.amount "
                                + "is not set); tasks of this executor use its default device " + d);
            }
            return List.of(d);
        }
        List<Device> out = new ArrayList<>();
        for (String a : gpu.addresses()) out.add(forAddress(a, Devices.all(), System.getenv("CUDA_VISIBLE_DEVICES")));
        return List.copyOf(out);
    }

    /**
     * Runs {@code fn} with the task's device current ({@link Device#use()}) and returns what it returns;
     * the device's work is synchronized before it returns, so a device fault fails this task.
     */
    public static <T> T run(Function<Device, ? extends T> fn) {
        Objects.requireNonNull(fn, "SparkGpu.run: fn is null");
        Device d = device();
        try (var _ = d.use()) {
            T r = fn.apply(d);
            d.synchronize();
            return r;
        }
    }

    /**
     * Runs {@code fn} on every partition of {@code rdd} as one Spark barrier stage ({@code
     * rdd.barrier().mapPartitions}): all tasks start together, task i is rank i of a {@link
     * org.ndgpu.nccl.Collective} on its device (NCCL between CUDA GPUs, rank 0's id shared through
     * {@code BarrierTaskContext.allGather}; else through the host, the shards exchanged by allGather),
     * and the collectives {@code fn} calls join the tasks' arrays, as TorchDistributor's ranks do:
     * <pre>{@code
     * JavaRDD<Double> loss = SparkGpu.barrier(rdd, (rows, comm) -> {
     *     NDArray grad = ...;                         // this partition's gradient, on comm.device()
     *     comm.allReduce(grad, ReduceOp.SUM);         // every task now holds the sum
     *     return List.of(...).iterator();
     * });
     * }</pre>
     * {@code fn}'s output is drained inside the task, while the collective is open. A task that throws
     * or is killed aborts its rank (ncclCommAbort; the host collective fails its waits), Spark kills the
     * other tasks of the stage and retries the whole stage, whose tasks open a fresh collective. So that
     * Spark may retry it, the barrier stage ends in a shuffle of its outputs, which puts task i's output
     * in partition i of the returned RDD (Spark retries a barrier map stage, not a barrier result stage). The
     * stage needs a slot for every partition at once ({@code spark.task.resource.gpu.amount} GPUs each).
     */
    public static <T, R> JavaRDD<R> barrier(JavaRDD<T> rdd, BarrierFunction<T, R> fn) {
        Objects.requireNonNull(rdd, "SparkGpu.barrier: rdd is null");
        Objects.requireNonNull(fn, "SparkGpu.barrier: fn is null");
        return Barriers.barrier(rdd, fn);
    }

    /** The device an address names, among {@code all} (Devices.all()); {@code visible} is CUDA_VISIBLE_DEVICES or null. */
    static Device forAddress(String address, List<Device> all, String visible) {
        Objects.requireNonNull(address, "SparkGpu: address is null");
        String a = address.strip();
        if (a.contains(":")) {
            try {
                return Device.get(a);
            } catch (DeviceException e) {
                throw new DeviceException("SparkGpu: the task's gpu address '" + address
                        + "' names no device of this executor: " + e.getMessage());
            }
        }
        if (!a.matches("\\d{1,9}")) {
            throw new DeviceException(
                    "SparkGpu: the task's gpu address '" + address
                            + "' is neither a GPU index (0, 1, ...) nor an ndgpu "
                            + "device id (cuda:0, opencl:1); check the discovery script (spark.executor.resource.gpu.discoveryScript)");
        }
        int index = Integer.parseInt(a);
        // CUDA_VISIBLE_DEVICES renumbers the devices of the CUDA driver, whose kernels are CUDA C++
        boolean cuda = !all.isEmpty() && all.getFirst().backend().dialect() == Dialect.CUDA;
        if (cuda && visible != null && visible.strip().matches("\\d+(\\s*,\\s*\\d+)*")) {
            String[] ids = visible.strip().split("\\s*,\\s*");
            for (int k = 0; k < ids.length; k++) {
                if (Integer.parseInt(ids[k]) == index) {
                    if (k < all.size()) return all.get(k);
                    break;
                }
            }
            throw new DeviceException(
                    "SparkGpu: the task's gpu address " + index + " is not among CUDA_VISIBLE_DEVICES=" + visible
                            + " of this executor (CUDA devices found: " + ids(all) + ")");
        }
        if (index >= all.size()) {
            throw new DeviceException("SparkGpu: the task's gpu address " + index + " is past this executor's devices "
                    + ids(all) + "; the discovery script lists a GPU that ndgpu does not see ("
                    + String.join("; ", Device.problems()) + ")");
        }
        return all.get(index);
    }

    private static List<String> ids(List<Device> all) {
        return all.stream().map(Device::id).toList();
    }
}
