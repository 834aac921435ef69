package org.ndgpu.ndimage;

import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage's mathematical morphology, a part of {@code Nd.ndimage()} ({@link Ndimage}
 * implements it). Binary: erosion, dilation, opening, closing, fill_holes and propagation of any
 * real input (nonzero true) into a boolean result, with a structure of the input's ndim (null:
 * generate_binary_structure(ndim, 1)), iterations (below 1: until nothing changes), a mask (where it
 * is false the input is kept), border_value and origins (null for 0, or one for every axis).
 * Grey: erosion, dilation, opening, closing, morphological_gradient and _laplace, white_tophat and
 * black_tophat over a box of size, a footprint or a structure (either may be null, not both), in the
 * input's dtype, with SciPy's modes. SciPy's brute_force changes nothing here and is not taken.
 *
 * <pre>{@code
 * NDArray eroded = Nd.ndimage().binaryErosion(mask, Nd.ndimage().generateBinaryStructure(2, 2), 3);
 * NDArray filled = Nd.ndimage().binaryFillHoles(mask);
 * NDArray tophat = Nd.ndimage().whiteTophat(image, 5);
 * }</pre>
 */
public interface Morphology {
    /** scipy.ndimage.generate_binary_structure(rank, connectivity): {@code ndimage.generateBinaryStructure(2, 1)} is a cross. */
    default NDArray generateBinaryStructure(int rank, int connectivity) {
        return Structures.generate(rank, connectivity);
    }

    /** scipy.ndimage.iterate_structure(structure, iterations): {@code ndimage.iterateStructure(cross, 2)} is a 5 x 5 diamond. */
    default NDArray iterateStructure(NDArray structure, int iterations) {
        return Structures.iterate(structure, iterations);
    }

    /** scipy.ndimage.binary_erosion(input): {@code ndimage.binaryErosion(mask)}. */
    default NDArray binaryErosion(NDArray input) {
        return binaryErosion(input, null, 1, null, false, null);
    }

    /** scipy.ndimage.binary_erosion(input, structure): {@code ndimage.binaryErosion(mask, square)}. */
    default NDArray binaryErosion(NDArray input, NDArray structure) {
        return binaryErosion(input, structure, 1, null, false, null);
    }

    /** scipy.ndimage.binary_erosion(input, structure, iterations): {@code ndimage.binaryErosion(mask, null, 3)}. */
    default NDArray binaryErosion(NDArray input, NDArray structure, int iterations) {
        return binaryErosion(input, structure, iterations, null, false, null);
    }

    /**
     * scipy.ndimage.binary_erosion(input, structure, iterations, mask, border_value=, origin=):
     * {@code ndimage.binaryErosion(x, null, 0, roi, true, null)}.
     */
    default NDArray binaryErosion(
            NDArray input, NDArray structure, int iterations, NDArray mask, boolean borderValue, int[] origins) {
        return Binary.apply("ndimage.binary_erosion", true, input, structure, iterations, mask, borderValue, origins);
    }

    /** scipy.ndimage.binary_dilation(input): {@code ndimage.binaryDilation(mask)}. */
    default NDArray binaryDilation(NDArray input) {
        return binaryDilation(input, null, 1, null, false, null);
    }

    /** scipy.ndimage.binary_dilation(input, structure): {@code ndimage.binaryDilation(mask, square)}. */
    default NDArray binaryDilation(NDArray input, NDArray structure) {
        return binaryDilation(input, structure, 1, null, false, null);
    }

    /** scipy.ndimage.binary_dilation(input, structure, iterations): {@code ndimage.binaryDilation(mask, null, 3)}. */
    default NDArray binaryDilation(NDArray input, NDArray structure, int iterations) {
        return binaryDilation(input, structure, iterations, null, false, null);
    }

