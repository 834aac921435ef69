package org.ndgpu.random.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.random.Random;
import org.ndgpu.testing.Backends;

/**
 * One seed, the same numbers: every Generator method, uniform and normal twice on one device and
 * once on a second (two PoCL devices, {@code POCL_DEVICES="pthread pthread"} as this module's
 * surefire sets), compared bit for bit; a later call and another seed give other numbers. Skipped,
 * saying why, without two OpenCL CPU devices. On a GPU host (tag gpu), uniform on every backend.
 */
public class GeneratorDevicesTest {
    private static final List<Function<Random, NDArray>> CALLS = List.of(
            r -> r.integers(-1000, 1000, DType.INT32, 5000),
            r -> r.integers(Long.MIN_VALUE, Long.MAX_VALUE, true, DType.INT64, 3000),
            r -> r.standardNormal(DType.FLOAT32, 3000),
            r -> r.exponential(2, 3000),
            r -> r.gamma(0.4, 2, 3000),
            r -> r.gamma(7, 1, DType.FLOAT32, 3000),
            r -> r.beta(0.5, 0.5, 3000),
            r -> r.beta(3, 4, 3000),
            r -> r.poisson(3.5, 3000),
            r -> r.poisson(250, 3000),
            r -> r.binomial(20, 0.2, 3000),
            r -> r.binomial(5000, 0.7, 3000),
            r -> r.multinomial(30, new double[] {0.2, 0.3, 0.5}, 1000),
            r -> r.choice(100, new long[] {50}, false, null),
            r -> r.choice(5, new long[] {300}, true, new double[] {0.1, 0.2, 0.3, 0.2, 0.2}),
            r -> r.permutation(4000),
            // the radix sort's long rows, a bijection sample, whole rows gathered, a shuffle in place
            r -> r.permutation(70_001),
            r -> r.choice(1_000_003, new long[] {3000}, false, null),
            r -> {
                try (NDArray a = Nd.arange(0.0, 6000.0, 1.0).reshape(2000, 3)) {
                    return r.permutation(a);
                }
            },
            r -> {
                NDArray a = Nd.arange(0L, 5000L, 1L);
                r.shuffle(a);
                return a;
            },
            r -> r.lognormal(1, 0.5, 3000),
            r -> r.chisquare(3, 3000),
            r -> r.laplace(0, 2, 3000),
            // the per-block kernels at lengths that end inside a block, and weighted choice's keys
            r -> r.standardNormal(DType.FLOAT64, 3001),
            r -> r.exponential(2, DType.FLOAT32, 3003),
            r -> r.laplace(0, 2, DType.FLOAT32, 3002),
            r -> r.lognormal(1, 0.5, DType.FLOAT32, 3001),
            r -> r.choice(
                    10, new long[] {7}, false, new double[] {0.05, 0.1, 0.15, 0.2, 0.1, 0.1, 0.1, 0.05, 0.1, 0.05}),
            // the later Generator methods, per element
            r -> r.standardT(3, 3000),
            r -> r.vonmises(0.5, 2, DType.FLOAT32, 3000),
            r -> r.noncentralF(4, 9, 1.5, 3000),
            r -> r.triangular(-1, 0, 2, 3000),
            r -> r.zipf(2, 3000),
            r -> r.negativeBinomial(4.5, 0.35, 3000),
            r -> r.hypergeometric(300, 500, 150, 3000),
            r -> r.hypergeometric(7, 12, 6, 3000),
            r -> r.multivariateHypergeometric(new long[] {300, 500, 200}, 150, 500),
            r -> r.dirichlet(new double[] {0.5, 2, 3}, 500),
            r -> r.multivariateNormal(new double[] {1, 2}, new double[][] {{2, 0.5}, {0.5, 1}}, 500),
            // Random's own uniform and normal
            r -> r.uniform(-1, 1, DType.FLOAT32, 3001),
            r -> r.uniform(0, 5, DType.FLOAT64, 3001),
            r -> r.uniform(0, 5, DType.FLOAT16, 3001),
            r -> r.normal(2, 3, DType.FLOAT32, 3001),
            r -> r.normal(2, 3, DType.FLOAT64, 3001));

    private static List<double[]> drawAll(Device d, long seed) {
        try (var _ = d.use()) {
            Random r = Nd.random().seed(seed);
            List<double[]> out = new ArrayList<>();
            for (var c : CALLS) {
                try (NDArray a = c.apply(r)) {
                    out.add(a.toDoubleArray());
                }
            }
            return out;
        }
    }

