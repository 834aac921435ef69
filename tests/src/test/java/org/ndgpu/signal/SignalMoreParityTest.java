package org.ndgpu.signal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.signal.SignalParityTest.Arr;
import org.ndgpu.signal.SignalParityTest.Case;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Every case of make_signal_more_fixtures.py (SciPy 1.17's results) on every tested device: stft,
 * istft and spectrogram (every mode), upfirdn, resample_poly, decimate, sosfilt with zi,
 * sosfilt_zi, sosfiltfilt, cheby2, the designs as second-order sections and sos2tf, the
 * convolutions and filters of complex input, on float64, float32 and complex inputs of odd and even lengths,
 * other axes than the last and nperseg longer than the input. Float64 agrees to 1e-9 and float32
 * to 2e-5 relative to the value plus the scale of the result (the transforms spread their
 * rounding over every output); frequencies and times to 1e-13.
 */
class SignalMoreParityTest extends PerDeviceTest {

    private static Integer optInt(Map<String, String> p, String k) {
        String v = p.get(k);
        return v == null || v.equals("None") ? null : Integer.valueOf(v);
    }

    private static String optStr(Map<String, String> p, String k) {
        String v = p.get(k);
        return v == null || v.equals("None") ? null : v;
    }

    private static NDArray device(Arr a) {
        if (!a.dtype().isComplex()) return SignalParityTest.device(a);
        double[] v = a.values();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(Math.max(8, v.length * 8L), 8);
            for (int i = 0; i < v.length; i++) seg.setAtIndex(ValueLayout.JAVA_DOUBLE, i, v[i]);
            try (NDArray z = Nd.array(seg.asSlice(0, v.length * 8L), DType.COMPLEX128, a.shape())) {
                return z.astype(a.dtype());
            }
        }
    }

    private static List<NDArray> run(Case c, List<NDArray> x) {
        Map<String, String> p = c.params();
        Signal s = Nd.signal();
        return switch (c.fn()) {
            case "stft" ->
                three(s.stft(
                        x.get(0),
                        Double.parseDouble(p.get("fs")),
                        p.get("window"),
                        optInt(p, "nperseg"),
                        optInt(p, "noverlap"),
                        optInt(p, "nfft"),
                        optStr(p, "detrend"),
                        Boolean.parseBoolean(p.get("onesided")),
                        optStr(p, "boundary"),
                        Boolean.parseBoolean(p.get("padded")),
                        Integer.parseInt(p.get("axis")),
                        p.get("scaling")));
            case "spectrogram" -> {
                double fs = Double.parseDouble(p.get("fs"));
                if (p.get("window").equals("tukey")
                        && p.get("mode").equals("psd")
                        && p.get("axis").equals("-1")
                        && fs == 10.0
                        && p.get("nperseg").equals("None")
                        && p.get("onesided").equals("True")) {
                    yield three(s.spectrogram(x.get(0), fs));
                }
                if (p.get("window").equals("tukey")) {
                    int n = (int) Math.min(
                            256,
                            x.get(0)
                                    .shape()[
                                    Integer.parseInt(p.get("axis")) < 0
                                            ? x.get(0).ndim() - 1
                                            : 0]);
                    try (NDArray w = s.getWindow("tukey", 0.25, n, true)) {
                        yield three(spectrogram(s, x.get(0), p, w));
                    }
                }
                yield three(s.spectrogram(
                        x.get(0),
                        fs,
                        p.get("window"),
                        optInt(p, "nperseg"),
                        optInt(p, "noverlap"),
                        optInt(p, "nfft"),
                        optStr(p, "detrend"),
                        Boolean.parseBoolean(p.get("onesided")),
                        p.get("scaling"),
                        Integer.parseInt(p.get("axis")),
                        p.get("mode")));
            }
            case "istft" -> {
                TimeSignal r = s.istft(
                        x.get(0),
                        Double.parseDouble(p.get("fs")),
                        p.get("window"),
                        optInt(p, "nperseg"),
                        optInt(p, "noverlap"),
                        optInt(p, "nfft"),
                        Boolean.parseBoolean(p.get("onesided")),
                        Boolean.parseBoolean(p.get("boundary")),
                        Integer.parseInt(p.get("time_axis")),
                        Integer.parseInt(p.get("freq_axis")),
                        p.get("scaling"));
                yield List.of(r.t(), r.x());
            }
            case "upfirdn" -> {
                int up = Integer.parseInt(p.get("up")), down = Integer.parseInt(p.get("down"));
                int axis = Integer.parseInt(p.get("axis"));
                double cval = Double.parseDouble(p.get("cval"));
                yield List.of(
                        up == 1 && down == 1 && axis == -1 && cval == 0
                                ? s.upfirdn(x.get(0), x.get(1))
                                : s.upfirdn(x.get(0), x.get(1), up, down, axis, "constant", cval));
            }
            case "resample_poly" -> {
                int up = Integer.parseInt(p.get("up")), down = Integer.parseInt(p.get("down"));
                int axis = Integer.parseInt(p.get("axis"));
                String cv = optStr(p, "cval");
                String param = optStr(p, "param");
                yield List.of(s.resamplePoly(
                        x.get(0),
                        up,
                        down,
                        axis,
                        p.get("window"),
                        param == null ? Double.NaN : Double.parseDouble(param),
                        p.get("padtype"),
                        cv == null ? null : Double.valueOf(cv)));
            }
            case "resample_poly_array" ->
                List.of(s.resamplePoly(
                        x.get(0),
                        Integer.parseInt(p.get("up")),
                        Integer.parseInt(p.get("down")),
                        Integer.parseInt(p.get("axis")),
                        x.get(1),
                        "constant",
                        null));
            case "decimate" ->
                List.of(s.decimate(
                        x.get(0),
                        Integer.parseInt(p.get("q")),
                        optInt(p, "n"),
                        p.get("ftype"),
                        Integer.parseInt(p.get("axis")),
                        Boolean.parseBoolean(p.get("zero_phase"))));
            case "sosfilt_zi" -> List.of(s.sosfiltZi(x.get(0)));
            case "sosfilt_with_zi" -> {
                FilterResult r = s.sosfilt(x.get(0), x.get(1), Integer.parseInt(p.get("axis")), x.get(2));
                yield List.of(r.y(), r.zf());
            }
            case "sosfiltfilt" ->
                List.of(
                        p.get("padtype").equals("odd")
                                        && p.get("padlen").equals("None")
                                        && p.get("axis").equals("-1")
                                ? s.sosfiltfilt(x.get(0), x.get(1))
                                : s.sosfiltfilt(
                                        x.get(0),
                                        x.get(1),
                                        Integer.parseInt(p.get("axis")),
                                        optStr(p, "padtype"),
                                        optInt(p, "padlen")));
            case "cheby2", "butter_sos", "cheby1_sos", "cheby2_sos" -> {
                double[] wn = SignalParityTest.doubles(p.get("Wn"));
                Double fs = p.get("fs").equals("None") ? null : Double.valueOf(p.get("fs"));
                int order = Integer.parseInt(p.get("N"));
                String bt = p.get("btype");
                yield switch (c.fn()) {
                    case "cheby2" -> {
                        Coefficients f = s.cheby2(order, Double.parseDouble(p.get("rs")), wn, bt, fs);
                        yield List.of(f.b(), f.a());
                    }
                    case "butter_sos" -> List.of(s.butterSos(order, wn, bt, fs));
                    case "cheby1_sos" -> List.of(s.cheby1Sos(order, Double.parseDouble(p.get("rp")), wn, bt, fs));
                    default -> List.of(s.cheby2Sos(order, Double.parseDouble(p.get("rs")), wn, bt, fs));
                };
            }
            case "sos2tf" -> {
                Coefficients f = s.sos2tf(x.get(0));
                yield List.of(f.b(), f.a());
            }
            case "freqz_sos" -> {
                int worN = Integer.parseInt(p.get("worN"));
                boolean whole = Boolean.parseBoolean(p.get("whole"));
                double fs = Double.parseDouble(p.get("fs"));
                FrequencyResponse r = worN == 512 && !whole && fs == 2 * Math.PI
                        ? s.freqzSos(x.get(0))
                        : whole ? s.sosfreqz(x.get(0), worN, whole, fs) : s.freqzSos(x.get(0), worN, whole, fs);
                yield List.of(r.w(), r.h());
            }
            case "correlation_lags" ->
                List.of(s.correlationLags(
                        Long.parseLong(p.get("in1")), Long.parseLong(p.get("in2")), ConvMode.of(p.get("mode"))));
            case "zpk2sos" -> List.of(s.zpk2sos(x.get(0), x.get(1), Double.parseDouble(p.get("k"))));
            case "zpk2tf" -> {
                Coefficients f = s.zpk2tf(x.get(0), x.get(1), Double.parseDouble(p.get("k")));
                yield List.of(f.b(), f.a());
            }
            case "kaiser_beta" -> List.of(Nd.array(s.kaiserBeta(Double.parseDouble(p.get("a")))));
            case "kaiser_atten" ->
                List.of(Nd.array(
                        s.kaiserAtten(Integer.parseInt(p.get("numtaps")), Double.parseDouble(p.get("width")))));
            case "medfilt2d" ->
                List.of(
                        p.get("kernel_size").equals("None")
                                ? s.medfilt2d(x.get(0))
                                : s.medfilt2d(
                                        x.get(0),
                                        java.util.Arrays.stream(SignalParityTest.longs(p.get("kernel_size")))
                                                .mapToInt(Math::toIntExact)
                                                .toArray()));
            case "sawtooth" -> {
                double w = Double.parseDouble(p.get("width"));
                yield List.of(w == 1.0 ? s.sawtooth(x.get(0)) : s.sawtooth(x.get(0), w));
            }
            case "square" -> {
                double w = Double.parseDouble(p.get("duty"));
                yield List.of(w == 0.5 ? s.square(x.get(0)) : s.square(x.get(0), w));
            }
            case "unit_impulse" -> {
                long[] shape = SignalParityTest.longs(p.get("shape"));
                String idx = p.get("idx");
                yield List.of(
                        idx.equals("None")
                                ? s.unitImpulse(shape)
                                : idx.equals("mid")
                                        ? s.unitImpulseMid(shape)
                                        : s.unitImpulse(shape, SignalParityTest.longs(idx)));
            }
            case "lfiltic" -> List.of(s.lfiltic(x.get(0), x.get(1), x.get(2), x.size() > 3 ? x.get(3) : null));
            default -> SignalParityTest.run(c, x); // the complex cases of the first part's functions
        };
    }

    private static Stft spectrogram(Signal s, NDArray x, Map<String, String> p, NDArray w) {
        return s.spectrogram(
                x,
                Double.parseDouble(p.get("fs")),
                w,
                optInt(p, "nperseg"),
                optInt(p, "noverlap"),
                optInt(p, "nfft"),
                optStr(p, "detrend"),
                Boolean.parseBoolean(p.get("onesided")),
                p.get("scaling"),
                Integer.parseInt(p.get("axis")),
                p.get("mode"));
    }

    private static List<NDArray> three(Stft s) {
        return List.of(s.f(), s.t(), s.zxx());
    }

    @TestFactory
    Stream<DynamicTest> everyFunctionEqualsSciPy() {
        return SignalParityTest.cases("/fixtures/signal/signal_more.tsv.gz").stream()
                .map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    private static void check(Case c) {
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
        double[] got = SignalParityTest.values(y);
        double[] e = want.values();
        assertEquals(e.length, got.length, what + " values");
        double scale = 0;
        for (double v : e) scale = Math.max(scale, Math.abs(v));
        boolean single = want.dtype() == DType.FLOAT32
                || want.dtype() == DType.COMPLEX64
                || c.ins().stream().anyMatch(a -> a.dtype() == DType.FLOAT32 || a.dtype() == DType.COMPLEX64);
        boolean axes = ((c.fn().equals("stft") || c.fn().equals("spectrogram")) && which < 2)
                || ((c.fn().equals("istft") || c.fn().equals("freqz_sos")) && which == 0);
        boolean phase = c.fn().equals("spectrogram")
                && which == 2
                && c.params().get("mode").matches("angle|phase");
        double rtol = axes ? 1e-13 : single ? 2e-5 : 1e-9;
        for (int i = 0; i < got.length; i++) {
            double tol = rtol * (Math.abs(e[i]) + scale) + 1e-25;
            boolean same = got[i] == e[i] || (Double.isNaN(got[i]) && Double.isNaN(e[i]));
            // an angle of a bin that is zero to rounding (the DC of a detrended segment) is arbitrary
            if (phase && !same && Math.abs(Math.abs(got[i] - e[i]) - 2 * Math.PI) < 1e-6) same = true;
            assertTrue(
                    same || Math.abs(got[i] - e[i]) <= tol, what + " element " + i + ": " + got[i] + ", SciPy " + e[i]);
        }
    }
}