    /**
     * scipy.ndimage.binary_dilation(input, structure, iterations, mask, border_value=, origin=):
     * {@code ndimage.binaryDilation(x, null, 0, roi, true, null)}.
     */
    default NDArray binaryDilation(
            NDArray input, NDArray structure, int iterations, NDArray mask, boolean borderValue, int[] origins) {
        return Binary.apply("ndimage.binary_dilation", false, input, structure, iterations, mask, borderValue, origins);
    }

    /** scipy.ndimage.binary_opening(input): {@code ndimage.binaryOpening(mask)}. */
    default NDArray binaryOpening(NDArray input) {
        return binaryOpening(input, null, 1, null, null, false);
    }

    /** scipy.ndimage.binary_opening(input, structure): {@code ndimage.binaryOpening(mask, square)}. */
    default NDArray binaryOpening(NDArray input, NDArray structure) {
        return binaryOpening(input, structure, 1, null, null, false);
    }

    /** scipy.ndimage.binary_opening(input, structure, iterations): {@code ndimage.binaryOpening(mask, null, 2)}. */
    default NDArray binaryOpening(NDArray input, NDArray structure, int iterations) {
        return binaryOpening(input, structure, iterations, null, null, false);
    }

    /**
     * scipy.ndimage.binary_opening(input, structure, iterations, origin=, mask=, border_value=), SciPy's
     * order: {@code ndimage.binaryOpening(x, null, 1, null, roi, false)}.
     */
    default NDArray binaryOpening(
            NDArray input, NDArray structure, int iterations, int[] origins, NDArray mask, boolean borderValue) {
        String op = "ndimage.binary_opening";
        try (NDArray t = Binary.apply(op, true, input, structure, iterations, mask, borderValue, origins)) {
            return Binary.apply(op, false, t, structure, iterations, mask, borderValue, origins);
        }
    }

    /** scipy.ndimage.binary_closing(input): {@code ndimage.binaryClosing(mask)}. */
    default NDArray binaryClosing(NDArray input) {
        return binaryClosing(input, null, 1, null, null, false);
    }

    /** scipy.ndimage.binary_closing(input, structure): {@code ndimage.binaryClosing(mask, square)}. */
    default NDArray binaryClosing(NDArray input, NDArray structure) {
        return binaryClosing(input, structure, 1, null, null, false);
    }

    /** scipy.ndimage.binary_closing(input, structure, iterations): {@code ndimage.binaryClosing(mask, null, 2)}. */
    default NDArray binaryClosing(NDArray input, NDArray structure, int iterations) {
        return binaryClosing(input, structure, iterations, null, null, false);
    }

    /**
     * scipy.ndimage.binary_closing(input, structure, iterations, origin=, mask=, border_value=), SciPy's
     * order: {@code ndimage.binaryClosing(x, null, 1, null, roi, false)}.
     */
    default NDArray binaryClosing(
            NDArray input, NDArray structure, int iterations, int[] origins, NDArray mask, boolean borderValue) {
        String op = "ndimage.binary_closing";
        try (NDArray t = Binary.apply(op, false, input, structure, iterations, mask, borderValue, origins)) {
            return Binary.apply(op, true, t, structure, iterations, mask, borderValue, origins);
        }
    }

    /** scipy.ndimage.binary_fill_holes(input): {@code ndimage.binaryFillHoles(mask)}. */
    default NDArray binaryFillHoles(NDArray input) {
        return binaryFillHoles(input, null, null);
    }

    /**
     * scipy.ndimage.binary_fill_holes(input, structure, origin=): the dilation from the border of
     * the complement, inverted: {@code ndimage.binaryFillHoles(mask, Nd.ndimage().generateBinaryStructure(2, 2), null)}.
     */
    default NDArray binaryFillHoles(NDArray input, NDArray structure, int[] origins) {
        String op = "ndimage.binary_fill_holes";
        Footprint.input(op, input, true);
        try (NDArray b = input.astype(org.ndgpu.ndarray.DType.BOOL);
                NDArray complement = b.logicalNot();
                NDArray zeros = b.logicalAnd(false);
                NDArray reached = Binary.apply(op, false, zeros, structure, -1, complement, true, origins)) {
            return reached.logicalNot();
        }
    }

