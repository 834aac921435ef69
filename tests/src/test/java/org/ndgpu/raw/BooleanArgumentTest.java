package org.ndgpu.raw;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.backend.Dialect;
import org.ndgpu.exceptions.KernelLaunchException;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * A Java Boolean is a kernel argument on every backend, the one byte 0 or 1 (OpenCL C has no bool
 * parameter, so both dialects take an unsigned char): the launch contract is the same everywhere.
 */
public class BooleanArgumentTest extends PerDeviceTest {
    static final String CL = """
            __kernel void pick(__global int* out, uchar flag, int n) {
                int i = get_global_id(0);
                if (i < n) out[i] = flag == 1 ? 7 * i : -3 - (int) flag;
            }
            """;
    static final String CU = """
            extern "C" __global__ void pick(int* out, unsigned char flag, int n) {
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < n) out[i] = flag == 1 ? 7 * i : -3 - (int) flag;
            }
            """;

    @Test
    void trueAndFalseArriveAsOneAndZero() {
        int n = 300;
        var k = new RawKernel(device().backend().dialect() == Dialect.CUDA ? CU : CL, "pick");
        // poisoned first: a launch that wrote nothing is not a pass
        NDArray out = Nd.full(Integer.MIN_VALUE, DType.INT32, n);
        int[] expectTrue = new int[n], expectFalse = new int[n];
        for (int i = 0; i < n; i++) expectTrue[i] = 7 * i;
        Arrays.fill(expectFalse, -3);
        k.launch(new long[] {(n + 127) / 128}, new long[] {128}, out, true, n);
        assertArrayEquals(expectTrue, out.toIntArray(), "flag true");
        // the same kernel again with false: OpenCL keeps the previous arguments, so the byte must be set anew
        k.launch(new long[] {(n + 127) / 128}, new long[] {128}, out, false, n);
        assertArrayEquals(expectFalse, out.toIntArray(), "flag false");
    }

    @Test
    void aBooleanForAWiderParameterIsRefusedBeforeTheLaunch() {
        int n = 8;
        var k = new RawKernel(device().backend().dialect() == Dialect.CUDA ? CU : CL, "pick");
        NDArray out = Nd.full(Integer.MIN_VALUE, DType.INT32, n);
        // n is an int parameter: one byte would leave three of its bytes unset
        KernelLaunchException e = assertThrows(
                KernelLaunchException.class, () -> k.launch(new long[] {1}, new long[] {8}, out, true, true));
        assertTrue(e.getMessage().contains("'pick'") && e.getMessage().contains("Boolean"), e.getMessage());
        int[] poison = new int[n];
        Arrays.fill(poison, Integer.MIN_VALUE);
        assertArrayEquals(poison, out.toIntArray(), "nothing ran");
    }
}
