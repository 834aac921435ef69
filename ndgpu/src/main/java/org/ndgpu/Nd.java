package org.ndgpu;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.ndgpu.config.PrintOptions;
import org.ndgpu.device.CaptureOptions;
import org.ndgpu.device.Device;
import org.ndgpu.device.Graph;
import org.ndgpu.elementwise.UfuncMethods;
import org.ndgpu.elementwise.WhereReductions;
import org.ndgpu.fft.Fft;
import org.ndgpu.fft.impl.FftLibrary;
import org.ndgpu.fuse.CaptureFusion;
import org.ndgpu.io.Npy;
import org.ndgpu.io.TextFormat;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.linalg.impl.DeviceLinalg;
import org.ndgpu.linalg.impl.Triangles;
import org.ndgpu.ndarray.Captures;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.Copies;
import org.ndgpu.ndarray.Creation;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.DateUnit;
import org.ndgpu.ndarray.Divmod;
import org.ndgpu.ndarray.Frexp;
import org.ndgpu.ndarray.Modf;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Operands;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Ranges;
import org.ndgpu.ndarray.Scope;
import org.ndgpu.ndarray.Transfers;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.ndarray.UniversalFunctions;
import org.ndgpu.ndimage.Ndimage;
import org.ndgpu.random.Random;
import org.ndgpu.routines.BusdayCalendar;
import org.ndgpu.routines.BusdayRoll;
import org.ndgpu.routines.DateTimes;
import org.ndgpu.routines.FInfo;
import org.ndgpu.routines.HistogramDd;
import org.ndgpu.routines.IInfo;
import org.ndgpu.routines.UniqueAll;
import org.ndgpu.routines.UniqueCounts;
import org.ndgpu.routines.UniqueInverse;
import org.ndgpu.routines.creation.ArraysLike;
import org.ndgpu.routines.creation.NumericalRanges;
import org.ndgpu.routines.distributed.Sharding;
import org.ndgpu.routines.indexing.AlongAxis;
import org.ndgpu.routines.indexing.Choosing;
import org.ndgpu.routines.indexing.Compress;
import org.ndgpu.routines.indexing.Diagflat;
import org.ndgpu.routines.indexing.DiagonalIndices;
import org.ndgpu.routines.indexing.Diagonals;
import org.ndgpu.routines.indexing.IndexGrids;
import org.ndgpu.routines.indexing.MaskIndices;
import org.ndgpu.routines.indexing.Masking;
import org.ndgpu.routines.indexing.MultiIndex;
import org.ndgpu.routines.indexing.NdIndex;
import org.ndgpu.routines.indexing.Put;
import org.ndgpu.routines.indexing.Putmask;
import org.ndgpu.routines.indexing.TriangleIndices;
import org.ndgpu.routines.io.DLPack;
import org.ndgpu.routines.io.FromSources;
import org.ndgpu.routines.io.InputOutput;
import org.ndgpu.routines.io.SaveText;
import org.ndgpu.routines.io.TextIo;
import org.ndgpu.routines.io.UnownedMemory;
import org.ndgpu.routines.logic.Chkfinite;
import org.ndgpu.routines.logic.Closeness;
import org.ndgpu.routines.logic.DTypeKinds;
import org.ndgpu.routines.logic.DataTypeRoutines;
import org.ndgpu.routines.logic.TypeTesting;
import org.ndgpu.routines.manipulation.ApplyAlong;
import org.ndgpu.routines.manipulation.Block;
import org.ndgpu.routines.manipulation.Deleting;
import org.ndgpu.routines.manipulation.Dimensions;
import org.ndgpu.routines.manipulation.Inserting;
import org.ndgpu.routines.manipulation.Joining;
import org.ndgpu.routines.manipulation.Padding;
import org.ndgpu.routines.manipulation.Piecewise;
import org.ndgpu.routines.manipulation.Require;
import org.ndgpu.routines.manipulation.Resizing;
import org.ndgpu.routines.manipulation.Rotating;
import org.ndgpu.routines.manipulation.SlidingWindows;
import org.ndgpu.routines.manipulation.Splitting;
import org.ndgpu.routines.manipulation.Tiling;
import org.ndgpu.routines.manipulation.Transposing;
import org.ndgpu.routines.manipulation.TrimZeros;
import org.ndgpu.routines.math.BitPacking;
import org.ndgpu.routines.math.BusinessDays;
import org.ndgpu.routines.math.ComplexNumbers;
import org.ndgpu.routines.math.Convolution;
import org.ndgpu.routines.math.CumulativeSums;
import org.ndgpu.routines.math.Differences;
import org.ndgpu.routines.math.Gradient;
import org.ndgpu.routines.math.Interpolation;
import org.ndgpu.routines.math.NanToNum;
import org.ndgpu.routines.math.PolynomialArithmetic;
import org.ndgpu.routines.math.PolynomialRoots;
import org.ndgpu.routines.math.Polynomials;
import org.ndgpu.routines.math.Products;
import org.ndgpu.routines.math.Rounding;
import org.ndgpu.routines.math.Trapezoid;
import org.ndgpu.routines.math.Unwrap;
import org.ndgpu.routines.math.Vander;
import org.ndgpu.routines.printing.ArrayRepr;
import org.ndgpu.routines.printing.NumberText;
import org.ndgpu.routines.sets.SetOperations;
import org.ndgpu.routines.sets.UniqueAxis;
import org.ndgpu.routines.sets.UniqueIndices;
import org.ndgpu.routines.sets.UniqueValues;
import org.ndgpu.routines.sorting.ComplexSort;
import org.ndgpu.routines.sorting.Lexsort;
import org.ndgpu.routines.sorting.Partitioning;
import org.ndgpu.routines.sorting.Sorting;
import org.ndgpu.routines.statistics.Averages;
import org.ndgpu.routines.statistics.HistogramBinEdges;
import org.ndgpu.routines.statistics.Histograms;
import org.ndgpu.routines.statistics.MultidimensionalHistogram;
import org.ndgpu.routines.statistics.NanQuantiles;
import org.ndgpu.routines.statistics.NanReductions;
import org.ndgpu.routines.statistics.Quantiles;
import org.ndgpu.routines.windows.Windows;
import org.ndgpu.signal.Signal;
import org.ndgpu.sparse.Sparse;
import org.ndgpu.special.Special;
import org.ndgpu.spi.Providers;
import org.ndgpu.spi.Reduction;

/**
 * The ndgpu namespace, as {@code cupy} / {@code numpy}: array creation, transfers, and the facade
 * forms of the operations. Arrays are made on {@link Device#current()}.
 *
 * <pre>{@code
 * var a = Nd.arange(12).reshape(3, 4);        // int64
 * var x = Nd.array(new float[][]{{1, 2}, {3, 4}});
 * var z = Nd.zeros(DType.FLOAT32, 3, 4);
 * Nd.add(x, 1, null);
 * }</pre>
 *
 * <p>This class is a facade on the top floor: each method is one typed delegation, to the class of
 * its concept in the core ({@link Creation}, {@link Ranges}, {@link Copies}, {@link Transfers},
 * ...), to {@link NDArray}, or straight into an operation module (routines' packages,
 * {@code DeviceLinalg}, {@code FftLibrary}, {@link Random}). Ufunc calls go through the core's
 * {@code Providers.ufuncs}, NDArray's own road, so that a Fuse trace can record them. A new NumPy
 * routine is its implementation class in its module plus one line here.
 */
public final class Nd {
    private Nd() {}

    // ---------------------------------------------------------------- from Java data

    /** An array from a Java primitive array, nested to any depth: float[][] gives a 2-d float32 array. */
    public static NDArray array(Object javaArray) {
        return Creation.array(javaArray);
    }

    /**
     * An array of {@code dtype} and {@code shape} from a flat Java primitive array (or a nested one
     * of matching size), converted as numpy.asarray(data, dtype).reshape(shape) would; a String[]
     * is datetime text, as {@link #array(String[], DType, long...)}.
     */
    public static NDArray array(Object data, DType dtype, long... shape) {
        return data instanceof String[] texts
                ? DateTimes.array(texts, dtype, shape)
                : Creation.array(data, dtype, shape);
    }

    /** An array from little-endian C-order bytes (for example a MemorySegment from a file). */
    public static NDArray array(MemorySegment bytes, DType dtype, long... shape) {
        return Creation.fromBytes(bytes, dtype, shape);
    }

    /** numpy.asarray: the array itself when it already is one, else {@link #array(Object)}. */
    public static NDArray asarray(Object data) {
        return data instanceof NDArray a ? a : array(data);
    }

    // ---------------------------------------------------------------- filled arrays

    /** numpy.empty(shape): uninitialized float64. */
    public static NDArray empty(long... shape) {
        return empty(DType.FLOAT64, shape);
    }

    /** numpy.empty(shape, dtype): {@code Nd.empty(DType.FLOAT32, 3, 4)}. */
    public static NDArray empty(DType dtype, long... shape) {
        return Creation.empty(dtype, shape);
    }

    /** An uninitialized array in C or F order. */
    public static NDArray empty(DType dtype, Order order, long... shape) {
        return Creation.empty(dtype, order, shape);
    }

    /** numpy.zeros(shape): float64 zeros. */
    public static NDArray zeros(long... shape) {
        return zeros(DType.FLOAT64, shape);
    }

    /** numpy.zeros(shape, dtype): {@code Nd.zeros(DType.INT32, 2, 2)}. */
    public static NDArray zeros(DType dtype, long... shape) {
        return Creation.zeros(dtype, shape);
    }

    /** numpy.ones(shape): float64 ones. */
    public static NDArray ones(long... shape) {
        return ones(DType.FLOAT64, shape);
    }

    /** numpy.ones(shape, dtype). */
    public static NDArray ones(DType dtype, long... shape) {
        return Creation.ones(dtype, shape);
    }

    /** numpy.full(shape, value, dtype). */
    public static NDArray full(Object value, DType dtype, long... shape) {
        return Creation.full(value, dtype, shape);
    }

    /** numpy.full(shape, value): the dtype from the value (int64, float64 or bool). */
    public static NDArray full(Object value, long... shape) {
        return full(value, DType.ofJavaValue(value), shape);
    }

    /** numpy.empty_like(a): same shape, dtype, device and layout order. */
    public static NDArray emptyLike(NDArray a) {
        return ArraysLike.emptyLike(a);
    }

    /** numpy.zeros_like(a). */
    public static NDArray zerosLike(NDArray a) {
        return ArraysLike.zerosLike(a);
    }

    /** numpy.ones_like(a). */
    public static NDArray onesLike(NDArray a) {
        return ArraysLike.onesLike(a);
    }

    /** numpy.full_like(a, value). */
    public static NDArray fullLike(NDArray a, Object value) {
        return ArraysLike.fullLike(a, value);
    }

    // ---------------------------------------------------------------- ranges

    /** numpy.arange(stop): int64 0, 1, ..., stop-1. */
    public static NDArray arange(long stop) {
        return arange(0, stop, 1);
    }

    /** numpy.arange(start, stop): int64. */
    public static NDArray arange(long start, long stop) {
        return arange(start, stop, 1);
    }

    /** numpy.arange(start, stop, step): int64; {@code Nd.arange(10, 0, -3)} is [10, 7, 4, 1]. */
    public static NDArray arange(long start, long stop, long step) {
        return Ranges.arange(start, stop, step);
    }

    /** numpy.arange(stop) with a float: float64. */
    public static NDArray arange(double stop) {
        return arange(0.0, stop, 1.0);
    }

    /** numpy.arange(start, stop) with float bounds: float64, step 1. */
    public static NDArray arange(double start, double stop) {
        return arange(start, stop, 1.0);
    }

    /** numpy.arange with floats: float64, {@code Nd.arange(0, 1, 0.1)}. */
    public static NDArray arange(double start, double stop, double step) {
        return arange(start, stop, step, DType.FLOAT64);
    }

    /** numpy.arange(start, stop, step, dtype): length ceil((stop - start) / step), values start + i*step. */
    public static NDArray arange(double start, double stop, double step, DType dtype) {
        return Ranges.arange(start, stop, step, dtype);
    }

    // ---------------------------------------------------------------- datetime64 and timedelta64 (issue 39)

    /** numpy.datetime64(iso): a 0-d datetime64 array in the string's unit: {@code Nd.datetime64("2024-01-01")} is datetime64[D]. */
    public static NDArray datetime64(String iso) {
        return DateTimes.datetime64(iso);
    }

    /** numpy.datetime64(iso, unit): {@code Nd.datetime64("2024-01-01T10:30", "s")}. */
    public static NDArray datetime64(String iso, String unit) {
        return DateTimes.datetime64(iso, DateUnit.of(unit));
    }

    /** numpy.timedelta64(count, unit): a 0-d timedelta64 array: {@code Nd.timedelta64(12, "h")}. */
    public static NDArray timedelta64(long count, String unit) {
        return DateTimes.timedelta64(count, DateUnit.of(unit));
    }

    /**
     * numpy.array(texts, dtype) for datetime64 (ISO strings) and timedelta64 (integers), "NaT" for NaT:
     * {@code Nd.array(new String[] {"2024-01-01", "NaT"}, DType.of("M8[s]"))}.
     */
    public static NDArray array(String[] texts, DType dtype, long... shape) {
        return DateTimes.array(texts, dtype, shape);
    }

    /** numpy.arange(start, stop, dtype=...) of datetimes: {@code Nd.arange("2024-01-01", "2024-02-01", DType.of("M8[D]"))}. */
    public static NDArray arange(String start, String stop, DType dtype) {
        return DateTimes.arange(start, stop, 1, dtype);
    }

    /**
     * numpy.arange(start, stop, step) of datetimes, the step in units of {@code dtype}:
     * {@code Nd.arange("2024-01-01", "2024-01-05", 12, DType.of("M8[h]"))}.
     */
    public static NDArray arange(String start, String stop, long step, DType dtype) {
        return DateTimes.arange(start, stop, step, dtype);
    }

    /** numpy.isnat, on the device: {@code Nd.isnat(Nd.array(new String[] {"NaT"}, DType.of("M8[s]")))} is [true]. */
    public static NDArray isnat(NDArray a) {
        return DateTimes.isnat(a);
    }

    /** numpy.datetime_as_string(a): the ISO text of each element in C order: {@code Nd.datetimeAsString(d)}. */
    public static String[] datetimeAsString(NDArray a) {
        return DateTimes.datetimeAsString(a, null);
    }

    /** numpy.datetime_as_string(a, unit): {@code Nd.datetimeAsString(d, "D")} gives "2024-01-01". */
    public static String[] datetimeAsString(NDArray a, String unit) {
        return DateTimes.datetimeAsString(a, DateUnit.of(unit));
    }

    /** numpy.datetime_data(dtype): (unit, count): {@code Nd.datetimeData(DType.of("M8[s]"))} is s=1. */
    public static java.util.Map.Entry<String, Integer> datetimeData(DType dtype) {
        return DateTimes.datetimeData(dtype);
    }

    /** numpy.is_busday(dates): Monday to Friday, on the device: {@code Nd.isBusday(Nd.datetime64("2024-01-06"))} is false. */
    public static NDArray isBusday(NDArray dates) {
        return BusinessDays.isBusday(dates, null, null);
    }

    /** numpy.is_busday(dates, weekmask, holidays): {@code Nd.isBusday(d, "1111110", holidays)}; holidays may be null. */
    public static NDArray isBusday(NDArray dates, String weekmask, NDArray holidays) {
        return BusinessDays.isBusday(dates, weekmask, holidays);
    }

    /** numpy.busday_count(begin, end): weekdays in [begin, end), negative when end comes first: {@code Nd.busdayCount(b, e)}. */
    public static NDArray busdayCount(NDArray begin, NDArray end) {
        return BusinessDays.busdayCount(begin, end, null, null);
    }

    /** numpy.busday_count(begin, end, weekmask, holidays): {@code Nd.busdayCount(b, e, "Mon Tue Wed Thu", holidays)}. */
    public static NDArray busdayCount(NDArray begin, NDArray end, String weekmask, NDArray holidays) {
        return BusinessDays.busdayCount(begin, end, weekmask, holidays);
    }

    // ---------------------------------------------------------------- business days: busday_offset, busdaycalendar

    /**
     * numpy.busdaycalendar(weekmask, holidays): the weekmask "1111100" or "Mon Tue Wed Thu Fri" (null:
     * Monday to Friday), the holidays a datetime64 array or null:
     * {@code Nd.busdaycalendar("Mon Tue Wed Thu Fri", holidays)}.
     */
    public static BusdayCalendar busdaycalendar(String weekmask, NDArray holidays) {
        return BusinessDays.calendar("busdaycalendar", weekmask, holidays);
    }

    /**
     * numpy.busdaycalendar(weekmask, holidays) with the weekmask as 7 booleans, Monday first:
     * {@code Nd.busdaycalendar(new boolean[] {true, true, true, true, true, true, false}, null)}.
     */
    public static BusdayCalendar busdaycalendar(boolean[] weekmask, NDArray holidays) {
        return BusinessDays.calendar("busdaycalendar", weekmask, holidays);
    }

    /** numpy.is_busday(dates, busdaycal=calendar): {@code Nd.isBusday(d, Nd.busdaycalendar("1111110", null))}. */
    public static NDArray isBusday(NDArray dates, BusdayCalendar busdaycal) {
        return BusinessDays.isBusday(dates, busdaycal);
    }

    /** numpy.busday_count(begin, end, busdaycal=calendar): {@code Nd.busdayCount(b, e, calendar)}. */
    public static NDArray busdayCount(NDArray begin, NDArray end, BusdayCalendar busdaycal) {
        return BusinessDays.busdayCount(begin, end, busdaycal);
    }

    /**
     * numpy.busday_offset(dates, offsets): each date moved by its offset in weekdays (an integer array
     * broadcast with the dates, or a Java integer), a datetime64[D] array; a weekend date or NaT is an
     * error (roll='raise'): {@code Nd.busdayOffset(Nd.datetime64("2024-01-05"), 1)} is 2024-01-08.
     */
    public static NDArray busdayOffset(NDArray dates, Object offsets) {
        return BusinessDays.busdayOffset(dates, offsets, BusdayRoll.RAISE, null, null);
    }

    /**
     * numpy.busday_offset(dates, offsets, roll): a date that is not a weekday first rolls as
     * {@code roll} says: {@code Nd.busdayOffset(d, 0, BusdayRoll.FOLLOWING)} is the next weekday.
     */
    public static NDArray busdayOffset(NDArray dates, Object offsets, BusdayRoll roll) {
        return BusinessDays.busdayOffset(dates, offsets, roll, null, null);
    }

    /**
     * numpy.busday_offset(dates, offsets, roll, weekmask, holidays); holidays may be null:
     * {@code Nd.busdayOffset(d, 5, BusdayRoll.MODIFIEDFOLLOWING, "1111100", holidays)}.
     */
    public static NDArray busdayOffset(
            NDArray dates, Object offsets, BusdayRoll roll, String weekmask, NDArray holidays) {
        return BusinessDays.busdayOffset(dates, offsets, roll, weekmask, holidays);
    }

    /**
     * numpy.busday_offset(dates, offsets, roll, busdaycal=calendar):
     * {@code Nd.busdayOffset(d, -3, BusdayRoll.PRECEDING, calendar)}.
     */
    public static NDArray busdayOffset(NDArray dates, Object offsets, BusdayRoll roll, BusdayCalendar busdaycal) {
        return BusinessDays.busdayOffset(dates, offsets, roll, busdaycal);
    }

    /** numpy.linspace(start, stop, 50). */
    public static NDArray linspace(double start, double stop) {
        return linspace(start, stop, 50, true, DType.FLOAT64);
    }

    /** numpy.linspace(start, stop, num): float64, endpoint included. */
    public static NDArray linspace(double start, double stop, long num) {
        return linspace(start, stop, num, true, DType.FLOAT64);
    }

    /** numpy.linspace(start, stop, num, endpoint, dtype): start + i*step, the last point exactly stop when endpoint. */
    public static NDArray linspace(double start, double stop, long num, boolean endpoint, DType dtype) {
        return NumericalRanges.linspace(start, stop, num, endpoint, dtype);
    }

    /** numpy.identity(n): the float64 identity matrix. */
    public static NDArray identity(long n) {
        return eye(n);
    }

    /** numpy.identity(n, dtype). */
    public static NDArray identity(long n, DType dtype) {
        return eye(n, n, 0, Objects.requireNonNull(dtype, "identity: dtype is null"));
    }

    /** numpy.logspace(start, stop, num): 10 ** linspace(start, stop, num), float64. */
    public static NDArray logspace(double start, double stop, long num) {
        return logspace(start, stop, num, true, 10.0);
    }

    /** numpy.logspace(start, stop, num, endpoint, base): base ** linspace(start, stop, num, endpoint), float64. */
    public static NDArray logspace(double start, double stop, long num, boolean endpoint, double base) {
        return NumericalRanges.logspace(start, stop, num, endpoint, base);
    }

    /** numpy.meshgrid(x, y, ...) with indexing='xy': coordinate matrices (copies) for 1-d coordinate arrays. */
    public static NDArray[] meshgrid(NDArray... xs) {
        return NumericalRanges.meshgrid(xs);
    }

    /**
     * numpy.lib.stride_tricks.sliding_window_view(x, window_shape): every window of {@code windowShape}
     * over all of x's axes, a read-only view (no copy): {@code Nd.slidingWindowView(x, 3).mean(-1)} is
     * a moving average of a 1-d x.
     */
    public static NDArray slidingWindowView(NDArray x, long... windowShape) {
        return SlidingWindows.slidingWindowView(x, windowShape, null);
    }

    /**
     * numpy.lib.stride_tricks.sliding_window_view(x, window_shape, axis): windows along {@code axes}
     * (one length each; an axis may repeat), the window's axes last; a read-only view.
     */
    public static NDArray slidingWindowView(NDArray x, long[] windowShape, int[] axes) {
        return SlidingWindows.slidingWindowView(
                x,
                windowShape,
                Objects.requireNonNull(axes, "slidingWindowView: axes is null; use the form without axes"));
    }

    /**
     * numpy.meshgrid(*xs, indexing=indexing, sparse=sparse): {@code Nd.meshgrid("ij", false, x, y)}
     * gives arrays of shape (len(x), len(y)); "xy" (NumPy's default) swaps the first two axes;
     * sparse keeps each array 1 long on the other axes, to broadcast against each other.
     */
    public static NDArray[] meshgrid(String indexing, boolean sparse, NDArray... xs) {
        return NumericalRanges.meshgrid(indexing, sparse, xs);
    }

    /** numpy.eye(n): float64 identity. */
    public static NDArray eye(long n) {
        return eye(n, n, 0, DType.FLOAT64);
    }

    /** numpy.eye(n, m, k, dtype): ones on the k-th diagonal. */
    public static NDArray eye(long n, long m, long k, DType dtype) {
        return Creation.eye(n, m, k, dtype);
    }

    // ---------------------------------------------------------------- files

    /**
     * An array over device memory another library allocated, without a copy (CuPy's
     * UnownedMemory): element {@code [0, ..., 0]} at {@code pointer} on {@code device} (CUDA),
     * byte {@code strides} (null: C order). ndgpu never frees the memory; {@code owner} stays
     * reachable while the array or a view of it is in use.
     */
    public static NDArray fromDevicePointer(
            long pointer, DType dtype, long[] shape, long[] strides, Device device, Object owner) {
        return UnownedMemory.wrap(pointer, dtype, shape, strides, device, owner);
    }

    /**
     * DLPack import, as {@code cupy.from_dlpack}: an array over the memory of a producer's
     * {@code DLManagedTensor*}, without a copy. ndgpu takes ownership: the producer's deleter runs
     * once, when the array and all its views are released. CUDA tensors from any producer (the
     * driver checks the range); OpenCL tensors only from ndgpu's own {@code toDlpack()}.
     */
    public static NDArray fromDlpack(java.lang.foreign.MemorySegment tensor) {
        return DLPack.importTensor(tensor);
    }

    /**
     * numpy.load of a .npy file onto the current device: every dtype of DType, C or Fortran order,
     * little- or big-endian, of any size (no 2 GiB limit). The data is copied from the mapped file to
     * the device in chunks, never held whole on the Java heap; the result is C-contiguous.
     */
    public static NDArray load(java.nio.file.Path file) {
        return Npy.readToDevice(Objects.requireNonNull(file, "load: file is null"), Device.current());
    }

