package org.ndgpu.structured;

import java.util.ArrayList;
import java.util.List;
import org.ndgpu.config.PrintOptions;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.routines.printing.ArrayPrinter;
import org.ndgpu.routines.printing.ArrayRepr;

/**
 * NumPy's repr and str of a structured array (its StructuredVoidFormat): each record as a tuple
 * {@code (1., 2)}, each field formatted as NumPy formats that field's column of the records shown
 * (one width and notation per field), a subarray field as a nested list {@code [1., 2., 3.]}, the
 * records laid out, wrapped and summarized as any array's elements are. Only the records shown
 * leave the device.
 */
final class StructuredFormat {
    private StructuredFormat() {}

    /** {@code array([(1., 2), (3., 4)], dtype=[('x', '<f8'), ('y', '<i8')])}. */
    static String repr(StructuredArray a, NDArray[] values) {
        PrintOptions o = PrintOptions.current();
        long[] shape = a.shape();
        long size = a.size();
        String prefix = "array(";
        String lst = size == 0 ? "[]" : body(a, values, ", ", o.linewidth() - 1, prefix, o, false);
        boolean shapeIsZero = shape.length == 1 && shape[0] == 0;
        String extras = ((size == 0 && !shapeIsZero) || size > o.threshold()
                        ? "shape=" + HostArray.shapeString(shape) + ", "
                        : "")
                + "dtype=" + a.dtype() + ")";
        String arrStr = prefix + lst + ",";
        int lastLineLen = arrStr.length() - (arrStr.lastIndexOf('\n') + 1);
        String spacer = lastLineLen + extras.length() + 1 > o.linewidth() ? "\n" + " ".repeat(prefix.length()) : " ";
        return arrStr + spacer + extras;
    }

    /** {@code [(1., 2) (3., 4)]}; a 0-d array prints its record, floats as their scalars' str: {@code (1.0, 2)}. */
    static String str(StructuredArray a, NDArray[] values) {
        PrintOptions o = PrintOptions.current();
        if (a.ndim() > 0 && a.size() == 0) return "[]";
        return body(a, values, " ", o.linewidth(), "", o, a.ndim() == 0);
    }

    private static String body(
            StructuredArray a,
            NDArray[] values,
            String separator,
            int width,
            String prefix,
            PrintOptions o,
            boolean scalar) {
        long[] shape = a.shape();
        long[] want = ArrayPrinter.summaryShape(shape, o);
        List<Field> fields = a.dtype().fields();
        List<List<String>> columns = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            HostArray shown = ArrayRepr.shown(
                    values[i], StructuredArray.concat(want, fields.get(i).shape()));
            columns.add(ArrayPrinter.elementTexts(shown, o, scalar));
        }
        int records = (int) HostArray.size(want);
        List<String> texts = new ArrayList<>(records);
        for (int r = 0; r < records; r++) {
            StringBuilder t = new StringBuilder("(");
            for (int i = 0; i < fields.size(); i++) {
                if (i > 0) t.append(", ");
                long[] sub = fields.get(i).shape();
                int count = (int) fields.get(i).count();
                t.append(sub.length == 0 ? columns.get(i).get(r) : subarray(columns.get(i), r * count, sub, 0, o));
            }
            texts.add(t.append(fields.size() == 1 ? ",)" : ")").toString());
        }
        return shape.length == 0 ? texts.getFirst() : ArrayPrinter.layout(texts, shape, separator, width, prefix, o);
    }

    // NumPy's SubArrayFormat: nested "[a, b]" lists with no wrapping, "..." past the threshold
    private static String subarray(List<String> texts, int base, long[] sub, int axis, PrintOptions o) {
        if (axis == sub.length) return texts.get(base);
        int inner = 1;
        for (int k = axis + 1; k < sub.length; k++) inner *= (int) sub[k];
        long n = sub[axis];
        boolean cut = HostArray.size(sub) > o.threshold() && n > 2L * o.edgeitems();
        List<String> parts = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            if (cut && i == o.edgeitems()) {
                parts.add("...");
                i = n - o.edgeitems();
            }
            parts.add(subarray(texts, base + (int) i * inner, sub, axis + 1, o));
        }
        return "[" + String.join(", ", parts) + "]";
    }
}
