package org.ndgpu.io;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.NpyFormatException;
import org.ndgpu.structured.StructuredArray;

/**
 * Reads the structured members of NumPy's .npz archives ({@code np.savez(f, a=plain, r=records)}
 * or {@code np.savez_compressed}), behind {@code Nd.loadStructuredNpz}; {@link Npz} reads the plain
 * members. Each member is a structured .npy as {@link StructuredNpy} reads it (any layout NumPy
 * writes), inflated into host memory first, so it may hold at most 2 GiB.
 *
 * <pre>{@code
 * StructuredArray r = StructuredNpz.read(Path.of("run.npz"), "r", Device.current());   // np.load(f)["r"]
 * Map<String, StructuredArray> all = StructuredNpz.read(Path.of("run.npz"), Device.current());
 * HostArray a = Npz.read(Path.of("run.npz"), "a");                                      // a plain member
 * }</pre>
 */
public final class StructuredNpz {
    // an inflated member goes into one Java array
    private static final int MAX_MEMBER = Integer.MAX_VALUE - 8;

    private StructuredNpz() {}

    /**
     * Every structured member of a .npz archive onto {@code device}, in archive order, keyed by name;
     * the plain members are left out (read them with {@link Npz#read(Path, String)}).
     * <pre>{@code Map<String, StructuredArray> m = StructuredNpz.read(Path.of("run.npz"), Device.current());}</pre>
     *
     * @return new structured arrays; the caller closes them (an empty map when there are none)
     * @throws NpyFormatException if the archive or one of its members is broken
     */
    @SuppressWarnings("NonApiType") // the archive's order is part of the result, as with NumPy's NpzFile.files
    public static LinkedHashMap<String, StructuredArray> read(Path file, Device device) {
        Objects.requireNonNull(file, "loadStructuredNpz: file is null");
        Objects.requireNonNull(device, "loadStructuredNpz: device is null");
        LinkedHashMap<String, StructuredArray> out = new LinkedHashMap<>();
        try {
            Npz.entries(file, (key, where, in) -> {
                if (StructuredNpy.isStructured(Npz.peekHeader(in, where)))
                    out.put(key, readMember(key, where, in, device));
            });
            return out;
        } catch (RuntimeException | Error e) {
            out.values().forEach(StructuredArray::close);
            throw e;
        }
    }

    /**
     * One structured member of a .npz archive onto {@code device}, as {@code np.load(file)[name]};
     * the other members are not read.
     * <pre>{@code StructuredArray r = StructuredNpz.read(Path.of("run.npz"), "r", Device.current());}</pre>
     *
     * @return a new structured array; the caller closes it
     * @throws NpyFormatException if the archive has no member {@code name}, it is a plain array (read it
     *                            with {@link Npz#read(Path, String)}), or it is broken
     */
    public static StructuredArray read(Path file, String name, Device device) {
        Objects.requireNonNull(file, "loadStructuredNpz: file is null");
        Objects.requireNonNull(name, "loadStructuredNpz: name is null");
        Objects.requireNonNull(device, "loadStructuredNpz: device is null");
        StructuredArray[] found = new StructuredArray[1];
        List<String> names;
        try {
            names = Npz.entries(file, (key, where, in) -> {
                if (key.equals(name) && found[0] == null) found[0] = readMember(key, where, in, device);
            });
        } catch (RuntimeException | Error e) {
            if (found[0] != null) found[0].close();
            throw e;
        }
        if (found[0] == null) throw Npz.noMember(file, name, names);
        return found[0];
    }

    private static StructuredArray readMember(String key, String where, BufferedInputStream in, Device device)
            throws IOException {
        byte[] npy = in.readNBytes(MAX_MEMBER);
        if (npy.length == MAX_MEMBER && in.read() >= 0) {
            throw new NpyFormatException(where + ": a member of more than 2 GiB; an .npz member goes through "
                    + "host memory, so save so large a structured array as its own .npy (Nd.loadStructured)");
        }
        return StructuredNpy.read(npy, where, "Nd.loadNpz(file, \"" + key + "\") or Npz.read", device);
    }
}