    /**
     * numpy.load of a .npy file holding a structured array (a dtype with fields, as
     * {@code np.save("p.npy", np.zeros(3, dtype=[('x', '<f4'), ('pos', '<f8', (3,))]))}) onto the
     * current device: {@code Nd.loadStructured(Path.of("p.npy")).field("pos")}. Packed or aligned
     * layouts, big-endian fields, subarray fields, C or Fortran order. {@link #load} refuses such a
     * file, since an NDArray has one dtype; see {@link org.ndgpu.structured.StructuredArray}.
     */
    public static org.ndgpu.structured.StructuredArray loadStructured(java.nio.file.Path file) {
        return org.ndgpu.io.StructuredNpy.read(
                Objects.requireNonNull(file, "loadStructured: file is null"), Device.current());
    }

    /**
     * numpy.load of a .npz archive: the arrays by name, in archive order. Each member goes through
     * host memory as a {@link org.ndgpu.ndarray.HostArray}, so it may hold at most 2 GiB. A structured
     * member is refused, naming it: read those with {@link #loadStructuredNpz(java.nio.file.Path)} and
     * the plain ones by name with {@link #loadNpz(java.nio.file.Path, String)}.
     */
    public static java.util.Map<String, NDArray> loadNpz(java.nio.file.Path file) {
        return InputOutput.loadNpz(file);
    }

    /**
     * {@code np.load(file)[name]} of a plain member of a .npz archive, onto the current device; the
     * other members are not read, so this takes the plain members of an archive that also holds
     * structured ones ({@link #loadNpz(java.nio.file.Path)} refuses those). At most 2 GiB.
     */
    public static NDArray loadNpz(java.nio.file.Path file, String name) {
        return InputOutput.loadNpz(file, name);
    }

    /**
     * The structured members of a .npz archive ({@code np.savez(f, a=plain, r=records)}), by name in
     * archive order, onto the current device; the plain members are left out. Each is read as
     * {@link #loadStructured} reads a .npy, through host memory (at most 2 GiB each).
     */
    public static java.util.Map<String, org.ndgpu.structured.StructuredArray> loadStructuredNpz(
            java.nio.file.Path file) {
        return org.ndgpu.io.StructuredNpz.read(
                Objects.requireNonNull(file, "loadStructuredNpz: file is null"), Device.current());
    }

    /**
     * {@code np.load(file)[name]} of a structured member of a .npz archive, onto the current device:
     * {@code Nd.loadStructuredNpz(Path.of("run.npz"), "r").field("x")}. A plain member is refused
     * with an NpyFormatException that says to use {@link #loadNpz(java.nio.file.Path, String)}.
     */
    public static org.ndgpu.structured.StructuredArray loadStructuredNpz(java.nio.file.Path file, String name) {
        return org.ndgpu.io.StructuredNpz.read(
                Objects.requireNonNull(file, "loadStructuredNpz: file is null"), name, Device.current());
    }

    /**
     * numpy.save: writes a .npy file NumPy reads, of any size (no 2 GiB limit); the elements are
     * streamed from the device to the file in chunks. An F-contiguous array is saved in Fortran order,
     * as NumPy does; another non-C-contiguous array is first copied to C order on the device.
     */
    public static void save(java.nio.file.Path file, NDArray a) {
        Npy.writeToFile(
                Objects.requireNonNull(file, "save: file is null"), Objects.requireNonNull(a, "save: a is null"));
    }

    /**
     * numpy.save of a structured array: the header np.save writes for its dtype, then its records
     * in C order (padding bytes 0): {@code Nd.save(Path.of("out.npy"), s)}; {@code np.load} gives an
     * equal structured array.
     */
    public static void save(java.nio.file.Path file, org.ndgpu.structured.StructuredArray a) {
        org.ndgpu.io.StructuredNpy.write(
                Objects.requireNonNull(file, "save: file is null"), Objects.requireNonNull(a, "save: a is null"));
    }

    /** numpy.savez: an uncompressed .npz of named arrays (each at most 2 GiB: members go through host memory). */
    public static void savez(java.nio.file.Path file, java.util.Map<String, NDArray> arrays) {
        InputOutput.savez("savez", file, arrays, false);
    }

    /**
     * numpy.savez of plain and structured arrays ({@code np.savez(f, a=a, r=r)}): one uncompressed
     * .npz, the plain members first, then the structured ones; a name may appear in one map only.
     */
    public static void savez(
            java.nio.file.Path file,
            java.util.Map<String, NDArray> arrays,
            java.util.Map<String, org.ndgpu.structured.StructuredArray> records) {
        InputOutput.savez("savez", file, arrays, records, false);
    }

    /** numpy.savez_compressed of plain and structured arrays: as {@link #savez(java.nio.file.Path, java.util.Map, java.util.Map)}, deflated. */
    public static void savezCompressed(
            java.nio.file.Path file,
            java.util.Map<String, NDArray> arrays,
            java.util.Map<String, org.ndgpu.structured.StructuredArray> records) {
        InputOutput.savez("savezCompressed", file, arrays, records, true);
    }

    /** numpy.savez_compressed: a deflate-compressed .npz of named arrays (each at most 2 GiB: members go through host memory). */
    public static void savezCompressed(java.nio.file.Path file, java.util.Map<String, NDArray> arrays) {
        InputOutput.savez("savezCompressed", file, arrays, true);
    }

    /** A host array made into a device array on the current device. */
    public static NDArray fromHost(org.ndgpu.ndarray.HostArray h) {
        return Transfers.fromHost(h);
    }

    // ---------------------------------------------------------------- layout

    /** numpy.ascontiguousarray: the array itself when C-contiguous, else a C-ordered copy. */
    public static NDArray ascontiguousarray(NDArray a) {
        return Require.ascontiguousarray(a);
    }

    /** numpy.asfortranarray: the array itself when F-contiguous, else an F-ordered copy. */
    public static NDArray asfortranarray(NDArray a) {
        return Require.asfortranarray(a);
    }

    /**
     * numpy.copyto(dst, src): broadcast and cast into dst with NumPy's default casting, 'same_kind'
     * (float into int raises). A src on another device than dst is first copied to dst's device
     * ({@link NDArray#to}: through the host between OpenCL devices or backends).
     */
    public static void copyto(NDArray dst, Object src) {
        Copies.assign("copyto", Objects.requireNonNull(dst, "copyto: dst is null"), src, Casting.SAME_KIND);
    }

    /** numpy.copyto(dst, src, casting): {@code Nd.copyto(ints, floats, Casting.UNSAFE)} truncates as a C cast. */
    public static void copyto(NDArray dst, Object src, Casting casting) {
        Copies.assign(
                "copyto",
                Objects.requireNonNull(dst, "copyto: dst is null"),
                src,
                Objects.requireNonNull(casting, "copyto: casting is null"));
    }

    // ---------------------------------------------------------------- reductions as functions: Nd.sum(a), Nd.mean(a,
    // 0)

    /** numpy.sum(a): the same as {@code a.sum()}. */
    public static NDArray sum(NDArray a) {
        return Objects.requireNonNull(a, "sum: a is null").sum();
    }

    /** numpy.sum(a, axis). */
    public static NDArray sum(NDArray a, int axis) {
        return Objects.requireNonNull(a, "sum: a is null").sum(axis);
    }

    /** numpy.prod(a): the same as {@code a.prod()}. */
    public static NDArray prod(NDArray a) {
        return Objects.requireNonNull(a, "prod: a is null").prod();
    }

    /** numpy.prod(a, axis). */
    public static NDArray prod(NDArray a, int axis) {
        return Objects.requireNonNull(a, "prod: a is null").prod(axis);
    }

    /** numpy.mean(a): the same as {@code a.mean()}. */
    public static NDArray mean(NDArray a) {
        return Objects.requireNonNull(a, "mean: a is null").mean();
    }

    /** numpy.mean(a, axis). */
    public static NDArray mean(NDArray a, int axis) {
        return Objects.requireNonNull(a, "mean: a is null").mean(axis);
    }

    /** numpy.var(a): the same as {@code a.var()}. */
    public static NDArray var(NDArray a) {
        return Objects.requireNonNull(a, "var: a is null").var();
    }

    /** numpy.var(a, axis). */
    public static NDArray var(NDArray a, int axis) {
        return Objects.requireNonNull(a, "var: a is null").var(axis);
    }

    /** numpy.std(a): the same as {@code a.std()}. */
    public static NDArray std(NDArray a) {
        return Objects.requireNonNull(a, "std: a is null").std();
    }

    /** numpy.std(a, axis). */
    public static NDArray std(NDArray a, int axis) {
        return Objects.requireNonNull(a, "std: a is null").std(axis);
    }

    /**
     * numpy.sum(a, axis, dtype=dtype, keepdims): accumulated in and returned as {@code dtype}
     * (null: NumPy's default, as a.sum; {@code axes} null: every axis):
     * {@code Nd.sum(f32, null, false, DType.FLOAT64)}.
     */
    public static NDArray sum(NDArray a, int[] axes, boolean keepdims, DType dtype) {
        return Averages.reduceIn("sum", Ufunc.ADD, Objects.requireNonNull(a, "sum: a is null"), axes, keepdims, dtype);
    }

    /** numpy.prod(a, axis, dtype=dtype, keepdims): as {@link #sum(NDArray, int[], boolean, DType)}, of products. */
    public static NDArray prod(NDArray a, int[] axes, boolean keepdims, DType dtype) {
        return Averages.reduceIn(
                "prod", Ufunc.MULTIPLY, Objects.requireNonNull(a, "prod: a is null"), axes, keepdims, dtype);
    }

    /**
     * numpy.mean(a, axis, dtype=dtype, keepdims): the sum accumulated in {@code dtype}, then divided
     * ({@code axes} null: every axis): float32 data averaged in float64 is {@code Nd.mean(x, null,
     * false, DType.FLOAT64)}.
     */
    public static NDArray mean(NDArray a, int[] axes, boolean keepdims, DType dtype) {
        return Averages.mean("mean", Objects.requireNonNull(a, "mean: a is null"), axes, keepdims, dtype);
    }

    /** numpy.var(a, axis, dtype=dtype, ddof=ddof, keepdims): computed in {@code dtype}, a float or complex dtype. */
    public static NDArray var(NDArray a, int[] axes, boolean keepdims, int ddof, DType dtype) {
        return Averages.variance(
                "var", Objects.requireNonNull(a, "var: a is null"), axes, keepdims, ddof, dtype, false);
    }

    /** numpy.std(a, axis, dtype=dtype, ddof=ddof, keepdims): computed in {@code dtype}, a float or complex dtype. */
    public static NDArray std(NDArray a, int[] axes, boolean keepdims, int ddof, DType dtype) {
        return Averages.variance("std", Objects.requireNonNull(a, "std: a is null"), axes, keepdims, ddof, dtype, true);
    }

    /** numpy.min(a): the same as {@code a.min()}. */
    public static NDArray min(NDArray a) {
        return Objects.requireNonNull(a, "min: a is null").min();
    }

    /** numpy.min(a, axis). */
    public static NDArray min(NDArray a, int axis) {
        return Objects.requireNonNull(a, "min: a is null").min(axis);
    }

    /** numpy.max(a): the same as {@code a.max()}. */
    public static NDArray max(NDArray a) {
        return Objects.requireNonNull(a, "max: a is null").max();
    }

    /** numpy.max(a, axis). */
    public static NDArray max(NDArray a, int axis) {
        return Objects.requireNonNull(a, "max: a is null").max(axis);
    }

    /** numpy.argmin(a): the same as {@code a.argmin()}. */
    public static NDArray argmin(NDArray a) {
        return Objects.requireNonNull(a, "argmin: a is null").argmin();
    }

    /** numpy.argmin(a, axis). */
    public static NDArray argmin(NDArray a, int axis) {
        return Objects.requireNonNull(a, "argmin: a is null").argmin(axis);
    }

    /** numpy.argmax(a): the same as {@code a.argmax()}. */
    public static NDArray argmax(NDArray a) {
        return Objects.requireNonNull(a, "argmax: a is null").argmax();
    }

    /** numpy.argmax(a, axis). */
    public static NDArray argmax(NDArray a, int axis) {
        return Objects.requireNonNull(a, "argmax: a is null").argmax(axis);
    }

    /** numpy.all(a): the same as {@code a.all()}. */
    public static NDArray all(NDArray a) {
        return Objects.requireNonNull(a, "all: a is null").all();
    }

    /** numpy.all(a, axis). */
    public static NDArray all(NDArray a, int axis) {
        return Objects.requireNonNull(a, "all: a is null").all(axis);
    }

    /** numpy.any(a): the same as {@code a.any()}. */
    public static NDArray any(NDArray a) {
        return Objects.requireNonNull(a, "any: a is null").any();
    }

    /** numpy.any(a, axis). */
    public static NDArray any(NDArray a, int axis) {
        return Objects.requireNonNull(a, "any: a is null").any(axis);
    }

    /** numpy.cumsum(a): over the flattened array. */
    public static NDArray cumsum(NDArray a) {
        return Objects.requireNonNull(a, "cumsum: a is null").cumsum();
    }

    /** numpy.cumsum(a, axis). */
    public static NDArray cumsum(NDArray a, int axis) {
        return Objects.requireNonNull(a, "cumsum: a is null").cumsum(axis);
    }

    /**
     * numpy.cumsum(a, axis, dtype): {@code axis} null runs over the flattened array; the sums are
     * accumulated in {@code dtype} (null: a's, with small integers widened as cumsum(a) does):
     * {@code Nd.cumsum(int8s, null, DType.INT16)}.
     */
    public static NDArray cumsum(NDArray a, Integer axis, DType dtype) {
        return accumulate(Ufunc.ADD, "cumsum", a, axis, dtype);
    }

    /** numpy.cumprod(a, axis, dtype): as {@link #cumsum(NDArray, Integer, DType)}, of products. */
    public static NDArray cumprod(NDArray a, Integer axis, DType dtype) {
        return accumulate(Ufunc.MULTIPLY, "cumprod", a, axis, dtype);
    }

    // cumsum and cumprod with axis None or a dtype: the ufunc's accumulate, over a flattened view for None
    private static NDArray accumulate(Ufunc op, String name, NDArray a, Integer axis, DType dtype) {
        Objects.requireNonNull(a, name + ": a is null");
        if (axis != null) return ufunc(op).accumulate(a, axis, dtype, null);
        try (NDArray flat = a.live(name).ravel()) {
            return ufunc(op).accumulate(flat, 0, dtype, null);
        }
    }

    /** numpy.cumprod(a): over the flattened array. */
    public static NDArray cumprod(NDArray a) {
        return Objects.requireNonNull(a, "cumprod: a is null").cumprod();
    }

    /** numpy.cumprod(a, axis). */
    public static NDArray cumprod(NDArray a, int axis) {
        return Objects.requireNonNull(a, "cumprod: a is null").cumprod(axis);
    }

    // ---------------------------------------------------------------- reductions beyond the NDArray methods

    /** numpy.count_nonzero(a): the number of nonzero elements, as a 0-d int64 array. */
    public static NDArray countNonzero(NDArray a) {
        return reduce(Reduction.COUNT_NONZERO, Objects.requireNonNull(a, "countNonzero: a is null"), null, false);
    }

    /** numpy.count_nonzero(a, axis, keepdims). */
    public static NDArray countNonzero(NDArray a, int[] axes, boolean keepdims) {
        return reduce(Reduction.COUNT_NONZERO, Objects.requireNonNull(a, "countNonzero: a is null"), axes, keepdims);
    }

    /** numpy.nansum(a): the sum with NaNs counted as zero. */
    public static NDArray nansum(NDArray a) {
        return reduce(Reduction.NANSUM, Objects.requireNonNull(a, "nansum: a is null"), null, false);
    }

    /** numpy.nansum(a, axis, keepdims). */
    public static NDArray nansum(NDArray a, int[] axes, boolean keepdims) {
        return reduce(Reduction.NANSUM, Objects.requireNonNull(a, "nansum: a is null"), axes, keepdims);
    }

    /** numpy.nanmax(a): the maximum ignoring NaNs (NaN only where every element is NaN). */
    public static NDArray nanmax(NDArray a) {
        return reduce(Reduction.NANMAX, Objects.requireNonNull(a, "nanmax: a is null"), null, false);
    }

    /** numpy.nanmax(a, axis, keepdims). */
    public static NDArray nanmax(NDArray a, int[] axes, boolean keepdims) {
        return reduce(Reduction.NANMAX, Objects.requireNonNull(a, "nanmax: a is null"), axes, keepdims);
    }

    /** numpy.nanmin(a): the minimum ignoring NaNs. */
    public static NDArray nanmin(NDArray a) {
        return reduce(Reduction.NANMIN, Objects.requireNonNull(a, "nanmin: a is null"), null, false);
    }

    /** numpy.nanmin(a, axis, keepdims). */
    public static NDArray nanmin(NDArray a, int[] axes, boolean keepdims) {
        return reduce(Reduction.NANMIN, Objects.requireNonNull(a, "nanmin: a is null"), axes, keepdims);
    }

    /** numpy.nanmean(a, axis, keepdims): nansum over the count of non-NaN elements (axes null: all). */
    public static NDArray nanmean(NDArray a, int[] axes, boolean keepdims) {
        return NanReductions.nanmean(a, axes, keepdims);
    }

    /** numpy.nanmean(a). */
    public static NDArray nanmean(NDArray a) {
        return nanmean(a, null, false);
    }

    private static NDArray reduce(Reduction op, NDArray a, int[] axes, boolean keepdims) {
        return Providers.reductions(a.live(op.numpyName())).reduce(op, a, axes, keepdims, null, 0);
    }

    // ---------------------------------------------------------------- searching

    /** numpy.where(cond) with one argument: the same as nonzero(cond). */
    public static NDArray[] where(NDArray cond) {
        return Masking.nonzero("where", Objects.requireNonNull(cond, "where: cond is null"));
    }

    /** numpy.nonzero(a): the indices of the nonzero elements, one int64 array per axis. */
    public static NDArray[] nonzero(NDArray a) {
        return Masking.nonzero("nonzero", Objects.requireNonNull(a, "nonzero: a is null"));
    }

    /** numpy.argwhere(a): the indices of the nonzero elements as rows, shape (count, ndim). */
    public static NDArray argwhere(NDArray a) {
        return Masking.argwhere("argwhere", Objects.requireNonNull(a, "argwhere: a is null"));
    }

    /** numpy.flatnonzero(a): the flat indices of the nonzero elements. */
    public static NDArray flatnonzero(NDArray a) {
        return Masking.flatnonzero("flatnonzero", Objects.requireNonNull(a, "flatnonzero: a is null"));
    }

    // ---------------------------------------------------------------- sorting

    /** numpy.sort(a): a sorted copy along the last axis, NaN last. */
    public static NDArray sort(NDArray a) {
        return Sorting.sort("sort", Objects.requireNonNull(a, "sort: a is null"), -1, false);
    }

    /** numpy.sort(a, axis). */
    public static NDArray sort(NDArray a, int axis) {
        return Sorting.sort("sort", Objects.requireNonNull(a, "sort: a is null"), axis, false);
    }

    /** numpy.argsort(a, kind='stable'): int64 indices that sort the last axis. */
    public static NDArray argsort(NDArray a) {
        return Sorting.sort("argsort", Objects.requireNonNull(a, "argsort: a is null"), -1, true);
    }

    /** numpy.argsort(a, axis, kind='stable'). */
    public static NDArray argsort(NDArray a, int axis) {
        return Sorting.sort("argsort", Objects.requireNonNull(a, "argsort: a is null"), axis, true);
    }

    /** numpy.median(a): of the flattened array, NaN if any element is NaN. */
    public static NDArray median(NDArray a) {
        return Quantiles.quantile("median", Objects.requireNonNull(a, "median: a is null"), 0.5, null, false);
    }

    /** numpy.median(a, axis). */
    public static NDArray median(NDArray a, int axis) {
        return Quantiles.quantile("median", Objects.requireNonNull(a, "median: a is null"), 0.5, axis, false);
    }

    /** numpy.quantile(a, q) for q in [0, 1], method 'linear'. */
    public static NDArray quantile(NDArray a, double q) {
        return Quantiles.quantile("quantile", Objects.requireNonNull(a, "quantile: a is null"), q, null, false);
    }

    /** numpy.quantile(a, q, axis, keepdims). */
    public static NDArray quantile(NDArray a, double q, int axis, boolean keepdims) {
        return Quantiles.quantile("quantile", Objects.requireNonNull(a, "quantile: a is null"), q, axis, keepdims);
    }

    /** numpy.percentile(a, p) for p in [0, 100]. */
    public static NDArray percentile(NDArray a, double p) {
        return percentile(a, p, null, false, "linear");
    }

    /** numpy.percentile(a, p, axis, keepdims). */
    public static NDArray percentile(NDArray a, double p, int axis, boolean keepdims) {
        return percentile(a, p, Integer.valueOf(axis), keepdims, "linear");
    }

    /**
     * numpy.quantile(a, q, axis, keepdims=keepdims, method=method) for several q: the q axis first;
     * {@code method} one of NumPy's thirteen ("linear", NumPy's default, "lower", "higher",
     * "nearest", "midpoint", "inverted_cdf", "hazen", "weibull", "median_unbiased", ...); {@code axis}
     * null flattens: {@code Nd.quantile(a, new double[] {0.25, 0.75}, null, false, "linear")}.
     */
    public static NDArray quantile(NDArray a, double[] q, Integer axis, boolean keepdims, String method) {
        return Quantiles.quantile(
                "quantile", Objects.requireNonNull(a, "quantile: a is null"), q, false, axis, keepdims, method);
    }

    /** numpy.quantile(a, q, axis, keepdims=keepdims, method=method) for one q: no q axis. */
    public static NDArray quantile(NDArray a, double q, Integer axis, boolean keepdims, String method) {
        return Quantiles.quantile(
                "quantile",
                Objects.requireNonNull(a, "quantile: a is null"),
                new double[] {q},
                true,
                axis,
                keepdims,
                method);
    }

    /**
     * numpy.percentile(a, p, axis, keepdims=keepdims, method=method) for several p in [0, 100]:
     * {@code Nd.percentile(x, new double[] {2.5, 97.5}, null, false, "linear")}.
     */
    public static NDArray percentile(NDArray a, double[] p, Integer axis, boolean keepdims, String method) {
        return Quantiles.percentile(
                "percentile", Objects.requireNonNull(a, "percentile: a is null"), p, false, axis, keepdims, method);
    }

    /** numpy.percentile(a, p, axis, keepdims=keepdims, method=method) for one p in [0, 100]. */
    public static NDArray percentile(NDArray a, double p, Integer axis, boolean keepdims, String method) {
        return Quantiles.percentile(
                "percentile",
                Objects.requireNonNull(a, "percentile: a is null"),
                new double[] {p},
                true,
                axis,
                keepdims,
                method);
    }

    /** numpy.searchsorted(a, v): insertion indices of v (an array or a number) into the sorted 1-d a, before equal values. */
    public static NDArray searchsorted(NDArray a, Object v) {
        return Sorting.searchsorted("searchsorted", Objects.requireNonNull(a, "searchsorted: a is null"), v, "left");
    }

    /** numpy.searchsorted(a, v, side): side "left" or "right". */
    public static NDArray searchsorted(NDArray a, Object v, String side) {
        return Sorting.searchsorted(
                "searchsorted",
                Objects.requireNonNull(a, "searchsorted: a is null"),
                v,
                Objects.requireNonNull(side, "searchsorted: side is null"));
    }

    /** numpy.unique(a): the sorted distinct values of the flattened array (NaNs as one). */
    public static NDArray unique(NDArray a) {
        return UniqueValues.unique("unique", Objects.requireNonNull(a, "unique: a is null"));
    }

    /**
     * numpy.unique(a, axis=axis): the distinct subarrays along axis, sorted lexicographically; as
     * NumPy's, a subarray holding a NaN equals no other: {@code Nd.unique(rows, 0)}.
     */
    public static NDArray unique(NDArray a, int axis) {
        return UniqueAxis.values("unique", Objects.requireNonNull(a, "unique: a is null"), axis);
    }

    /**
     * numpy.unique(a, return_index, return_inverse, return_counts): the sorted distinct values (the
     * NaNs as one, NumPy's equal_nan=True) and, where asked, the first index of each in the flattened
     * a, the inverse in a's shape (NumPy 2) and the counts; null for those not asked:
     * {@code try (var u = Nd.unique(a, false, true, true)) { u.inverseIndices(); u.counts(); }}.
     */
    public static UniqueAll unique(NDArray a, boolean returnIndex, boolean returnInverse, boolean returnCounts) {
        return unique(a, returnIndex, returnInverse, returnCounts, true);
    }