    @Test
    void oneSeedTheSameNumbersOnEveryDevice() {
        List<Device> cpus = Device.list().stream()
                .filter(d -> d.backendName().equals("opencl") && !d.isGpu())
                .toList();
        assumeTrue(cpus.size() >= 2, "needs two OpenCL CPU devices (POCL_DEVICES=\"pthread pthread\"); found " + cpus);
        List<double[]> a = drawAll(cpus.get(0), 77),
                again = drawAll(cpus.get(0), 77),
                b = drawAll(cpus.get(1), 77),
                other = drawAll(cpus.get(1), 78);
        for (int k = 0; k < CALLS.size(); k++) {
            assertArrayEquals(a.get(k), again.get(k), "call " + k + ": the same seed twice on one device");
            assertArrayEquals(a.get(k), b.get(k), "call " + k + ": the same seed on two devices");
            assertFalse(Arrays.equals(a.get(k), other.get(k)), "call " + k + ": another seed, other numbers");
        }
        try (var _ = cpus.get(0).use()) {
            Random r = Nd.random().seed(77);
            try (NDArray first = r.integers(-1000, 1000, DType.INT32, 5000);
                    NDArray next = r.integers(-1000, 1000, DType.INT32, 5000)) {
                assertFalse(
                        Arrays.equals(first.toDoubleArray(), next.toDoubleArray()),
                        "a later call continues the stream");
            }
        }
    }

    @Test
    void anArrayOnAnotherDeviceIsPermutedWhereItLives() {
        List<Device> cpus = Device.list().stream()
                .filter(d -> d.backendName().equals("opencl") && !d.isGpu())
                .toList();
        assumeTrue(cpus.size() >= 2, "needs two OpenCL CPU devices (POCL_DEVICES=\"pthread pthread\"); found " + cpus);
        NDArray a;
        try (var _ = cpus.get(1).use()) {
            a = Nd.arange(0L, 3000L, 1L).reshape(1000, 3);
        }
        try (var _ = cpus.get(0).use();
                a;
                NDArray p = Nd.random().seed(3).permutation(a)) {
            assertEquals(cpus.get(1), p.device(), "the result lives with a");
            Nd.random().seed(4).shuffle(a);
            for (NDArray x : new NDArray[] {a, p}) {
                long[] v = x.toLongArray();
                long[] firsts = new long[1000];
                for (int i = 0; i < 1000; i++) {
                    assertEquals(v[3 * i] + 1, v[3 * i + 1], "rows move whole");
                    firsts[i] = v[3 * i];
                }
                Arrays.sort(firsts);
                for (int i = 0; i < 1000; i++) assertEquals(3L * i, firsts[i], "every row once");
            }
        }
    }

    @Test
    @Tag("gpu")
    void samplingIsTheSameOnEveryBackend() {
        // a permutation is the stable argsort of integer keys, and a bijection sample is integer arithmetic: the same
        // numbers whichever sort (onesweep on the GPUs, 4-bit radix on PoCL) and device
        List<Function<Random, NDArray>> calls = List.of(
                r -> r.seed(5).permutation((1 << 20) + 3),
                r -> r.seed(6).choice(1L << 40, new long[] {1 << 16}, false, null),
                r -> r.seed(7).choice((1 << 24) + 5, new long[] {1 << 20}, false, null),
                r -> {
                    try (NDArray a = Nd.arange(0.0, 3.0 * 4099, 1.0).reshape(4099, 3)) {
                        return r.seed(8).permutation(a);
                    }
                },
                r -> {
                    NDArray a = Nd.arange(0L, 100_000L, 1L);
                    r.seed(9).shuffle(a);
                    return a;
                });
        for (var call : calls) {
            double[] first = null;
            for (Device d : new Device[] {Backends.cuda(), Backends.openclGpu(), Backends.openclCpu()}) {
                try (var _ = d.use();
                        NDArray a = call.apply(Nd.random())) {
                    double[] got = a.toDoubleArray();
                    if (first == null) first = got;
                    else assertArrayEquals(first, got, "differs on " + d);
                }
            }
            if (call == calls.get(0) || call == calls.get(4)) { // arange permuted: every value once
                double[] sorted = first.clone();
                Arrays.sort(sorted);
                for (int i = 0; i < sorted.length; i++) assertEquals(i, sorted[i], 0, "a permutation");
            }
        }
    }

    @Test
    @Tag("gpu")
    void uniformIsTheSameOnEveryBackend() {
        // uniform is integer arithmetic to the last multiply, so CUDA, NVIDIA's OpenCL and PoCL agree bit for bit
        List<Function<Random, NDArray>> calls = List.of(
                r -> r.seed(1234).uniform(-1, 1, DType.FLOAT32, 1001),
                r -> r.seed(99).uniform(0, 5, DType.FLOAT64, 777));
        for (var call : calls) {
            double[] first = null;
            for (Device d : new Device[] {Backends.cuda(), Backends.openclGpu(), Backends.openclCpu()}) {
                try (var _ = d.use();
                        NDArray a = call.apply(Nd.random())) {
                    double[] got = a.toDoubleArray();
                    if (first == null) first = got;
                    else assertArrayEquals(first, got, "differs on " + d);
                }
            }
        }
    }
}
