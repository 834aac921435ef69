package org.ndgpu.nccl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ndgpu.backend.Dialect;
import org.ndgpu.config.LibraryPaths;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.DeviceException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;

/**
 * What holds without a GPU or without NCCL: the unique id's forms, which dtypes reduce by which op,
 * and the errors of a machine with no NCCL or no CUDA device (CI's). {@code NcclGpuTest} runs the
 * collectives on two GPUs.
 */
class NcclTest {

    @Test
    void uniqueIdTravelsAsBytesHexAndJavaSerialization() throws Exception {
        byte[] raw = new byte[128];
        new SplittableRandom(5).nextBytes(raw);
        NcclUniqueId id = NcclUniqueId.of(raw);
        raw[0] ^= 1; // of() copied the array
        assertFalse(java.util.Arrays.equals(raw, id.bytes()));
        assertEquals(id, NcclUniqueId.fromHex(id.toHex()));
        var bytes = new ByteArrayOutputStream();
        try (var out = new ObjectOutputStream(bytes)) {
            out.writeObject(id);
        }
        try (var in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            NcclUniqueId back = (NcclUniqueId) in.readObject();
            assertEquals(id, back);
            assertArrayEquals(id.bytes(), back.bytes());
        }
    }

    @Test
    void malformedIdsAreRefusedNamingWhatWasGiven() {
        var e = assertThrows(NdException.class, () -> NcclUniqueId.of(new byte[127]));
        assertTrue(e.getMessage().contains("expected 128 bytes, got 127"), e.getMessage());
        assertThrows(NdException.class, () -> NcclUniqueId.of(null));
        assertThrows(NdException.class, () -> NcclUniqueId.fromHex("zz".repeat(128)));
        assertThrows(NdException.class, () -> NcclUniqueId.fromHex("00"));
    }

    @Test
    void reductionsMapOnlyWhatNcclComputesRightly() {
        assertEquals(new NcclTypes(NcclTypes.FLOAT32, 1), NcclTypes.forReduction("t", DType.FLOAT32, ReduceOp.PROD));
        assertEquals(new NcclTypes(NcclTypes.INT64, 1), NcclTypes.forReduction("t", DType.INT64, ReduceOp.MIN));
        assertEquals(new NcclTypes(NcclTypes.FLOAT32, 2), NcclTypes.forReduction("t", DType.COMPLEX64, ReduceOp.SUM));
        assertEquals(new NcclTypes(NcclTypes.FLOAT64, 2), NcclTypes.forReduction("t", DType.COMPLEX128, ReduceOp.AVG));
        assertEquals(new NcclTypes(NcclTypes.UINT8, 1), NcclTypes.forReduction("t", DType.BOOL, ReduceOp.MAX));
        for (ReduceOp op : new ReduceOp[] {ReduceOp.PROD, ReduceOp.MAX, ReduceOp.MIN}) {
            var e = assertThrows(DTypeException.class, () -> NcclTypes.forReduction("allReduce", DType.COMPLEX64, op));
            assertTrue(e.getMessage().startsWith("allReduce: NCCL cannot reduce complex64 by " + op), e.getMessage());
        }
        assertThrows(DTypeException.class, () -> NcclTypes.forReduction("t", DType.BOOL, ReduceOp.SUM));
        assertThrows(DTypeException.class, () -> NcclTypes.forReduction("t", DType.INT16, ReduceOp.SUM));
        // copies move any dtype: as itself where NCCL has it, else as bytes
        assertEquals(new NcclTypes(NcclTypes.UINT8, 2), NcclTypes.forCopy(DType.INT16));
        assertEquals(new NcclTypes(NcclTypes.UINT8, 16), NcclTypes.forCopy(DType.COMPLEX128));
        assertEquals(new NcclTypes(NcclTypes.FLOAT64, 1), NcclTypes.forCopy(DType.FLOAT64));
    }

