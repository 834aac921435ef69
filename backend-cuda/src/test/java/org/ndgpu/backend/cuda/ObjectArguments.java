package org.ndgpu.backend.cuda;

import org.ndgpu.backend.Backend;
import org.ndgpu.backend.BackendBuffer;
import org.ndgpu.backend.KernelArguments;
import org.ndgpu.exceptions.KernelLaunchException;

/**
 * Launch arguments given as Objects, typed as the backend contract takes them: the backend's own
 * tests launch without the launch-argument builder, which lives above the backends (module
 * kernels-elementwise's {@code LaunchArgs}) and refuses a value the same way.
 */
final class ObjectArguments implements KernelArguments {
    private final Kind[] kinds;
    private final long[] bits;
    private final BackendBuffer[] buffers;

    private ObjectArguments(Object... values) {
        int n = values.length;
        kinds = new Kind[n];
        bits = new long[n];
        buffers = new BackendBuffer[n];
        for (int i = 0; i < n; i++) {
            Object v = values[i];
            switch (v) {
                case BackendBuffer b -> {
                    kinds[i] = Kind.BUFFER;
                    buffers[i] = b;
                }
                case Integer x -> set(i, Kind.I32, x & 0xFFFF_FFFFL);
                case Long x -> set(i, Kind.I64, x);
                case Float x -> set(i, Kind.F32, Float.floatToRawIntBits(x) & 0xFFFF_FFFFL);
                case Double x -> set(i, Kind.F64, Double.doubleToRawLongBits(x));
                case Short x -> set(i, Kind.I16, x & 0xFFFFL);
                case Byte x -> set(i, Kind.I8, x & 0xFFL);
                case Boolean x -> set(i, Kind.BOOL, x ? 1 : 0);
                case Backend.LocalMemory m -> set(i, Kind.LOCAL, m.bytes());
                case null -> throw new KernelLaunchException("launch: argument " + i + " is null");
                default ->
                    throw new KernelLaunchException(
                            "launch: argument " + i + " is a " + v.getClass().getName());
            }
        }
    }

    /** The arguments {@code values}, in order. */
    static KernelArguments of(Object... values) {
        return new ObjectArguments(values);
    }

    private void set(int i, Kind kind, long value) {
        kinds[i] = kind;
        bits[i] = value;
    }

    @Override
    public int size() {
        return kinds.length;
    }

    @Override
    public Kind kind(int i) {
        return kinds[i];
    }

    @Override
    public long bits(int i) {
        return bits[i];
    }

    @Override
    public BackendBuffer buffer(int i) {
        return buffers[i];
    }
}
