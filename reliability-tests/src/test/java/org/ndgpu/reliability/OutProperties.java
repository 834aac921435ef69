package org.ndgpu.reliability;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.IntRange;
import org.ndgpu.Nd;
import org.ndgpu.device.Device;
import org.ndgpu.exceptions.DTypeException;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;

/**
 * Property-based tests with shrinking (jqwik) of the argument rules every kernel path shares, each
 * against a plain Java oracle of NumPy's semantics:
 * <ul>
 *   <li>an {@code out=} that overlaps an input (reversed, shifted, strided, transposed, partial)
 *       gives the result NumPy gives: as if the inputs were read before anything is written;</li>
 *   <li>strided, reversed and broadcast operands read the right elements;</li>
 *   <li>copyto and ufunc {@code out=} into every dtype under every casting rule raise exactly where
 *       {@code numpy.can_cast} says no (fixtures/can_cast.tsv, made by make_can_cast.py) and
 *       otherwise hold the source values.</li>
 * </ul>
 * Seeds are fixed, so CI runs the same cases each time; on a failure jqwik prints the shrunk
 * arguments and the seed ({@code @Property(seed = ...)} reproduces it).
 */
abstract class OutProperties {
    static final String SEED = "20261125";

    /** The device the properties run on. */
    protected abstract Device device();

    // ------------------------------------------------------------------ overlapping out= (1-d views of one base)

    /** A 1-d view of a base of length n: start, length, step (negative = reversed). */
    record View(int start, int length, int step) {
        String slice() {
            int stop = start + step * length;
            return start + ":" + (stop < 0 ? "" : Integer.toString(stop)) + ":" + step;
        }

        int at(int i) {
            return start + i * step;
        }

        @Override
        public String toString() {
            return "[" + slice() + "]";
        }
    }

    /**
     * The dtypes the casting tables here cover: datetime64 and timedelta64 follow their own rules,
     * checked against NumPy by DatetimeParityTest.
     */
    @Provide
    Arbitrary<DType> numericDtypes() {
        return Arbitraries.of(DType.class).filter(d -> !d.isTime());
    }

    @Provide
    Arbitrary<int[]> overlapCases() {
        // n, input start, output start, length, input step, output step, op
        return Combinators.combine(
                        Arbitraries.integers().between(1, 40),
                        Arbitraries.integers().between(0, 39),
                        Arbitraries.integers().between(0, 39),
                        Arbitraries.integers().between(1, 40),
                        Arbitraries.of(1, -1, 2, -2, 3),
                        Arbitraries.of(1, -1, 2, -2),
                        Arbitraries.integers().between(0, 3))
                .as((n, s1, s2, len, st1, st2, op) -> new int[] {n, s1, s2, len, st1, st2, op});
    }

    private static View fit(int n, int start, int len, int step) {
        int s = Math.min(start, n - 1);
        if (step < 0) s = Math.max(s, 0);
        // the largest length <= len that stays inside [0, n)
        int room = step > 0 ? (n - 1 - s) / step + 1 : s / -step + 1;
        return new View(s, Math.min(len, room), step);
    }

    private static final String[] OPS = {"add", "subtract", "multiply", "maximum"};

    private static double apply(int op, double x, double y) {
        return switch (op) {
            case 0 -> x + y;
            case 1 -> x - y;
            case 2 -> x * y;
            default -> Math.max(x, y);
        };
    }

    private static NDArray call(int op, NDArray x, Object y, NDArray out) {
        return switch (op) {
            case 0 -> Nd.add(x, y, out);
            case 1 -> Nd.sub(x, y, out);
            case 2 -> Nd.mul(x, y, out);
            default -> Nd.maximum(x, y, out);
        };
    }