    @Test
    void withoutNcclEveryCallSaysWhyAndProblemsListItWhereThereIsACudaDevice() {
        assumeFalse(Nccl.available(), "NCCL is installed here: NcclGpuTest covers it");
        assertNotNull(Nccl.problem());
        assertTrue(Nccl.problem().contains("libnccl.so.2"), Nccl.problem());
        var e = assertThrows(DeviceException.class, () -> Nccl.group(() -> {}));
        assertTrue(
                e.getMessage().startsWith("Nccl.group: NCCL is not available: nccl: libnccl.so.2 not found"),
                e.getMessage());
        assertThrows(DeviceException.class, Nccl::uniqueId);
        assertThrows(DeviceException.class, Nccl::version);
        boolean cuda = Device.list().stream().anyMatch(d -> d.backend().dialect() == Dialect.CUDA);
        assertEquals(
                cuda,
                Device.problems().stream().anyMatch(p -> p.startsWith("nccl: libnccl.so.2 not found")),
                Device.problems().toString());
    }

    @Test
    void aLibraryFileThatDoesNotLoadIsAnErrorNamingTheSetting() throws Exception {
        var missing = assertThrows(NdException.class, () -> NcclLibrary.open(Path.of("/no/such/dir/libnccl.so.2")));
        assertTrue(
                missing.getMessage()
                        .startsWith("ndgpu.nccl.library: expected the path of a libnccl file, got "
                                + "'/no/such/dir/libnccl.so.2': /no/such/dir/libnccl.so.2: no such file"),
                missing.getMessage());
        Path notALibrary = Files.createTempFile("libnccl", ".so.2");
        try {
            Files.writeString(notALibrary, "not a shared library");
            var bad = assertThrows(NdException.class, () -> NcclLibrary.open(notALibrary));
            assertTrue(
                    bad.getMessage()
                            .startsWith("ndgpu.nccl.library: expected the path of a libnccl file, got '" + notALibrary
                                    + "': " + notALibrary + ": "),
                    bad.getMessage());
        } finally {
            Files.delete(notALibrary);
        }
        String before = System.getProperty("ndgpu.nccl.library");
        try {
            System.setProperty("ndgpu.nccl.library", "/opt/nccl/libnccl.so.2");
            assertEquals(Path.of("/opt/nccl/libnccl.so.2"), LibraryPaths.ncclLibrary());
            System.setProperty("ndgpu.nccl.library", "bad\0path");
            var e = assertThrows(NdException.class, LibraryPaths::ncclLibrary);
            assertTrue(
                    e.getMessage().startsWith("ndgpu.nccl.library: expected the path of a libnccl file ("),
                    e.getMessage());
        } finally {
            if (before == null) System.clearProperty("ndgpu.nccl.library");
            else System.setProperty("ndgpu.nccl.library", before);
        }
    }

    @Test
    void badDeviceListsAreRefusedBeforeNcclIsAsked() {
        var e = assertThrows(NdException.class, () -> Nccl.initAll(List.of()));
        assertTrue(e.getMessage().contains("expected at least one device"), e.getMessage());
        assertThrows(NullPointerException.class, () -> Nccl.initAll(null));
        var withNull = new java.util.ArrayList<Device>();
        withNull.add(null);
        assertThrows(NdException.class, () -> Nccl.initAll(withNull));
        Device.list().stream()
                .filter(d -> d.backend().dialect() != Dialect.CUDA)
                .findFirst()
                .ifPresent(cl -> {
                    var ex = assertThrows(DeviceException.class, () -> Nccl.initAll(List.of(cl)));
                    assertTrue(
                            ex.getMessage()
                                    .contains("expected a CUDA device for devices[0] (NCCL runs on CUDA only), got "
                                            + cl.id()),
                            ex.getMessage());
                    assertThrows(DeviceException.class, () -> Nccl.init(NcclUniqueId.of(new byte[128]), 0, 1, cl));
                });
        assertThrows(NdException.class, () -> Nccl.init(NcclUniqueId.of(new byte[128]), 2, 2, Device.current()));
        assertThrows(NdException.class, () -> Nccl.init(NcclUniqueId.of(new byte[128]), 0, 0, Device.current()));
    }
}