    /** scipy.ndimage.binary_propagation(input): {@code ndimage.binaryPropagation(seeds)}. */
    default NDArray binaryPropagation(NDArray input) {
        return binaryPropagation(input, null, null, false, null);
    }

    /** scipy.ndimage.binary_propagation(input, structure, mask): {@code ndimage.binaryPropagation(seeds, null, region)}. */
    default NDArray binaryPropagation(NDArray input, NDArray structure, NDArray mask) {
        return binaryPropagation(input, structure, mask, false, null);
    }

    /**
     * scipy.ndimage.binary_propagation(input, structure, mask, border_value=, origin=): the dilation
     * repeated until nothing changes: {@code ndimage.binaryPropagation(seeds, null, region, false, null)}.
     */
    default NDArray binaryPropagation(
            NDArray input, NDArray structure, NDArray mask, boolean borderValue, int[] origins) {
        return Binary.apply("ndimage.binary_propagation", false, input, structure, -1, mask, borderValue, origins);
    }

    /** scipy.ndimage.grey_erosion(input, size), mode reflect: {@code ndimage.greyErosion(image, 3)}. */
    default NDArray greyErosion(NDArray input, int size) {
        return greyErosion(input, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.grey_erosion(input, size, mode=, cval=, origin=): {@code ndimage.greyErosion(image, 3, Mode.NEAREST, 0, 0)}. */
    default NDArray greyErosion(NDArray input, int size, Mode mode, double cval, int origin) {
        return Grey.apply(Grey.Op.GREY_EROSION, input, true, size, null, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.grey_erosion(input, footprint=, structure=), either null: {@code ndimage.greyErosion(image, null, ball)}. */
    default NDArray greyErosion(NDArray input, NDArray footprint, NDArray structure) {
        return greyErosion(input, footprint, structure, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.grey_erosion(input, footprint=, structure=, mode=, cval=, origin=): {@code ndimage.greyErosion(image, fp, null, Mode.WRAP, 0, null)}. */
    default NDArray greyErosion(
            NDArray input, NDArray footprint, NDArray structure, Mode mode, double cval, int[] origins) {
        return Grey.apply(Grey.Op.GREY_EROSION, input, false, 0, footprint, structure, mode, cval, origins);
    }

    /** scipy.ndimage.grey_dilation(input, size), mode reflect: {@code ndimage.greyDilation(image, 3)}. */
    default NDArray greyDilation(NDArray input, int size) {
        return greyDilation(input, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.grey_dilation(input, size, mode=, cval=, origin=): {@code ndimage.greyDilation(image, 3, Mode.NEAREST, 0, 0)}. */
    default NDArray greyDilation(NDArray input, int size, Mode mode, double cval, int origin) {
        return Grey.apply(Grey.Op.GREY_DILATION, input, true, size, null, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.grey_dilation(input, footprint=, structure=), either null: {@code ndimage.greyDilation(image, null, ball)}. */
    default NDArray greyDilation(NDArray input, NDArray footprint, NDArray structure) {
        return greyDilation(input, footprint, structure, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.grey_dilation(input, footprint=, structure=, mode=, cval=, origin=): {@code ndimage.greyDilation(image, fp, null, Mode.WRAP, 0, null)}. */
    default NDArray greyDilation(
            NDArray input, NDArray footprint, NDArray structure, Mode mode, double cval, int[] origins) {
        return Grey.apply(Grey.Op.GREY_DILATION, input, false, 0, footprint, structure, mode, cval, origins);
    }

    /** scipy.ndimage.grey_opening(input, size), mode reflect: {@code ndimage.greyOpening(image, 3)}. */
    default NDArray greyOpening(NDArray input, int size) {
        return greyOpening(input, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.grey_opening(input, size, mode=, cval=, origin=): {@code ndimage.greyOpening(image, 3, Mode.NEAREST, 0, 0)}. */
    default NDArray greyOpening(NDArray input, int size, Mode mode, double cval, int origin) {
        return Grey.apply(Grey.Op.GREY_OPENING, input, true, size, null, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.grey_opening(input, footprint=, structure=), either null: {@code ndimage.greyOpening(image, null, ball)}. */
    default NDArray greyOpening(NDArray input, NDArray footprint, NDArray structure) {
        return greyOpening(input, footprint, structure, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.grey_opening(input, footprint=, structure=, mode=, cval=, origin=): {@code ndimage.greyOpening(image, fp, null, Mode.WRAP, 0, null)}. */
    default NDArray greyOpening(
            NDArray input, NDArray footprint, NDArray structure, Mode mode, double cval, int[] origins) {
        return Grey.apply(Grey.Op.GREY_OPENING, input, false, 0, footprint, structure, mode, cval, origins);
    }

    /** scipy.ndimage.grey_closing(input, size), mode reflect: {@code ndimage.greyClosing(image, 3)}. */
    default NDArray greyClosing(NDArray input, int size) {
        return greyClosing(input, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.grey_closing(input, size, mode=, cval=, origin=): {@code ndimage.greyClosing(image, 3, Mode.NEAREST, 0, 0)}. */
    default NDArray greyClosing(NDArray input, int size, Mode mode, double cval, int origin) {
        return Grey.apply(Grey.Op.GREY_CLOSING, input, true, size, null, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.grey_closing(input, footprint=, structure=), either null: {@code ndimage.greyClosing(image, null, ball)}. */
    default NDArray greyClosing(NDArray input, NDArray footprint, NDArray structure) {
        return greyClosing(input, footprint, structure, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.grey_closing(input, footprint=, structure=, mode=, cval=, origin=): {@code ndimage.greyClosing(image, fp, null, Mode.WRAP, 0, null)}. */
    default NDArray greyClosing(
            NDArray input, NDArray footprint, NDArray structure, Mode mode, double cval, int[] origins) {
        return Grey.apply(Grey.Op.GREY_CLOSING, input, false, 0, footprint, structure, mode, cval, origins);
    }

    /** scipy.ndimage.morphological_gradient(input, size), mode reflect: {@code ndimage.morphologicalGradient(image, 3)}. */
    default NDArray morphologicalGradient(NDArray input, int size) {
        return morphologicalGradient(input, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.morphological_gradient(input, size, mode=, cval=, origin=): {@code ndimage.morphologicalGradient(image, 3, Mode.NEAREST, 0, 0)}. */
    default NDArray morphologicalGradient(NDArray input, int size, Mode mode, double cval, int origin) {
        return Grey.apply(
                Grey.Op.MORPHOLOGICAL_GRADIENT, input, true, size, null, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.morphological_gradient(input, footprint=, structure=), either null: {@code ndimage.morphologicalGradient(image, null, ball)}. */
    default NDArray morphologicalGradient(NDArray input, NDArray footprint, NDArray structure) {
        return morphologicalGradient(input, footprint, structure, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.morphological_gradient(input, footprint=, structure=, mode=, cval=, origin=): {@code ndimage.morphologicalGradient(image, fp, null, Mode.WRAP, 0, null)}. */
    default NDArray morphologicalGradient(
            NDArray input, NDArray footprint, NDArray structure, Mode mode, double cval, int[] origins) {
        return Grey.apply(Grey.Op.MORPHOLOGICAL_GRADIENT, input, false, 0, footprint, structure, mode, cval, origins);
    }

    /** scipy.ndimage.morphological_laplace(input, size), mode reflect: {@code ndimage.morphologicalLaplace(image, 3)}. */
    default NDArray morphologicalLaplace(NDArray input, int size) {
        return morphologicalLaplace(input, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.morphological_laplace(input, size, mode=, cval=, origin=): {@code ndimage.morphologicalLaplace(image, 3, Mode.NEAREST, 0, 0)}. */
    default NDArray morphologicalLaplace(NDArray input, int size, Mode mode, double cval, int origin) {
        return Grey.apply(Grey.Op.MORPHOLOGICAL_LAPLACE, input, true, size, null, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.morphological_laplace(input, footprint=, structure=), either null: {@code ndimage.morphologicalLaplace(image, null, ball)}. */
    default NDArray morphologicalLaplace(NDArray input, NDArray footprint, NDArray structure) {
        return morphologicalLaplace(input, footprint, structure, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.morphological_laplace(input, footprint=, structure=, mode=, cval=, origin=): {@code ndimage.morphologicalLaplace(image, fp, null, Mode.WRAP, 0, null)}. */
    default NDArray morphologicalLaplace(
            NDArray input, NDArray footprint, NDArray structure, Mode mode, double cval, int[] origins) {
        return Grey.apply(Grey.Op.MORPHOLOGICAL_LAPLACE, input, false, 0, footprint, structure, mode, cval, origins);
    }

    /** scipy.ndimage.white_tophat(input, size), mode reflect: {@code ndimage.whiteTophat(image, 3)}. */
    default NDArray whiteTophat(NDArray input, int size) {
        return whiteTophat(input, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.white_tophat(input, size, mode=, cval=, origin=): {@code ndimage.whiteTophat(image, 3, Mode.NEAREST, 0, 0)}. */
    default NDArray whiteTophat(NDArray input, int size, Mode mode, double cval, int origin) {
        return Grey.apply(Grey.Op.WHITE_TOPHAT, input, true, size, null, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.white_tophat(input, footprint=, structure=), either null: {@code ndimage.whiteTophat(image, null, ball)}. */
    default NDArray whiteTophat(NDArray input, NDArray footprint, NDArray structure) {
        return whiteTophat(input, footprint, structure, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.white_tophat(input, footprint=, structure=, mode=, cval=, origin=): {@code ndimage.whiteTophat(image, fp, null, Mode.WRAP, 0, null)}. */
    default NDArray whiteTophat(
            NDArray input, NDArray footprint, NDArray structure, Mode mode, double cval, int[] origins) {
        return Grey.apply(Grey.Op.WHITE_TOPHAT, input, false, 0, footprint, structure, mode, cval, origins);
    }

    /** scipy.ndimage.black_tophat(input, size), mode reflect: {@code ndimage.blackTophat(image, 3)}. */
    default NDArray blackTophat(NDArray input, int size) {
        return blackTophat(input, size, Mode.REFLECT, 0, 0);
    }

    /** scipy.ndimage.black_tophat(input, size, mode=, cval=, origin=): {@code ndimage.blackTophat(image, 3, Mode.NEAREST, 0, 0)}. */
    default NDArray blackTophat(NDArray input, int size, Mode mode, double cval, int origin) {
        return Grey.apply(Grey.Op.BLACK_TOPHAT, input, true, size, null, null, mode, cval, new int[] {origin});
    }

    /** scipy.ndimage.black_tophat(input, footprint=, structure=), either null: {@code ndimage.blackTophat(image, null, ball)}. */
    default NDArray blackTophat(NDArray input, NDArray footprint, NDArray structure) {
        return blackTophat(input, footprint, structure, Mode.REFLECT, 0, null);
    }

    /** scipy.ndimage.black_tophat(input, footprint=, structure=, mode=, cval=, origin=): {@code ndimage.blackTophat(image, fp, null, Mode.WRAP, 0, null)}. */
    default NDArray blackTophat(
            NDArray input, NDArray footprint, NDArray structure, Mode mode, double cval, int[] origins) {
        return Grey.apply(Grey.Op.BLACK_TOPHAT, input, false, 0, footprint, structure, mode, cval, origins);
    }
}
