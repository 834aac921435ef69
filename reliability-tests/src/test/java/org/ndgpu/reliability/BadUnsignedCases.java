package org.ndgpu.reliability;

import static org.ndgpu.reliability.BadInputCases.f32;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.reduction.ReductionKernel;

/**
 * The bad calls of the unsigned dtypes (uint16, uint32, uint64), in the catalogue's form: Java
 * integers out of an unsigned dtype's range beside its arrays (NEP 50: NumPy raises OverflowError),
 * in creation and assignment, floats that an unsigned dtype cannot hold, casts that same_kind
 * forbids, and kernels whose declared unsigned types the arguments do not match. Each names its
 * operation; the catalogue checks that no bystander array changed.
 */
final class BadUnsignedCases {
    private BadUnsignedCases() {}

    private static void c(
            List<BadInputCases.Case> all,
            String name,
            Class<? extends NdException> type,
            Runnable action,
            String... fragments) {
        all.add(new BadInputCases.Case(name, type, (Consumer<Path>) dir -> action.run(), List.of(fragments)));
    }

    private static String rawUint() {
        return Device.current().backend().dialect() == Dialect.CUDA
                ? "extern \"C\" __global__ void rel_u32_twice(unsigned int* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; "
                        + "if (i < n) x[i] *= 2; }"
                : "__kernel void rel_u32_twice(__global uint* x, int n) { int i = get_global_id(0); if (i < n) x[i] *= 2; }";
    }