    @Property(tries = 60, seed = SEED, shrinking = ShrinkingMode.FULL)
    void outOverlappingAnInputIsAsIfThroughATemporary(@ForAll("overlapCases") int[] c) {
        int n = c[0];
        View in = fit(n, c[1], c[3], c[4]);
        View out = fit(n, c[2], in.length(), c[5]);
        in = new View(in.start(), out.length(), in.step());
        double[] base = new double[n];
        for (int i = 0; i < n; i++) base[i] = 3 * i + 1; // exact in float64, never zero
        double[] expect = base.clone();
        for (int i = 0; i < in.length(); i++)
            expect[out.at(i)] = apply(c[6], base[in.at(i)], base[in.length() - 1 - i]);
        try (var _ = device().use();
                NDArray b = Nd.array(base);
                NDArray other = Nd.array(Arrays.copyOf(base, in.length())).get("::-1")) {
            call(c[6], b.get(in.slice()), other, b.get(out.slice()));
            double[] got = b.toDoubleArray();
            if (!Arrays.equals(expect, got)) {
                throw new AssertionError(OPS[c[6]] + "(b" + in + ", reversed, out=b" + out + ") on n=" + n
                        + ": numpy gives " + Arrays.toString(expect) + ", got " + Arrays.toString(got));
            }
        }
    }

