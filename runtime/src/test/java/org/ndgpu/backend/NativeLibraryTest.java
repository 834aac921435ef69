package org.ndgpu.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class NativeLibraryTest {

    @Test
    void missingLibraryListsEveryAttempt() {
        var e = assertThrows(
                NativeLibrary.NotFoundException.class,
                () -> NativeLibrary.load(
                        "a test library",
                        List.of("libndgpu-absent.so.3", "libndgpu-absent.so"),
                        List.of(Path.of("/tmp"), Path.of("/no/such/folder"))));
        assertTrue(e.getMessage().startsWith("libndgpu-absent.so.3 not found"), e.getMessage());
        assertTrue(e.getMessage().contains("libndgpu-absent.so"), e.getMessage());
        assertTrue(e.getMessage().contains("/tmp"), e.getMessage());
        assertFalse(
                e.getMessage().contains("/no/such/folder"),
                "folders that do not exist are not listed: " + e.getMessage());
        assertEquals(2, e.tried().size(), e.tried().toString());
    }

    @Test
    void findsLibcBySonameAndCallsIt() throws Throwable {
        NativeLibrary libc = NativeLibrary.load("the C library", List.of("libc-absent.so.9", "libc.so.6"), List.of());
        assertEquals("libc.so.6 (dlopen)", libc.loadedFrom());
        MethodHandle strlen =
                libc.downcall("strlen", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        try (Arena a = Arena.ofConfined()) {
            assertEquals(5L, (long) strlen.invokeExact(a.allocateFrom("hello")));
        }
        assertNull(libc.downcallOrNull("ndgpu_no_such_symbol", FunctionDescriptor.ofVoid()));
        var e = assertThrows(
                NativeLibrary.NotFoundException.class,
                () -> libc.downcall("ndgpu_no_such_symbol", FunctionDescriptor.ofVoid()));
        assertTrue(e.getMessage().contains("ndgpu_no_such_symbol"), e.getMessage());
    }

    @Test
    void pythonFoldersExist() {
        for (Path p : NativeLibrary.pythonPackageFolders()) assertNotNull(p);
    }
}
