package org.ndgpu.notebook;

import java.util.Base64;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.ndgpu.display.Html;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.plot.Figure;
import org.ndgpu.sparse.SparseMatrix;

/** What a notebook shows for a cell's value: text always, HTML for ndgpu's objects, PNG for a figure. */
final class RichDisplay {
    private RichDisplay() {}

    static DisplayData of(Object value, String text) {
        DisplayData d = new DisplayData(text);
        switch (value) {
            case Figure f -> d.putData("image/png", Base64.getEncoder().encodeToString(f.toPng()));
            case NDArray a -> d.putData("text/html", Html.of(a));
            case SparseMatrix m -> d.putData("text/html", Html.of(m));
            case org.ndgpu.device.Device dev -> d.putData("text/html", Html.of(dev));
            case Record r -> d.putData("text/html", Html.of(r));
            case null, default -> {}
        }
        return d;
    }
}
