package org.ndgpu.fft.impl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ndgpu.Nd;
import org.ndgpu.fft.Fft;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * The numpy.fft fixtures (src/test/python/make_fft_fixtures.py), read as class-path resources so
 * that they work from the packed test jars on the GPU host, and the comparison the suites share.
 */
final class FftFixtures {
    private FftFixtures() {}

    private static final String DIR = "/fixtures/fft/";

    /** One manifest line. */
    record Case(
            String name,
            String func,
            DType inDtype,
            long[] inShape,
            String view,
            Map<String, String> args,
            DType outDtype,
            long[] outShape) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (String line : new String(bytes("manifest.tsv"), StandardCharsets.UTF_8).split("\n")) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] f = line.split("\t", -1);
            Map<String, String> args = new HashMap<>();
            if (!f[5].equals("-")) {
                for (String kv : f[5].split(";"))
                    args.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
            }
            out.add(new Case(f[0], f[1], DType.of(f[2]), shape(f[3]), f[4], args, DType.of(f[6]), shape(f[7])));
        }
        return out;
    }

    private static long[] shape(String s) {
        return s.equals("-")
                ? new long[0]
                : Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray();
    }

    static byte[] bytes(String file) {
        try (InputStream in = FftFixtures.class.getResourceAsStream(DIR + file)) {
            if (in == null) throw new IllegalStateException("missing fixture " + file);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The case's input, on the current device, with its view applied. */
    static NDArray input(Case c) {
        byte[] b = bytes(c.name() + "_in.bin");
        MemorySegment seg = Arena.ofAuto().allocate(Math.max(1, b.length), 16).asSlice(0, b.length);
        seg.copyFrom(MemorySegment.ofArray(b));
        NDArray a = Nd.array(seg, c.inDtype(), c.inShape());
        return switch (c.view()) {
            case "none" -> a;
            case "T" -> a.T();
            case "step2" -> a.get("..., ::2");
            case "rev0" -> a.get("::-1");
            default -> throw new IllegalArgumentException(c.view());
        };
    }

    /** The expected values, interleaved re/im for a complex result. */
    static double[] expected(Case c) {
        byte[] b = bytes(c.name() + "_out.bin");
        return MemorySegment.ofArray(b).toArray(ValueLayout.JAVA_DOUBLE_UNALIGNED);
    }

    /** Runs the case's function through the public API. */
    static NDArray run(Fft fft, Case c, NDArray x) {
        Map<String, String> a = c.args();
        Long n = a.containsKey("n") ? Long.valueOf(a.get("n")) : null;
        int axis = a.containsKey("axis") ? Integer.parseInt(a.get("axis")) : -1;
        String norm = a.get("norm");
        long[] s = a.containsKey("s")
                ? Arrays.stream(a.get("s").split(","))
                        .mapToLong(Long::parseLong)
                        .toArray()
                : null;
        int[] axes = a.containsKey("axes")
                ? Arrays.stream(a.get("axes").split(","))
                        .mapToInt(Integer::parseInt)
                        .toArray()
                : null;
        boolean plain = s == null && axes == null && norm == null;
        return switch (c.func()) {
            case "fft" -> fft.fft(x, n, axis, norm);
            case "ifft" -> fft.ifft(x, n, axis, norm);
            case "rfft" -> fft.rfft(x, n, axis, norm);
            case "irfft" -> fft.irfft(x, n, axis, norm);
            case "hfft" -> fft.hfft(x, n, axis, norm);
            case "ihfft" -> fft.ihfft(x, n, axis, norm);
            case "fftn" -> fft.fftn(x, s, axes, norm);
            case "ifftn" -> fft.ifftn(x, s, axes, norm);
            case "rfftn" -> fft.rfftn(x, s, axes, norm);
            case "irfftn" -> fft.irfftn(x, s, axes, norm);
            case "fft2" -> plain ? fft.fft2(x) : fft.fft2(x, s, axes == null ? new int[] {-2, -1} : axes, norm);
            case "ifft2" -> plain ? fft.ifft2(x) : fft.ifft2(x, s, axes == null ? new int[] {-2, -1} : axes, norm);
            case "rfft2" -> plain ? fft.rfft2(x) : fft.rfft2(x, s, axes == null ? new int[] {-2, -1} : axes, norm);
            case "irfft2" -> plain ? fft.irfft2(x) : fft.irfft2(x, s, axes == null ? new int[] {-2, -1} : axes, norm);
            case "fftshift" -> axes == null ? fft.fftshift(x) : fft.fftshift(x, axes);
            case "ifftshift" -> axes == null ? fft.ifftshift(x) : fft.ifftshift(x, axes);
            default -> throw new IllegalArgumentException(c.func());
        };
    }

    /** The result's values as doubles (re/im interleaved when complex), C order. */
    static double[] values(NDArray r) {
        try (NDArray wide = r.astype(r.dtype().isComplex() ? DType.COMPLEX128 : DType.FLOAT64)) {
            return wide.toBytes().toArray(ValueLayout.JAVA_DOUBLE);
        }
    }

    /** max |got - expected| / max |expected| (or the absolute error when expected is all zeros). */
    static double relativeError(double[] got, double[] expected) {
        if (got.length != expected.length)
            throw new AssertionError("lengths " + got.length + " and " + expected.length);
        double err = 0, scale = 0;
        for (int i = 0; i < got.length; i++) {
            double d = Math.abs(got[i] - expected[i]);
            if (Double.isNaN(got[i])) d = Double.POSITIVE_INFINITY;
            err = Math.max(err, d);
            scale = Math.max(scale, Math.abs(expected[i]));
        }
        return scale == 0 ? err : err / scale;
    }

    /** What an FFT of n points may be off by, relative to the largest value: machine epsilon times log2(n), with room. */
    static double tolerance(DType result, double n) {
        double eps = result == DType.COMPLEX64 || result == DType.FLOAT32 ? 0x1p-24 : 0x1p-53;
        return 16 * eps * (Math.log(Math.max(2, n)) / Math.log(2) + 2);
    }
}