    @Property(tries = 30, seed = SEED)
    void outIsTheTransposeOfAnInput(
            @ForAll @IntRange(min = 1, max = 12) int m, @ForAll @IntRange(min = 0, max = 3) int op) {
        double[] base = new double[m * m];
        for (int i = 0; i < base.length; i++) base[i] = 2 * i + 1;
        double[] expect = new double[m * m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) expect[i * m + j] = apply(op, base[i * m + j], base[j * m + i]);
        }
        try (var _ = device().use();
                NDArray t = Nd.array(base).reshape(m, m)) {
            call(op, t, t.T(), t);
            double[] got = t.toDoubleArray();
            if (!Arrays.equals(expect, got))
                throw new AssertionError(OPS[op] + "(t, t.T, out=t) m=" + m + ": got " + Arrays.toString(got));
        }
    }

    // ------------------------------------------------------------------ strided and broadcast operands

    @Property(tries = 50, seed = SEED, shrinking = ShrinkingMode.FULL)
    void stridedAndBroadcastOperandsReadTheRightElements(
            @ForAll @IntRange(min = 1, max = 7) int rows,
            @ForAll @IntRange(min = 1, max = 9) int cols,
            @ForAll("steps") int rowStep,
            @ForAll("steps") int colStep,
            @ForAll boolean broadcastRow,
            @ForAll @IntRange(min = 0, max = 3) int op) {
        int br = rows * Math.abs(rowStep), bc = cols * Math.abs(colStep);
        double[] base = new double[br * bc];
        for (int i = 0; i < base.length; i++) base[i] = i % 17 + 0.5 * (i % 3) + 1;
        double[] vec = new double[broadcastRow ? cols : rows];
        for (int i = 0; i < vec.length; i++) vec[i] = 10 + i;
        double[] expect = new double[rows * cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                int bi = rowStep > 0 ? i * rowStep : br - 1 - i * -rowStep;
                int bj = colStep > 0 ? j * colStep : bc - 1 - j * -colStep;
                expect[i * cols + j] = apply(op, base[bi * bc + bj], broadcastRow ? vec[j] : vec[i]);
            }
        }
        try (var _ = device().use();
                NDArray b = Nd.array(base).reshape(br, bc);
                NDArray v = Nd.array(vec)) {
            NDArray x = b.get("::" + rowStep + ", ::" + colStep);
            NDArray y = broadcastRow ? v : v.reshape(rows, 1);
            double[] got = call(op, x, y, null).toDoubleArray();
            if (!Arrays.equals(expect, got)) {
                throw new AssertionError(OPS[op] + " of b[::" + rowStep + ", ::" + colStep + "] (" + br + "x" + bc
                        + ") and a " + (broadcastRow ? "row" : "column") + ": expected " + Arrays.toString(expect)
                        + ", got " + Arrays.toString(got));
            }
        }
    }

    @Provide
    Arbitrary<Integer> steps() {
        return Arbitraries.of(1, 2, 3, -1, -2);
    }

    // ------------------------------------------------------------------ casting into every out dtype

    private static final Map<String, boolean[]> CAN_CAST = canCast();

    private static Map<String, boolean[]> canCast() {
        Map<String, boolean[]> m = new HashMap<>();
        try (var in = new BufferedReader(new InputStreamReader(
                OutProperties.class.getResourceAsStream("/fixtures/can_cast.tsv"), StandardCharsets.UTF_8))) {
            in.lines().filter(l -> !l.startsWith("#")).forEach(l -> {
                String[] f = l.split("\t");
                boolean[] ok = new boolean[5];
                for (int i = 0; i < 5; i++) ok[i] = f[2 + i].equals("1");
                m.put(f[0] + ">" + f[1], ok);
            });
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return m;
    }

    private static boolean numpyAllows(DType from, DType to, Casting casting) {
        return CAN_CAST.get(from.toString().toLowerCase(Locale.ROOT) + ">"
                + to.toString().toLowerCase(Locale.ROOT))[casting.ordinal()];
    }

    private static double[] readBack(NDArray a) {
        NDArray r = a.dtype().isComplex() ? a.real() : a;
        return r.astype(DType.FLOAT64).toDoubleArray();
    }

    @Property(tries = 120, seed = SEED)
    void copytoRaisesExactlyWhereNumpyCannotCast(
            @ForAll("numericDtypes") DType from,
            @ForAll("numericDtypes") DType to,
            @ForAll Casting casting,
            @ForAll @IntRange(min = 1, max = 6) int n) {
        double[] vals = new double[n];
        for (int i = 0; i < n; i++)
            vals[i] = from == DType.BOOL ? (i + 1) % 2 : 1 + 7 * i % 60; // every dtype holds them exactly
        try (var _ = device().use();
                NDArray src = Nd.array(vals).astype(from);
                NDArray dst = Nd.full(99, to, n)) {
            boolean allowed = numpyAllows(from, to, casting);
            try {
                Nd.copyto(dst, src, casting);
                if (!allowed)
                    throw new AssertionError(
                            "copyto " + from + " -> " + to + " under " + casting + " ran; numpy.can_cast says no");
            } catch (DTypeException e) {
                if (allowed)
                    throw new AssertionError("copyto " + from + " -> " + to + " under " + casting
                            + " raised; numpy allows it: " + e.getMessage());
                double[] kept = readBack(dst);
                for (double k : kept)
                    if (k != (to == DType.BOOL ? 1 : 99))
                        throw new AssertionError("a refused copyto changed its destination: " + Arrays.toString(kept));
                return;
            }
            double[] want = new double[n];
            for (int i = 0; i < n; i++) want[i] = to == DType.BOOL ? (vals[i] != 0 ? 1 : 0) : vals[i];
            double[] got = readBack(dst);
            if (!Arrays.equals(want, got))
                throw new AssertionError("copyto " + from + " -> " + to + ": expected " + Arrays.toString(want)
                        + ", got " + Arrays.toString(got));
        }
    }

    @Property(tries = 80, seed = SEED)
    void ufuncOutIntoEveryDtypeFollowsSameKind(@ForAll("numericDtypes") DType a, @ForAll("numericDtypes") DType out) {
        try (var _ = device().use();
                NDArray x = Nd.array(new double[] {1, 2, 3}).astype(a);
                NDArray o = Nd.full(7, out, 3)) {
            DType result = Nd.mul(x, x).dtype();
            boolean allowed = numpyAllows(result, out, Casting.SAME_KIND);
            try {
                Nd.mul(x, x, o);
                if (!allowed)
                    throw new AssertionError(
                            "multiply(" + a + ") into " + out + " ran; same_kind forbids " + result + " -> " + out);
            } catch (DTypeException e) {
                if (allowed)
                    throw new AssertionError(
                            "multiply(" + a + ") into " + out + " raised; numpy allows it: " + e.getMessage());
                return;
            }
            double[] want = a == DType.BOOL ? new double[] {1, 1, 1} : new double[] {1, 4, 9};
            if (out == DType.BOOL) want = new double[] {1, 1, 1};
            double[] got = readBack(o);
            if (!Arrays.equals(want, got))
                throw new AssertionError("multiply(" + a + ") into " + out + ": expected " + Arrays.toString(want)
                        + ", got " + Arrays.toString(got));
        }
    }
}
