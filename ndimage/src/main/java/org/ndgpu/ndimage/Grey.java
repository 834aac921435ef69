package org.ndgpu.ndimage;

import java.util.Locale;
import java.util.Objects;
import org.ndgpu.ndarray.NDArray;

/**
 * scipy.ndimage's grey morphology: the erosion is the minimum filter less the structure, the
 * dilation the maximum filter plus the structure over the reflected footprint (origins moved as
 * SciPy moves them), and the rest their compositions in the input's dtype, as SciPy computes them.
 */
final class Grey {
    private Grey() {}

    enum Op {
        GREY_EROSION,
        GREY_DILATION,
        GREY_OPENING,
        GREY_CLOSING,
        MORPHOLOGICAL_GRADIENT,
        MORPHOLOGICAL_LAPLACE,
        WHITE_TOPHAT,
        BLACK_TOPHAT;

        String scipy() {
            return "ndimage." + name().toLowerCase(Locale.ROOT);
        }
    }

    /** {@code op} of input over a box of size (footprint and structure null) or a footprint and/or structure. */
    static NDArray apply(
            Op op,
            NDArray input,
            boolean sized,
            int size,
            NDArray footprint,
            NDArray structure,
            Mode mode,
            double cval,
            int[] origins) {
        String name = op.scipy();
        Footprint.input(name, input, false);
        Objects.requireNonNull(mode, name + ": mode is null");
        Footprint f = Ranks.footprint(name, input, sized, size, footprint, structure, origins);
        return switch (op) {
            case GREY_EROSION -> erode(name, input, f, mode, cval);
            case GREY_DILATION -> dilate(name, input, f, mode, cval);
            case GREY_OPENING -> {
                try (NDArray e = erode(name, input, f, mode, cval)) {
                    yield dilate(name, e, f, mode, cval);
                }
            }
            case GREY_CLOSING -> close(name, input, f, mode, cval);
            case MORPHOLOGICAL_GRADIENT -> {
                try (NDArray d = dilate(name, input, f, mode, cval);
                        NDArray e = erode(name, input, f, mode, cval)) {
                    yield d.sub(e);
                }
            }
            case MORPHOLOGICAL_LAPLACE -> {
                try (NDArray d = dilate(name, input, f, mode, cval);
                        NDArray e = erode(name, input, f, mode, cval);
                        NDArray sum = d.add(e);
                        NDArray once = sum.sub(input)) {
                    yield once.sub(input);
                }
            }
            case WHITE_TOPHAT -> {
                try (NDArray e = erode(name, input, f, mode, cval);
                        NDArray o = dilate(name, e, f, mode, cval)) {
                    yield input.sub(o);
                }
            }
            case BLACK_TOPHAT -> {
                try (NDArray c = close(name, input, f, mode, cval)) {
                    yield c.sub(input);
                }
            }
        };
    }

    private static NDArray erode(String name, NDArray input, Footprint f, Mode mode, double cval) {
        return Ranks.minOrMax(name, input, f, true, mode, cval);
    }

    private static NDArray dilate(String name, NDArray input, Footprint f, Mode mode, double cval) {
        return Ranks.minOrMax(name, input, f.reflected(), false, mode, cval);
    }

    private static NDArray close(String name, NDArray input, Footprint f, Mode mode, double cval) {
        try (NDArray d = dilate(name, input, f, mode, cval)) {
            return erode(name, d, f, mode, cval);
        }
    }
}