    /** numpy.unique(a, return_index, return_inverse, return_counts, equal_nan): equalNan false keeps each NaN its own value. */
    public static UniqueAll unique(
            NDArray a, boolean returnIndex, boolean returnInverse, boolean returnCounts, boolean equalNan) {
        return UniqueIndices.unique(
                "unique",
                Objects.requireNonNull(a, "unique: a is null"),
                returnIndex,
                returnInverse,
                returnCounts,
                equalNan);
    }

    /**
     * numpy.unique(a, return_index, return_inverse, return_counts, axis=axis): the distinct subarrays
     * and, where asked, their first indices, the 1-d inverse and the counts; null for those not asked.
     */
    public static UniqueAll unique(
            NDArray a, int axis, boolean returnIndex, boolean returnInverse, boolean returnCounts) {
        return UniqueAxis.asked(
                "unique",
                Objects.requireNonNull(a, "unique: a is null"),
                axis,
                returnIndex,
                returnInverse,
                returnCounts);
    }

    /**
     * numpy.unique(a, return_index=True, return_inverse=True, return_counts=True, axis=axis): the
     * distinct subarrays, the index of each one's first occurrence, the 1-d inverse and the counts:
     * {@code Nd.uniqueAll(rows, 0).counts()}.
     */
    public static UniqueAll uniqueAll(NDArray a, int axis) {
        return UniqueAxis.all("unique", Objects.requireNonNull(a, "uniqueAll: a is null"), axis);
    }

    // ---------------------------------------------------------------- NumPy completeness (issue 39)

    /**
     * NumPy's ufunc methods (reduce, accumulate, reduceat, outer, at) of {@code op}:
     * {@code Nd.ufunc(Ufunc.ADD).at(a, new long[] {0, 0}, 1)} is {@code np.add.at(a, [0, 0], 1)}.
     */
    public static UfuncMethods ufunc(Ufunc op) {
        return UfuncMethods.of(op);
    }

    /** numpy.set_printoptions: {@code Nd.setPrintoptions(Nd.getPrintoptions().withPrecision(3).withSuppress(true))}. */
    public static void setPrintoptions(PrintOptions options) {
        PrintOptions.set(options);
    }

    /** numpy.get_printoptions: the print options in force, e.g. {@code Nd.getPrintoptions().threshold()} is 1000. */
    public static PrintOptions getPrintoptions() {
        return PrintOptions.current();
    }

    /**
     * numpy.printoptions: these options until the scope closes, then the previous ones:
     * {@code try (var p = Nd.printoptions(PrintOptions.defaults().withPrecision(2))) { System.out.println(a); }}.
     */
    public static PrintOptions.Scope printoptions(PrintOptions options) {
        return PrintOptions.scoped(options);
    }

    /** numpy.loadtxt(file): whitespace-separated floats, "#" comments: {@code Nd.loadtxt(Path.of("data.txt"))}. */
    public static NDArray loadtxt(java.nio.file.Path file) {
        return TextIo.loadtxt(file, TextFormat.defaults());
    }

    /**
     * numpy.loadtxt(file, dtype, delimiter, comments, skiprows, usecols), parsed on the host into one
     * device array: {@code Nd.loadtxt(path, TextFormat.csv().withSkiprows(1).withUsecols(0, 2))}.
     */
    public static NDArray loadtxt(java.nio.file.Path file, TextFormat format) {
        return TextIo.loadtxt(file, format);
    }

    /** numpy.genfromtxt(file): as loadtxt, missing or unparsable fields NaN: {@code Nd.genfromtxt(path)}. */
    public static NDArray genfromtxt(java.nio.file.Path file) {
        return TextIo.genfromtxt(file, TextFormat.defaults());
    }

    /** numpy.genfromtxt(file, ..., filling_values): {@code Nd.genfromtxt(path, TextFormat.csv().withFillingValue(0))}. */
    public static NDArray genfromtxt(java.nio.file.Path file, TextFormat format) {
        return TextIo.genfromtxt(file, format);
    }

    /** numpy.savetxt(file, a): fmt "%.18e", space-separated: {@code Nd.savetxt(Path.of("out.txt"), a)}. */
    public static void savetxt(java.nio.file.Path file, NDArray a) {
        SaveText.savetxt(file, a, "%.18e", " ");
    }

    /** numpy.savetxt(file, a, fmt, delimiter): {@code Nd.savetxt(path, a, "%.3f", ",")}. */
    public static void savetxt(java.nio.file.Path file, NDArray a, String fmt, String delimiter) {
        SaveText.savetxt(file, a, fmt, delimiter);
    }

    /** numpy.array_repr(a): what {@code a.toString()} gives, e.g. {@code "array([1., 2.])"}. */
    public static String arrayRepr(NDArray a) {
        return ArrayRepr.repr(Objects.requireNonNull(a, "array_repr: a is null"));
    }

    /** numpy.array_str(a): what {@code a.str()} gives, e.g. {@code "[1. 2.]"}. */
    public static String arrayStr(NDArray a) {
        return ArrayRepr.str(Objects.requireNonNull(a, "array_str: a is null"));
    }

    /** numpy.array2string(a) with the print options in force: {@code Nd.array2string(a)} is {@code "[1. 2.]"}. */
    public static String array2string(NDArray a) {
        return ArrayRepr.str(Objects.requireNonNull(a, "array2string: a is null"));
    }

    /** numpy.format_float_positional(x): the shortest round-trip digits, {@code Nd.formatFloatPositional(0.1)} is "0.1". */
    public static String formatFloatPositional(double x) {
        return NumberText.formatFloatPositional(x);
    }

    /** numpy.format_float_scientific(x): {@code Nd.formatFloatScientific(1234.5)} is "1.2345e+03". */
    public static String formatFloatScientific(double x) {
        return NumberText.formatFloatScientific(x);
    }

    /** numpy.base_repr(number, base): {@code Nd.baseRepr(255, 16)} is "FF". */
    public static String baseRepr(long number, int base) {
        return NumberText.baseRepr(number, base, 0);
    }

    /** numpy.base_repr(number, base, padding): {@code Nd.baseRepr(5, 2, 4)} is "0000101". */
    public static String baseRepr(long number, int base, int padding) {
        return NumberText.baseRepr(number, base, padding);
    }

    /** numpy.binary_repr(num): {@code Nd.binaryRepr(-5)} is "-101". */
    public static String binaryRepr(long num) {
        return NumberText.binaryRepr(num, 0);
    }

    /** numpy.binary_repr(num, width): two's complement in width bits, {@code Nd.binaryRepr(-5, 8)} is "11111011". */
    public static String binaryRepr(long num, int width) {
        return NumberText.binaryRepr(num, width);
    }

    /** numpy.isfortran(a): F-contiguous and not C-contiguous: {@code Nd.isfortran(m.T())} for a 2-d C array m. */
    public static boolean isfortran(NDArray a) {
        return Objects.requireNonNull(a, "isfortran: a is null").isFContiguous() && !a.isCContiguous();
    }

    /** numpy.isscalar(x): a Java number, boolean or string (a 0-d NDArray is not): {@code Nd.isscalar(3.0)}. */
    public static boolean isscalar(Object x) {
        return x instanceof Number || x instanceof Boolean || x instanceof String;
    }

    /** numpy.may_share_memory(a, b): whether the two arrays' memory may overlap: {@code Nd.mayShareMemory(a, a.T())}. */
    public static boolean mayShareMemory(NDArray a, NDArray b) {
        return Objects.requireNonNull(a, "may_share_memory: a is null")
                .sharesMemory(Objects.requireNonNull(b, "may_share_memory: b is null"));
    }

    /**
     * numpy.apply_along_axis(f, axis, a): f of every 1-d slice along axis, driven from the host (one
     * call per slice: prefer a whole-array form where one exists): {@code Nd.applyAlongAxis(r -> r.sort(), 1, m)}.
     */
    public static NDArray applyAlongAxis(Function<NDArray, NDArray> f, int axis, NDArray a) {
        return ApplyAlong.applyAlongAxis(f, axis, a);
    }

    /** numpy.apply_over_axes(f, a, axes): {@code Nd.applyOverAxes((x, ax) -> x.sum(ax), a, 0, 2)}. */
    public static NDArray applyOverAxes(BiFunction<NDArray, Integer, NDArray> f, NDArray a, int... axes) {
        return ApplyAlong.applyOverAxes(f, a, axes);
    }

    /** numpy.asanyarray(a): an NDArray as it is, a Java array made into one: {@code Nd.asanyarray(new double[] {1, 2})}. */
    public static NDArray asanyarray(Object a) {
        return a instanceof NDArray x ? x : array(a);
    }

    /**
     * numpy.emath (numpy.lib.scimath): sqrt, log, log2, log10, logn, power, arccos, arcsin and arctanh
     * that answer complex where the real function has no answer: {@code Nd.emath().sqrt(x)} of a
     * negative x is imaginary; an input that needs no complex keeps the real result.
     */
    public static org.ndgpu.routines.math.Emath emath() {
        return org.ndgpu.routines.math.Emath.instance();
    }

    /** numpy.iinfo(dtype): the limits of an integer dtype: {@code Nd.iinfo(DType.INT8).min()} is -128. */
    public static IInfo iinfo(DType dtype) {
        return IInfo.of(dtype);
    }

    /** numpy.finfo(dtype): the machine limits of a float dtype: {@code Nd.finfo(DType.FLOAT32).eps()}. */
    public static FInfo finfo(DType dtype) {
        return FInfo.of(dtype);
    }

    /**
     * numpy.__version__: this ndgpu's version, {@code "0.1.0-SNAPSHOT"} say; each of its jars also
     * carries it as the manifest's Implementation-Version.
     */
    public static String version() {
        return BuildVersion.VALUE;
    }

    // read once, from the resource the build fills in (a class folder on the class path has no manifest)
    private static final class BuildVersion {
        static final String VALUE = read();

        private static String read() {
            try (java.io.InputStream in = Nd.class.getResourceAsStream("version.properties")) {
                java.util.Properties p = new java.util.Properties();
                if (in != null) p.load(in);
                String v = p.getProperty("version");
                if (v == null || v.isEmpty() || v.startsWith("${"))
                    v = Nd.class.getPackage().getImplementationVersion();
                if (v == null)
                    throw new IllegalStateException(
                            "ndgpu: org/ndgpu/version.properties is missing from the class path");
                return v;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("ndgpu: reading org/ndgpu/version.properties", e);
            }
        }
    }

    /** numpy.ndindex(*shape): every index in C order, on the host: {@code for (long[] i : Nd.ndindex(2, 3)) ...}. */
    public static Iterable<long[]> ndindex(long... shape) {
        return NdIndex.ndindex(shape);
    }

    /**
     * numpy.ndenumerate(a): (index, value) pairs in C order, after one copy of a to the host (for
     * looking at small arrays): {@code for (var e : Nd.ndenumerate(a)) System.out.println(e.getValue());}.
     */
    public static Iterable<java.util.Map.Entry<long[], Object>> ndenumerate(NDArray a) {
        return NdIndex.ndenumerate(a);
    }

    /** numpy.asarray_chkfinite(a): a itself, or an NdException when it holds inf or NaN (checked on the device). */
    public static NDArray asarrayChkfinite(NDArray a) {
        return Chkfinite.asarrayChkfinite(a);
    }

    /** numpy.diagflat(v): the flattened v on the diagonal of a new square array: {@code Nd.diagflat(m)}. */
    public static NDArray diagflat(NDArray v) {
        return Diagflat.diagflat(v, 0);
    }

    /** numpy.diagflat(v, k): on the k-th diagonal: {@code Nd.diagflat(v, 1)}. */
    public static NDArray diagflat(NDArray v, long k) {
        return Diagflat.diagflat(v, k);
    }

    /** numpy.fromiter(iterable, dtype): {@code Nd.fromiter(List.of(1, 2, 3), DType.FLOAT32)}. */
    public static NDArray fromiter(Iterable<? extends Number> values, DType dtype) {
        return FromSources.fromiter(values, dtype);
    }

    /** numpy.frombuffer(buffer, dtype): little-endian elements: {@code Nd.frombuffer(bytes, DType.INT32)}. */
    public static NDArray frombuffer(byte[] buffer, DType dtype) {
        return FromSources.frombuffer(buffer, dtype);
    }

    /** numpy.fromstring(text, dtype, sep): {@code Nd.fromstring("1, 2, 3", DType.FLOAT64, ",")}. */
    public static NDArray fromstring(String text, DType dtype, String sep) {
        return FromSources.fromstring(text, dtype, sep);
    }

    /** numpy.fromfile(file, dtype): raw little-endian elements: {@code Nd.fromfile(Path.of("x.bin"), DType.FLOAT32)}. */
    public static NDArray fromfile(java.nio.file.Path file, DType dtype) {
        return FromSources.fromfile(file, dtype);
    }

    /** numpy.fromfile(file, dtype, sep): text numbers: {@code Nd.fromfile(path, DType.FLOAT64, " ")}. */
    public static NDArray fromfile(java.nio.file.Path file, DType dtype, String sep) {
        return FromSources.fromfile(file, dtype, sep);
    }

    /** numpy.fromfunction(f, shape): f of float64 index arrays, one per axis: {@code Nd.fromfunction(ij -> ij[0].add(ij[1]), 3, 3)}. */
    public static NDArray fromfunction(Function<NDArray[], NDArray> f, long... shape) {
        return FromSources.fromfunction(f, DType.FLOAT64, shape);
    }

    /** numpy.fromfunction(f, shape, dtype): {@code Nd.fromfunction(ij -> ij[0].mul(10).add(ij[1]), DType.INT64, 2, 3)}. */
    public static NDArray fromfunction(Function<NDArray[], NDArray> f, DType dtype, long... shape) {
        return FromSources.fromfunction(f, dtype, shape);
    }

    // ---------------------------------------------------------------- numpy3: NumPy's last names, where= (issue 39)

    /** numpy.unique_all(x): sorted values (each NaN its own), first indices, inverse (x's shape), counts: {@code Nd.uniqueAll(a).counts()}. */
    public static UniqueAll uniqueAll(NDArray x) {
        return UniqueIndices.all("unique_all", Objects.requireNonNull(x, "uniqueAll: x is null"));
    }

    /** numpy.unique_counts(x): the sorted values (each NaN its own) and their counts: {@code Nd.uniqueCounts(a).values()}. */
    public static UniqueCounts uniqueCounts(NDArray x) {
        return UniqueIndices.counts("unique_counts", Objects.requireNonNull(x, "uniqueCounts: x is null"));
    }

    /** numpy.unique_inverse(x): the sorted values and, in x's shape, each element's index in them: {@code Nd.uniqueInverse(a)}. */
    public static UniqueInverse uniqueInverse(NDArray x) {
        return UniqueIndices.inverse("unique_inverse", Objects.requireNonNull(x, "uniqueInverse: x is null"));
    }

    /** numpy.unique_values(x): the distinct values, each NaN its own (sorted; NumPy's order may vary): {@code Nd.uniqueValues(a)}. */
    public static NDArray uniqueValues(NDArray x) {
        return UniqueIndices.values("unique_values", Objects.requireNonNull(x, "uniqueValues: x is null"));
    }

    /** numpy.packbits(a): the flattened integers or booleans as bits (nonzero is 1), big-endian, in uint8: {@code Nd.packbits(mask)}. */
    public static NDArray packbits(NDArray a) {
        return BitPacking.packbits("packbits", Objects.requireNonNull(a, "packbits: a is null"), null, "big");
    }

    /** numpy.packbits(a, axis, bitorder): {@code axis} null flattens, bitorder "big" or "little": {@code Nd.packbits(m, -1, "little")}. */
    public static NDArray packbits(NDArray a, Integer axis, String bitorder) {
        return BitPacking.packbits(
                "packbits",
                Objects.requireNonNull(a, "packbits: a is null"),
                axis,
                Objects.requireNonNull(bitorder, "packbits: bitorder is null"));
    }

    /** numpy.unpackbits(a): the bits of the flattened uint8 array, big-endian: {@code Nd.unpackbits(bytes)}. */
    public static NDArray unpackbits(NDArray a) {
        return BitPacking.unpackbits(
                "unpackbits", Objects.requireNonNull(a, "unpackbits: a is null"), null, null, "big");
    }

    /** numpy.unpackbits(a, axis, count, bitorder): {@code axis} and {@code count} null for NumPy's None: {@code Nd.unpackbits(b, 1, 12L, "big")}. */
    public static NDArray unpackbits(NDArray a, Integer axis, Long count, String bitorder) {
        return BitPacking.unpackbits(
                "unpackbits",
                Objects.requireNonNull(a, "unpackbits: a is null"),
                axis,
                count,
                Objects.requireNonNull(bitorder, "unpackbits: bitorder is null"));
    }

    /** numpy.array_equiv(a1, a2): shapes that broadcast together and equal elements: {@code Nd.arrayEquiv(row, m)}. */
    public static boolean arrayEquiv(NDArray a1, NDArray a2) {
        return Closeness.arrayEquiv(
                Objects.requireNonNull(a1, "arrayEquiv: a1 is null"),
                Objects.requireNonNull(a2, "arrayEquiv: a2 is null"));
    }

    /** numpy.isdtype(dtype, kind): kinds "bool", "signed integer", "unsigned integer", "integral", "real floating", "complex floating", "numeric": {@code Nd.isdtype(DType.FLOAT32, "real floating")}. */
    public static boolean isdtype(DType dtype, String... kind) {
        return DTypeKinds.isdtype(dtype, kind);
    }

    /** numpy.isdtype(dtype, kind) with dtypes as kinds: {@code Nd.isdtype(a.dtype(), DType.FLOAT32, DType.FLOAT64)}. */
    public static boolean isdtype(DType dtype, DType... kind) {
        return DTypeKinds.isdtype(dtype, kind);
    }

    /** numpy.issubdtype(arg1, arg2), arg2 NumPy's abstract type by name ("floating", "integer", "number", ...): {@code Nd.issubdtype(DType.INT8, "signedinteger")}. */
    public static boolean issubdtype(DType arg1, String arg2) {
        return DTypeKinds.issubdtype(arg1, arg2);
    }

    /** numpy.issubdtype(arg1, arg2) of two dtypes: whether they are the same: {@code Nd.issubdtype(a.dtype(), DType.FLOAT64)}. */
    public static boolean issubdtype(DType arg1, DType arg2) {
        return DTypeKinds.issubdtype(arg1, arg2);
    }

    /** numpy.mask_indices(n, mask_func, k): rows and columns of the nonzeros of mask_func(ones((n, n)), k): {@code Nd.maskIndices(3, Nd::triu, 1)}. */
    public static NDArray[] maskIndices(long n, BiFunction<NDArray, Long, NDArray> maskFunc, long k) {
        return MaskIndices.maskIndices(n, maskFunc, k);
    }

    /**
     * numpy.piecewise(x, condlist, funclist): each function of x[cond] (an NDArray, closed after use,
     * or a Number) where its condition holds, zero elsewhere; one extra function is "otherwise":
     * {@code Nd.piecewise(x, List.of(x.lt(0)), List.of(v -> v.neg(), v -> v))}.
     */
    public static NDArray piecewise(NDArray x, List<NDArray> condlist, List<Function<NDArray, Object>> funclist) {
        return Piecewise.piecewise(Objects.requireNonNull(x, "piecewise: x is null"), condlist, funclist);
    }

    /** numpy.require(a, dtype, requirements): a, or a copy of dtype (null: a's) meeting "C", "F", "A", "W", "O", "E": {@code Nd.require(a, DType.FLOAT32, "C", "W")}. */
    public static NDArray require(NDArray a, DType dtype, String... requirements) {
        return Require.require(Objects.requireNonNull(a, "require: a is null"), dtype, requirements);
    }

    /** numpy.histogram_bin_edges(a, bins): numpy.histogram's edges of {@code bins} equal bins: {@code Nd.histogramBinEdges(a, 10)}. */
    public static NDArray histogramBinEdges(NDArray a, long bins) {
        return HistogramBinEdges.edges(
                "histogram_bin_edges", Objects.requireNonNull(a, "histogramBinEdges: a is null"), bins, null);
    }

    /** numpy.histogram_bin_edges(a, bins, range): {@code range} {lo, hi} or null: {@code Nd.histogramBinEdges(a, 4, new double[] {0, 1})}. */
    public static NDArray histogramBinEdges(NDArray a, long bins, double[] range) {
        return HistogramBinEdges.edges(
                "histogram_bin_edges", Objects.requireNonNull(a, "histogramBinEdges: a is null"), bins, range);
    }

    /** numpy.histogramdd(sample, bins): an (N, D) sample in D dimensions of equal bins: {@code Nd.histogramdd(xyz, 8)}. */
    public static HistogramDd histogramdd(NDArray sample, long bins) {
        return MultidimensionalHistogram.histogramdd(
                "histogramdd", Objects.requireNonNull(sample, "histogramdd: sample is null"), new long[] {bins}, null);
    }

    /** numpy.histogramdd(sample, bins, range): bins per dimension (or one), range {{lo, hi}, ...} or null: {@code Nd.histogramdd(s, new long[] {4, 6}, null)}. */
    public static HistogramDd histogramdd(NDArray sample, long[] bins, double[][] range) {
        return MultidimensionalHistogram.histogramdd(
                "histogramdd",
                Objects.requireNonNull(sample, "histogramdd: sample is null"),
                Objects.requireNonNull(bins, "histogramdd: bins is null"),
                range);
    }

    /**
     * A ufunc with NumPy's where=: out gets op's result where the bool mask (broadcast to out) is true
     * and keeps its values elsewhere; out is required (ndgpu leaves no element uninitialized):
     * {@code Nd.ufunc(Ufunc.SQRT, out, mask, a)} is {@code np.sqrt(a, out=out, where=mask)}.
     */
    public static NDArray ufunc(Ufunc op, NDArray out, NDArray where, Object... operands) {
        return UfuncMethods.of(op).call(out, where, operands);
    }

    /** numpy.add(a, b, out=out, where=where): {@code Nd.add(a, b, out, mask)}; out keeps its values where mask is false. */
    public static NDArray add(Object a, Object b, NDArray out, NDArray where) {
        return UfuncMethods.of(Ufunc.ADD).call(out, where, a, b);
    }

    /** numpy.subtract(a, b, out=out, where=where): {@code Nd.sub(a, b, out, mask)}. */
    public static NDArray sub(Object a, Object b, NDArray out, NDArray where) {
        return UfuncMethods.of(Ufunc.SUBTRACT).call(out, where, a, b);
    }

    /** numpy.multiply(a, b, out=out, where=where): {@code Nd.mul(a, b, out, mask)}. */
    public static NDArray mul(Object a, Object b, NDArray out, NDArray where) {
        return UfuncMethods.of(Ufunc.MULTIPLY).call(out, where, a, b);
    }

    /** numpy.true_divide(a, b, out=out, where=where): {@code Nd.div(a, b, out, mask)}, e.g. to skip zero divisors. */
    public static NDArray div(Object a, Object b, NDArray out, NDArray where) {
        return UfuncMethods.of(Ufunc.TRUE_DIVIDE).call(out, where, a, b);
    }

    /** numpy.sum(a, axis, keepdims, initial, where): {@code axes} null for every axis, initial null for 0: {@code Nd.sum(a, new int[] {0}, false, null, mask)}. */
    public static NDArray sum(NDArray a, int[] axes, boolean keepdims, Number initial, NDArray where) {
        return WhereReductions.reduce(Ufunc.ADD, a, axes, null, null, keepdims, initial, where);
    }

    /** numpy.prod(a, axis, keepdims, initial, where): {@code Nd.prod(a, new int[] {1}, true, null, mask)}. */
    public static NDArray prod(NDArray a, int[] axes, boolean keepdims, Number initial, NDArray where) {
        return WhereReductions.reduce(Ufunc.MULTIPLY, a, axes, null, null, keepdims, initial, where);
    }

    /** numpy.max(a, axis, keepdims, initial, where): initial is required with where, as NumPy: {@code Nd.max(a, null, false, -1.0, mask)}. */
    public static NDArray max(NDArray a, int[] axes, boolean keepdims, Number initial, NDArray where) {
        return WhereReductions.reduce(Ufunc.MAXIMUM, a, axes, null, null, keepdims, initial, where);
    }

