package org.ndgpu.signal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Every case of make_signal_fixtures.py (SciPy 1.17's results) on every tested device: the
 * convolutions over their modes, methods and boundaries, choose_conv_method, get_window, and the
 * spectral estimates, on float64, float32 and int32 inputs of odd and even lengths, length 1
 * included. Float64 agrees to 1e-9 and float32 to 2e-5 relative to the value plus the scale of the
 * result (the FFT spreads its rounding over every output; SciPy's own FFT of a float32 input runs in
 * single precision even beside a float64 one); integers exactly; windows and frequencies to 1e-13.
 */
class SignalParityTest extends PerDeviceTest {

    /** One array of a fixture: dtype, shape, values (complex as re, im pairs). */
    record Arr(DType dtype, long[] shape, double[] values) {}

    record Case(String fn, Map<String, String> params, List<Arr> ins, List<Arr> outs) {
        @Override
        public String toString() {
            StringBuilder s = new StringBuilder(fn + " " + params);
            for (Arr a : ins) s.append(' ').append(a.dtype()).append(Arrays.toString(a.shape()));
            return s.toString();
        }
    }

    static List<Case> cases() {
        return cases("/fixtures/signal/signal.tsv.gz");
    }

    /** The cases of one fixture file of make_signal_fixtures.py's format. */
    static List<Case> cases(String resource) {
        var in = SignalParityTest.class.getResourceAsStream(resource);
        if (in == null) throw new IllegalStateException("missing " + resource);
        List<Case> cases = new ArrayList<>();
        try (var r = new BufferedReader(new InputStreamReader(new GZIPInputStream(in), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank()) continue;
                String[] f = line.split("\t", -1);
                Map<String, String> p = new HashMap<>();
                if (!f[1].isEmpty()) {
                    for (String kv : f[1].split(";")) {
                        int eq = kv.indexOf('=');
                        p.put(kv.substring(0, eq), kv.substring(eq + 1));
                    }
                }
                int k = 2;
                List<Arr> ins = new ArrayList<>(), outs = new ArrayList<>();
                int nin = Integer.parseInt(f[k++]);
                for (int i = 0; i < nin; i++, k += 3) ins.add(arr(f[k], f[k + 1], f[k + 2]));
                int nout = Integer.parseInt(f[k++]);
                for (int i = 0; i < nout; i++, k += 3) outs.add(arr(f[k], f[k + 1], f[k + 2]));
                cases.add(new Case(f[0], p, ins, outs));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    private static Arr arr(String dtype, String shape, String values) {
        return new Arr(DType.of(dtype), longs(shape), doubles(values));
    }

    static long[] longs(String s) {
        return s.isEmpty()
                ? new long[0]
                : Arrays.stream(s.split(",")).mapToLong(Long::parseLong).toArray();
    }

    static double[] doubles(String s) {
        return s.isEmpty()
                ? new double[0]
                : Arrays.stream(s.split("[ ,]"))
                        .mapToDouble(SignalParityTest::number)
                        .toArray();
    }

    // the fixtures' repr: Python's nan and inf too
    private static double number(String v) {
        return switch (v) {
            case "nan" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(v);
        };
    }

    private static Integer optInt(Map<String, String> p, String k) {
        String v = p.get(k);
        return v == null || v.equals("None") ? null : Integer.valueOf(v);
    }

    static NDArray device(Arr a) {
        return Nd.array(a.values()).reshape(a.shape()).astype(a.dtype());
    }

    static List<NDArray> run(Case c, List<NDArray> x) {
        Map<String, String> p = c.params();
        Signal s = Nd.signal();
        ConvMode mode =
                p.containsKey("mode") && !c.fn().startsWith("savgol") ? ConvMode.of(p.get("mode")) : ConvMode.FULL;
        return switch (c.fn()) {
            case "convolve" -> List.of(s.convolve(x.get(0), x.get(1), mode, ConvMethod.of(p.get("method"))));
            case "correlate" -> List.of(s.correlate(x.get(0), x.get(1), mode, ConvMethod.of(p.get("method"))));
            case "fftconvolve" ->
                List.of(
                        p.containsKey("axes")
                                ? s.fftconvolve(x.get(0), x.get(1), mode, ints(p.get("axes")))
                                : mode == ConvMode.FULL
                                        ? s.fftconvolve(x.get(0), x.get(1))
                                        : s.fftconvolve(x.get(0), x.get(1), mode));
            case "oaconvolve" -> List.of(s.oaconvolve(x.get(0), x.get(1), mode));
            case "convolve2d", "correlate2d" -> {
                Boundary b = Boundary.of(p.get("boundary"));
                double fill = Double.parseDouble(p.get("fillvalue"));
                yield List.of(
                        c.fn().equals("convolve2d")
                                ? s.convolve2d(x.get(0), x.get(1), mode, b, fill)
                                : s.correlate2d(x.get(0), x.get(1), mode, b, fill));
            }
            case "get_window" -> {
                boolean fftbins = Boolean.parseBoolean(p.get("fftbins"));
                int nx = Integer.parseInt(p.get("nx"));
                yield List.of(
                        p.containsKey("param")
                                ? s.getWindow(p.get("window"), Double.parseDouble(p.get("param")), nx, fftbins)
                                : s.getWindow(p.get("window"), nx, fftbins));
            }
            case "periodogram" ->
                spectrum(s.periodogram(
                        x.get(0),
                        Double.parseDouble(p.get("fs")),
                        p.get("window"),
                        optInt(p, "nfft"),
                        p.get("detrend"),
                        Boolean.parseBoolean(p.get("onesided")),
                        p.get("scaling"),
                        Integer.parseInt(p.get("axis"))));
            case "welch" ->
                spectrum(s.welch(
                        x.get(0),
                        Double.parseDouble(p.get("fs")),
                        p.get("window"),
                        optInt(p, "nperseg"),
                        optInt(p, "noverlap"),
                        optInt(p, "nfft"),
                        p.get("detrend"),
                        Boolean.parseBoolean(p.get("onesided")),
                        p.get("scaling"),
                        Integer.parseInt(p.get("axis")),
                        "mean"));
            case "csd" ->
                spectrum(s.csd(
                        x.get(0),
                        x.get(1),
                        Double.parseDouble(p.get("fs")),
                        p.get("window"),
                        optInt(p, "nperseg"),
                        optInt(p, "noverlap"),
                        optInt(p, "nfft"),
                        p.get("detrend"),
                        Boolean.parseBoolean(p.get("onesided")),
                        p.get("scaling"),
                        Integer.parseInt(p.get("axis")),
                        "mean"));
            case "coherence" ->
                spectrum(s.coherence(
                        x.get(0),
                        x.get(1),
                        Double.parseDouble(p.get("fs")),
                        p.get("window"),
                        optInt(p, "nperseg"),
                        optInt(p, "noverlap"),
                        optInt(p, "nfft"),
                        p.get("detrend"),
                        Integer.parseInt(p.get("axis"))));
            case "welch_array" ->
                spectrum(s.welch(
                        x.get(0),
                        Double.parseDouble(p.get("fs")),
                        x.get(1),
                        null,
                        null,
                        null,
                        "constant",
                        true,
                        "density",
                        -1,
                        "mean"));
            case "butter", "cheby1" -> {
                double[] wn = doubles(p.get("Wn"));
                Double fs = p.get("fs").equals("None") ? null : Double.valueOf(p.get("fs"));
                int order = Integer.parseInt(p.get("N"));
                Coefficients f = c.fn().equals("butter")
                        ? s.butter(order, wn, p.get("btype"), fs)
                        : s.cheby1(order, Double.parseDouble(p.get("rp")), wn, p.get("btype"), fs);
                yield List.of(f.b(), f.a());
            }
            case "lfilter" -> List.of(s.lfilter(x.get(0), x.get(1), x.get(2), Integer.parseInt(p.get("axis"))));
            case "lfilter_with_zi" -> {
                FilterResult r = s.lfilter(x.get(0), x.get(1), x.get(2), Integer.parseInt(p.get("axis")), x.get(3));
                yield List.of(r.y(), r.zf());
            }
            case "lfilter_zi" -> List.of(s.lfilterZi(x.get(0), x.get(1)));
            case "sosfilt" -> List.of(s.sosfilt(x.get(0), x.get(1), Integer.parseInt(p.get("axis"))));
            case "hilbert" ->
                List.of(
                        p.get("N").equals("None") && p.get("axis").equals("-1")
                                ? s.hilbert(x.get(0))
                                : s.hilbert(x.get(0), optInt(p, "N"), Integer.parseInt(p.get("axis"))));
            case "detrend" -> List.of(s.detrend(x.get(0), Integer.parseInt(p.get("axis")), p.get("type")));
            case "firwin" ->
                List.of(s.firwin(
                        Integer.parseInt(p.get("numtaps")),
                        doubles(p.get("cutoff")),
                        p.get("window"),
                        Boolean.parseBoolean(p.get("pass_zero")),
                        Boolean.parseBoolean(p.get("scale")),
                        p.get("fs").equals("None") ? null : Double.valueOf(p.get("fs"))));
            case "freqz" -> {
                FrequencyResponse r = s.freqz(
                        x.get(0),
                        x.get(1),
                        Integer.parseInt(p.get("worN")),
                        Boolean.parseBoolean(p.get("whole")),
                        Double.parseDouble(p.get("fs")));
                yield List.of(r.w(), r.h());
            }
            case "filtfilt" ->
                List.of(s.filtfilt(
                        x.get(0),
                        x.get(1),
                        x.get(2),
                        Integer.parseInt(p.get("axis")),
                        p.get("padtype").equals("None") ? null : p.get("padtype"),
                        optInt(p, "padlen")));
            case "resample" ->
                List.of(s.resample(x.get(0), Integer.parseInt(p.get("num")), Integer.parseInt(p.get("axis"))));
            case "find_peaks" -> {
                double[] height = p.get("height").equals("None") ? null : doubles(p.get("height"));
                double[] prominence = p.get("prominence").equals("None") ? null : doubles(p.get("prominence"));
                Peaks k = s.findPeaks(x.get(0), height, optInt(p, "distance"), prominence);
                List<NDArray> r = new ArrayList<>();
                r.add(k.peaks());
                if (k.peakHeights() != null) r.add(k.peakHeights());
                if (k.prominences() != null) {
                    r.add(k.prominences());
                    r.add(k.leftBases());
                    r.add(k.rightBases());
                }
                yield r;
            }
            case "medfilt" ->
                List.of(
                        p.get("kernel_size").equals("None")
                                ? s.medfilt(x.get(0))
                                : s.medfilt(x.get(0), ints(p.get("kernel_size"))));
            case "wiener" ->
                List.of(s.wiener(
                        x.get(0),
                        p.get("mysize").equals("None") ? null : ints(p.get("mysize")),
                        p.get("noise").equals("None") ? null : Double.valueOf(p.get("noise"))));
            case "savgol_coeffs" ->
                List.of(s.savgolCoeffs(
                        Integer.parseInt(p.get("wl")),
                        Integer.parseInt(p.get("po")),
                        Integer.parseInt(p.get("deriv")),
                        Double.parseDouble(p.get("delta"))));
            case "savgol_filter" ->
                List.of(s.savgolFilter(
                        x.get(0),
                        Integer.parseInt(p.get("wl")),
                        Integer.parseInt(p.get("po")),
                        Integer.parseInt(p.get("deriv")),
                        Double.parseDouble(p.get("delta")),
                        Integer.parseInt(p.get("axis")),
                        p.get("mode"),
                        Double.parseDouble(p.get("cval"))));
            default -> throw new IllegalArgumentException("no such function in the fixtures: " + c.fn());
        };
    }

    private static List<NDArray> spectrum(Spectrum s) {
        return List.of(s.f(), s.pxx());
    }

    private static int[] ints(String s) {
        return Arrays.stream(longs(s)).mapToInt(Math::toIntExact).toArray();
    }

    static double[] values(NDArray y) {
        if (!y.dtype().isComplex()) return y.astype(DType.FLOAT64).toDoubleArray();
        try (NDArray re = y.real();
                NDArray im = y.imag();
                NDArray r = re.astype(DType.FLOAT64);
                NDArray m = im.astype(DType.FLOAT64)) {
            double[] a = r.toDoubleArray(), b = m.toDoubleArray(), out = new double[2 * a.length];
            for (int i = 0; i < a.length; i++) {
                out[2 * i] = a[i];
                out[2 * i + 1] = b[i];
            }
            return out;
        }
    }

    @TestFactory
    Stream<DynamicTest> everyFunctionEqualsSciPy() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    private static void check(Case c) {
        if (c.fn().equals("choose_conv_method")) {
            try (NDArray a = Nd.zeros(DType.FLOAT64, longs(c.params().get("shape1")));
                    NDArray b = Nd.zeros(DType.FLOAT64, longs(c.params().get("shape2")))) {
                ConvMethod m = Nd.signal()
                        .chooseConvMethod(a, b, ConvMode.of(c.params().get("mode")));
                assertEquals(c.params().get("method"), m.scipyName());
            }
            return;
        }
        List<NDArray> ins = new ArrayList<>();
        for (Arr a : c.ins()) ins.add(device(a));
        try {
            List<NDArray> got = run(c, ins);
            try {
                assertEquals(c.outs().size(), got.size(), "results");
                for (int k = 0; k < got.size(); k++) compare(c, c.outs().get(k), got.get(k), k);
            } finally {
                got.forEach(NDArray::close);
            }
        } finally {
            ins.forEach(NDArray::close);
        }
    }

    private static void compare(Case c, Arr want, NDArray y, int which) {
        String what = "result " + which;
        assertEquals(want.dtype(), y.dtype(), what + " dtype");
        assertArrayEquals(want.shape(), y.shape(), what + " shape");
        double[] got = values(y);
        double[] e = want.values();
        assertEquals(e.length, got.length, what + " values");
        double scale = 0;
        for (double v : e) scale = Math.max(scale, Math.abs(v));
        if (c.fn().equals("detrend")) {
            // a detrended sample is the rounding left of a cancellation of the input's size
            for (Arr a : c.ins()) for (double v : a.values()) scale = Math.max(scale, Math.abs(v));
        }
        // SciPy transforms a float32 input in single precision even beside a float64 one
        boolean single = want.dtype() == DType.FLOAT32
                || want.dtype() == DType.COMPLEX64
                || (!c.fn().endsWith("2d")
                        && !c.fn().equals("convolve")
                        && c.ins().stream().anyMatch(a -> a.dtype() == DType.FLOAT32));
        boolean spectral = java.util.Set.of("periodogram", "welch", "csd", "coherence", "welch_array", "freqz")
                .contains(c.fn());
        boolean window = c.fn().equals("get_window") || (which == 0 && spectral);
        double rtol = window ? 1e-13 : single ? 2e-5 : 1e-9;
        boolean integer = want.dtype().isInteger();
        for (int i = 0; i < got.length; i++) {
            // a spectrum of a detrended single sample is rounding noise around zero, as SciPy's
            double tol = integer ? 0 : rtol * (Math.abs(e[i]) + scale) + 1e-25;
            boolean same = got[i] == e[i] || (Double.isNaN(got[i]) && Double.isNaN(e[i]));
            assertTrue(
                    same || Math.abs(got[i] - e[i]) <= tol, what + " element " + i + ": " + got[i] + ", SciPy " + e[i]);
        }
    }
}
