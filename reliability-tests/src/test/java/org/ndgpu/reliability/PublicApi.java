package org.ndgpu.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.net.JarURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarFile;

/**
 * The public API as the modules declare it: every public class (top-level or nested in a public
 * class) of every package that an ndgpu module exports to everyone (its module-info), found on the
 * class path the tests run with. The sweep's coverage test compares it with the sweep's targets,
 * so a class added to an exported package is swept, or excluded with a reason, from the day it lands.
 */
final class PublicApi {
    private PublicApi() {}

    /** The unqualified exports of every org.ndgpu module on the class path, with the place each was found. */
    record Exported(String module, String name, URL root) {}

    static List<Exported> exportedPackages() {
        List<Exported> out = new ArrayList<>();
        try {
            Enumeration<URL> infos = PublicApi.class.getClassLoader().getResources("module-info.class");
            while (infos.hasMoreElements()) {
                URL info = infos.nextElement();
                ModuleDescriptor d;
                try (InputStream in = info.openStream()) {
                    d = ModuleDescriptor.read(in);
                }
                if (!d.name().startsWith("org.ndgpu")) continue;
                for (ModuleDescriptor.Exports e : d.exports()) {
                    if (!e.isQualified()) out.add(new Exported(d.name(), e.source(), info));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.sort(java.util.Comparator.comparing(Exported::name));
        return out;
    }

    /** Public classes of the exported packages, by binary name, sorted. */
    static List<Class<?>> publicClasses() {
        List<Class<?>> out = new ArrayList<>();
        for (Exported p : exportedPackages()) {
            for (String name : classNames(p)) {
                Class<?> c;
                try {
                    c = Class.forName(name, false, PublicApi.class.getClassLoader());
                } catch (ClassNotFoundException | LinkageError e) {
                    continue;
                }
                if (isPublicApi(c)) out.add(c);
            }
        }
        return out;
    }

    private static boolean isPublicApi(Class<?> c) {
        if (c.isAnonymousClass() || c.isLocalClass() || c.isSynthetic()) return false;
        for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
            if (!Modifier.isPublic(k.getModifiers())) return false;
        }
        return true;
    }

    private static java.util.SortedSet<String> classNames(Exported p) {
        TreeSet<String> names = new TreeSet<>();
        String dir = p.name().replace('.', '/');
        try {
            URL root = p.root();
            if (root.getProtocol().equals("jar")) {
                JarURLConnection conn = (JarURLConnection) root.openConnection();
                conn.setUseCaches(false);
                try (JarFile jar = new JarFile(conn.getJarFileURL().getPath())) {
                    jar.stream()
                            .map(java.util.zip.ZipEntry::getName)
                            .filter(n -> n.startsWith(dir + "/")
                                    && n.endsWith(".class")
                                    && n.indexOf('/', dir.length() + 1) < 0)
                            .forEach(n ->
                                    names.add(n.substring(0, n.length() - 6).replace('/', '.')));
                }
            } else {
                Path base = Path.of(URI.create(root.toString())).getParent().resolve(dir);
                if (Files.isDirectory(base)) {
                    try (var s = Files.list(base)) {
                        s.map(f -> f.getFileName().toString())
                                .filter(n -> n.endsWith(".class") && !n.equals("package-info.class"))
                                .forEach(n -> names.add(p.name() + "." + n.substring(0, n.length() - 6)));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        names.remove(p.name() + ".package-info");
        return names;
    }
}