    /** numpy.min(a, axis, keepdims, initial, where): initial is required with where, as NumPy: {@code Nd.min(a, new int[] {1}, false, 10.0, mask)}. */
    public static NDArray min(NDArray a, int[] axes, boolean keepdims, Number initial, NDArray where) {
        return WhereReductions.reduce(Ufunc.MINIMUM, a, axes, null, null, keepdims, initial, where);
    }

    /** numpy.mean(a, axis, keepdims, where): the mean of the elements where mask is true: {@code Nd.mean(a, new int[] {0}, false, mask)}. */
    public static NDArray mean(NDArray a, int[] axes, boolean keepdims, NDArray where) {
        return WhereReductions.mean(a, axes, keepdims, where);
    }

    /**
     * numpy.einsum_path(subscripts, *operands)'s path (optimize='greedy'): the operand pairs einsum
     * contracts in turn, without NumPy's printed report: {@code Nd.einsumPath("ij,jk,kl->il", a, b, c)}.
     */
    public static List<int[]> einsumPath(String subscripts, NDArray... operands) {
        return DeviceLinalg.instance().einsumPath(subscripts, operands);
    }

    // ---------------------------------------------------------------- diagonals, triangles, differences

    /** numpy.diagonal(a): the main diagonal of the first two axes; a view. */
    public static NDArray diagonal(NDArray a) {
        return Diagonals.diagonal("diagonal", Objects.requireNonNull(a, "diagonal: a is null"), 0, 0, 1);
    }

    /** numpy.diagonal(a, offset, axis1, axis2): a view with the diagonal as its last axis. */
    public static NDArray diagonal(NDArray a, long offset, int axis1, int axis2) {
        return Diagonals.diagonal("diagonal", Objects.requireNonNull(a, "diagonal: a is null"), offset, axis1, axis2);
    }

    /** numpy.diag(v): a 2-d array with the 1-d v on its diagonal, or a copy of a 2-d v's diagonal. */
    public static NDArray diag(NDArray v) {
        return Diagonals.diag("diag", Objects.requireNonNull(v, "diag: v is null"), 0);
    }

    /** numpy.diag(v, k). */
    public static NDArray diag(NDArray v, long k) {
        return Diagonals.diag("diag", Objects.requireNonNull(v, "diag: v is null"), k);
    }

    /** numpy.trace(a): the sum of the main diagonal. */
    public static NDArray trace(NDArray a) {
        return Diagonals.trace("trace", Objects.requireNonNull(a, "trace: a is null"), 0);
    }

    /** numpy.trace(a, offset). */
    public static NDArray trace(NDArray a, long offset) {
        return Diagonals.trace("trace", Objects.requireNonNull(a, "trace: a is null"), offset);
    }

    /** numpy.triu(a, k): zero below the k-th diagonal of the last two axes. */
    public static NDArray triu(NDArray a, long k) {
        return Triangles.triangle("triu", Objects.requireNonNull(a, "triu: a is null"), k, true);
    }

    /** numpy.triu(a). */
    public static NDArray triu(NDArray a) {
        return triu(a, 0);
    }

    /** numpy.tril(a, k): zero above the k-th diagonal of the last two axes. */
    public static NDArray tril(NDArray a, long k) {
        return Triangles.triangle("tril", Objects.requireNonNull(a, "tril: a is null"), k, false);
    }

    /** numpy.tril(a). */
    public static NDArray tril(NDArray a) {
        return tril(a, 0);
    }

    /** numpy.diff(a): the first difference along the last axis. */
    public static NDArray diff(NDArray a) {
        return Differences.diff("diff", Objects.requireNonNull(a, "diff: a is null"), 1, -1);
    }

    /** numpy.diff(a, n, axis): the n-th difference along axis. */
    public static NDArray diff(NDArray a, int n, int axis) {
        return Differences.diff("diff", Objects.requireNonNull(a, "diff: a is null"), n, axis);
    }

    /**
     * numpy.diff(a, n, axis, prepend, append): values (an NDArray or a Java number; null for none)
     * joined before and after a along the axis first: {@code Nd.diff(cum, 1, -1, 0L, null)} gives the
     * increments of a running sum, its first included.
     */
    public static NDArray diff(NDArray a, int n, int axis, Object prepend, Object append) {
        return Differences.diff("diff", Objects.requireNonNull(a, "diff: a is null"), n, axis, prepend, append);
    }

    // ---------------------------------------------------------------- splitting and tiling

    /** numpy.split(a, sections): equal parts along axis 0, as views. */
    public static List<NDArray> split(NDArray a, int sections) {
        return Tiling.split("split", Objects.requireNonNull(a, "split: a is null"), sections, 0);
    }

    /** numpy.split(a, sections, axis): equal parts, as views; a ShapeException when the axis does not divide. */
    public static List<NDArray> split(NDArray a, int sections, int axis) {
        return Tiling.split("split", Objects.requireNonNull(a, "split: a is null"), sections, axis);
    }

    /** numpy.split(a, indices, axis): a[:i0], a[i0:i1], ..., a[ik:] along axis, as views. */
    public static List<NDArray> split(NDArray a, long[] indices, int axis) {
        return Tiling.splitAt(
                "split",
                Objects.requireNonNull(a, "split: a is null"),
                Objects.requireNonNull(indices, "split: indices is null"),
                axis);
    }

    /** numpy.array_split(a, sections, axis): as split, but the parts may differ in length by one. */
    public static List<NDArray> arraySplit(NDArray a, int sections, int axis) {
        return Tiling.arraySplit("array_split", Objects.requireNonNull(a, "arraySplit: a is null"), sections, axis);
    }

    /**
     * Data-parallel scatter: a cut along {@code axis} into one part per device, with
     * numpy.array_split's lengths (the first {@code n % k} parts one longer), part i a new array on
     * {@code devices.get(i)}: {@code var parts = Nd.scatter(x, Devices.all(), 0)}. Parts for another
     * device than a's go through the host (see {@link NDArray#to}).
     */
    public static List<NDArray> scatter(NDArray a, List<Device> devices, int axis) {
        return Sharding.scatter(a, devices, axis);
    }

    /**
     * Data-parallel gather: the parts (one dtype, one shape except along {@code axis}, on any
     * devices) joined along {@code axis} in a new array on {@code device}; the inverse of scatter.
     */
    public static NDArray gather(List<NDArray> shards, Device device, int axis) {
        return Sharding.gather(shards, device, axis);
    }

    /** numpy.repeat(a, repeats): each element of the flattened array repeated. */
    public static NDArray repeat(NDArray a, long repeats) {
        return Tiling.repeat("repeat", Objects.requireNonNull(a, "repeat: a is null"), repeats, null);
    }

    /** numpy.repeat(a, repeats, axis). */
    public static NDArray repeat(NDArray a, long repeats, int axis) {
        return Tiling.repeat("repeat", Objects.requireNonNull(a, "repeat: a is null"), repeats, axis);
    }

    /** numpy.repeat(a, [r0, r1, ...]): element i of the flattened array repeated r_i times. */
    public static NDArray repeat(NDArray a, long[] repeats) {
        return Tiling.repeat(
                "repeat",
                Objects.requireNonNull(a, "repeat: a is null"),
                Objects.requireNonNull(repeats, "repeat: repeats is null"),
                null);
    }

    /** numpy.repeat(a, [r0, r1, ...], axis): slice i along the axis repeated r_i times. */
    public static NDArray repeat(NDArray a, long[] repeats, int axis) {
        return Tiling.repeat(
                "repeat",
                Objects.requireNonNull(a, "repeat: a is null"),
                Objects.requireNonNull(repeats, "repeat: repeats is null"),
                axis);
    }

    /** numpy.roll(a, shift): the flattened array shifted, wrapping around, then reshaped. */
    public static NDArray roll(NDArray a, long shift) {
        return Tiling.roll("roll", Objects.requireNonNull(a, "roll: a is null"), shift, null);
    }

    /** numpy.roll(a, shift, axis). */
    public static NDArray roll(NDArray a, long shift, int axis) {
        return Tiling.roll("roll", Objects.requireNonNull(a, "roll: a is null"), shift, axis);
    }

    /** numpy.tile(a, reps): {@code Nd.tile(a, 2, 3)}. */
    public static NDArray tile(NDArray a, long... reps) {
        return Tiling.tile(
                "tile",
                Objects.requireNonNull(a, "tile: a is null"),
                Objects.requireNonNull(reps, "tile: reps is null"));
    }

    // ---------------------------------------------------------------- comparing arrays

    /** numpy.isclose(a, b) with rtol 1e-5, atol 1e-8: a BOOL array. */
    public static NDArray isclose(Object a, Object b) {
        return Closeness.isclose(a, b, 1e-5, 1e-8, false);
    }

    /** numpy.isclose(a, b, rtol, atol, equal_nan): {@code |a - b| <= atol + rtol * |b|}, equal infinities close. */
    public static NDArray isclose(Object a, Object b, double rtol, double atol, boolean equalNan) {
        return Closeness.isclose(a, b, rtol, atol, equalNan);
    }

    /** numpy.allclose(a, b) with rtol 1e-5, atol 1e-8. */
    public static boolean allclose(Object a, Object b) {
        return Closeness.allclose(a, b, 1e-5, 1e-8, false);
    }

    /** numpy.allclose(a, b, rtol, atol, equal_nan). */
    public static boolean allclose(Object a, Object b, double rtol, double atol, boolean equalNan) {
        return Closeness.allclose(a, b, rtol, atol, equalNan);
    }

    /** numpy.array_equal(a, b): the same shape and equal elements (NaN is not equal to NaN). */
    public static boolean arrayEqual(NDArray a, NDArray b) {
        return Closeness.arrayEqual(
                Objects.requireNonNull(a, "arrayEqual: a is null"),
                Objects.requireNonNull(b, "arrayEqual: b is null"),
                false);
    }

    /** numpy.array_equal(a, b, equal_nan). */
    public static boolean arrayEqual(NDArray a, NDArray b, boolean equalNan) {
        return Closeness.arrayEqual(
                Objects.requireNonNull(a, "arrayEqual: a is null"),
                Objects.requireNonNull(b, "arrayEqual: b is null"),
                equalNan);
    }

    // ---------------------------------------------------------------- rearranging (views)

    /** numpy.flip(a, axis): reversed along the given axes, every axis when none given; a view. */
    public static NDArray flip(NDArray a, int... axes) {
        return Objects.requireNonNull(a, "flip: a is null").flip(axes);
    }

    /** numpy.moveaxis(a, source, destination); a view. */
    public static NDArray moveaxis(NDArray a, int source, int destination) {
        return Objects.requireNonNull(a, "moveaxis: a is null").moveaxis(new int[] {source}, new int[] {destination});
    }

    /** numpy.moveaxis(a, [sources], [destinations]); a view. */
    public static NDArray moveaxis(NDArray a, int[] source, int[] destination) {
        return Objects.requireNonNull(a, "moveaxis: a is null")
                .moveaxis(
                        Objects.requireNonNull(source, "moveaxis: source is null"),
                        Objects.requireNonNull(destination, "moveaxis: destination is null"));
    }

    /** numpy.take(a, indices): from the flattened array. */
    public static NDArray take(NDArray a, Object indices) {
        return Objects.requireNonNull(a, "take: a is null").take(indices);
    }

    /** numpy.take(a, indices, axis). */
    public static NDArray take(NDArray a, Object indices, int axis) {
        return Objects.requireNonNull(a, "take: a is null").take(indices, axis);
    }

    // ---------------------------------------------------------------- joining

    /** numpy.concatenate((a, b, ...)): joined along axis 0, dtypes promoted. */
    public static NDArray concatenate(NDArray... arrays) {
        return concatenate(java.util.Arrays.asList(Objects.requireNonNull(arrays, "concatenate: arrays is null")), 0);
    }

    /** numpy.concatenate(arrays, axis): {@code Nd.concatenate(List.of(a, b), 1)}. */
    public static NDArray concatenate(List<NDArray> arrays, int axis) {
        return Joining.concatenate("concatenate", Objects.requireNonNull(arrays, "concatenate: arrays is null"), axis);
    }

    /** numpy.stack((a, b, ...)): arrays of one shape along a new first axis. */
    public static NDArray stack(NDArray... arrays) {
        return stack(java.util.Arrays.asList(Objects.requireNonNull(arrays, "stack: arrays is null")), 0);
    }

    /** numpy.stack(arrays, axis): {@code Nd.stack(List.of(a, b), -1)}. */
    public static NDArray stack(List<NDArray> arrays, int axis) {
        return Joining.stack("stack", Objects.requireNonNull(arrays, "stack: arrays is null"), axis);
    }

    /** numpy.hstack: column-wise (axis 1; axis 0 for 1-D arrays). */
    public static NDArray hstack(NDArray... arrays) {
        return Joining.hstack(
                "hstack", java.util.Arrays.asList(Objects.requireNonNull(arrays, "hstack: arrays is null")));
    }

    /** numpy.vstack: row-wise (axis 0; 1-D arrays become rows). */
    public static NDArray vstack(NDArray... arrays) {
        return Joining.vstack(
                "vstack", java.util.Arrays.asList(Objects.requireNonNull(arrays, "vstack: arrays is null")));
    }

    // ---------------------------------------------------------------- indexing and manipulation (issue 39)

    /** numpy.take_along_axis(arr, indices): along the last axis; {@code Nd.takeAlongAxis(a, a.argsort(-1))} sorts. */
    public static NDArray takeAlongAxis(NDArray arr, NDArray indices) {
        return takeAlongAxis(arr, indices, -1);
    }

    /**
     * numpy.take_along_axis(arr, indices, axis): {@code Nd.takeAlongAxis(a, Nd.argmax(a, 0).expandDims(0), 0)};
     * axis null takes from the flattened arr with 1-d indices.
     */
    public static NDArray takeAlongAxis(NDArray arr, NDArray indices, Integer axis) {
        return AlongAxis.take(
                "take_along_axis",
                Objects.requireNonNull(arr, "take_along_axis: arr is null"),
                Objects.requireNonNull(indices, "take_along_axis: indices is null"),
                axis);
    }

    /**
     * numpy.put_along_axis(arr, indices, values, axis), in place: {@code Nd.putAlongAxis(a, idx, 0.0, 1)}; axis
     * null puts into the flattened (C-contiguous) arr.
     */
    public static void putAlongAxis(NDArray arr, NDArray indices, Object values, Integer axis) {
        AlongAxis.put(
                "put_along_axis",
                Objects.requireNonNull(arr, "put_along_axis: arr is null"),
                Objects.requireNonNull(indices, "put_along_axis: indices is null"),
                Objects.requireNonNull(values, "put_along_axis: values is null"),
                axis);
    }

    /** numpy.put(a, ind, v), in place on a's flat C order: {@code Nd.put(a, new long[] {0, 2}, 9.0)}. */
    public static void put(NDArray a, Object ind, Object v) {
        put(a, ind, v, "raise");
    }

    /** numpy.put(a, ind, v, mode): mode 'raise', 'wrap' or 'clip'; {@code Nd.put(a, idx, vals, "wrap")}. */
    public static void put(NDArray a, Object ind, Object v, String mode) {
        Put.put(
                "put",
                Objects.requireNonNull(a, "put: a is null"),
                Objects.requireNonNull(ind, "put: ind is null"),
                Objects.requireNonNull(v, "put: v is null"),
                mode);
    }

    /** numpy.putmask(a, mask, values), in place: {@code Nd.putmask(a, a.lt(0), 0)}; values repeat by flat position. */
    public static void putmask(NDArray a, NDArray mask, Object values) {
        Putmask.putmask(
                "putmask",
                Objects.requireNonNull(a, "putmask: a is null"),
                Objects.requireNonNull(mask, "putmask: mask is null"),
                Objects.requireNonNull(values, "putmask: values is null"));
    }

    /** numpy.place(arr, mask, vals), in place: the selected elements take vals in turn, {@code Nd.place(a, m, v)}. */
    public static void place(NDArray arr, NDArray mask, Object vals) {
        Putmask.place(
                "place",
                Objects.requireNonNull(arr, "place: arr is null"),
                Objects.requireNonNull(mask, "place: mask is null"),
                Objects.requireNonNull(vals, "place: vals is null"));
    }

    /** numpy.extract(condition, arr): the flattened arr where condition is nonzero, {@code Nd.extract(a.gt(0), a)}. */
    public static NDArray extract(NDArray condition, NDArray arr) {
        return Compress.extract(
                "extract",
                Objects.requireNonNull(condition, "extract: condition is null"),
                Objects.requireNonNull(arr, "extract: arr is null"));
    }

    /** numpy.compress(condition, a): from the flattened a, {@code Nd.compress(Nd.array(new boolean[] {true, false}), a)}. */
    public static NDArray compress(NDArray condition, NDArray a) {
        return Compress.compress(
                "compress",
                Objects.requireNonNull(condition, "compress: condition is null"),
                Objects.requireNonNull(a, "compress: a is null"),
                null);
    }

    /** numpy.compress(condition, a, axis): the slices along axis where the 1-d condition is true. */
    public static NDArray compress(NDArray condition, NDArray a, int axis) {
        return Compress.compress(
                "compress",
                Objects.requireNonNull(condition, "compress: condition is null"),
                Objects.requireNonNull(a, "compress: a is null"),
                axis);
    }

    /** numpy.choose(a, choices): {@code Nd.choose(idx, List.of(x, y, 0.0))}, index entries in [0, n). */
    public static NDArray choose(NDArray a, List<?> choices) {
        return choose(a, choices, "raise");
    }

    /** numpy.choose(a, choices, mode): mode 'raise', 'wrap' or 'clip'. */
    public static NDArray choose(NDArray a, List<?> choices, String mode) {
        return Choosing.choose(
                "choose",
                Objects.requireNonNull(a, "choose: a is null"),
                Objects.requireNonNull(choices, "choose: choices is null"),
                mode);
    }

    /** numpy.select(condlist, choicelist): default 0, {@code Nd.select(List.of(x.lt(0), x.gt(0)), List.of(-1, 1))}. */
    public static NDArray select(List<NDArray> condlist, List<?> choicelist) {
        return select(condlist, choicelist, 0);
    }

    /** numpy.select(condlist, choicelist, default): the first true condition's choice, else default. */
    public static NDArray select(List<NDArray> condlist, List<?> choicelist, Object defaultValue) {
        return Choosing.select(
                "select",
                Objects.requireNonNull(condlist, "select: condlist is null"),
                Objects.requireNonNull(choicelist, "select: choicelist is null"),
                defaultValue);
    }

    /** numpy.unravel_index(indices, shape): the coordinates of flat indices, {@code Nd.unravelIndex(22L, 7, 6)}. */
    public static NDArray[] unravelIndex(Object indices, long... shape) {
        return unravelIndex(indices, shape, Order.C);
    }

    /** numpy.unravel_index(indices, shape, order): order C or F; one int64 array per axis of shape. */
    public static NDArray[] unravelIndex(Object indices, long[] shape, Order order) {
        return MultiIndex.unravelIndex(
                "unravel_index",
                Objects.requireNonNull(indices, "unravel_index: indices is null"),
                Objects.requireNonNull(shape, "unravel_index: shape is null"),
                order);
    }

    /** numpy.ravel_multi_index(multi_index, dims): the flat int64 indices, {@code Nd.ravelMultiIndex(List.of(r, c), 7, 6)}. */
    public static NDArray ravelMultiIndex(List<NDArray> multiIndex, long... dims) {
        return ravelMultiIndex(multiIndex, dims, "raise", Order.C);
    }

    /** numpy.ravel_multi_index(multi_index, dims, mode, order): mode 'raise', 'wrap' or 'clip' for every axis. */
    public static NDArray ravelMultiIndex(List<NDArray> multiIndex, long[] dims, String mode, Order order) {
        return ravelMultiIndex(multiIndex, dims, MultiIndex.everyAxis(dims, mode), order);
    }

    /** numpy.ravel_multi_index(multi_index, dims, mode=(m0, m1, ...), order): one mode per axis. */
    public static NDArray ravelMultiIndex(List<NDArray> multiIndex, long[] dims, String[] modes, Order order) {
        return MultiIndex.ravelMultiIndex(
                "ravel_multi_index",
                Objects.requireNonNull(multiIndex, "ravel_multi_index: multi_index is null"),
                Objects.requireNonNull(dims, "ravel_multi_index: dims is null"),
                Operands.strings("ravel_multi_index", "mode", modes),
                order);
    }

    /** numpy.indices(dimensions): int64 of shape (ndim, *dimensions), {@code Nd.indices(2, 3)}. */
    public static NDArray indices(long... dimensions) {
        return indices(DType.INT64, dimensions);
    }

    /** numpy.indices(dimensions, dtype): {@code Nd.indices(DType.FLOAT32, 2, 3)}. */
    public static NDArray indices(DType dtype, long... dimensions) {
        return IndexGrids.indices(
                "indices",
                Objects.requireNonNull(dimensions, "indices: dimensions is null"),
                Objects.requireNonNull(dtype, "indices: dtype is null"));
    }

    /** numpy.indices(dimensions, dtype, sparse=True): one array per axis, each along its own axis. */
    public static NDArray[] indicesSparse(DType dtype, long... dimensions) {
        return IndexGrids.sparse(
                "indices",
                Objects.requireNonNull(dimensions, "indices: dimensions is null"),
                Objects.requireNonNull(dtype, "indices: dtype is null"));
    }

    /** numpy.ix_(*args): an open mesh from 1-d index arrays, {@code a.get(Nd.ix(rows, cols))}; booleans as their nonzero. */
    public static NDArray[] ix(NDArray... args) {
        return IndexGrids.ix("ix_", java.util.Arrays.asList(Objects.requireNonNull(args, "ix_: args is null")));
    }

    /** numpy.tri(N): an (N, N) float64 array of ones at and below the diagonal. */
    public static NDArray tri(long n) {
        return tri(n, n, 0, DType.FLOAT64);
    }

    /** numpy.tri(N, M, k): float64, ones at and below diagonal k, {@code Nd.tri(3, 4, 1)}. */
    public static NDArray tri(long n, long m, long k) {
        return tri(n, m, k, DType.FLOAT64);
    }

    /** numpy.tri(N, M, k, dtype): {@code Nd.tri(3, 3, 0, DType.BOOL)}. */
    public static NDArray tri(long n, long m, long k, DType dtype) {
        return TriangleIndices.tri("tri", n, m, k, Objects.requireNonNull(dtype, "tri: dtype is null"));
    }

    /** numpy.tril_indices(n): the rows and columns of the lower triangle of an (n, n) array. */
    public static NDArray[] trilIndices(long n) {
        return trilIndices(n, 0, n);
    }

    /** numpy.tril_indices(n, k, m): {@code a.set(Nd.trilIndices(3, -1, 3), 0.0)}. */
    public static NDArray[] trilIndices(long n, long k, long m) {
        return TriangleIndices.indices("tril_indices", n, k, m, true);
    }

    /** numpy.triu_indices(n): the rows and columns of the upper triangle of an (n, n) array. */
    public static NDArray[] triuIndices(long n) {
        return triuIndices(n, 0, n);
    }

    /** numpy.triu_indices(n, k, m): {@code Nd.triuIndices(4, 1, 4)}. */
    public static NDArray[] triuIndices(long n, long k, long m) {
        return TriangleIndices.indices("triu_indices", n, k, m, false);
    }

    /** numpy.tril_indices_from(arr): the lower triangle's rows and columns of a 2-d arr. */
    public static NDArray[] trilIndicesFrom(NDArray arr) {
        return trilIndicesFrom(arr, 0);
    }

    /** numpy.triu_indices_from(arr): the upper triangle's rows and columns of a 2-d arr. */
    public static NDArray[] triuIndicesFrom(NDArray arr) {
        return triuIndicesFrom(arr, 0);
    }

    /** numpy.tril_indices_from(arr, k): for a 2-d arr, {@code Nd.trilIndicesFrom(a, -1)}. */
    public static NDArray[] trilIndicesFrom(NDArray arr, long k) {
        return TriangleIndices.indicesFrom(
                "tril_indices_from", Objects.requireNonNull(arr, "tril_indices_from: arr is null"), k, true);
    }

    /** numpy.triu_indices_from(arr, k): for a 2-d arr, {@code Nd.triuIndicesFrom(a, 1)}. */
    public static NDArray[] triuIndicesFrom(NDArray arr, long k) {
        return TriangleIndices.indicesFrom(
                "triu_indices_from", Objects.requireNonNull(arr, "triu_indices_from: arr is null"), k, false);
    }

    /** numpy.diag_indices(n): two int64 aranges, the main diagonal of an (n, n) array. */
    public static NDArray[] diagIndices(long n) {
        return diagIndices(n, 2);
    }

