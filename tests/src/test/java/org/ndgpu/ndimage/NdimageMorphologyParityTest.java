package org.ndgpu.ndimage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndgpu.Nd;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.testing.PerDeviceTest;

/**
 * Every case of make_ndimage_morphology_fixtures.py (SciPy 1.17's results) on every tested device:
 * the rank filters (size and footprint forms, ties, every mode, origins, float32, float64, int32,
 * int64 and uint8 inputs of 1 to 3 dimensions), the minimum and maximum filters with a footprint,
 * the binary morphology (structures, iterations, masks, border values, origins) and the grey
 * morphology (size, footprint, structure). Rank filters select, so their results are exact; the grey
 * morphology with a structure adds float64 values, exact for the fixtures' halves.
 */
class NdimageMorphologyParityTest extends PerDeviceTest {

    static List<NdimageParityTest.Case> cases() {
        return NdimageParityTest.read("/fixtures/ndimage/morphology.tsv.gz");
    }

    private static NDArray array(Map<String, String> p, String values, String shape, DType dtype) {
        if (!p.containsKey(values)) return null;
        try (NDArray a = Nd.array(NdimageParityTest.doubles(p.get(values)))) {
            return a.reshape(NdimageParityTest.longs(p.get(shape))).astype(dtype);
        }
    }

    private static int i(Map<String, String> p, String k) {
        return Integer.parseInt(p.get(k));
    }

    private static NDArray run(NdimageParityTest.Case c, NDArray x, List<NDArray> temps) {
        Map<String, String> p = c.params();
        Ndimage nd = Nd.ndimage();
        Mode mode = p.containsKey("mode") ? Mode.of(p.get("mode")) : Mode.REFLECT;
        double cval = p.containsKey("cval") ? Double.parseDouble(p.get("cval")) : 0;
        int[] origins = p.containsKey("origins") ? NdimageParityTest.ints(p.get("origins")) : null;
        int origin = p.containsKey("origin") ? i(p, "origin") : 0;
        int size = p.containsKey("size") ? i(p, "size") : 0;
        NDArray fp = array(p, "fp", "fpshape", DType.BOOL);
        NDArray st = array(p, "st", "stshape", DType.FLOAT64);
        NDArray bst = st == null ? null : st.astype(DType.BOOL);
        NDArray mask = p.containsKey("mask")
                ? Nd.array(NdimageParityTest.doubles(p.get("mask")))
                        .reshape(x.shape())
                        .astype(DType.BOOL)
                : null;
        for (NDArray t : new NDArray[] {fp, st, bst, mask}) if (t != null) temps.add(t);
        int iterations = p.containsKey("iterations") ? i(p, "iterations") : 1;
        boolean border = p.containsKey("border") && i(p, "border") != 0;
        String fn = c.fn();
        if (fn.endsWith("_size") && !fn.startsWith("minimum") && !fn.startsWith("maximum")) {
            return grey(nd, fn.substring(0, fn.length() - 5), x, size, null, null, mode, cval, origin, null, true);
        }
        for (String tail : new String[] {"_fpst", "_fp", "_st"}) {
            if (fn.endsWith(tail) && !fn.contains("filter")) {
                return grey(
                        nd, fn.substring(0, fn.length() - tail.length()), x, 0, fp, st, mode, cval, 0, origins, false);
            }
        }
        return switch (fn) {
            case "median_filter" ->
                size == 3 && origin == 0 && mode == Mode.REFLECT
                        ? nd.medianFilter(x, 3)
                        : nd.medianFilter(x, size, mode, cval, origin);
            case "rank_filter" -> nd.rankFilter(x, i(p, "rank"), size, mode, cval, origin);
            case "percentile_filter" ->
                nd.percentileFilter(x, Double.parseDouble(p.get("pct")), size, mode, cval, origin);
            case "minimum_filter_size" -> nd.minimumFilter(x, size, mode, cval, origin);
            case "maximum_filter_size" -> nd.maximumFilter(x, size, mode, cval, origin);
            case "median_filter_fp" -> nd.medianFilter(x, fp, mode, cval, origins);
            case "rank_filter_fp" -> nd.rankFilter(x, i(p, "rank"), fp, mode, cval, origins);
            case "percentile_filter_fp" ->
                nd.percentileFilter(x, Double.parseDouble(p.get("pct")), fp, mode, cval, origins);
            case "minimum_filter_fp" -> nd.minimumFilter(x, fp, mode, cval, origins);
            case "maximum_filter_fp" -> nd.maximumFilter(x, fp, mode, cval, origins);
            case "binary_erosion" -> nd.binaryErosion(x, bst, iterations, mask, border, origins);
            case "binary_dilation" -> nd.binaryDilation(x, bst, iterations, mask, border, origins);
            case "binary_opening" -> nd.binaryOpening(x, bst, iterations, origins, mask, border);
            case "binary_closing" -> nd.binaryClosing(x, bst, iterations, origins, mask, border);
            case "binary_fill_holes" -> bst == null ? nd.binaryFillHoles(x) : nd.binaryFillHoles(x, bst, origins);
            case "binary_propagation" -> nd.binaryPropagation(x, bst, mask);
            case "generate_binary_structure" -> {
                double[] v = x.astype(DType.FLOAT64).toDoubleArray();
                yield nd.generateBinaryStructure((int) v[0], (int) v[1]);
            }
            case "iterate_structure" -> nd.iterateStructure(x, i(p, "iterations"));
            default -> throw new IllegalArgumentException("no such function in the fixtures: " + fn);
        };
    }

