package org.ndgpu.routines.io;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.ndgpu.io.Npz;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Transfers;

/**
 * .npz archives of device arrays, as NumPy's section "input and output": each array goes through
 * host memory, where {@link Npz} reads and writes the archive. (A single .npy file streams straight
 * between the device and the file: {@link org.ndgpu.io.Npy}.)
 */
public final class InputOutput {
    private InputOutput() {}

    /** numpy.load of a .npz archive: the arrays by name, in archive order, each through host memory. */
    public static Map<String, NDArray> loadNpz(Path file) {
        Objects.requireNonNull(file, "loadNpz: file is null");
        var out = new LinkedHashMap<String, NDArray>();
        Npz.read(file).forEach((k, v) -> out.put(k, Transfers.fromHost(v)));
        return out;
    }

    /** np.load(file)[name] of a plain member, through host memory; the other members are not read. */
    public static NDArray loadNpz(Path file, String name) {
        Objects.requireNonNull(file, "loadNpz: file is null");
        Objects.requireNonNull(name, "loadNpz: name is null");
        return Transfers.fromHost(Npz.read(file, name));
    }

    /**
     * numpy.savez (compressed false) or numpy.savez_compressed (true) of plain and structured
     * arrays, the plain members first, named {@code op} in errors.
     */
    public static void savez(
            String op,
            Path file,
            Map<String, NDArray> arrays,
            Map<String, org.ndgpu.structured.StructuredArray> records,
            boolean compressed) {
        Objects.requireNonNull(file, () -> op + ": file is null");
        Objects.requireNonNull(records, () -> op + ": records is null");
        Npz.write(file, hostArrays(op, arrays), records, compressed);
    }

    /** numpy.savez (compressed false) or numpy.savez_compressed (true), named {@code op} in errors. */
    public static void savez(String op, Path file, Map<String, NDArray> arrays, boolean compressed) {
        Objects.requireNonNull(file, () -> op + ": file is null");
        Map<String, HostArray> host = hostArrays(op, arrays);
        if (compressed) Npz.writeCompressed(file, host);
        else Npz.write(file, host);
    }

    /** The arrays copied to the host in the map's order, for an .npz writer; a null array is named in the exception. */
    private static Map<String, HostArray> hostArrays(String op, Map<String, NDArray> arrays) {
        Objects.requireNonNull(arrays, () -> op + ": arrays is null");
        var host = new LinkedHashMap<String, HostArray>();
        arrays.forEach((k, v) -> host.put(
                k, toHostOrdered(Objects.requireNonNull(v, () -> op + ": the array named '" + k + "' is null"))));
        return host;
    }

    /** An F-contiguous array (not also C-contiguous) goes to the host in Fortran order, as numpy.savez writes it. */
    private static HostArray toHostOrdered(NDArray a) {
        if (a.ndim() > 1 && a.isFContiguous() && !a.isCContiguous()) {
            HostArray t = a.T().toHost();
            return new HostArray(a.dtype(), a.shape(), true, t.data());
        }
        return a.toHost();
    }
}