    /** numpy.diag_indices(n, ndim): ndim int64 aranges, {@code a.set(Nd.diagIndices(3, 3), 1.0)}. */
    public static NDArray[] diagIndices(long n, int ndim) {
        return DiagonalIndices.diagIndices("diag_indices", n, ndim);
    }

    /** numpy.diag_indices_from(arr): for an array of at least 2 equal dimensions. */
    public static NDArray[] diagIndicesFrom(NDArray arr) {
        return DiagonalIndices.diagIndicesFrom(
                "diag_indices_from", Objects.requireNonNull(arr, "diag_indices_from: arr is null"));
    }

    /** numpy.fill_diagonal(a, val), in place: {@code Nd.fillDiagonal(a, 0.0)}; array values repeat along the diagonal. */
    public static void fillDiagonal(NDArray a, Object val) {
        fillDiagonal(a, val, false);
    }

    /** numpy.fill_diagonal(a, val, wrap): for a tall 2-d a, wrap restarts the diagonal every N + 1 rows. */
    public static void fillDiagonal(NDArray a, Object val, boolean wrap) {
        DiagonalIndices.fillDiagonal(
                "fill_diagonal",
                Objects.requireNonNull(a, "fill_diagonal: a is null"),
                Objects.requireNonNull(val, "fill_diagonal: val is null"),
                wrap);
    }

    /** numpy.amax(a): numpy.max under its other name, {@code Nd.amax(a)}. */
    public static NDArray amax(NDArray a) {
        return Objects.requireNonNull(a, "amax: a is null").max();
    }

    /** numpy.amax(a, axis): {@code Nd.amax(a, -1)}. */
    public static NDArray amax(NDArray a, int axis) {
        return Objects.requireNonNull(a, "amax: a is null").max(axis);
    }

    /** numpy.amax(a, axis, keepdims): {@code Nd.amax(a, new int[] {0, 1}, true)}. */
    public static NDArray amax(NDArray a, int[] axes, boolean keepdims) {
        return Objects.requireNonNull(a, "amax: a is null").max(axes, keepdims);
    }

    /** numpy.amin(a): numpy.min under its other name, {@code Nd.amin(a)}. */
    public static NDArray amin(NDArray a) {
        return Objects.requireNonNull(a, "amin: a is null").min();
    }

    /** numpy.amin(a, axis): {@code Nd.amin(a, 0)}. */
    public static NDArray amin(NDArray a, int axis) {
        return Objects.requireNonNull(a, "amin: a is null").min(axis);
    }

    /** numpy.amin(a, axis, keepdims): {@code Nd.amin(a, new int[] {-1}, true)}. */
    public static NDArray amin(NDArray a, int[] axes, boolean keepdims) {
        return Objects.requireNonNull(a, "amin: a is null").min(axes, keepdims);
    }

    /** numpy.round(a): to the nearest integer, halves to even, {@code Nd.round(a)}. */
    public static NDArray round(NDArray a) {
        return round(a, 0);
    }

    /** numpy.round(a, decimals): halves to even as NumPy, {@code Nd.round(a, 2)}; negative decimals round left of the point. */
    public static NDArray round(NDArray a, int decimals) {
        return Rounding.round("round", Objects.requireNonNull(a, "round: a is null"), decimals);
    }

    /** numpy.around(a, decimals): numpy.round under its older name, {@code Nd.around(a, 1)}. */
    public static NDArray around(NDArray a, int decimals) {
        return Rounding.round("around", Objects.requireNonNull(a, "around: a is null"), decimals);
    }

    /** numpy.lexsort(keys): the stable sort by several keys, the last primary, {@code Nd.lexsort(List.of(first, last))}. */
    public static NDArray lexsort(List<NDArray> keys) {
        return lexsort(keys, -1);
    }

    /** numpy.lexsort(keys, axis): int64 indices that sort along axis. */
    public static NDArray lexsort(List<NDArray> keys, int axis) {
        return Lexsort.lexsort("lexsort", Objects.requireNonNull(keys, "lexsort: keys is null"), axis);
    }

    /** numpy.delete(arr, obj): from the flattened arr, {@code Nd.delete(a, new long[] {0, 2})}. */
    public static NDArray delete(NDArray arr, Object obj) {
        return Deleting.delete(
                "delete",
                Objects.requireNonNull(arr, "delete: arr is null"),
                Objects.requireNonNull(obj, "delete: obj is null"),
                null);
    }

    /** numpy.delete(arr, obj, axis): obj integer indices or a boolean mask of the axis, {@code Nd.delete(a, 1, 0)}. */
    public static NDArray delete(NDArray arr, Object obj, int axis) {
        return Deleting.delete(
                "delete",
                Objects.requireNonNull(arr, "delete: arr is null"),
                Objects.requireNonNull(obj, "delete: obj is null"),
                axis);
    }

    /** numpy.insert(arr, obj, values): into the flattened arr, {@code Nd.insert(a, 1, 9.0)}. */
    public static NDArray insert(NDArray arr, Object obj, Object values) {
        return Inserting.insert(
                "insert",
                Objects.requireNonNull(arr, "insert: arr is null"),
                Objects.requireNonNull(obj, "insert: obj is null"),
                values,
                null);
    }

    /** numpy.insert(arr, obj, values, axis): before index obj (or each of the indices obj) along axis. */
    public static NDArray insert(NDArray arr, Object obj, Object values, int axis) {
        return Inserting.insert(
                "insert",
                Objects.requireNonNull(arr, "insert: arr is null"),
                Objects.requireNonNull(obj, "insert: obj is null"),
                values,
                axis);
    }

    /** numpy.append(arr, values): both flattened and joined, {@code Nd.append(a, new double[] {4, 5})}. */
    public static NDArray append(NDArray arr, Object values) {
        return Resizing.append("append", Objects.requireNonNull(arr, "append: arr is null"), values, null);
    }

    /** numpy.append(arr, values, axis): numpy.concatenate((arr, values), axis). */
    public static NDArray append(NDArray arr, Object values, int axis) {
        return Resizing.append("append", Objects.requireNonNull(arr, "append: arr is null"), values, axis);
    }

    /** numpy.resize(a, new_shape): a's elements repeated to fill the new shape, {@code Nd.resize(a, 2, 5)}. */
    public static NDArray resize(NDArray a, long... newShape) {
        return Resizing.resize(
                "resize",
                Objects.requireNonNull(a, "resize: a is null"),
                Objects.requireNonNull(newShape, "resize: new_shape is null"));
    }

    /** numpy.concat(arrays): numpy.concatenate under the Array API's name, along axis 0. */
    public static NDArray concat(NDArray... arrays) {
        return concat(java.util.Arrays.asList(Objects.requireNonNull(arrays, "concat: arrays is null")), 0);
    }

    /** numpy.concat(arrays, axis): axis null joins the flattened arrays, {@code Nd.concat(List.of(a, b), null)}. */
    public static NDArray concat(List<NDArray> arrays, Integer axis) {
        return Resizing.concat("concat", Objects.requireNonNull(arrays, "concat: arrays is null"), axis);
    }

    /** numpy.rot90(m): rotated 90 degrees in the plane of the first two axes; a view. */
    public static NDArray rot90(NDArray m) {
        return rot90(m, 1, 0, 1);
    }

    /** numpy.rot90(m, k): k quarter turns in the plane of the first two axes, {@code Nd.rot90(m, -1)}; a view. */
    public static NDArray rot90(NDArray m, int k) {
        return rot90(m, k, 0, 1);
    }

    /** numpy.rot90(m, k, axes=(axis0, axis1)): k quarter turns from axis0 towards axis1; a view. */
    public static NDArray rot90(NDArray m, int k, int axis0, int axis1) {
        return Rotating.rot90("rot90", Objects.requireNonNull(m, "rot90: m is null"), k, new int[] {axis0, axis1});
    }

    /** numpy.fliplr(m): reversed along axis 1; a view. */
    public static NDArray fliplr(NDArray m) {
        return Rotating.fliplr("fliplr", Objects.requireNonNull(m, "fliplr: m is null"));
    }

    /** numpy.flipud(m): reversed along axis 0; a view. */
    public static NDArray flipud(NDArray m) {
        return Rotating.flipud("flipud", Objects.requireNonNull(m, "flipud: m is null"));
    }

    /** numpy.rollaxis(a, axis): axis rolled to the front; a view. */
    public static NDArray rollaxis(NDArray a, int axis) {
        return rollaxis(a, axis, 0);
    }

    /** numpy.rollaxis(a, axis, start): axis rolled to stand before start, {@code Nd.rollaxis(a, 3, 1)}; a view. */
    public static NDArray rollaxis(NDArray a, int axis, int start) {
        return Transposing.rollaxis("rollaxis", Objects.requireNonNull(a, "rollaxis: a is null"), axis, start);
    }

    /** numpy.permute_dims(a, axes): numpy.transpose under the Array API's name, {@code Nd.permuteDims(a, 1, 0, 2)}; a view. */
    public static NDArray permuteDims(NDArray a, int... axes) {
        return Transposing.permuteDims("permute_dims", Objects.requireNonNull(a, "permute_dims: a is null"), axes);
    }

    /** numpy.matrix_transpose(x): the last two axes swapped; a view. */
    public static NDArray matrixTranspose(NDArray x) {
        return Transposing.matrixTranspose(
                "matrix_transpose", Objects.requireNonNull(x, "matrix_transpose: x is null"));
    }

    /** numpy.unstack(x): the views x[0], x[1], ... along axis 0. */
    public static List<NDArray> unstack(NDArray x) {
        return unstack(x, 0);
    }

    /** numpy.unstack(x, axis): one view per index along axis, {@code Nd.unstack(x, -1)}. */
    public static List<NDArray> unstack(NDArray x, int axis) {
        return Transposing.unstack("unstack", Objects.requireNonNull(x, "unstack: x is null"), axis);
    }

    /** numpy.atleast_1d(a): a view with at least one dimension. */
    public static NDArray atleast1d(NDArray a) {
        return Dimensions.atleast("atleast_1d", Objects.requireNonNull(a, "atleast_1d: a is null"), 1);
    }

    /** numpy.atleast_2d(a): a view with at least two dimensions, a 1-d array as a row, {@code Nd.atleast2d(v)}. */
    public static NDArray atleast2d(NDArray a) {
        return Dimensions.atleast("atleast_2d", Objects.requireNonNull(a, "atleast_2d: a is null"), 2);
    }

    /** numpy.atleast_3d(a): a view with at least three dimensions, (N,) as (1, N, 1) and (M, N) as (M, N, 1). */
    public static NDArray atleast3d(NDArray a) {
        return Dimensions.atleast("atleast_3d", Objects.requireNonNull(a, "atleast_3d: a is null"), 3);
    }

    /** numpy.column_stack(tup): 1-d arrays as columns, joined along axis 1, {@code Nd.columnStack(x, y)}. */
    public static NDArray columnStack(NDArray... arrays) {
        return Joining.columnStack(
                "column_stack", java.util.Arrays.asList(Objects.requireNonNull(arrays, "column_stack: tup is null")));
    }

    /** numpy.row_stack(tup): numpy.vstack under its older name. */
    public static NDArray rowStack(NDArray... arrays) {
        return Joining.vstack(
                "row_stack", java.util.Arrays.asList(Objects.requireNonNull(arrays, "row_stack: tup is null")));
    }

    /** numpy.dstack(tup): along the third axis, each array at least 3-d, {@code Nd.dstack(r, g, b)}. */
    public static NDArray dstack(NDArray... arrays) {
        return Joining.dstack("dstack", java.util.Arrays.asList(Objects.requireNonNull(arrays, "dstack: tup is null")));
    }

    /** numpy.hsplit(a, sections): equal parts along axis 1 (axis 0 of a 1-d array); views. */
    public static List<NDArray> hsplit(NDArray a, int sections) {
        return Splitting.split(
                "hsplit", Splitting.Direction.H, Objects.requireNonNull(a, "hsplit: a is null"), sections);
    }

    /** numpy.hsplit(a, indices): parts between the indices along axis 1; views. */
    public static List<NDArray> hsplit(NDArray a, long[] indices) {
        return Splitting.split(
                "hsplit",
                Splitting.Direction.H,
                Objects.requireNonNull(a, "hsplit: a is null"),
                Objects.requireNonNull(indices, "hsplit: indices is null"));
    }

    /** numpy.vsplit(a, sections): equal parts along axis 0 of an array of 2 or more dimensions; views. */
    public static List<NDArray> vsplit(NDArray a, int sections) {
        return Splitting.split(
                "vsplit", Splitting.Direction.V, Objects.requireNonNull(a, "vsplit: a is null"), sections);
    }

    /** numpy.vsplit(a, indices): parts between the indices along axis 0; views. */
    public static List<NDArray> vsplit(NDArray a, long[] indices) {
        return Splitting.split(
                "vsplit",
                Splitting.Direction.V,
                Objects.requireNonNull(a, "vsplit: a is null"),
                Objects.requireNonNull(indices, "vsplit: indices is null"));
    }

    /** numpy.dsplit(a, sections): equal parts along axis 2 of an array of 3 or more dimensions; views. */
    public static List<NDArray> dsplit(NDArray a, int sections) {
        return Splitting.split(
                "dsplit", Splitting.Direction.D, Objects.requireNonNull(a, "dsplit: a is null"), sections);
    }

    /** numpy.dsplit(a, indices): parts between the indices along axis 2; views. */
    public static List<NDArray> dsplit(NDArray a, long[] indices) {
        return Splitting.split(
                "dsplit",
                Splitting.Direction.D,
                Objects.requireNonNull(a, "dsplit: a is null"),
                Objects.requireNonNull(indices, "dsplit: indices is null"));
    }

    /** numpy.broadcast_arrays(*args): read-only views of all at their broadcast shape, {@code Nd.broadcastArrays(x, y)}. */
    public static List<NDArray> broadcastArrays(NDArray... args) {
        return Dimensions.broadcastArrays(
                "broadcast_arrays",
                java.util.Arrays.asList(Objects.requireNonNull(args, "broadcast_arrays: args is null")));
    }

    /** numpy.broadcast_shapes(*shapes): {@code Nd.broadcastShapes(new long[] {3, 1}, new long[] {4})} is {3, 4}. */
    public static long[] broadcastShapes(long[]... shapes) {
        return Dimensions.broadcastShapes(
                "broadcast_shapes", Objects.requireNonNull(shapes, "broadcast_shapes: shapes is null"));
    }

    /** numpy.trim_zeros(filt): the view without leading and trailing zeros along every axis. */
    public static NDArray trimZeros(NDArray filt) {
        return trimZeros(filt, "fb");
    }

    /** numpy.trim_zeros(filt, trim): trim 'f' (front), 'b' (back) or 'fb', {@code Nd.trimZeros(x, "f")}; a view. */
    public static NDArray trimZeros(NDArray filt, String trim) {
        return TrimZeros.trimZeros("trim_zeros", Objects.requireNonNull(filt, "trim_zeros: filt is null"), trim, null);
    }

    /** numpy.trim_zeros(filt, trim, axis): only along the given axes; a view. */
    public static NDArray trimZeros(NDArray filt, String trim, int... axes) {
        return TrimZeros.trimZeros(
                "trim_zeros",
                Objects.requireNonNull(filt, "trim_zeros: filt is null"),
                trim,
                Objects.requireNonNull(axes, "trim_zeros: axis is null"));
    }

    /** numpy.vander(x): the square Vandermonde matrix, powers decreasing, {@code Nd.vander(x)}. */
    public static NDArray vander(NDArray x) {
        return Vander.vander("vander", Objects.requireNonNull(x, "vander: x is null"), null, false);
    }

    /** numpy.vander(x, N, increasing): N columns, powers increasing when asked. */
    public static NDArray vander(NDArray x, long n, boolean increasing) {
        return Vander.vander("vander", Objects.requireNonNull(x, "vander: x is null"), n, increasing);
    }

    /** numpy.block(arrays): assembled from nested lists, {@code Nd.block(List.of(List.of(a, b), List.of(c, d)))}. */
    public static NDArray block(Object arrays) {
        return Block.block("block", Objects.requireNonNull(arrays, "block: arrays is null"));
    }

    /** numpy.geomspace(start, stop): 50 numbers evenly spaced on a log scale, float64, {@code Nd.geomspace(1, 1000)}. */
    public static NDArray geomspace(double start, double stop) {
        return geomspace(start, stop, 50, true);
    }

    /** numpy.geomspace(start, stop, num): {@code Nd.geomspace(1, 1000, 4)} is 1, 10, 100, 1000. */
    public static NDArray geomspace(double start, double stop, long num) {
        return geomspace(start, stop, num, true);
    }

    /** numpy.geomspace(start, stop, num, endpoint): negative ends allowed when both share a sign; zero is an error. */
    public static NDArray geomspace(double start, double stop, long num, boolean endpoint) {
        return NumericalRanges.geomspace(start, stop, num, endpoint);
    }

    // ---------------------------------------------------------------- counting and binning, padding, interpolation,
    // convolution

    /** numpy.bincount(x): how often each value of the non-negative 1-d integer x occurs, int64 of length max(x) + 1. */
    public static NDArray bincount(NDArray x) {
        return Histograms.bincount("bincount", Objects.requireNonNull(x, "bincount: x is null"), null, 0);
    }

    /** numpy.bincount(x, weights): the sum of the weights of each value, float64. */
    public static NDArray bincount(NDArray x, NDArray weights) {
        return Histograms.bincount(
                "bincount",
                Objects.requireNonNull(x, "bincount: x is null"),
                Objects.requireNonNull(weights, "bincount: weights is null"),
                0);
    }

    /** numpy.bincount(x, weights, minlength): at least {@code minlength} bins; {@code weights} may be null. */
    public static NDArray bincount(NDArray x, NDArray weights, long minlength) {
        return Histograms.bincount("bincount", Objects.requireNonNull(x, "bincount: x is null"), weights, minlength);
    }

    /** numpy.digitize(x, bins): the index of the bin of each x, {@code bins[i-1] <= x < bins[i]}, bins increasing or decreasing. */
    public static NDArray digitize(NDArray x, NDArray bins) {
        return Histograms.digitize(
                "digitize",
                Objects.requireNonNull(x, "digitize: x is null"),
                Objects.requireNonNull(bins, "digitize: bins is null"),
                false);
    }

    /** numpy.digitize(x, bins, right): with right, {@code bins[i-1] < x <= bins[i]}. */
    public static NDArray digitize(NDArray x, NDArray bins, boolean right) {
        return Histograms.digitize(
                "digitize",
                Objects.requireNonNull(x, "digitize: x is null"),
                Objects.requireNonNull(bins, "digitize: bins is null"),
                right);
    }

    /** numpy.histogram(a, bins): {@code bins} equal bins over [a.min(), a.max()], the last bin closed: {@code try (Histogram h = Nd.histogram(a, 10)) { h.counts(); }}. */
    public static org.ndgpu.routines.Histogram histogram(NDArray a, long bins) {
        return Histograms.histogram("histogram", Objects.requireNonNull(a, "histogram: a is null"), bins, null);
    }

    /** numpy.histogram(a, bins, range): equal bins over {@code range = {lo, hi}}; values outside count nowhere. */
    public static org.ndgpu.routines.Histogram histogram(NDArray a, long bins, double[] range) {
        return Histograms.histogram(
                "histogram",
                Objects.requireNonNull(a, "histogram: a is null"),
                bins,
                Objects.requireNonNull(range, "histogram: range is null"));
    }

    /** numpy.histogram(a, bins) with the bin edges given (increasing). */
    public static org.ndgpu.routines.Histogram histogram(NDArray a, NDArray bins) {
        return Histograms.histogram(
                "histogram",
                Objects.requireNonNull(a, "histogram: a is null"),
                Objects.requireNonNull(bins, "histogram: bins is null"));
    }

    /**
     * numpy.histogram(a, bins, range, weights=weights, density=density): {@code range} null takes a's
     * minimum and maximum; {@code weights} (a's shape; null for none) sums each bin's weights in the
     * weights' dtype; {@code density} gives float64 counts / (total * bin width), as NumPy's:
     * {@code Nd.histogram(a, 50, null, null, true).counts()}.
     */
    public static org.ndgpu.routines.Histogram histogram(
            NDArray a, long bins, double[] range, NDArray weights, boolean density) {
        return Histograms.histogram(
                "histogram", Objects.requireNonNull(a, "histogram: a is null"), bins, range, weights, density);
    }

    /** numpy.histogram(a, bins, weights=weights, density=density) with the bin edges given; weights may be null. */
    public static org.ndgpu.routines.Histogram histogram(NDArray a, NDArray bins, NDArray weights, boolean density) {
        return Histograms.histogram(
                "histogram",
                Objects.requireNonNull(a, "histogram: a is null"),
                Objects.requireNonNull(bins, "histogram: bins is null"),
                weights,
                density);
    }

    /** numpy.histogram2d(x, y, bins): bins x bins float64 counts and the edges of each axis. */
    public static org.ndgpu.routines.Histogram2d histogram2d(NDArray x, NDArray y, long bins) {
        return Histograms.histogram2d(
                "histogram2d",
                Objects.requireNonNull(x, "histogram2d: x is null"),
                Objects.requireNonNull(y, "histogram2d: y is null"),
                new long[] {bins},
                null);
    }

    /** numpy.histogram2d(x, y, bins, range): {@code bins} one count or {nx, ny}; {@code range} {{xlo, xhi}, {ylo, yhi}} or null. */
    public static org.ndgpu.routines.Histogram2d histogram2d(NDArray x, NDArray y, long[] bins, double[][] range) {
        return Histograms.histogram2d(
                "histogram2d",
                Objects.requireNonNull(x, "histogram2d: x is null"),
                Objects.requireNonNull(y, "histogram2d: y is null"),
                Objects.requireNonNull(bins, "histogram2d: bins is null"),
                range);
    }

    /** numpy.pad(a, width): {@code width} zeros before and after every axis. */
    public static NDArray pad(NDArray a, long width) {
        return Padding.pad("pad", Objects.requireNonNull(a, "pad: a is null"), new long[][] {{width}}, "constant", 0);
    }

    /**
     * numpy.pad(a, width, mode): mode "constant", "edge", "reflect", "symmetric", "wrap", "maximum",
     * "minimum", "mean", "median", "linear_ramp" (to 0) or "empty" (NumPy's defaults for their options).
     */
    public static NDArray pad(NDArray a, long width, String mode) {
        return Padding.pad("pad", Objects.requireNonNull(a, "pad: a is null"), new long[][] {{width}}, mode, 0);
    }

    /** numpy.pad(a, widths, mode): widths as NumPy's forms, {@code {{n}}}, {@code {{before, after}}} or one pair per axis. */
    public static NDArray pad(NDArray a, long[][] widths, String mode) {
        return Padding.pad("pad", Objects.requireNonNull(a, "pad: a is null"), widths, mode, 0);
    }

    /** numpy.pad(a, widths, "constant", constant_values=value). */
    public static NDArray pad(NDArray a, long[][] widths, String mode, Object constantValue) {
        return Padding.pad("pad", Objects.requireNonNull(a, "pad: a is null"), widths, mode, constantValue);
    }

    /** numpy.interp(x, xp, fp): piecewise-linear interpolation of the points (xp, fp), xp increasing; float64. */
    public static NDArray interp(NDArray x, NDArray xp, NDArray fp) {
        return Interpolation.interp(
                "interp",
                Objects.requireNonNull(x, "interp: x is null"),
                Objects.requireNonNull(xp, "interp: xp is null"),
                Objects.requireNonNull(fp, "interp: fp is null"),
                null,
                null);
    }

    /** numpy.interp(x, xp, fp, left, right): {@code left} below xp[0], {@code right} above xp[-1]. */
    public static NDArray interp(NDArray x, NDArray xp, NDArray fp, double left, double right) {
        return Interpolation.interp(
                "interp",
                Objects.requireNonNull(x, "interp: x is null"),
                Objects.requireNonNull(xp, "interp: xp is null"),
                Objects.requireNonNull(fp, "interp: fp is null"),
                left,
                right);
    }

    /**
     * numpy.interp(x, xp, fp, period=period): for angles and other periodic coordinates, x and xp
     * taken modulo |period| and xp need not be sorted: {@code Nd.interp(deg, xp, fp, 360.0)}.
     */
    public static NDArray interp(NDArray x, NDArray xp, NDArray fp, double period) {
        return Interpolation.interp(
                "interp",
                Objects.requireNonNull(x, "interp: x is null"),
                Objects.requireNonNull(xp, "interp: xp is null"),
                Objects.requireNonNull(fp, "interp: fp is null"),
                period);
    }