    private static NDArray grey(
            Ndimage nd,
            String fn,
            NDArray x,
            int size,
            NDArray fp,
            NDArray st,
            Mode mode,
            double cval,
            int origin,
            int[] origins,
            boolean sized) {
        return switch (fn) {
            case "grey_erosion" ->
                sized ? nd.greyErosion(x, size, mode, cval, origin) : nd.greyErosion(x, fp, st, mode, cval, origins);
            case "grey_dilation" ->
                sized ? nd.greyDilation(x, size, mode, cval, origin) : nd.greyDilation(x, fp, st, mode, cval, origins);
            case "grey_opening" ->
                sized ? nd.greyOpening(x, size, mode, cval, origin) : nd.greyOpening(x, fp, st, mode, cval, origins);
            case "grey_closing" ->
                sized ? nd.greyClosing(x, size, mode, cval, origin) : nd.greyClosing(x, fp, st, mode, cval, origins);
            case "morphological_gradient" ->
                sized
                        ? nd.morphologicalGradient(x, size, mode, cval, origin)
                        : nd.morphologicalGradient(x, fp, st, mode, cval, origins);
            case "morphological_laplace" ->
                sized
                        ? nd.morphologicalLaplace(x, size, mode, cval, origin)
                        : nd.morphologicalLaplace(x, fp, st, mode, cval, origins);
            case "white_tophat" ->
                sized ? nd.whiteTophat(x, size, mode, cval, origin) : nd.whiteTophat(x, fp, st, mode, cval, origins);
            case "black_tophat" ->
                sized ? nd.blackTophat(x, size, mode, cval, origin) : nd.blackTophat(x, fp, st, mode, cval, origins);
            default -> throw new IllegalArgumentException("no such grey function in the fixtures: " + fn);
        };
    }

    @TestFactory
    Stream<DynamicTest> everyFunctionEqualsSciPy() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    private static void check(NdimageParityTest.Case c) {
        List<NDArray> temps = new ArrayList<>();
        try (NDArray x = Nd.array(c.values()).reshape(c.shape()).astype(c.dtype());
                NDArray y = run(c, x, temps)) {
            assertEquals(c.outDtype(), y.dtype(), "dtype");
            assertArrayEquals(c.outShape(), y.shape(), "shape");
            double[] got = y.astype(DType.FLOAT64).toDoubleArray();
            // float32 sums of a structure and a value round once; everything else selects exactly
            double rtol = c.dtype() == DType.FLOAT32 ? 1e-6 : 1e-12;
            for (int k = 0; k < got.length; k++) {
                double e = c.expected()[k];
                double tol = c.dtype().isInteger() || c.dtype() == DType.BOOL ? 0 : rtol * (Math.abs(e) + 1);
                assertTrue(Math.abs(got[k] - e) <= tol, "element " + k + ": " + got[k] + ", SciPy " + e);
            }
        } finally {
            temps.forEach(NDArray::close);
        }
    }
}
