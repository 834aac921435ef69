package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.ndgpu.backend.Backend;

/**
 * One thread's native memory for driver calls of a {@link CudaBackend}, reused call after call so that
 * a launch allocates nothing: the kernel argument block (an 8-byte slot per argument and the array of
 * pointers to those slots that cuLaunchKernel reads) and a 16-byte out-parameter for calls such as
 * cuMemAlloc and cuEventCreate.
 */
final class CudaScratch {
    final Arena arena = Arena.ofAuto();
    MemorySegment values;
    MemorySegment pointers;
    int capacity;
    final MemorySegment out = arena.allocate(16, 8);

    CudaScratch() { grow(32); }

    void grow(int n) {
        values = arena.allocate(8L * n, 8);
        pointers = arena.allocate(ADDRESS, n);
        for (int i = 0; i < n; i++) pointers.setAtIndex(ADDRESS, i, values.asSlice(8L * i, 8));
        capacity = n;
    }

    /**
     * Writes {@code args} into the argument block, each checked against the kernel's parameter sizes
     * where the driver reports them, and returns the dynamic shared memory bytes that
     * {@link Backend.LocalMemory} arguments ask for (they take no parameter slot).
     */
    long pack(CudaBackend owner, String id, CudaKernel k, Object[] args) {
        if (args.length > capacity) grow(Math.max(args.length, 2 * capacity));
        MemorySegment slots = values;
        int[] expected = k.paramSizes;
        long shared = 0;
        int n = 0;
        for (int i = 0; i < args.length; i++) {
            Object arg = args[i];
            long at = 8L * n;
            int size;
            if (arg instanceof CudaBuffer b) {
                if (b.owner != owner || b.freed) throw CudaLaunchErrors.badBuffer(id, k, i, b);
                slots.set(JAVA_LONG, at, b.pointer);
                size = 8;
            } else if (arg instanceof Integer v) {
                slots.set(JAVA_INT, at, v);
                size = 4;
            } else if (arg instanceof Long v) {
                slots.set(JAVA_LONG, at, v);
                size = 8;
            } else if (arg instanceof Float v) {
                slots.set(JAVA_FLOAT, at, v);
                size = 4;
            } else if (arg instanceof Double v) {
                slots.set(JAVA_DOUBLE, at, v);
                size = 8;
            } else if (arg instanceof Short v) {
                slots.set(JAVA_SHORT, at, v);
                size = 2;
            } else if (arg instanceof Byte v) {
                slots.set(JAVA_BYTE, at, v);
                size = 1;
            } else if (arg instanceof Boolean v) {
                slots.set(JAVA_BYTE, at, v ? (byte) 1 : (byte) 0);
                size = 1;
            } else if (arg instanceof Backend.LocalMemory m) {
                shared += m.bytes();
                continue;
            } else {
                throw CudaLaunchErrors.badType(id, k, i, arg);
            }
            if (expected != null && (n >= expected.length || expected[n] != size)) throw CudaLaunchErrors.badArgument(id, k, args, i, n, size);
            n++;
        }
        if (expected != null && n != expected.length) throw CudaLaunchErrors.badCount(id, k, n);
        return shared;
    }
}