    /** numpy.convolve(a, v): the full discrete convolution of two 1-d arrays. */
    public static NDArray convolve(NDArray a, NDArray v) {
        return Convolution.convolve(
                "convolve",
                Objects.requireNonNull(a, "convolve: a is null"),
                Objects.requireNonNull(v, "convolve: v is null"),
                "full");
    }

    /** numpy.convolve(a, v, mode): mode "full", "same" or "valid". */
    public static NDArray convolve(NDArray a, NDArray v, String mode) {
        return Convolution.convolve(
                "convolve",
                Objects.requireNonNull(a, "convolve: a is null"),
                Objects.requireNonNull(v, "convolve: v is null"),
                mode);
    }

    /** numpy.correlate(a, v): the "valid" cross-correlation of two 1-d arrays. */
    public static NDArray correlate(NDArray a, NDArray v) {
        return Convolution.correlate(
                "correlate",
                Objects.requireNonNull(a, "correlate: a is null"),
                Objects.requireNonNull(v, "correlate: v is null"),
                "valid");
    }

    /** numpy.correlate(a, v, mode): mode "valid", "same" or "full". */
    public static NDArray correlate(NDArray a, NDArray v, String mode) {
        return Convolution.correlate(
                "correlate",
                Objects.requireNonNull(a, "correlate: a is null"),
                Objects.requireNonNull(v, "correlate: v is null"),
                mode);
    }

    // ---------------------------------------------------------------- statistics, sets, products, polynomials

    /** numpy.average(a): the mean of every element. */
    public static NDArray average(NDArray a) {
        return Averages.average("average", Objects.requireNonNull(a, "average: a is null"), null, null);
    }

    /** numpy.average(a, axis). */
    public static NDArray average(NDArray a, int axis) {
        return Averages.average("average", Objects.requireNonNull(a, "average: a is null"), axis, null);
    }

    /** numpy.average(a, axis, weights): sum(a * w) / sum(w); {@code axis} null averages everything (weights of a's shape). */
    public static NDArray average(NDArray a, Integer axis, NDArray weights) {
        return Averages.average("average", Objects.requireNonNull(a, "average: a is null"), axis, weights);
    }

    /** numpy.ptp(a): maximum minus minimum. */
    public static NDArray ptp(NDArray a) {
        return Averages.ptp("ptp", Objects.requireNonNull(a, "ptp: a is null"), null);
    }

    /** numpy.ptp(a, axis). */
    public static NDArray ptp(NDArray a, int axis) {
        return Averages.ptp("ptp", Objects.requireNonNull(a, "ptp: a is null"), axis);
    }

    /** numpy.cov(m): rows are variables, columns observations; normalized by N - 1. */
    public static NDArray cov(NDArray m) {
        return Averages.cov("cov", Objects.requireNonNull(m, "cov: m is null"), true, false);
    }

    /** numpy.cov(m, rowvar, bias). */
    public static NDArray cov(NDArray m, boolean rowvar, boolean bias) {
        return Averages.cov("cov", Objects.requireNonNull(m, "cov: m is null"), rowvar, bias);
    }

    /** numpy.corrcoef(x): Pearson correlation coefficients of the rows. */
    public static NDArray corrcoef(NDArray x) {
        return Averages.corrcoef("corrcoef", Objects.requireNonNull(x, "corrcoef: x is null"), true);
    }

    /** numpy.corrcoef(x, rowvar). */
    public static NDArray corrcoef(NDArray x, boolean rowvar) {
        return Averages.corrcoef("corrcoef", Objects.requireNonNull(x, "corrcoef: x is null"), rowvar);
    }

    /** numpy.partition(a, kth): the kth element in its sorted place along the last axis, smaller ones before, larger after. */
    public static NDArray partition(NDArray a, long kth) {
        return Partitioning.partition("partition", Objects.requireNonNull(a, "partition: a is null"), kth, -1, false);
    }

    /** numpy.partition(a, kth, axis). */
    public static NDArray partition(NDArray a, long kth, int axis) {
        return Partitioning.partition("partition", Objects.requireNonNull(a, "partition: a is null"), kth, axis, false);
    }

    /**
     * numpy.partition(a, kth, axis) with several kth: each of them in its sorted place at once:
     * {@code Nd.partition(a, new long[] {2, 5}, -1)}.
     */
    public static NDArray partition(NDArray a, long[] kth, int axis) {
        return Partitioning.partition("partition", Objects.requireNonNull(a, "partition: a is null"), kth, axis, false);
    }

    /** numpy.argpartition(a, kth, axis) with several kth. */
    public static NDArray argpartition(NDArray a, long[] kth, int axis) {
        return Partitioning.partition(
                "argpartition", Objects.requireNonNull(a, "argpartition: a is null"), kth, axis, true);
    }

    /** numpy.argpartition(a, kth): the int64 indices that partition the last axis. */
    public static NDArray argpartition(NDArray a, long kth) {
        return Partitioning.partition(
                "argpartition", Objects.requireNonNull(a, "argpartition: a is null"), kth, -1, true);
    }

    /** numpy.argpartition(a, kth, axis). */
    public static NDArray argpartition(NDArray a, long kth, int axis) {
        return Partitioning.partition(
                "argpartition", Objects.requireNonNull(a, "argpartition: a is null"), kth, axis, true);
    }

    /** numpy.isin(element, test): whether each element is among the test values; bool, element's shape. */
    public static NDArray isin(NDArray element, NDArray test) {
        return SetOperations.isin(
                "isin",
                Objects.requireNonNull(element, "isin: element is null"),
                Objects.requireNonNull(test, "isin: test is null"),
                false);
    }

    /** numpy.isin(element, test, invert). */
    public static NDArray isin(NDArray element, NDArray test, boolean invert) {
        return SetOperations.isin(
                "isin",
                Objects.requireNonNull(element, "isin: element is null"),
                Objects.requireNonNull(test, "isin: test is null"),
                invert);
    }

    /** numpy.setdiff1d(a, b): the sorted unique values of a not in b. */
    public static NDArray setdiff1d(NDArray a, NDArray b) {
        return SetOperations.setdiff1d(
                "setdiff1d",
                Objects.requireNonNull(a, "setdiff1d: a is null"),
                Objects.requireNonNull(b, "setdiff1d: b is null"));
    }

    /** numpy.intersect1d(a, b): the sorted unique values in both. */
    public static NDArray intersect1d(NDArray a, NDArray b) {
        return SetOperations.intersect1d(
                "intersect1d",
                Objects.requireNonNull(a, "intersect1d: a is null"),
                Objects.requireNonNull(b, "intersect1d: b is null"));
    }

    /** numpy.union1d(a, b): the sorted unique values in either. */
    public static NDArray union1d(NDArray a, NDArray b) {
        return SetOperations.union1d(
                "union1d",
                Objects.requireNonNull(a, "union1d: a is null"),
                Objects.requireNonNull(b, "union1d: b is null"));
    }

    /** numpy.setxor1d(a, b): the sorted unique values in exactly one of a and b. */
    public static NDArray setxor1d(NDArray a, NDArray b) {
        return SetOperations.setxor1d(
                "setxor1d",
                Objects.requireNonNull(a, "setxor1d: a is null"),
                Objects.requireNonNull(b, "setxor1d: b is null"));
    }

    /** numpy.cross(a, b): the cross product of 3-vectors (or the z of 2-vectors) along the last axis. */
    public static NDArray cross(NDArray a, NDArray b) {
        return Products.cross(
                "cross", Objects.requireNonNull(a, "cross: a is null"), Objects.requireNonNull(b, "cross: b is null"));
    }

    /** numpy.kron(a, b): the Kronecker product. */
    public static NDArray kron(NDArray a, NDArray b) {
        return Products.kron(
                "kron", Objects.requireNonNull(a, "kron: a is null"), Objects.requireNonNull(b, "kron: b is null"));
    }

    /** numpy.polyval(p, x): the polynomial with coefficients p (highest power first) at x. */
    public static NDArray polyval(NDArray p, NDArray x) {
        return Polynomials.polyval(
                "polyval",
                Objects.requireNonNull(p, "polyval: p is null"),
                Objects.requireNonNull(x, "polyval: x is null"));
    }

    /** numpy.polyfit(x, y, deg): least-squares coefficients, highest power first (linalg's lstsq). */
    public static NDArray polyfit(NDArray x, NDArray y, int deg) {
        return Polynomials.polyfit(
                "polyfit",
                Objects.requireNonNull(x, "polyfit: x is null"),
                Objects.requireNonNull(y, "polyfit: y is null"),
                deg);
    }

    // ---------------------------------------------------------------- NaN-ignoring reductions

    /** numpy.nanprod(a): the product with NaNs counted as one. */
    public static NDArray nanprod(NDArray a) {
        return NanReductions.nanprod(a, null, false);
    }

    /** numpy.nanprod(a, axis, keepdims). */
    public static NDArray nanprod(NDArray a, int[] axes, boolean keepdims) {
        return NanReductions.nanprod(a, axes, keepdims);
    }

    /** numpy.nancumsum(a): the running sum of the flattened array, NaNs counted as zero. */
    public static NDArray nancumsum(NDArray a) {
        return NanReductions.nancumsum(a, null);
    }

    /** numpy.nancumsum(a, axis). */
    public static NDArray nancumsum(NDArray a, int axis) {
        return NanReductions.nancumsum(a, axis);
    }

    /** numpy.nanvar(a): the variance of the non-NaN elements. */
    public static NDArray nanvar(NDArray a) {
        return NanReductions.nanvar(a, null, false, 0);
    }

    /** numpy.nanvar(a, axis, keepdims, ddof). */
    public static NDArray nanvar(NDArray a, int[] axes, boolean keepdims, int ddof) {
        return NanReductions.nanvar(a, axes, keepdims, ddof);
    }

    /** numpy.nanstd(a): the standard deviation of the non-NaN elements. */
    public static NDArray nanstd(NDArray a) {
        return NanReductions.nanstd(a, null, false, 0);
    }

    /** numpy.nanstd(a, axis, keepdims, ddof). */
    public static NDArray nanstd(NDArray a, int[] axes, boolean keepdims, int ddof) {
        return NanReductions.nanstd(a, axes, keepdims, ddof);
    }

    /** numpy.nanargmax(a): the flat index of the maximum ignoring NaNs; an all-NaN array is an error. */
    public static NDArray nanargmax(NDArray a) {
        return NanReductions.nanarg(a, null, true);
    }

    /** numpy.nanargmax(a, axis). */
    public static NDArray nanargmax(NDArray a, int axis) {
        return NanReductions.nanarg(a, axis, true);
    }

    /** numpy.nanargmin(a): the flat index of the minimum ignoring NaNs. */
    public static NDArray nanargmin(NDArray a) {
        return NanReductions.nanarg(a, null, false);
    }

    /** numpy.nanargmin(a, axis). */
    public static NDArray nanargmin(NDArray a, int axis) {
        return NanReductions.nanarg(a, axis, false);
    }

    // ---------------------------------------------------------------- numpy-math: math, statistics, linalg and type
    // functions (issue 39)

    /** numpy.acos, the array API's name of arccos: {@code Nd.acos(x)}. */
    public static NDArray acos(Object x) {
        return call(Ufunc.ARCCOS, null, x);
    }

    /** numpy.acos into out. */
    public static NDArray acos(Object x, NDArray out) {
        return call(Ufunc.ARCCOS, out, x);
    }

    /** numpy.asin, the array API's name of arcsin: {@code Nd.asin(x)}. */
    public static NDArray asin(Object x) {
        return call(Ufunc.ARCSIN, null, x);
    }

    /** numpy.asin into out. */
    public static NDArray asin(Object x, NDArray out) {
        return call(Ufunc.ARCSIN, out, x);
    }

    /** numpy.atan, the array API's name of arctan: {@code Nd.atan(x)}. */
    public static NDArray atan(Object x) {
        return call(Ufunc.ARCTAN, null, x);
    }

    /** numpy.atan into out. */
    public static NDArray atan(Object x, NDArray out) {
        return call(Ufunc.ARCTAN, out, x);
    }

    /** numpy.atan2, the array API's name of arctan2: {@code Nd.atan2(y, x)}. */
    public static NDArray atan2(Object y, Object x) {
        return call(Ufunc.ARCTAN2, null, y, x);
    }

    /** numpy.atan2 into out. */
    public static NDArray atan2(Object y, Object x, NDArray out) {
        return call(Ufunc.ARCTAN2, out, y, x);
    }

    /** numpy.acosh, the array API's name of arccosh: {@code Nd.acosh(x)}. */
    public static NDArray acosh(Object x) {
        return call(Ufunc.ARCCOSH, null, x);
    }

    /** numpy.acosh into out. */
    public static NDArray acosh(Object x, NDArray out) {
        return call(Ufunc.ARCCOSH, out, x);
    }

    /** numpy.asinh, the array API's name of arcsinh: {@code Nd.asinh(x)}. */
    public static NDArray asinh(Object x) {
        return call(Ufunc.ARCSINH, null, x);
    }

    /** numpy.asinh into out. */
    public static NDArray asinh(Object x, NDArray out) {
        return call(Ufunc.ARCSINH, out, x);
    }

    /** numpy.atanh, the array API's name of arctanh: {@code Nd.atanh(x)}. */
    public static NDArray atanh(Object x) {
        return call(Ufunc.ARCTANH, null, x);
    }

    /** numpy.atanh into out. */
    public static NDArray atanh(Object x, NDArray out) {
        return call(Ufunc.ARCTANH, out, x);
    }

    /** numpy.bitwise_invert, the array API's name of invert: {@code Nd.bitwiseInvert(flags)}. */
    public static NDArray bitwiseInvert(Object x) {
        return call(Ufunc.INVERT, null, x);
    }

    /** numpy.bitwise_invert into out. */
    public static NDArray bitwiseInvert(Object x, NDArray out) {
        return call(Ufunc.INVERT, out, x);
    }

    /** numpy.bitwise_left_shift, the array API's name of left_shift: {@code Nd.bitwiseLeftShift(a, 3)}. */
    public static NDArray bitwiseLeftShift(Object a, Object b) {
        return call(Ufunc.LEFT_SHIFT, null, a, b);
    }

    /** numpy.bitwise_left_shift into out. */
    public static NDArray bitwiseLeftShift(Object a, Object b, NDArray out) {
        return call(Ufunc.LEFT_SHIFT, out, a, b);
    }

    /** numpy.bitwise_right_shift, the array API's name of right_shift: {@code Nd.bitwiseRightShift(a, 3)}. */
    public static NDArray bitwiseRightShift(Object a, Object b) {
        return call(Ufunc.RIGHT_SHIFT, null, a, b);
    }

    /** numpy.bitwise_right_shift into out. */
    public static NDArray bitwiseRightShift(Object a, Object b, NDArray out) {
        return call(Ufunc.RIGHT_SHIFT, out, a, b);
    }

    /** numpy.bitwise_count: the set bits of each integer's magnitude, as uint8: {@code Nd.bitwiseCount(a)}. */
    public static NDArray bitwiseCount(Object x) {
        return call(Ufunc.BITWISE_COUNT, null, x);
    }

    /** numpy.bitwise_count into out. */
    public static NDArray bitwiseCount(Object x, NDArray out) {
        return call(Ufunc.BITWISE_COUNT, out, x);
    }

    /** numpy.degrees, rad2deg's other name: {@code Nd.degrees(Nd.arange(4.0))}. */
    public static NDArray degrees(Object x) {
        return call(Ufunc.RAD2DEG, null, x);
    }

    /** numpy.degrees into out. */
    public static NDArray degrees(Object x, NDArray out) {
        return call(Ufunc.RAD2DEG, out, x);
    }

    /** numpy.radians, deg2rad's other name: {@code Nd.radians(angles)}. */
    public static NDArray radians(Object x) {
        return call(Ufunc.DEG2RAD, null, x);
    }

    /** numpy.radians into out. */
    public static NDArray radians(Object x, NDArray out) {
        return call(Ufunc.DEG2RAD, out, x);
    }

    /** numpy.fabs: the absolute value as a float (no complex, as NumPy): {@code Nd.fabs(ints)} is float64. */
    public static NDArray fabs(Object x) {
        return call(Ufunc.FABS, null, x);
    }

    /** numpy.fabs into out. */
    public static NDArray fabs(Object x, NDArray out) {
        return call(Ufunc.FABS, out, x);
    }

    /** numpy.fix: rounds toward zero, trunc's values and dtypes: {@code Nd.fix(x)}. */
    public static NDArray fix(Object x) {
        return call(Ufunc.TRUNC, null, x);
    }

    /** numpy.fix into out. */
    public static NDArray fix(Object x, NDArray out) {
        return call(Ufunc.TRUNC, out, x);
    }

    /** numpy.spacing: the distance to the next value away from zero: {@code Nd.spacing(x)}. */
    public static NDArray spacing(Object x) {
        return call(Ufunc.SPACING, null, x);
    }

    /** numpy.spacing into out. */
    public static NDArray spacing(Object x, NDArray out) {
        return call(Ufunc.SPACING, out, x);
    }

    /** numpy.isposinf: true where x is +inf (complex refused, as NumPy): {@code Nd.isposinf(x)}. */
    public static NDArray isposinf(Object x) {
        return call(Ufunc.ISPOSINF, null, x);
    }

    /** numpy.isposinf into out. */
    public static NDArray isposinf(Object x, NDArray out) {
        return call(Ufunc.ISPOSINF, out, x);
    }

    /** numpy.isneginf: true where x is -inf: {@code Nd.isneginf(x)}. */
    public static NDArray isneginf(Object x) {
        return call(Ufunc.ISNEGINF, null, x);
    }

    /** numpy.isneginf into out. */
    public static NDArray isneginf(Object x, NDArray out) {
        return call(Ufunc.ISNEGINF, out, x);
    }

    /** numpy.i0: the modified Bessel function of the first kind, order 0: {@code Nd.i0(x)}. */
    public static NDArray i0(Object x) {
        return call(Ufunc.I0, null, x);
    }

    /** numpy.angle(z): the argument of each element in radians: {@code Nd.angle(z)}. */
    public static NDArray angle(NDArray z) {
        return ComplexNumbers.angle(Objects.requireNonNull(z, "angle: z is null"), false);
    }

    /** numpy.angle(z, deg): in degrees when deg: {@code Nd.angle(z, true)}. */
    public static NDArray angle(NDArray z, boolean deg) {
        return ComplexNumbers.angle(Objects.requireNonNull(z, "angle: z is null"), deg);
    }

    /** numpy.iscomplex(x): true where the imaginary part is not zero: {@code Nd.iscomplex(z)}. */
    public static NDArray iscomplex(NDArray x) {
        return TypeTesting.iscomplex(Objects.requireNonNull(x, "iscomplex: x is null"));
    }

    /** numpy.isreal(x): true where the imaginary part is zero: {@code Nd.isreal(z)}. */
    public static NDArray isreal(NDArray x) {
        return TypeTesting.isreal(Objects.requireNonNull(x, "isreal: x is null"));
    }

    /** numpy.iscomplexobj(x): whether x's dtype is complex: {@code Nd.iscomplexobj(z)}. */
    public static boolean iscomplexobj(NDArray x) {
        return TypeTesting.iscomplexobj(Objects.requireNonNull(x, "iscomplexobj: x is null"));
    }

    /** numpy.isrealobj(x): whether x's dtype is not complex: {@code Nd.isrealobj(x)}. */
    public static boolean isrealobj(NDArray x) {
        return TypeTesting.isrealobj(Objects.requireNonNull(x, "isrealobj: x is null"));
    }

    /** numpy.real_if_close(a): the real part when every imaginary part is within 100 eps: {@code Nd.realIfClose(z)}. */
    public static NDArray realIfClose(NDArray a) {
        return ComplexNumbers.realIfClose(Objects.requireNonNull(a, "real_if_close: a is null"), 100);
    }

    /** numpy.real_if_close(a, tol): tol in machine epsilons when above 1: {@code Nd.realIfClose(z, 1000)}. */
    public static NDArray realIfClose(NDArray a, double tol) {
        return ComplexNumbers.realIfClose(Objects.requireNonNull(a, "real_if_close: a is null"), tol);
    }

    /** numpy.nan_to_num(x): NaN to 0, +-inf to the type's largest finite values: {@code Nd.nanToNum(x)}. */
    public static NDArray nanToNum(NDArray x) {
        return NanToNum.nanToNum(Objects.requireNonNull(x, "nan_to_num: x is null"), 0, null, null);
    }

    /**
     * numpy.nan_to_num(x, nan=, posinf=, neginf=); a null posinf or neginf is NumPy's None (the
     * type's extreme): {@code Nd.nanToNum(x, -1, 1e6, null)}.
     */
    public static NDArray nanToNum(NDArray x, double nan, Double posinf, Double neginf) {
        return NanToNum.nanToNum(Objects.requireNonNull(x, "nan_to_num: x is null"), nan, posinf, neginf);
    }

    /** numpy.vecdot(x1, x2): sum(conj(x1) * x2) over the last axis, the rest broadcast: {@code Nd.vecdot(a, b)}. */
    public static NDArray vecdot(NDArray x1, NDArray x2) {
        return DeviceLinalg.instance().vecdot(x1, x2, -1);
    }

    /** numpy.vecdot(x1, x2, axis=axis): {@code Nd.vecdot(a, b, 0)}. */
    public static NDArray vecdot(NDArray x1, NDArray x2, int axis) {
        return DeviceLinalg.instance().vecdot(x1, x2, axis);
    }

    /** numpy.matvec(x1, x2): matrices (..., M, N) times vectors (..., N): {@code Nd.matvec(rotations, points)}. */
    public static NDArray matvec(NDArray x1, NDArray x2) {
        return DeviceLinalg.instance().matvec(x1, x2);
    }

    /** numpy.vecmat(x1, x2): conjugated vectors (..., N) times matrices (..., N, M): {@code Nd.vecmat(v, m)}. */
    public static NDArray vecmat(NDArray x1, NDArray x2) {
        return DeviceLinalg.instance().vecmat(x1, x2);
    }

    /**
     * numpy.gradient(f): the gradient along every axis with unit spacing, one array per axis (NumPy's
     * list; a 1-d f gives a list of one): {@code var g = Nd.gradient(f)}.
     */
    public static List<NDArray> gradient(NDArray f) {
        return Gradient.gradients(Objects.requireNonNull(f, "gradient: f is null"), new double[] {1}, 1);
    }

    /**
     * numpy.gradient(f, *spacing, edge_order=edgeOrder): one spacing for every axis or one per axis:
     * {@code Nd.gradient(f, new double[] {0.5, 0.25}, 2)}.
     */
    public static List<NDArray> gradient(NDArray f, double[] spacing, int edgeOrder) {
        return Gradient.gradients(
                Objects.requireNonNull(f, "gradient: f is null"),
                Objects.requireNonNull(spacing, "gradient: spacing is null"),
                edgeOrder);
    }

    /** numpy.gradient(f, h, axis=axis, edge_order=edgeOrder): {@code Nd.gradient(f, -1, 0.1, 2)}. */
    public static NDArray gradient(NDArray f, int axis, double spacing, int edgeOrder) {
        return Gradient.gradient(Objects.requireNonNull(f, "gradient: f is null"), axis, spacing, edgeOrder);
    }

    /** numpy.gradient(f, x, axis=axis, edge_order=edgeOrder) at coordinates x: {@code Nd.gradient(f, 0, t, 1)}. */
    public static NDArray gradient(NDArray f, int axis, NDArray x, int edgeOrder) {
        return Gradient.gradient(
                Objects.requireNonNull(f, "gradient: f is null"),
                axis,
                Objects.requireNonNull(x, "gradient: x is null"),
                edgeOrder);
    }

    /** numpy.trapezoid(y): the trapezoidal rule along the last axis, unit spacing: {@code Nd.trapezoid(y)}. */
    public static NDArray trapezoid(NDArray y) {
        return Trapezoid.trapezoid(Objects.requireNonNull(y, "trapezoid: y is null"), 1.0, -1);
    }

    /** numpy.trapezoid(y, dx=dx, axis=axis): {@code Nd.trapezoid(y, 0.01, 0)}. */
    public static NDArray trapezoid(NDArray y, double dx, int axis) {
        return Trapezoid.trapezoid(Objects.requireNonNull(y, "trapezoid: y is null"), dx, axis);
    }

