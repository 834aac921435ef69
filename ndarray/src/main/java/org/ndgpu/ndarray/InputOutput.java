package org.ndgpu.ndarray;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.spi.Providers;

/**
 * Input and output, as NumPy's section of that name: .npy and .npz files (the formats are module
 * routines' Npy and Npz).
 */
public final class InputOutput {
    private InputOutput() { }

    /** numpy.load of a .npy file onto the current device. */
    public static NDArray load(Path file) {
        Objects.requireNonNull(file, "load: file is null");
        return Providers.routines().loadNpy(file, Device.current());
    }

    /** numpy.load of a .npz archive: the arrays by name, in archive order, each through host memory. */
    public static Map<String, NDArray> loadNpz(Path file) {
        Objects.requireNonNull(file, "loadNpz: file is null");
        var out = new LinkedHashMap<String, NDArray>();
        Providers.routines().readNpz(file).forEach((k, v) -> out.put(k, Transfers.fromHost(v)));
        return out;
    }

    /** numpy.save of a .npy file, streamed from the device. */
    public static void save(Path file, NDArray a) {
        Objects.requireNonNull(file, "save: file is null");
        Objects.requireNonNull(a, "save: a is null");
        Providers.routines().saveNpy(file, a);
    }

    /** numpy.savez (compressed false) or numpy.savez_compressed (true), named {@code op} in errors. */
    public static void savez(String op, Path file, Map<String, NDArray> arrays, boolean compressed) {
        Providers.routines().writeNpz(Objects.requireNonNull(file, () -> op + ": file is null"), hostArrays(op, arrays), compressed);
    }

    /** The arrays copied to the host in the map's order, for an .npz writer; a null array is named in the exception. */
    private static Map<String, HostArray> hostArrays(String op, Map<String, NDArray> arrays) {
        Objects.requireNonNull(arrays, () -> op + ": arrays is null");
        var host = new LinkedHashMap<String, HostArray>();
        arrays.forEach((k, v) -> host.put(k, toHostOrdered(Objects.requireNonNull(v, () -> op + ": the array named '" + k + "' is null"))));
        return host;
    }

    private static HostArray toHostOrdered(NDArray a) {
        if (a.ndim() > 1 && a.isFContiguous() && !a.isCContiguous()) {
            HostArray t = a.T().toHost();
            return new HostArray(a.dtype(), a.shape(), true, t.data());
        }
        return a.toHost();
    }
}
