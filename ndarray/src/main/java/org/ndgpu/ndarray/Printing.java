package org.ndgpu.ndarray;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import org.ndgpu.io.HostArray;

/** Bridges an NDArray to the host-side formatter, ArrayPrinter. */
final class Printing {
    private Printing() { }

    static HostArray host(NDArray a) {
        MemorySegment bytes = a.toBytes();
        return new HostArray(a.dtype(), a.shape(), false, ByteBuffer.wrap(bytes.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
    }

    static String repr(NDArray a) { return ArrayPrinter.repr(host(a)); }

    static String str(NDArray a) { return ArrayPrinter.str(host(a)); }
}