    /** numpy.trapezoid(y, x, axis=axis) at sample points x: {@code Nd.trapezoid(y, x, -1)}. */
    public static NDArray trapezoid(NDArray y, NDArray x, int axis) {
        return Trapezoid.trapezoid(
                Objects.requireNonNull(y, "trapezoid: y is null"),
                Objects.requireNonNull(x, "trapezoid: x is null"),
                axis);
    }

    /** numpy.ediff1d(ary): the differences of the flattened array: {@code Nd.ediff1d(a)}. */
    public static NDArray ediff1d(NDArray ary) {
        return Differences.ediff1d(Objects.requireNonNull(ary, "ediff1d: ary is null"), null, null);
    }

    /** numpy.ediff1d(ary, to_end, to_begin); either may be null: {@code Nd.ediff1d(a, end, begin)}. */
    public static NDArray ediff1d(NDArray ary, NDArray toEnd, NDArray toBegin) {
        return Differences.ediff1d(Objects.requireNonNull(ary, "ediff1d: ary is null"), toEnd, toBegin);
    }

    /** numpy.unwrap(p): jumps above pi along the last axis folded back by 2 pi: {@code Nd.unwrap(phase)}. */
    public static NDArray unwrap(NDArray p) {
        return Unwrap.unwrap(Objects.requireNonNull(p, "unwrap: p is null"), null, -1, 2 * Math.PI);
    }

    /** numpy.unwrap(p, discont, axis, period); discont null is period / 2: {@code Nd.unwrap(p, null, 0, 360)}. */
    public static NDArray unwrap(NDArray p, Double discont, int axis, double period) {
        return Unwrap.unwrap(Objects.requireNonNull(p, "unwrap: p is null"), discont, axis, period);
    }

    /**
     * numpy.unwrap(p, discont, axis, period) with an integer period: integer p keeps its dtype, as
     * NumPy's: {@code Nd.unwrap(p, null, -1, 4)}.
     */
    public static NDArray unwrap(NDArray p, Double discont, int axis, long period) {
        return Unwrap.unwrap(Objects.requireNonNull(p, "unwrap: p is null"), discont, axis, period);
    }

    /** numpy.cumulative_sum(x) of a 1-d (or 0-d) x: {@code Nd.cumulativeSum(v)}. */
    public static NDArray cumulativeSum(NDArray x) {
        return CumulativeSums.cumulativeSum(Objects.requireNonNull(x, "cumulative_sum: x is null"), null, false);
    }

    /** numpy.cumulative_sum(x, axis=axis, include_initial=): {@code Nd.cumulativeSum(m, 1, true)}. */
    public static NDArray cumulativeSum(NDArray x, Integer axis, boolean includeInitial) {
        return CumulativeSums.cumulativeSum(
                Objects.requireNonNull(x, "cumulative_sum: x is null"), axis, includeInitial);
    }

    /** numpy.cumulative_prod(x) of a 1-d (or 0-d) x: {@code Nd.cumulativeProd(v)}. */
    public static NDArray cumulativeProd(NDArray x) {
        return CumulativeSums.cumulativeProd(Objects.requireNonNull(x, "cumulative_prod: x is null"), null, false);
    }

    /** numpy.cumulative_prod(x, axis=axis, include_initial=): {@code Nd.cumulativeProd(m, 0, true)}. */
    public static NDArray cumulativeProd(NDArray x, Integer axis, boolean includeInitial) {
        return CumulativeSums.cumulativeProd(
                Objects.requireNonNull(x, "cumulative_prod: x is null"), axis, includeInitial);
    }

    /** numpy.nancumprod(a): the running product of the flattened array, NaNs counted as one. */
    public static NDArray nancumprod(NDArray a) {
        return NanReductions.nancumprod(a, null);
    }

    /** numpy.nancumprod(a, axis): {@code Nd.nancumprod(a, 1)}. */
    public static NDArray nancumprod(NDArray a, int axis) {
        return NanReductions.nancumprod(a, axis);
    }

    /** numpy.nanmedian(a): the median of the non-NaN values of the flattened array: {@code Nd.nanmedian(a)}. */
    public static NDArray nanmedian(NDArray a) {
        return NanQuantiles.nanquantile(
                "nanmedian", Objects.requireNonNull(a, "nanmedian: a is null"), 0.5, null, false);
    }

    /** numpy.nanmedian(a, axis, keepdims); axis null is the flattened array: {@code Nd.nanmedian(a, 0, false)}. */
    public static NDArray nanmedian(NDArray a, Integer axis, boolean keepdims) {
        return NanQuantiles.nanquantile(
                "nanmedian", Objects.requireNonNull(a, "nanmedian: a is null"), 0.5, axis, keepdims);
    }

    /** numpy.nanquantile(a, q) for one q in [0, 1], NaNs ignored: {@code Nd.nanquantile(a, 0.9)}. */
    public static NDArray nanquantile(NDArray a, double q) {
        return NanQuantiles.nanquantile(
                "nanquantile", Objects.requireNonNull(a, "nanquantile: a is null"), q, null, false);
    }

    /** numpy.nanquantile(a, q, axis, keepdims); axis null is the flattened array. */
    public static NDArray nanquantile(NDArray a, double q, Integer axis, boolean keepdims) {
        return NanQuantiles.nanquantile(
                "nanquantile", Objects.requireNonNull(a, "nanquantile: a is null"), q, axis, keepdims);
    }

    /**
     * numpy.nanquantile(a, [q...], axis, keepdims): the quantiles stacked along a new first axis,
     * float64 as NumPy's array q gives: {@code Nd.nanquantile(a, new double[] {0.25, 0.75}, 1, false)}.
     */
    public static NDArray nanquantile(NDArray a, double[] q, Integer axis, boolean keepdims) {
        return NanQuantiles.nanquantile(
                "nanquantile",
                Objects.requireNonNull(a, "nanquantile: a is null"),
                Objects.requireNonNull(q, "nanquantile: q is null"),
                axis,
                keepdims);
    }

    /** numpy.nanpercentile(a, p) for one p in [0, 100], NaNs ignored: {@code Nd.nanpercentile(a, 95)}. */
    public static NDArray nanpercentile(NDArray a, double p) {
        return NanQuantiles.nanquantile(
                "nanpercentile", Objects.requireNonNull(a, "nanpercentile: a is null"), p / 100, null, false);
    }

    /** numpy.nanpercentile(a, p, axis, keepdims). */
    public static NDArray nanpercentile(NDArray a, double p, Integer axis, boolean keepdims) {
        return NanQuantiles.nanquantile(
                "nanpercentile", Objects.requireNonNull(a, "nanpercentile: a is null"), p / 100, axis, keepdims);
    }

    /** numpy.nanpercentile(a, [p...], axis, keepdims): stacked along a new first axis, float64. */
    public static NDArray nanpercentile(NDArray a, double[] p, Integer axis, boolean keepdims) {
        return NanQuantiles.nanpercentile(
                "nanpercentile", Objects.requireNonNull(a, "nanpercentile: a is null"), p, axis, keepdims);
    }

    /** numpy.bartlett(M): the triangular window of M points, float64: {@code Nd.bartlett(51)}. */
    public static NDArray bartlett(long m) {
        return Windows.bartlett(m);
    }

    /** numpy.blackman(M): the Blackman window: {@code Nd.blackman(64)}. */
    public static NDArray blackman(long m) {
        return Windows.blackman(m);
    }

    /** numpy.hamming(M): the Hamming window: {@code Nd.hamming(64)}. */
    public static NDArray hamming(long m) {
        return Windows.hamming(m);
    }

    /** numpy.hanning(M): the Hann window: {@code Nd.hanning(64)}. */
    public static NDArray hanning(long m) {
        return Windows.hanning(m);
    }

    /** numpy.kaiser(M, beta): the Kaiser window: {@code Nd.kaiser(64, 14)}. */
    public static NDArray kaiser(long m, double beta) {
        return Windows.kaiser(m, beta);
    }

    /** numpy.poly(seq_of_zeros): the monic polynomial with those roots (or a square matrix's eigenvalues). */
    public static NDArray poly(NDArray seqOfZeros) {
        return PolynomialRoots.poly(Objects.requireNonNull(seqOfZeros, "poly: seqOfZeros is null"));
    }

    /** numpy.roots(p): the roots of p (highest power first), from its companion matrix: {@code Nd.roots(p)}. */
    public static NDArray roots(NDArray p) {
        return PolynomialRoots.roots(Objects.requireNonNull(p, "roots: p is null"));
    }

    /** numpy.polyadd(a1, a2): the sum of two polynomials: {@code Nd.polyadd(p, q)}. */
    public static NDArray polyadd(NDArray a1, NDArray a2) {
        return PolynomialArithmetic.polyadd(
                Objects.requireNonNull(a1, "polyadd: a1 is null"), Objects.requireNonNull(a2, "polyadd: a2 is null"));
    }

    /** numpy.polysub(a1, a2): a1 minus a2: {@code Nd.polysub(p, q)}. */
    public static NDArray polysub(NDArray a1, NDArray a2) {
        return PolynomialArithmetic.polysub(
                Objects.requireNonNull(a1, "polysub: a1 is null"), Objects.requireNonNull(a2, "polysub: a2 is null"));
    }

    /** numpy.polymul(a1, a2): the product of two polynomials: {@code Nd.polymul(p, q)}. */
    public static NDArray polymul(NDArray a1, NDArray a2) {
        return PolynomialArithmetic.polymul(
                Objects.requireNonNull(a1, "polymul: a1 is null"), Objects.requireNonNull(a2, "polymul: a2 is null"));
    }

    /** numpy.polydiv(u, v): {quotient, remainder}: {@code NDArray[] qr = Nd.polydiv(u, v)}. */
    public static NDArray[] polydiv(NDArray u, NDArray v) {
        return PolynomialArithmetic.polydiv(
                Objects.requireNonNull(u, "polydiv: u is null"), Objects.requireNonNull(v, "polydiv: v is null"));
    }

    /** numpy.polyder(p): the derivative: {@code Nd.polyder(p)}. */
    public static NDArray polyder(NDArray p) {
        return PolynomialArithmetic.polyder(Objects.requireNonNull(p, "polyder: p is null"), 1);
    }

    /** numpy.polyder(p, m): the m-th derivative: {@code Nd.polyder(p, 2)}. */
    public static NDArray polyder(NDArray p, int m) {
        return PolynomialArithmetic.polyder(Objects.requireNonNull(p, "polyder: p is null"), m);
    }

    /** numpy.polyint(p): the antiderivative with constant 0: {@code Nd.polyint(p)}. */
    public static NDArray polyint(NDArray p) {
        return PolynomialArithmetic.polyint(Objects.requireNonNull(p, "polyint: p is null"), 1, 0);
    }

    /** numpy.polyint(p, m, k): the m-th antiderivative, each with constant k: {@code Nd.polyint(p, 2, 1.5)}. */
    public static NDArray polyint(NDArray p, int m, double k) {
        return PolynomialArithmetic.polyint(Objects.requireNonNull(p, "polyint: p is null"), m, k);
    }

    /** numpy.sort_complex(a): sorted by real then imaginary part, as complex: {@code Nd.sortComplex(z)}. */
    public static NDArray sortComplex(NDArray a) {
        return ComplexSort.sortComplex(Objects.requireNonNull(a, "sort_complex: a is null"));
    }

    /** numpy.result_type(*arrays_and_dtypes), NumPy 2's rules (Java numbers weak): {@code Nd.resultType(x, 2.0)}. */
    public static DType resultType(Object... arraysAndDtypes) {
        return DataTypeRoutines.resultType(arraysAndDtypes);
    }

    /** numpy.promote_types(a, b): {@code Nd.promoteTypes(DType.INT8, DType.UINT8)} is INT16. */
    public static DType promoteTypes(DType a, DType b) {
        return DataTypeRoutines.promoteTypes(a, b);
    }

    /** numpy.can_cast(from, to): under NumPy's default "safe" rule: {@code Nd.canCast(DType.INT32, DType.FLOAT64)}. */
    public static boolean canCast(DType from, DType to) {
        return DataTypeRoutines.canCast(from, to, Casting.SAFE);
    }

    /** numpy.can_cast(from, to, casting): {@code Nd.canCast(DType.FLOAT64, DType.FLOAT32, Casting.SAME_KIND)}. */
    public static boolean canCast(DType from, DType to, Casting casting) {
        return DataTypeRoutines.canCast(from, to, casting);
    }

    /** numpy.min_scalar_type(a): the smallest dtype holding a Java value: {@code Nd.minScalarType(300)} is UINT16. */
    public static DType minScalarType(Object a) {
        return DataTypeRoutines.minScalarType(a);
    }

    /** numpy.common_type(*arrays): the inexact dtype of them all: {@code Nd.commonType(ints, f32)} is FLOAT64. */
    public static DType commonType(NDArray... arrays) {
        return DataTypeRoutines.commonType(arrays);
    }

    // ---------------------------------------------------------------- graphs

    /**
     * Captures the device work that {@code body} issues on the current device (kernel launches,
     * device copies, fills) into a {@link Graph}, without running it, as CUDA stream capture and
     * CuPy's {@code Stream.begin_capture}; {@code graph.launch()} then runs it, each time as one
     * eager run of the body would. Arrays made in the body belong to the graph and hold each
     * launch's results (inside {@link #scope()}, the scope releases them unless kept; the graph
     * itself is closed by its own close()); arrays from outside are bound by reference (write new data into them
     * between launches). What cannot be captured, a read to the host ({@code item()}), a copy from
     * Java data, a synchronize, another device's array, a nested capture, is a CaptureException
     * naming the call; the capture is then discarded, as when the body throws. Chains of elementwise
     * operations in the body (ufuncs, where, clip, and a sum, prod, mean, max, min, all or any ending
     * one) become single kernels, as {@code Fuse} makes them ({@link CaptureOptions} turns that off).
     *
     * <pre>{@code
     * NDArray[] y = new NDArray[1];
     * try (Graph g = Nd.capture(() -> y[0] = Nd.exp(x.mul(2)).sum())) {   // one kernel (two passes)
     *     for (int i = 0; i < steps; i++) { Nd.copyto(x, batch(i)); g.launch(); use(y[0]); }
     * }
     * }</pre>
     */
    public static Graph capture(Runnable body) {
        return Captures.capture(body, CaptureFusion::new);
    }

    /**
     * {@link #capture(Runnable)} with options: {@code CaptureOptions.defaults().withFuse(false)}
     * records every operation as its own kernels, bit for bit what an eager run launches.
     */
    public static Graph capture(Runnable body, CaptureOptions options) {
        return Captures.capture(
                body,
                Objects.requireNonNull(options, "capture: options is null").fuse() ? CaptureFusion::new : null);
    }

    // ---------------------------------------------------------------- scopes: temporaries released together

    /**
     * Opens a scope on this thread: when it closes, every array made inside it (by any operation)
     * is released, except those marked with {@code scope.keep(a)}, which move to the enclosing
     * scope. As DJL's NDManager and ND4J's workspaces; the rules are {@link Scope}'s.
     *
     * <pre>{@code
     * try (var scope = Nd.scope()) {
     *     var t = x;
     *     for (int i = 0; i < 10; i++) t = t.mul(0.5f).add(0.25f);
     *     Nd.copyto(out, t);            // out was made outside: it stays; the 20 temporaries go
     * }
     * }</pre>
     */
    public static Scope scope() {
        return Scope.open(null);
    }

    /** {@link #scope()} with a name, which errors about its arrays show: {@code Nd.scope("step")}. */
    public static Scope scope(String name) {
        return Scope.open(name);
    }

    /**
     * Runs {@code body} in a new scope and returns its value kept: {@code var z = Nd.scope(() ->
     * x.sub(x.mean()).div(x.std()))} releases the mean, the difference and the std, and returns z
     * (an NDArray, or a record, array or List of them). Released also when the body throws.
     */
    public static <T> T scope(Supplier<T> body) {
        return Scope.run(body);
    }

    // ---- managed memory (issue 42)

    /**
     * Allocates this thread's new arrays in managed memory, which the driver pages between the
     * device and the host, until the returned scope closes, so that an array may exceed the device's
     * memory; as CuPy's {@code cupy.cuda.set_allocator(cupy.cuda.MemoryPool(cupy.cuda.malloc_managed).malloc)}
     * for a block of code ({@code ndgpu.memory=managed} for the whole program). A device without it
     * refuses the allocation ({@code Device.facts().managedMemory()}).
     *
     * <pre>{@code
     * try (var managed = Nd.managedMemory()) {
     *     NDArray big = Nd.zeros(DType.FLOAT32, n).prefetch(MemoryLocation.DEVICE);
     * }
     * }</pre>
     */
    public static org.ndgpu.device.Device.Scope managedMemory() {
        return org.ndgpu.device.MemoryKind.MANAGED.use();
    }

    // ---------------------------------------------------------------- random, linalg

    /** The current device's random generator (counter-based Philox: one seed, the same numbers on every backend). */
    public static Random random() {
        return Random.forDevice(Device.current());
    }

    /** The linalg namespace. */
    public static Linalg linalg() {
        return DeviceLinalg.instance();
    }

    /** The fft namespace, as numpy.fft: {@code Nd.fft().rfft(x)}, {@code Nd.fft().fftn(a, null, null, "ortho")}. */
    public static Fft fft() {
        return FftLibrary.instance();
    }

    // ---- scipy.special (issue 40)

    /**
     * The special-functions namespace, as scipy.special (CuPy's cupyx.scipy.special): {@code Nd.special().erf(x)},
     * {@code Nd.special().logsumexp(a, 1)}.
     */
    public static Special special() {
        return Special.instance();
    }

    /**
     * The image-processing namespace, as scipy.ndimage (CuPy's cupyx.scipy.ndimage):
     * {@code Nd.ndimage().gaussianFilter(image, 2.0)}, {@code Nd.ndimage().sobel(image, 0)}.
     */
    public static Ndimage ndimage() {
        return Ndimage.get();
    }

    // ---- scipy.signal (issue 40)

    /**
     * The signal-processing namespace, as scipy.signal (CuPy's cupyx.scipy.signal):
     * {@code Nd.signal().fftconvolve(x, h, ConvMode.SAME)}, {@code Nd.signal().welch(x, 1000.0)}.
     */
    public static Signal signal() {
        return Signal.get();
    }

    /**
     * The sparse namespace, as scipy.sparse (CuPy's cupyx.scipy.sparse): {@code Nd.sparse().csrMatrix(dense)},
     * {@code Nd.sparse().cooMatrix(data, row, col, new long[] {3, 4}).tocsr()}.
     */
    public static Sparse sparse() {
        return Sparse.instance();
    }

    /** numpy.matmul. */
    public static NDArray matmul(NDArray a, NDArray b) {
        return DeviceLinalg.instance()
                .matmul(
                        Objects.requireNonNull(a, "matmul: a is null"),
                        Objects.requireNonNull(b, "matmul: b is null"),
                        null);
    }

    /** numpy.matmul into out. */
    public static NDArray matmul(NDArray a, NDArray b, NDArray out) {
        return DeviceLinalg.instance()
                .matmul(
                        Objects.requireNonNull(a, "matmul: a is null"),
                        Objects.requireNonNull(b, "matmul: b is null"),
                        out);
    }

    /** numpy.dot. */
    public static NDArray dot(NDArray a, NDArray b) {
        return DeviceLinalg.instance()
                .dot(Objects.requireNonNull(a, "dot: a is null"), Objects.requireNonNull(b, "dot: b is null"));
    }

    /** numpy.vdot. */
    public static NDArray vdot(NDArray a, NDArray b) {
        return DeviceLinalg.instance()
                .vdot(Objects.requireNonNull(a, "vdot: a is null"), Objects.requireNonNull(b, "vdot: b is null"));
    }

    /** numpy.inner. */
    public static NDArray inner(NDArray a, NDArray b) {
        return DeviceLinalg.instance()
                .inner(Objects.requireNonNull(a, "inner: a is null"), Objects.requireNonNull(b, "inner: b is null"));
    }

    /** numpy.outer. */
    public static NDArray outer(NDArray a, NDArray b) {
        return DeviceLinalg.instance()
                .outer(Objects.requireNonNull(a, "outer: a is null"), Objects.requireNonNull(b, "outer: b is null"));
    }

    /**
     * numpy.tensordot(a, b, axes=(axesA, axesB)): the sum over a's axes {@code axesA} paired with b's
     * {@code axesB}: {@code Nd.tensordot(a, b, new int[] {1, 0}, new int[] {0, 1})}.
     */
    public static NDArray tensordot(NDArray a, NDArray b, int[] axesA, int[] axesB) {
        return DeviceLinalg.instance()
                .tensordot(
                        Objects.requireNonNull(a, "tensordot: a is null"),
                        Objects.requireNonNull(b, "tensordot: b is null"),
                        Objects.requireNonNull(axesA, "tensordot: axesA is null"),
                        Objects.requireNonNull(axesB, "tensordot: axesB is null"));
    }

    /** numpy.tensordot(a, b, axes). */
    public static NDArray tensordot(NDArray a, NDArray b, int axes) {
        return DeviceLinalg.instance()
                .tensordot(
                        Objects.requireNonNull(a, "tensordot: a is null"),
                        Objects.requireNonNull(b, "tensordot: b is null"),
                        axes);
    }

    /** numpy.einsum: {@code Nd.einsum("ij,jk->ik", a, b)}. */
    public static NDArray einsum(String subscripts, NDArray... operands) {
        return DeviceLinalg.instance()
                .einsum(
                        Objects.requireNonNull(subscripts, "einsum: subscripts is null"),
                        Objects.requireNonNull(operands, "einsum: operands is null"));
    }

    // ---------------------------------------------------------------- ufunc facade

    /** Applies the NumPy ufunc {@code name} to operands (NDArrays or numbers), into {@code out} if not null. */
    public static NDArray ufunc(String name, NDArray out, Object... operands) {
        return UfuncMethods.byName(name, out, operands);
    }

    private static NDArray call(Ufunc op, NDArray out, Object... operands) {
        return Providers.ufuncs(operands).call(op, out, operands);
    }

    /** numpy.where(cond, x, y). */
    public static NDArray where(Object cond, Object x, Object y) {
        return Providers.ufuncs(cond, x, y).where(cond, x, y, null);
    }

    /** numpy.where(cond, x, y) into out. */
    public static NDArray where(Object cond, Object x, Object y, NDArray out) {
        return Providers.ufuncs(cond, x, y).where(cond, x, y, out);
    }

    /** numpy.clip(a, lo, hi); lo or hi may be null: {@code Nd.clip(a, 0, 1)}. */
    public static NDArray clip(NDArray a, Object lo, Object hi) {
        return Providers.ufuncs(Objects.requireNonNull(a, "clip: a is null"), lo, hi)
                .clip(a, lo, hi, null);
    }

    /** numpy.clip into out. */
    public static NDArray clip(NDArray a, Object lo, Object hi, NDArray out) {
        return Providers.ufuncs(Objects.requireNonNull(a, "clip: a is null"), lo, hi)
                .clip(a, lo, hi, out);
    }

    // ---------------------------------------------------------------- ufuncs by name: Nd.add(a, b), Nd.add(a, b, out)
    /** numpy.add. */
    public static NDArray add(Object a, Object b) {
        return call(Ufunc.ADD, null, a, b);
    }

    /** numpy.add into out. */
    public static NDArray add(Object a, Object b, NDArray out) {
        return call(Ufunc.ADD, out, a, b);
    }

    /** numpy.subtract. */
    public static NDArray sub(Object a, Object b) {
        return call(Ufunc.SUBTRACT, null, a, b);
    }

    /** numpy.subtract into out. */
    public static NDArray sub(Object a, Object b, NDArray out) {
        return call(Ufunc.SUBTRACT, out, a, b);
    }

    /** numpy.multiply. */
    public static NDArray mul(Object a, Object b) {
        return call(Ufunc.MULTIPLY, null, a, b);
    }

    /** numpy.multiply into out. */
    public static NDArray mul(Object a, Object b, NDArray out) {
        return call(Ufunc.MULTIPLY, out, a, b);
    }

    /** numpy.true_divide. */
    public static NDArray div(Object a, Object b) {
        return call(Ufunc.TRUE_DIVIDE, null, a, b);
    }

    /** numpy.true_divide into out. */
    public static NDArray div(Object a, Object b, NDArray out) {
        return call(Ufunc.TRUE_DIVIDE, out, a, b);
    }

    /** numpy.floor_divide. */
    public static NDArray floorDiv(Object a, Object b) {
        return call(Ufunc.FLOOR_DIVIDE, null, a, b);
    }

