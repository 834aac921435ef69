package org.ndgpu.device;

import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import org.ndgpu.exceptions.NdException;

/**
 * The devices of data-parallel work, and a way to run one task per device at once. A small,
 * explicit API: nothing is split or moved unless the code says so.
 *
 * <pre>{@code
 * List<Device> devs = Devices.all();
 * List<NDArray> parts = Nd.scatter(x, devs, 0);
 * double[] sums = new double[devs.size()];
 * Devices.parallel(devs, (d, i) -> sums[i] = parts.get(i).sum().item().doubleValue());
 * }</pre>
 */
public final class Devices {
    private Devices() {}

    /**
     * Every device of the best kind found, in {@link Device#list()} order: all CUDA GPUs if there is
     * one (CuPy's {@code range(cupy.cuda.runtime.getDeviceCount())}); else all OpenCL GPUs; else all
     * OpenCL devices (CPUs such as PoCL, which shows several with {@code POCL_DEVICES="pthread pthread"}).
     * Kinds are never mixed: shards of one job on a GPU and a CPU would wait on the slowest. Throws
     * DeviceException when no device is found.
     */
    public static List<Device> all() {
        List<Device> list = Device.list();
        List<Device> cuda = list.stream()
                .filter(d -> d.backendName().equals("cuda") && d.isGpu())
                .toList();
        if (!cuda.isEmpty()) return cuda;
        List<Device> gpus = list.stream().filter(Device::isGpu).toList();
        if (!gpus.isEmpty()) return gpus;
        if (list.isEmpty()) {
            throw new org.ndgpu.exceptions.DeviceException(
                    "Devices.all: no device found: " + String.join("; ", Device.problems()));
        }
        return list;
    }

    private static void runOne(Device d, int index, BiConsumer<Device, Integer> task, Throwable[] failures) {
        try (var _ = d.use()) {
            task.accept(d, index);
            d.synchronize();
        } catch (Throwable t) {
            failures[index] = t;
        }
    }

    /**
     * A list of devices for {@code op} (Devices.parallel, Nd.scatter): not null, not empty, nothing but
     * devices in it, else an NdException naming op and the first bad index.
     */
    public static void checkList(String op, List<?> devices) {
        Objects.requireNonNull(devices, () -> op + ": devices is null");
        if (devices.isEmpty()) throw new NdException(op + ": expected at least one device, got an empty list");
        for (int i = 0; i < devices.size(); i++) {
            Object d = devices.get(i); // read as Object: a raw or unchecked list may hold anything
            if (!(d instanceof Device)) {
                throw new NdException(op + ": expected devices, got "
                        + (d == null ? "null" : "a " + d.getClass().getSimpleName()) + " at index " + i);
            }
        }
    }

    /**
     * Runs {@code task.accept(devices.get(i), i)} for every i, each on a thread of its own with that
     * device current ({@link Device#use()}): the first on the calling thread, the others on worker
     * threads kept between calls. Returns when all have finished, including the
     * device work each queued on its current stream (it is synchronized before the task ends).
     * A device may appear more than once. When tasks fail, the failure of the lowest index is thrown
     * with the others added as suppressed: as it is when it is an NdException, else wrapped in an
     * NdException naming the device and index (an Error is rethrown as it is).
     */
    public static void parallel(List<Device> devices, BiConsumer<Device, Integer> task) {
        Objects.requireNonNull(devices, "Devices.parallel: devices is null");
        Objects.requireNonNull(task, "Devices.parallel: task is null");
        checkList("Devices.parallel", devices);
        int n = devices.size();
        Throwable[] failures = new Throwable[n];
        ParallelWorkers.Join join = new ParallelWorkers.Join(n - 1);
        for (int i = 1; i < n; i++) {
            int index = i;
            ParallelWorkers.submit(() -> runOne(devices.get(index), index, task, failures), join);
        }
        runOne(devices.getFirst(), 0, task, failures); // the calling thread takes the first: one hand-off fewer
        join.await();
        Throwable first = null;
        int firstIndex = -1;
        for (int i = 0; i < n; i++) {
            if (failures[i] == null) continue;
            if (first == null) {
                first = failures[i];
                firstIndex = i;
            }
        }
        if (first == null) return;
        RuntimeException thrown;
        if (first instanceof NdException e) {
            thrown = e;
        } else if (first instanceof Error e) {
            for (int i = firstIndex + 1; i < n; i++)
                if (failures[i] != null && failures[i] != e) e.addSuppressed(failures[i]);
            throw e;
        } else {
            thrown = new NdException(
                    "Devices.parallel: the task on " + devices.get(firstIndex).id() + " (index " + firstIndex
                            + ") failed: " + first,
                    first);
        }
        for (int i = firstIndex + 1; i < n; i++)
            if (failures[i] != null && failures[i] != thrown) thrown.addSuppressed(failures[i]);
        throw thrown;
    }
}
