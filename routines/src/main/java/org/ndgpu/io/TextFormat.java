package org.ndgpu.io;

import java.util.Objects;
import org.ndgpu.exceptions.NdException;
import org.ndgpu.ndarray.DType;

/**
 * The keyword options of numpy.loadtxt and numpy.genfromtxt, as one value: what {@code Nd.loadtxt}
 * and {@code Nd.genfromtxt} read.
 *
 * <pre>{@code
 * Nd.loadtxt(path, TextFormat.csv().withSkiprows(1).withUsecols(0, 2));          // delimiter=",", skiprows=1
 * Nd.genfromtxt(path, TextFormat.csv().withDtype(DType.FLOAT32).withFillingValue(0));
 * }</pre>
 *
 * @param dtype the result's dtype: a real number type (default float64)
 * @param delimiter the field separator, or null for runs of whitespace (NumPy's None, the default)
 * @param comments the text that starts a comment running to the end of the line, or null for none
 *     (default "#")
 * @param skiprows lines skipped at the start, comments included (genfromtxt's skip_header)
 * @param usecols the columns kept, in this order (negative counting from the end), or null for all
 * @param fillingValue genfromtxt's filling_values: what a missing or unparsable field becomes, or
 *     null for NumPy's default (NaN for floats, -1 for integers, false for bool); it must fit the
 *     dtype when it is used (-1 does not fit uint8, so a missing uint8 field raises, as NumPy);
 *     loadtxt ignores it
 */
public record TextFormat(
        DType dtype, String delimiter, String comments, int skiprows, int[] usecols, Number fillingValue) {
    /** Checks the options: a real dtype, a non-empty delimiter and comment marker, skiprows at least 0. */
    public TextFormat {
        Objects.requireNonNull(dtype, "loadtxt: dtype is null");
        if (dtype.isComplex()) {
            throw new NdException("loadtxt: dtype must be a real number type (bool, integer or float), got " + dtype);
        }
        if (delimiter != null && delimiter.isEmpty()) {
            throw new NdException("loadtxt: delimiter must be null (whitespace) or non-empty, got \"\"");
        }
        if (comments != null && comments.isEmpty()) {
            throw new NdException("loadtxt: comments must be null (none) or non-empty, got \"\"");
        }
        if (skiprows < 0) throw new NdException("loadtxt: skiprows must be at least 0, got " + skiprows);
        usecols = usecols == null ? null : usecols.clone();
    }

    /** NumPy's defaults: float64, whitespace-separated, "#" comments, no rows skipped, every column. */
    public static TextFormat defaults() {
        return new TextFormat(DType.FLOAT64, null, "#", 0, null, null);
    }

    /** The defaults with delimiter ",": {@code Nd.loadtxt(path, TextFormat.csv())}. */
    public static TextFormat csv() {
        return defaults().withDelimiter(",");
    }

    /** The columns kept (a copy), or null for all. */
    @Override
    public int[] usecols() {
        return usecols == null ? null : usecols.clone();
    }

    /** These options with another dtype: {@code withDtype(DType.INT32)}. */
    public TextFormat withDtype(DType d) {
        return new TextFormat(d, delimiter, comments, skiprows, usecols, fillingValue);
    }

    /** These options with another delimiter (null: whitespace): {@code withDelimiter(";")}. */
    public TextFormat withDelimiter(String d) {
        return new TextFormat(dtype, d, comments, skiprows, usecols, fillingValue);
    }

    /** These options with another comment marker (null: none): {@code withComments("%")}. */
    public TextFormat withComments(String c) {
        return new TextFormat(dtype, delimiter, c, skiprows, usecols, fillingValue);
    }

    /** These options skipping the first {@code n} lines: {@code withSkiprows(1)} skips a header. */
    public TextFormat withSkiprows(int n) {
        return new TextFormat(dtype, delimiter, comments, n, usecols, fillingValue);
    }

    /** These options keeping only these columns: {@code withUsecols(0, -1)}. */
    public TextFormat withUsecols(int... cols) {
        return new TextFormat(dtype, delimiter, comments, skiprows, cols, fillingValue);
    }

    /** These options with genfromtxt's filling_values: {@code withFillingValue(0)}. */
    public TextFormat withFillingValue(Number v) {
        return new TextFormat(dtype, delimiter, comments, skiprows, usecols, v);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TextFormat t
                && dtype == t.dtype
                && Objects.equals(delimiter, t.delimiter)
                && Objects.equals(comments, t.comments)
                && skiprows == t.skiprows
                && java.util.Arrays.equals(usecols, t.usecols)
                && Objects.equals(fillingValue, t.fillingValue);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dtype, delimiter, comments, skiprows, java.util.Arrays.hashCode(usecols), fillingValue);
    }

    @Override
    public String toString() {
        return "TextFormat[dtype=" + dtype + ", delimiter=" + delimiter + ", comments=" + comments + ", skiprows="
                + skiprows + ", usecols=" + java.util.Arrays.toString(usecols) + ", fillingValue=" + fillingValue
                + "]";
    }
}
