package org.ndgpu.device;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendKernel;
import org.ndgpu.backend.BackendProgram;
import org.ndgpu.backend.DeviceFacts;
import org.ndgpu.backend.SignalGuard;
import org.ndgpu.config.Config;

/**
 * Compiled programs of one device, cached in memory and on disk. The disk key is a SHA-256 of the
 * source, the options, the device and its driver version; an entry is written atomically (a temp
 * file moved into place) and carries its own key and a checksum, so a truncated, garbled or foreign
 * entry is recompiled, never trusted.
 */
public final class ProgramCache {
    private static final byte[] MAGIC = "NDGPU-PROGRAM-2\n".getBytes(StandardCharsets.US_ASCII);
    private static final System.Logger LOG = System.getLogger("org.ndgpu");

    private final Backend backend;
    // the folder, read from ndgpu.cache.dir at the first compile (not when the device is found: a bad value is
    // then that compile's NdException, and the device stays usable); NONE when the disk cache is off
    private volatile Path dir;
    private static final Path NONE = Path.of("");
    private final ConcurrentHashMap<String, BackendProgram> programs = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, BackendKernel> kernels = new ConcurrentHashMap<>();

    ProgramCache(Backend backend) {
        this.backend = backend;
    }

    private Path dir() {
        Path d = dir;
        if (d == null) {
            Path read = Config.cacheDir();
            dir = d = read == null ? NONE : read;
        }
        return d == NONE ? null : d;
    }

    /** The kernel {@code kernelName} of the program compiled from {@code source}, compiling on first use. */
    public BackendKernel kernel(String name, String source, List<String> options, String kernelName) {
        String key = kernelName + "\0" + String.join(" ", options) + "\0" + source;
        BackendKernel k = kernels.get(key);
        if (k != null) return k;
        return kernels.computeIfAbsent(key, x -> backend.kernel(program(name, source, options), kernelName));
    }

    /** The program compiled from {@code source} with {@code options}, from memory, disk, or the compiler. */
    public BackendProgram program(String name, String source, List<String> options) {
        String key = String.join(" ", options) + "\0" + source;
        return programs.computeIfAbsent(key, x -> loadOrCompile(name, source, options));
    }

    private BackendProgram loadOrCompile(String name, String source, List<String> options) {
        byte[] keyHash = diskKey(source, options);
        Path folder = dir();
        Path file = folder == null ? null : folder.resolve(HexFormat.of().formatHex(keyHash) + ".bin");
        long max = folder == null ? 0 : Config.cacheMax(); // checked before the compile, not after it
        if (file != null && Files.isRegularFile(file)) {
            byte[] bin = readEntry(file, keyHash);
            if (bin != null) {
                try {
                    BackendProgram p = backend.load(name, bin, options);
                    SignalGuard.restore(backend.facts().backend() + " compiler");
                    touch(file);
                    return p;
                } catch (RuntimeException e) {
                    LOG.log(
                            System.Logger.Level.WARNING,
                            "ndgpu: cached program " + file + " did not load; recompiling",
                            e);
                }
            }
        }
        if (Config.log() == Config.LogLevel.DEBUG)
            LOG.log(
                    System.Logger.Level.INFO,
                    "ndgpu: compiling " + name + " for " + backend.facts().id() + ":\n" + source);
        long t0 = System.nanoTime();
        BackendProgram p = backend.compile(name, source, options);
        SignalGuard.restore(backend.facts().backend() + " compiler");
        if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
            LOG.log(
                    System.Logger.Level.DEBUG,
                    "ndgpu: compiled " + name + " for " + backend.facts().id() + " in "
                            + (System.nanoTime() - t0) / 1_000_000 + " ms");
        }
        if (file != null && p.binary() != null) {
            writeEntry(file, keyHash, p.binary());
            evict(folder, max);
        }
        return p;
    }

    /**
     * Keeps the disk cache under {@code maxBytes}: deletes the least recently used entries (a load
     * touches its entry's modification time) until the rest fits. Runs after each new entry, so
     * only when something was compiled. Another process deleting the same file is harmless.
     */
    static void evict(Path dir, long maxBytes) {
        record Entry(Path file, long bytes, long used) {}
        var entries = new java.util.ArrayList<Entry>();
        long total = 0;
        try (var files = Files.newDirectoryStream(dir, "*.bin")) {
            for (Path f : files) {
                try {
                    var attrs = Files.readAttributes(f, java.nio.file.attribute.BasicFileAttributes.class);
                    entries.add(
                            new Entry(f, attrs.size(), attrs.lastModifiedTime().toMillis()));
                    total += attrs.size();
                } catch (IOException gone) {
                    // deleted meanwhile by another process
                }
            }
        } catch (IOException e) {
            return;
        }
        if (total <= maxBytes) return;
        entries.sort(java.util.Comparator.comparingLong(Entry::used));
        for (Entry e : entries) {
            if (total <= maxBytes) break;
            try {
                Files.deleteIfExists(e.file());
                total -= e.bytes();
            } catch (IOException ignored) {
                // in use or not ours to delete: leave it
            }
        }
    }

    private byte[] diskKey(String source, List<String> options) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            DeviceFacts f = backend.facts();
            for (String s : new String[] {
                f.backend(),
                f.name(),
                f.vendor(),
                f.driverVersion(),
                f.architecture(),
                String.join("\u0001", options),
                source
            }) {
                md.update(s.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            return md.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** The entry's program bytes, or null if the entry is not exactly what this key wrote. */
    static byte[] readEntry(Path file, byte[] keyHash) {
        try {
            byte[] all = Files.readAllBytes(file);
            int head = MAGIC.length + 32 + 32 + 8;
            if (all.length < head || !Arrays.equals(all, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) return null;
            ByteBuffer bb = ByteBuffer.wrap(all);
            bb.position(MAGIC.length);
            byte[] key = new byte[32];
            byte[] sum = new byte[32];
            bb.get(key).get(sum);
            long len = bb.getLong();
            if (!Arrays.equals(key, keyHash) || len != all.length - head) return null;
            byte[] payload = Arrays.copyOfRange(all, head, all.length);
            return Arrays.equals(sha256(payload), sum) ? payload : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    // the entry's modification time is its last use, for the least-recently-used eviction
    private static void touch(Path file) {
        try {
            Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException ignored) {
            // a read-only cache still serves; it only evicts less well
        }
    }

    static void writeEntry(Path file, byte[] keyHash, byte[] payload) {
        try {
            Files.createDirectories(file.getParent());
            ByteBuffer bb = ByteBuffer.allocate(MAGIC.length + 32 + 32 + 8 + payload.length);
            bb.put(MAGIC)
                    .put(keyHash)
                    .put(sha256(payload))
                    .putLong(payload.length)
                    .put(payload);
            Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
            Files.write(tmp, bb.array());
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // a cache that cannot be written only costs a compile next time
            LOG.log(System.Logger.Level.DEBUG, "ndgpu: could not write kernel cache entry " + file + ": " + e);
        }
    }
}
