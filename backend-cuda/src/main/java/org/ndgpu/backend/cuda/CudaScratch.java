package org.ndgpu.backend.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import org.ndgpu.backend.KernelArguments;

/**
 * One thread's native memory for driver calls of a {@link CudaBackend}, reused call after call so that
 * a launch allocates nothing: the kernel argument block (an 8-byte slot per argument and the array of
 * pointers to those slots that cuLaunchKernel reads), a 16-byte out-parameter for calls such as
 * cuMemAlloc and cuEventCreate, and the context the thread last made current.
 */
final class CudaScratch {
    final Arena arena = Arena.ofAuto();
    MemorySegment values;
    /**
     * The slots' bits, written here and copied to {@link #values} in one call: until the JIT has
     * compiled the launch path, a {@code MemorySegment.set} per slot runs the interpreter through
     * the whole VarHandle access path, which costs more than the rest of the launch.
     */
    long[] staged;

    MemorySegment pointers;
    int capacity;
    final MemorySegment out = arena.allocate(16, 8);
    /**
     * The context this thread last made current through any {@link CudaBackend}: a launch in it skips
     * cuCtxSetCurrent (see {@code CudaBackend.enterLaunch}).
     */
    MemorySegment current;

    private static final boolean BIG_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;

    CudaScratch() {
        grow(32);
    }

    void grow(int n) {
        staged = new long[n];
        values = arena.allocate(8L * n, 8);
        pointers = arena.allocate(ADDRESS, n);
        for (int i = 0; i < n; i++) pointers.setAtIndex(ADDRESS, i, values.asSlice(8L * i, 8));
        capacity = n;
    }

    /**
     * Writes {@code args} into the argument block, each checked against the kernel's parameter sizes
     * where the driver reports them, and returns the dynamic shared memory bytes that
     * {@link KernelArguments.Kind#LOCAL} arguments ask for (they take no parameter slot).
     */
    long pack(CudaBackend owner, String id, CudaKernel k, KernelArguments args) {
        int count = args.size();
        if (count > capacity) grow(Math.max(count, 2 * capacity));
        long[] slots = staged;
        int[] expected = k.paramSizes;
        long shared = 0;
        int n = 0;
        for (int i = 0; i < count; i++) {
            KernelArguments.Kind kind = args.kind(i);
            long bits;
            int size = kind.bytes();
            if (kind == KernelArguments.Kind.BUFFER) {
                if (!(args.buffer(i) instanceof CudaBuffer b)) throw CudaLaunchErrors.badType(id, k, i, args.buffer(i));
                if (b.owner != owner || b.freed) throw CudaLaunchErrors.badBuffer(id, k, i, b);
                bits = b.pointer;
            } else if (kind == KernelArguments.Kind.LOCAL) {
                shared += args.bits(i);
                continue;
            } else {
                bits = args.bits(i); // the value's low `size` bytes, the rest zero
            }
            if (expected != null && (n >= expected.length || expected[n] != size))
                throw CudaLaunchErrors.badArgument(id, k, kind, i, n, size);
            // the driver reads a parameter of `size` bytes from the start of its slot
            slots[n++] = BIG_ENDIAN ? bits << (64 - 8 * size) : bits;
        }
        if (expected != null && n != expected.length) throw CudaLaunchErrors.badCount(id, k, n);
        MemorySegment.copy(slots, 0, values, JAVA_LONG, 0, n);
        return shared;
    }
}