    static void addTo(List<BadInputCases.Case> all) {
        // ---- Java integers beside unsigned arrays (NEP 50 weak scalars)
        c(
                all,
                "uint16 + 70000",
                DTypeException.class,
                () -> Nd.ones(DType.UINT16, 3).add(70000),
                "add",
                "70000",
                "uint16");
        c(
                all,
                "uint32 + (-1)",
                DTypeException.class,
                () -> Nd.ones(DType.UINT32, 3).add(-1),
                "add",
                "-1",
                "uint32");
        c(
                all,
                "uint32 + 2^32",
                DTypeException.class,
                () -> Nd.ones(DType.UINT32, 3).add(1L << 32),
                "add",
                "4294967296",
                "uint32");
        c(
                all,
                "uint64 - (-1)",
                DTypeException.class,
                () -> Nd.ones(DType.UINT64, 3).sub(-1),
                "subtract",
                "-1",
                "uint64");
        c(
                all,
                "uint64 * Long.MIN_VALUE",
                DTypeException.class,
                () -> Nd.ones(DType.UINT64, 3).mul(Long.MIN_VALUE),
                "multiply",
                "-9223372036854775808",
                "uint64");
        c(
                all,
                "maximum(uint32, -1)",
                DTypeException.class,
                () -> Nd.ones(DType.UINT32, 3).maximum(-1),
                "maximum",
                "-1",
                "uint32");
        c(
                all,
                "uint64 << -1",
                DTypeException.class,
                () -> Nd.ones(DType.UINT64, 3).leftShift(-1),
                "left_shift",
                "-1",
                "uint64");
        c(
                all,
                "where(c, uint16, 70000) into a uint16 out",
                DTypeException.class,
                () -> Nd.where(Nd.ones(DType.BOOL, 3), Nd.ones(DType.UINT16, 3), 70000, Nd.zeros(DType.UINT16, 3)),
                "where",
                "70000",
                "uint16");
        // ---- creation and assignment
        c(all, "full(-1, UINT64)", DTypeException.class, () -> Nd.full(-1, DType.UINT64, 3), "full", "-1", "uint64");
        c(
                all,
                "full(65536, UINT16)",
                DTypeException.class,
                () -> Nd.full(65536, DType.UINT16, 3),
                "full",
                "65536",
                "uint16");
        c(
                all,
                "full(2^32, UINT32)",
                DTypeException.class,
                () -> Nd.full(1L << 32, DType.UINT32, 3),
                "full",
                "4294967296",
                "uint32");
        c(
                all,
                "fill(70000.0) into uint16",
                DTypeException.class,
                () -> Nd.zeros(DType.UINT16, 3).fill(70000.0),
                "fill",
                "70000",
                "uint16");
        c(
                all,
                "fill(-1.0) into uint32",
                DTypeException.class,
                () -> Nd.zeros(DType.UINT32, 3).fill(-1.0),
                "fill",
                "-1.0",
                "uint32");
        c(
                all,
                "fill(NaN) into uint32",
                DTypeException.class,
                () -> Nd.zeros(DType.UINT32, 3).fill(Double.NaN),
                "fill",
                "NaN",
                "uint32");
        c(
                all,
                "fill(2^64) into uint64",
                DTypeException.class,
                () -> Nd.zeros(DType.UINT64, 3).fill(0x1p64),
                "fill",
                "uint64");
        c(
                all,
                "fill(-1) into uint64",
                DTypeException.class,
                () -> Nd.zeros(DType.UINT64, 3).fill(-1),
                "fill",
                "-1",
                "uint64");
        c(
                all,
                "set 65536 into uint16",
                DTypeException.class,
                () -> Nd.zeros(DType.UINT16, 3).set("1", 65536),
                "set",
                "65536",
                "uint16");
        c(
                all,
                "set -1 into uint64 by index list",
                DTypeException.class,
                () -> Nd.zeros(DType.UINT64, 3).set("[0, 2]", -1),
                "set",
                "-1",
                "uint64");
        c(
                all,
                "set -1 into uint32 by mask",
                DTypeException.class,
                () -> Nd.zeros(DType.UINT32, 3).set(Nd.ones(DType.BOOL, 3), -1),
                "set",
                "-1",
                "uint32");
        c(
                all,
                "arange(0, -5, -1) as uint32",
                DTypeException.class,
                () -> Nd.arange(0.0, -5.0, -1.0, DType.UINT32),
                "arange",
                "-1",
                "uint32");
        c(
                all,
                "arange(300, 301) as uint8",
                DTypeException.class,
                () -> Nd.arange(300.0, 301.0, 1.0, DType.UINT8),
                "arange",
                "300",
                "uint8");
        // ---- casting rules
        c(
                all,
                "uint32 + 1.5 into a uint32 out",
                DTypeException.class,
                () -> Nd.add(Nd.ones(DType.UINT32, 3), 1.5, Nd.zeros(DType.UINT32, 3)),
                "add",
                "float64",
                "uint32",
                "same_kind");
        c(
                all,
                "copyto uint16 from float32",
                DTypeException.class,
                () -> Nd.copyto(Nd.zeros(DType.UINT16, 3), f32(3)),
                "copyto",
                "float32",
                "uint16",
                "same_kind");
        c(
                all,
                "uint64 + int64 into a uint64 out",
                DTypeException.class,
                () -> Nd.add(Nd.ones(DType.UINT64, 3), Nd.ones(DType.INT64, 3), Nd.zeros(DType.UINT64, 3)),
                "add",
                "float64",
                "uint64",
                "same_kind");
        c(
                all,
                "bitwise_and uint64 & int64",
                DTypeException.class,
                () -> Nd.ones(DType.UINT64, 3).bitwiseAnd(Nd.ones(DType.INT64, 3)),
                "bitwise_and",
                "uint64",
                "int64");
        c(all, "astype unknown 'u3'", DTypeException.class, () -> f32(3).astype("u3"), "astype", "u3");
        c(
                all,
                "viewAs uint16 of float32",
                DTypeException.class,
                () -> f32(3).viewAs(DType.UINT16),
                "view",
                "float32",
                "uint16");
        // ---- kernels with unsigned types
        c(
                all,
                "ElementwiseKernel uint32 out given int32",
                DTypeException.class,
                () -> new ElementwiseKernel("uint32 x", "uint32 z", "z = x", "rel_u32_copy")
                        .call(Nd.ones(DType.UINT32, 3), Nd.zeros(DType.INT32, 3)),
                "rel_u32_copy",
                "'z'",
                "uint32",
                "int32");
        c(
                all,
                "ElementwiseKernel uint32 parameter -1",
                DTypeException.class,
                () -> new ElementwiseKernel("uint32 x, uint32 s", "uint32 z", "z = x + s", "rel_u32_add")
                        .call(Nd.ones(DType.UINT32, 3), -1),
                "rel_u32_add",
                "'s'",
                "-1",
                "uint32");
        c(
                all,
                "ReductionKernel identity -1 for uint32",
                DTypeException.class,
                () -> new ReductionKernel("T x", "T y", "x", "a + b", "y = a", "-1", "rel_u32_sum")
                        .call(Nd.ones(DType.UINT32, 4)),
                "rel_u32_sum",
                "identity",
                "-1",
                "uint32");
        c(
                all,
                "RawKernel uint* given uint64",
                DTypeException.class,
                () -> new RawKernel(rawUint(), "rel_u32_twice")
                        .launch(new long[] {1}, new long[] {4}, Nd.ones(DType.UINT64, 4), 4),
                "rel_u32_twice",
                "uint32",
                "uint64");
    }
}