    /** numpy.floor_divide into out. */
    public static NDArray floorDiv(Object a, Object b, NDArray out) {
        return call(Ufunc.FLOOR_DIVIDE, out, a, b);
    }

    /** numpy.remainder. */
    public static NDArray mod(Object a, Object b) {
        return call(Ufunc.REMAINDER, null, a, b);
    }

    /** numpy.remainder into out. */
    public static NDArray mod(Object a, Object b, NDArray out) {
        return call(Ufunc.REMAINDER, out, a, b);
    }

    /** numpy.power. */
    public static NDArray pow(Object a, Object b) {
        return call(Ufunc.POWER, null, a, b);
    }

    /** numpy.power into out. */
    public static NDArray pow(Object a, Object b, NDArray out) {
        return call(Ufunc.POWER, out, a, b);
    }

    /** numpy.maximum. */
    public static NDArray maximum(Object a, Object b) {
        return call(Ufunc.MAXIMUM, null, a, b);
    }

    /** numpy.maximum into out. */
    public static NDArray maximum(Object a, Object b, NDArray out) {
        return call(Ufunc.MAXIMUM, out, a, b);
    }

    /** numpy.minimum. */
    public static NDArray minimum(Object a, Object b) {
        return call(Ufunc.MINIMUM, null, a, b);
    }

    /** numpy.minimum into out. */
    public static NDArray minimum(Object a, Object b, NDArray out) {
        return call(Ufunc.MINIMUM, out, a, b);
    }

    /** numpy.arctan2. */
    public static NDArray arctan2(Object a, Object b) {
        return call(Ufunc.ARCTAN2, null, a, b);
    }

    /** numpy.arctan2 into out. */
    public static NDArray arctan2(Object a, Object b, NDArray out) {
        return call(Ufunc.ARCTAN2, out, a, b);
    }

    /** numpy.hypot. */
    public static NDArray hypot(Object a, Object b) {
        return call(Ufunc.HYPOT, null, a, b);
    }

    /** numpy.hypot into out. */
    public static NDArray hypot(Object a, Object b, NDArray out) {
        return call(Ufunc.HYPOT, out, a, b);
    }

    /** numpy.logaddexp. */
    public static NDArray logaddexp(Object a, Object b) {
        return call(Ufunc.LOGADDEXP, null, a, b);
    }

    /** numpy.logaddexp into out. */
    public static NDArray logaddexp(Object a, Object b, NDArray out) {
        return call(Ufunc.LOGADDEXP, out, a, b);
    }

    /** numpy.logaddexp2. */
    public static NDArray logaddexp2(Object a, Object b) {
        return call(Ufunc.LOGADDEXP2, null, a, b);
    }

    /** numpy.logaddexp2 into out. */
    public static NDArray logaddexp2(Object a, Object b, NDArray out) {
        return call(Ufunc.LOGADDEXP2, out, a, b);
    }

    /** numpy.fmod. */
    public static NDArray fmod(Object a, Object b) {
        return call(Ufunc.FMOD, null, a, b);
    }

    /** numpy.fmod into out. */
    public static NDArray fmod(Object a, Object b, NDArray out) {
        return call(Ufunc.FMOD, out, a, b);
    }

    /** numpy.copysign. */
    public static NDArray copysign(Object a, Object b) {
        return call(Ufunc.COPYSIGN, null, a, b);
    }

    /** numpy.copysign into out. */
    public static NDArray copysign(Object a, Object b, NDArray out) {
        return call(Ufunc.COPYSIGN, out, a, b);
    }

    /** numpy.fmax. */
    public static NDArray fmax(Object a, Object b) {
        return call(Ufunc.FMAX, null, a, b);
    }

    /** numpy.fmax into out. */
    public static NDArray fmax(Object a, Object b, NDArray out) {
        return call(Ufunc.FMAX, out, a, b);
    }

    /** numpy.fmin. */
    public static NDArray fmin(Object a, Object b) {
        return call(Ufunc.FMIN, null, a, b);
    }

    /** numpy.fmin into out. */
    public static NDArray fmin(Object a, Object b, NDArray out) {
        return call(Ufunc.FMIN, out, a, b);
    }

    /** numpy.heaviside. */
    public static NDArray heaviside(Object a, Object b) {
        return call(Ufunc.HEAVISIDE, null, a, b);
    }

    /** numpy.heaviside into out. */
    public static NDArray heaviside(Object a, Object b, NDArray out) {
        return call(Ufunc.HEAVISIDE, out, a, b);
    }

    /** numpy.nextafter. */
    public static NDArray nextafter(Object a, Object b) {
        return call(Ufunc.NEXTAFTER, null, a, b);
    }

    /** numpy.nextafter into out. */
    public static NDArray nextafter(Object a, Object b, NDArray out) {
        return call(Ufunc.NEXTAFTER, out, a, b);
    }

    /** numpy.float_power. */
    public static NDArray floatPower(Object a, Object b) {
        return call(Ufunc.FLOAT_POWER, null, a, b);
    }

    /** numpy.float_power into out. */
    public static NDArray floatPower(Object a, Object b, NDArray out) {
        return call(Ufunc.FLOAT_POWER, out, a, b);
    }

    /** numpy.ldexp: {@code x1 * 2**x2}, x2 of an integer dtype (a Java integer picks NumPy's int64-exponent loop). */
    public static NDArray ldexp(Object x1, Object x2) {
        return call(Ufunc.LDEXP, null, x1, x2);
    }

    /** numpy.ldexp into out. */
    public static NDArray ldexp(Object x1, Object x2, NDArray out) {
        return call(Ufunc.LDEXP, out, x1, x2);
    }

    /** numpy.sinc: sin(pi x) / (pi x), 1 at 0; integers give float64. */
    public static NDArray sinc(Object x) {
        return call(Ufunc.SINC, null, x);
    }

    /** numpy.sinc into out. */
    public static NDArray sinc(Object x, NDArray out) {
        return call(Ufunc.SINC, out, x);
    }

    /** numpy.frexp: {@code Frexp(mantissa, exponent)}, the exponent int32. */
    public static Frexp frexp(Object x) {
        return UniversalFunctions.frexp(x, null, null);
    }

    /** numpy.frexp into two outputs (either may be null). */
    public static Frexp frexp(Object x, NDArray mantissa, NDArray exponent) {
        return UniversalFunctions.frexp(x, mantissa, exponent);
    }

    /** numpy.modf: {@code Modf(fractional, integral)}. */
    public static Modf modf(Object x) {
        return UniversalFunctions.modf(x, null, null);
    }

    /** numpy.modf into two outputs (either may be null). */
    public static Modf modf(Object x, NDArray fractional, NDArray integral) {
        return UniversalFunctions.modf(x, fractional, integral);
    }

    /** numpy.divmod: {@code Divmod(quotient, remainder)}, floor_divide and remainder in one kernel. */
    public static Divmod divmod(Object x1, Object x2) {
        return UniversalFunctions.divmod(x1, x2, null, null);
    }

    /** numpy.divmod into two outputs (either may be null). */
    public static Divmod divmod(Object x1, Object x2, NDArray quotient, NDArray remainder) {
        return UniversalFunctions.divmod(x1, x2, quotient, remainder);
    }

    /** numpy.gcd. */
    public static NDArray gcd(Object a, Object b) {
        return call(Ufunc.GCD, null, a, b);
    }

    /** numpy.gcd into out. */
    public static NDArray gcd(Object a, Object b, NDArray out) {
        return call(Ufunc.GCD, out, a, b);
    }

    /** numpy.lcm. */
    public static NDArray lcm(Object a, Object b) {
        return call(Ufunc.LCM, null, a, b);
    }

    /** numpy.lcm into out. */
    public static NDArray lcm(Object a, Object b, NDArray out) {
        return call(Ufunc.LCM, out, a, b);
    }

    /** numpy.equal. */
    public static NDArray eq(Object a, Object b) {
        return call(Ufunc.EQUAL, null, a, b);
    }

    /** numpy.equal into out. */
    public static NDArray eq(Object a, Object b, NDArray out) {
        return call(Ufunc.EQUAL, out, a, b);
    }

    /** numpy.not_equal. */
    public static NDArray ne(Object a, Object b) {
        return call(Ufunc.NOT_EQUAL, null, a, b);
    }

    /** numpy.not_equal into out. */
    public static NDArray ne(Object a, Object b, NDArray out) {
        return call(Ufunc.NOT_EQUAL, out, a, b);
    }

    /** numpy.less. */
    public static NDArray lt(Object a, Object b) {
        return call(Ufunc.LESS, null, a, b);
    }

    /** numpy.less into out. */
    public static NDArray lt(Object a, Object b, NDArray out) {
        return call(Ufunc.LESS, out, a, b);
    }

    /** numpy.less_equal. */
    public static NDArray le(Object a, Object b) {
        return call(Ufunc.LESS_EQUAL, null, a, b);
    }

    /** numpy.less_equal into out. */
    public static NDArray le(Object a, Object b, NDArray out) {
        return call(Ufunc.LESS_EQUAL, out, a, b);
    }

    /** numpy.greater. */
    public static NDArray gt(Object a, Object b) {
        return call(Ufunc.GREATER, null, a, b);
    }

    /** numpy.greater into out. */
    public static NDArray gt(Object a, Object b, NDArray out) {
        return call(Ufunc.GREATER, out, a, b);
    }

    /** numpy.greater_equal. */
    public static NDArray ge(Object a, Object b) {
        return call(Ufunc.GREATER_EQUAL, null, a, b);
    }

    /** numpy.greater_equal into out. */
    public static NDArray ge(Object a, Object b, NDArray out) {
        return call(Ufunc.GREATER_EQUAL, out, a, b);
    }

    /** numpy.logical_and. */
    public static NDArray logicalAnd(Object a, Object b) {
        return call(Ufunc.LOGICAL_AND, null, a, b);
    }

    /** numpy.logical_and into out. */
    public static NDArray logicalAnd(Object a, Object b, NDArray out) {
        return call(Ufunc.LOGICAL_AND, out, a, b);
    }

    /** numpy.logical_or. */
    public static NDArray logicalOr(Object a, Object b) {
        return call(Ufunc.LOGICAL_OR, null, a, b);
    }

    /** numpy.logical_or into out. */
    public static NDArray logicalOr(Object a, Object b, NDArray out) {
        return call(Ufunc.LOGICAL_OR, out, a, b);
    }

    /** numpy.logical_xor. */
    public static NDArray logicalXor(Object a, Object b) {
        return call(Ufunc.LOGICAL_XOR, null, a, b);
    }

    /** numpy.logical_xor into out. */
    public static NDArray logicalXor(Object a, Object b, NDArray out) {
        return call(Ufunc.LOGICAL_XOR, out, a, b);
    }

    /** numpy.bitwise_and. */
    public static NDArray bitwiseAnd(Object a, Object b) {
        return call(Ufunc.BITWISE_AND, null, a, b);
    }

    /** numpy.bitwise_and into out. */
    public static NDArray bitwiseAnd(Object a, Object b, NDArray out) {
        return call(Ufunc.BITWISE_AND, out, a, b);
    }

    /** numpy.bitwise_or. */
    public static NDArray bitwiseOr(Object a, Object b) {
        return call(Ufunc.BITWISE_OR, null, a, b);
    }

    /** numpy.bitwise_or into out. */
    public static NDArray bitwiseOr(Object a, Object b, NDArray out) {
        return call(Ufunc.BITWISE_OR, out, a, b);
    }

    /** numpy.bitwise_xor. */
    public static NDArray bitwiseXor(Object a, Object b) {
        return call(Ufunc.BITWISE_XOR, null, a, b);
    }

    /** numpy.bitwise_xor into out. */
    public static NDArray bitwiseXor(Object a, Object b, NDArray out) {
        return call(Ufunc.BITWISE_XOR, out, a, b);
    }

    /** numpy.left_shift. */
    public static NDArray leftShift(Object a, Object b) {
        return call(Ufunc.LEFT_SHIFT, null, a, b);
    }

    /** numpy.left_shift into out. */
    public static NDArray leftShift(Object a, Object b, NDArray out) {
        return call(Ufunc.LEFT_SHIFT, out, a, b);
    }

    /** numpy.right_shift. */
    public static NDArray rightShift(Object a, Object b) {
        return call(Ufunc.RIGHT_SHIFT, null, a, b);
    }

    /** numpy.right_shift into out. */
    public static NDArray rightShift(Object a, Object b, NDArray out) {
        return call(Ufunc.RIGHT_SHIFT, out, a, b);
    }

    /** numpy.negative. */
    public static NDArray neg(Object a) {
        return call(Ufunc.NEGATIVE, null, a);
    }

    /** numpy.negative into out. */
    public static NDArray neg(Object a, NDArray out) {
        return call(Ufunc.NEGATIVE, out, a);
    }

    /** numpy.absolute. */
    public static NDArray abs(Object a) {
        return call(Ufunc.ABSOLUTE, null, a);
    }

    /** numpy.absolute into out. */
    public static NDArray abs(Object a, NDArray out) {
        return call(Ufunc.ABSOLUTE, out, a);
    }

    /** numpy.sign. */
    public static NDArray sign(Object a) {
        return call(Ufunc.SIGN, null, a);
    }

    /** numpy.sign into out. */
    public static NDArray sign(Object a, NDArray out) {
        return call(Ufunc.SIGN, out, a);
    }

    /** numpy.exp. */
    public static NDArray exp(Object a) {
        return call(Ufunc.EXP, null, a);
    }

    /** numpy.exp into out. */
    public static NDArray exp(Object a, NDArray out) {
        return call(Ufunc.EXP, out, a);
    }

    /** numpy.expm1. */
    public static NDArray expm1(Object a) {
        return call(Ufunc.EXPM1, null, a);
    }

    /** numpy.expm1 into out. */
    public static NDArray expm1(Object a, NDArray out) {
        return call(Ufunc.EXPM1, out, a);
    }

    /** numpy.log. */
    public static NDArray log(Object a) {
        return call(Ufunc.LOG, null, a);
    }

    /** numpy.log into out. */
    public static NDArray log(Object a, NDArray out) {
        return call(Ufunc.LOG, out, a);
    }

    /** numpy.log1p. */
    public static NDArray log1p(Object a) {
        return call(Ufunc.LOG1P, null, a);
    }

    /** numpy.log1p into out. */
    public static NDArray log1p(Object a, NDArray out) {
        return call(Ufunc.LOG1P, out, a);
    }

    /** numpy.log2. */
    public static NDArray log2(Object a) {
        return call(Ufunc.LOG2, null, a);
    }

    /** numpy.log2 into out. */
    public static NDArray log2(Object a, NDArray out) {
        return call(Ufunc.LOG2, out, a);
    }

    /** numpy.log10. */
    public static NDArray log10(Object a) {
        return call(Ufunc.LOG10, null, a);
    }

    /** numpy.log10 into out. */
    public static NDArray log10(Object a, NDArray out) {
        return call(Ufunc.LOG10, out, a);
    }

    /** numpy.sqrt. */
    public static NDArray sqrt(Object a) {
        return call(Ufunc.SQRT, null, a);
    }

    /** numpy.sqrt into out. */
    public static NDArray sqrt(Object a, NDArray out) {
        return call(Ufunc.SQRT, out, a);
    }

    /** numpy.cbrt. */
    public static NDArray cbrt(Object a) {
        return call(Ufunc.CBRT, null, a);
    }

    /** numpy.cbrt into out. */
    public static NDArray cbrt(Object a, NDArray out) {
        return call(Ufunc.CBRT, out, a);
    }

    /** numpy.square. */
    public static NDArray square(Object a) {
        return call(Ufunc.SQUARE, null, a);
    }

    /** numpy.square into out. */
    public static NDArray square(Object a, NDArray out) {
        return call(Ufunc.SQUARE, out, a);
    }

    /** numpy.reciprocal. */
    public static NDArray reciprocal(Object a) {
        return call(Ufunc.RECIPROCAL, null, a);
    }

    /** numpy.reciprocal into out. */
    public static NDArray reciprocal(Object a, NDArray out) {
        return call(Ufunc.RECIPROCAL, out, a);
    }

    /** numpy.sin. */
    public static NDArray sin(Object a) {
        return call(Ufunc.SIN, null, a);
    }

    /** numpy.sin into out. */
    public static NDArray sin(Object a, NDArray out) {
        return call(Ufunc.SIN, out, a);
    }

    /** numpy.cos. */
    public static NDArray cos(Object a) {
        return call(Ufunc.COS, null, a);
    }

    /** numpy.cos into out. */
    public static NDArray cos(Object a, NDArray out) {
        return call(Ufunc.COS, out, a);
    }

    /** numpy.tan. */
    public static NDArray tan(Object a) {
        return call(Ufunc.TAN, null, a);
    }

    /** numpy.tan into out. */
    public static NDArray tan(Object a, NDArray out) {
        return call(Ufunc.TAN, out, a);
    }

    /** numpy.arcsin. */
    public static NDArray arcsin(Object a) {
        return call(Ufunc.ARCSIN, null, a);
    }

    /** numpy.arcsin into out. */
    public static NDArray arcsin(Object a, NDArray out) {
        return call(Ufunc.ARCSIN, out, a);
    }

    /** numpy.arccos. */
    public static NDArray arccos(Object a) {
        return call(Ufunc.ARCCOS, null, a);
    }

    /** numpy.arccos into out. */
    public static NDArray arccos(Object a, NDArray out) {
        return call(Ufunc.ARCCOS, out, a);
    }

    /** numpy.arctan. */
    public static NDArray arctan(Object a) {
        return call(Ufunc.ARCTAN, null, a);
    }

    /** numpy.arctan into out. */
    public static NDArray arctan(Object a, NDArray out) {
        return call(Ufunc.ARCTAN, out, a);
    }

    /** numpy.sinh. */
    public static NDArray sinh(Object a) {
        return call(Ufunc.SINH, null, a);
    }

    /** numpy.sinh into out. */
    public static NDArray sinh(Object a, NDArray out) {
        return call(Ufunc.SINH, out, a);
    }

    /** numpy.cosh. */
    public static NDArray cosh(Object a) {
        return call(Ufunc.COSH, null, a);
    }

    /** numpy.cosh into out. */
    public static NDArray cosh(Object a, NDArray out) {
        return call(Ufunc.COSH, out, a);
    }

    /** numpy.tanh. */
    public static NDArray tanh(Object a) {
        return call(Ufunc.TANH, null, a);
    }

    /** numpy.tanh into out. */
    public static NDArray tanh(Object a, NDArray out) {
        return call(Ufunc.TANH, out, a);
    }

    /** numpy.arcsinh. */
    public static NDArray arcsinh(Object a) {
        return call(Ufunc.ARCSINH, null, a);
    }

    /** numpy.arcsinh into out. */
    public static NDArray arcsinh(Object a, NDArray out) {
        return call(Ufunc.ARCSINH, out, a);
    }

    /** numpy.arccosh. */
    public static NDArray arccosh(Object a) {
        return call(Ufunc.ARCCOSH, null, a);
    }

    /** numpy.arccosh into out. */
    public static NDArray arccosh(Object a, NDArray out) {
        return call(Ufunc.ARCCOSH, out, a);
    }

    /** numpy.arctanh. */
    public static NDArray arctanh(Object a) {
        return call(Ufunc.ARCTANH, null, a);
    }

    /** numpy.arctanh into out. */
    public static NDArray arctanh(Object a, NDArray out) {
        return call(Ufunc.ARCTANH, out, a);
    }

    /** numpy.exp2. */
    public static NDArray exp2(Object a) {
        return call(Ufunc.EXP2, null, a);
    }

    /** numpy.exp2 into out. */
    public static NDArray exp2(Object a, NDArray out) {
        return call(Ufunc.EXP2, out, a);
    }

    /** numpy.deg2rad. */
    public static NDArray deg2rad(Object a) {
        return call(Ufunc.DEG2RAD, null, a);
    }

    /** numpy.deg2rad into out. */
    public static NDArray deg2rad(Object a, NDArray out) {
        return call(Ufunc.DEG2RAD, out, a);
    }

    /** numpy.rad2deg. */
    public static NDArray rad2deg(Object a) {
        return call(Ufunc.RAD2DEG, null, a);
    }

    /** numpy.rad2deg into out. */
    public static NDArray rad2deg(Object a, NDArray out) {
        return call(Ufunc.RAD2DEG, out, a);
    }

    /** numpy.signbit. */
    public static NDArray signbit(Object a) {
        return call(Ufunc.SIGNBIT, null, a);
    }

    /** numpy.signbit into out. */
    public static NDArray signbit(Object a, NDArray out) {
        return call(Ufunc.SIGNBIT, out, a);
    }

    /** numpy.positive. */
    public static NDArray positive(Object a) {
        return call(Ufunc.POSITIVE, null, a);
    }

    /** numpy.positive into out. */
    public static NDArray positive(Object a, NDArray out) {
        return call(Ufunc.POSITIVE, out, a);
    }

    /** numpy.floor. */
    public static NDArray floor(Object a) {
        return call(Ufunc.FLOOR, null, a);
    }

    /** numpy.floor into out. */
    public static NDArray floor(Object a, NDArray out) {
        return call(Ufunc.FLOOR, out, a);
    }

    /** numpy.ceil. */
    public static NDArray ceil(Object a) {
        return call(Ufunc.CEIL, null, a);
    }

    /** numpy.ceil into out. */
    public static NDArray ceil(Object a, NDArray out) {
        return call(Ufunc.CEIL, out, a);
    }

    /** numpy.rint. */
    public static NDArray rint(Object a) {
        return call(Ufunc.RINT, null, a);
    }

    /** numpy.rint into out. */
    public static NDArray rint(Object a, NDArray out) {
        return call(Ufunc.RINT, out, a);
    }

    /** numpy.trunc. */
    public static NDArray trunc(Object a) {
        return call(Ufunc.TRUNC, null, a);
    }

    /** numpy.trunc into out. */
    public static NDArray trunc(Object a, NDArray out) {
        return call(Ufunc.TRUNC, out, a);
    }

    /** numpy.logical_not. */
    public static NDArray logicalNot(Object a) {
        return call(Ufunc.LOGICAL_NOT, null, a);
    }

    /** numpy.logical_not into out. */
    public static NDArray logicalNot(Object a, NDArray out) {
        return call(Ufunc.LOGICAL_NOT, out, a);
    }

    /** numpy.invert. */
    public static NDArray bitwiseNot(Object a) {
        return call(Ufunc.INVERT, null, a);
    }

    /** numpy.invert into out. */
    public static NDArray bitwiseNot(Object a, NDArray out) {
        return call(Ufunc.INVERT, out, a);
    }

    /** numpy.isnan. */
    public static NDArray isnan(Object a) {
        return call(Ufunc.ISNAN, null, a);
    }

    /** numpy.isnan into out. */
    public static NDArray isnan(Object a, NDArray out) {
        return call(Ufunc.ISNAN, out, a);
    }

    /** numpy.isinf. */
    public static NDArray isinf(Object a) {
        return call(Ufunc.ISINF, null, a);
    }

    /** numpy.isinf into out. */
    public static NDArray isinf(Object a, NDArray out) {
        return call(Ufunc.ISINF, out, a);
    }

    /** numpy.isfinite. */
    public static NDArray isfinite(Object a) {
        return call(Ufunc.ISFINITE, null, a);
    }

    /** numpy.isfinite into out. */
    public static NDArray isfinite(Object a, NDArray out) {
        return call(Ufunc.ISFINITE, out, a);
    }

    /** numpy.real: of an NDArray, the view {@code a.real()} (writes go through); of a number, its real part. */
    public static NDArray real(Object a) {
        return a instanceof NDArray x ? x.real() : call(Ufunc.REAL, null, a);
    }

    /** numpy.real into out. */
    public static NDArray real(Object a, NDArray out) {
        return call(Ufunc.REAL, out, a);
    }

    /** numpy.imag: of a complex NDArray, the view {@code a.imag()} (writes go through). */
    public static NDArray imag(Object a) {
        return a instanceof NDArray x ? x.imag() : call(Ufunc.IMAG, null, a);
    }

    /** numpy.imag into out. */
    public static NDArray imag(Object a, NDArray out) {
        return call(Ufunc.IMAG, out, a);
    }

    /** numpy.conjugate. */
    public static NDArray conj(Object a) {
        return call(Ufunc.CONJUGATE, null, a);
    }

    /** numpy.conjugate into out. */
    public static NDArray conj(Object a, NDArray out) {
        return call(Ufunc.CONJUGATE, out, a);
    }
}
