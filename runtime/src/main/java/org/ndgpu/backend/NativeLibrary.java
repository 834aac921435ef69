package org.ndgpu.backend;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import org.ndgpu.exceptions.DeviceException;

/**
 * A native library found by soname and version, for java.lang.foreign bindings (libcuda, libnvrtc,
 * libcublas, ...). {@link #load} tries each soname in order of preference: first through the
 * system's dynamic loader ({@code dlopen(name)}, which honours LD_LIBRARY_PATH, the ld.so cache and
 * RUNPATH), then as a file in each of the given folders; the first that loads wins. When none loads,
 * the exception lists everything that was tried and why it failed.
 *
 * <p>Libraries are loaded into the global arena and never unloaded.
 */
public final class NativeLibrary {

    private static final Linker LINKER = Linker.nativeLinker();

    private final String description;
    private final String loadedFrom;
    private final SymbolLookup lookup;

    private NativeLibrary(String description, String loadedFrom, SymbolLookup lookup) {
        this.description = description;
        this.loadedFrom = loadedFrom;
        this.lookup = lookup;
    }

    /** The library could not be found or opened; the message lists what was tried. */
    public static final class NotFoundException extends DeviceException {
        private static final long serialVersionUID = 1L;

        @SuppressWarnings("serial") // always a List.copyOf, which is serializable; the declared type is just List
        private final List<String> tried;

        /** No library could be loaded; {@code tried} lists the names and paths tried, in order. */
        public NotFoundException(String message, List<String> tried) {
            super(message);
            this.tried = List.copyOf(tried);
        }

        /** One line per attempt: the name or path and why it did not load. */
        public List<String> tried() {
            return tried;
        }
    }

    /**
     * Loads the first of {@code sonames} that opens, trying each soname first by name through the
     * dynamic loader and then in each folder, before moving on to the next (less preferred) soname.
     *
     * @param description what the library is, for messages ("the CUDA driver")
     * @param sonames     file names in order of preference ("libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so")
     * @param folders     extra folders to look in; missing folders are skipped
     * @throws NotFoundException naming every attempt when none loads
     */
    @SuppressWarnings("restricted") // opening a native library is what this method is for
    public static NativeLibrary load(String description, List<String> sonames, List<Path> folders) {
        List<String> tried = new ArrayList<>();
        for (String soname : sonames) {
            try {
                SymbolLookup l = SymbolLookup.libraryLookup(soname, Arena.global());
                return new NativeLibrary(description, soname + " (dlopen)", l);
            } catch (IllegalArgumentException | UnsatisfiedLinkError e) {
                tried.add(soname + " via dlopen: " + reason(e));
            }
            for (Path folder : folders) {
                Path file = folder.resolve(soname);
                if (!Files.exists(file)) continue;
                try {
                    SymbolLookup l = SymbolLookup.libraryLookup(file, Arena.global());
                    return new NativeLibrary(description, file.toString(), l);
                } catch (IllegalArgumentException | UnsatisfiedLinkError e) {
                    tried.add(file + ": " + reason(e));
                }
            }
        }
        List<String> existing =
                folders.stream().filter(Files::isDirectory).map(Path::toString).toList();
        String msg = sonames.getFirst() + " not found (" + description + "; tried "
                + String.join(", ", sonames) + " by name through the dynamic loader"
                + (existing.isEmpty() ? "" : " and in " + String.join(", ", existing)) + ")";
        throw new NotFoundException(msg, tried);
    }

    /**
     * Loads exactly {@code file}, without searching (a library a setting names).
     *
     * @throws NotFoundException when the file is missing or does not open as a shared library, with the reason
     */
    @SuppressWarnings("restricted") // opening a native library is what this method is for
    public static NativeLibrary loadFile(String description, Path file) {
        if (!Files.isRegularFile(file))
            throw new NotFoundException(
                    file + " (" + description + "): no such file", List.of(file + ": no such file"));
        try {
            return new NativeLibrary(description, file.toString(), SymbolLookup.libraryLookup(file, Arena.global()));
        } catch (IllegalArgumentException | UnsatisfiedLinkError e) {
            String why = file + ": " + reason(e);
            throw new NotFoundException(why + " (" + description + ")", List.of(why));
        }
    }

    private static String reason(Throwable e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }

    /** What the library is ("the CUDA driver"). */
    public String description() {
        return description;
    }

    /** The soname or path it was loaded from, for messages and logs. */
    public String loadedFrom() {
        return loadedFrom;
    }

    /** The address of a symbol, if the library exports it. */
    public Optional<MemorySegment> symbol(String name) {
        return lookup.find(name);
    }

    /**
     * A downcall handle for a function the library must export.
     *
     * @throws NotFoundException naming the symbol and the library when it is absent (a library too old)
     */
    public MethodHandle downcall(String symbol, FunctionDescriptor descriptor, Linker.Option... options) {
        MethodHandle h = downcallOrNull(symbol, descriptor, options);
        if (h == null) {
            throw new NotFoundException(
                    loadedFrom + " (" + description + ") does not export " + symbol
                            + ": the library is too old or not the expected one",
                    List.of(symbol));
        }
        return h;
    }

    /** A downcall handle, or null when the library does not export the symbol (optional functions). */
    @SuppressWarnings("restricted") // binding a native function is what this method is for
    public MethodHandle downcallOrNull(String symbol, FunctionDescriptor descriptor, Linker.Option... options) {
        return lookup.find(symbol)
                .map(a -> LINKER.downcallHandle(a, descriptor, options))
                .orElse(null);
    }

    /**
     * Folders where Python packages live on this machine (site-packages and dist-packages of every
     * python3.* under /usr, /usr/local, /opt/conda, the user's ~/.local, $VIRTUAL_ENV and $CONDA_PREFIX,
     * plus PYTHONPATH entries). NVIDIA's pip wheels put CUDA libraries beneath these
     * ({@code nvidia/cu13/lib}, {@code nvidia/cuda_nvrtc/lib}).
     */
    public static List<Path> pythonPackageFolders() {
        var roots = new LinkedHashSet<Path>();
        roots.add(Path.of("/usr/lib"));
        roots.add(Path.of("/usr/local/lib"));
        roots.add(Path.of("/opt/conda/lib"));
        String home = System.getProperty("user.home");
        if (home != null) roots.add(Path.of(home, ".local", "lib"));
        for (String env : new String[] {"VIRTUAL_ENV", "CONDA_PREFIX"}) {
            String v = System.getenv(env);
            if (v != null && !v.isBlank()) roots.add(Path.of(v, "lib"));
        }
        var out = new LinkedHashSet<Path>();
        String pp = System.getenv("PYTHONPATH");
        if (pp != null) {
            for (String p : pp.split(":")) if (!p.isBlank()) out.add(Path.of(p));
        }
        for (Path root : roots) {
            if (!Files.isDirectory(root)) continue;
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(root, "python3*")) {
                for (Path py : ds) {
                    for (String sub : new String[] {"site-packages", "dist-packages"}) {
                        Path p = py.resolve(sub);
                        if (Files.isDirectory(p)) out.add(p);
                    }
                }
            } catch (IOException | SecurityException e) {
                // an unreadable folder is simply not searched
            }
        }
        return List.copyOf(out);
    }
}
