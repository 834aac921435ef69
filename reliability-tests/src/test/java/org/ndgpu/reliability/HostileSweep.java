package org.ndgpu.reliability;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.ndgpu.Nd;
import org.ndgpu.config.Config;
import org.ndgpu.device.Device;
import org.ndgpu.device.Devices;
import org.ndgpu.device.Event;
import org.ndgpu.device.MemoryPool;
import org.ndgpu.device.Stream;
import org.ndgpu.elementwise.ElementwiseKernel;
import org.ndgpu.fuse.Fuse;
import org.ndgpu.fuse.Fused;
import org.ndgpu.linalg.Linalg;
import org.ndgpu.ndarray.Casting;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Divmod;
import org.ndgpu.ndarray.Eig;
import org.ndgpu.ndarray.Eigh;
import org.ndgpu.ndarray.Frexp;
import org.ndgpu.ndarray.HostArray;
import org.ndgpu.ndarray.Lstsq;
import org.ndgpu.ndarray.Modf;
import org.ndgpu.ndarray.NDArray;
import org.ndgpu.ndarray.Order;
import org.ndgpu.ndarray.Qr;
import org.ndgpu.ndarray.Slogdet;
import org.ndgpu.ndarray.Svd;
import org.ndgpu.random.Random;
import org.ndgpu.raw.JavaKernel;
import org.ndgpu.raw.KernelSignature;
import org.ndgpu.raw.NdRange;
import org.ndgpu.raw.RawKernel;
import org.ndgpu.raw.RawModule;
import org.ndgpu.raw.Vectorize;
import org.ndgpu.reduction.ReductionKernel;
import org.ndgpu.routines.Histogram;
import org.ndgpu.routines.Histogram2d;

/**
 * The reflection-driven part of the hostile suite: every public method and constructor of the
 * user-facing classes is called with ordinary arguments except one, which gets a hostile value
 * for its type (null, negative, zero, huge, NaN and infinities, closed arrays, closed streams and
 * events, 0-d, empty, bool, complex, uint64 and read-only arrays, an array of another device, wrong dtypes,
 * malformed strings, closed or read-only memory segments). Instance methods of NDArray are also
 * called on a closed receiver. The rule ({@link Hostile#judgeSweep}): the call returns, or throws
 * an NdException, or a NullPointerException naming its parameter; and the JVM lives (the parent
 * runs every case in a child JVM and checks a canary array after each).
 *
 * <p>Three modes: one hostile argument at a time ({@link #cases()}, "sweep ..."); pairs of hostile
 * arguments, a fixed sample of value pairs for each two positions of a method ({@link #pairs()},
 * "pair ..."); and bad values in ndgpu's settings ({@link #settings()}, "sweep config ..." and
 * "pair config ..."). The targets are every public class of the exported packages, less those
 * {@link #EXCLUDED} names with a reason ({@link HostileSweepCoverageTest} keeps the two lists whole).
 *
 * <p>The case list is deterministic (methods sorted by signature, pairs drawn with a fixed seed),
 * so a case is named by its index and its text, and a crash can be reproduced with {@link HostileChild}.
 */
final class HostileSweep {
    private HostileSweep() {}

    /** A value for one parameter: its description and a supplier that makes it fresh for each case. */
    private record Value(String what, Supplier<Object> make) {}

    /** A class whose public surface is swept, with a way to make a fresh receiver for its instance methods. */
    record Target(Class<?> type, Supplier<Object> receiver) {}

    private static final Path SCRATCH = scratch();

    private static Path scratch() {
        try {
            Path d = Files.createTempDirectory("ndgpu-hostile");
            Files.write(
                    d.resolve("garbage.npy"),
                    new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) 0xff, (byte) 0xff, '{'});
            Files.write(
                    d.resolve("garbage.npz"),
                    "PK\u0003\u0004 this is not a zip".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            // np.savez(f, a=plain, r=records): a plain member beside a structured one, for the .npz readers
            try (var z = new java.util.zip.ZipOutputStream(Files.newOutputStream(d.resolve("mixed.npz")))) {
                z.putNextEntry(new java.util.zip.ZipEntry("a.npy"));
                z.write(BadInputCases.npy("<f4", "(2,)", 8));
                z.putNextEntry(new java.util.zip.ZipEntry("r.npy"));
                z.write(BadInputCases.npyRaw("{'descr': [('x', '<f4')], 'fortran_order': False, 'shape': (2,), }", 8));
                z.closeEntry();
            }
            d.toFile().deleteOnExit();
            return d;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static NDArray f32() {
        return Nd.arange(0.0, 12.0, 1.0).astype(DType.FLOAT32).reshape(3, 4);
    }

    private static org.ndgpu.structured.StructuredDType recordType() {
        return org.ndgpu.structured.StructuredDType.aligned(
                org.ndgpu.structured.Field.of("x", DType.FLOAT32), org.ndgpu.structured.Field.of("p", DType.INT64, 2));
    }

    private static org.ndgpu.structured.StructuredArray structured() {
        return org.ndgpu.structured.StructuredArray.zeros(recordType(), 3);
    }

    private static org.ndgpu.sparse.CsrMatrix csr() {
        return Nd.sparse().csrMatrix(f32());
    }

    private static String kernelSource() {
        boolean cuda = Device.current().backendName().equals("cuda");
        return cuda
                ? "extern \"C\" __global__ void k(float* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] += 1; }"
                : "__kernel void k(__global float* x, int n) { int i = get_global_id(0); if (i < n) x[i] += 1; }";
    }

    static List<Target> targets() {
        return List.of(
                new Target(Nd.class, null),
                new Target(NDArray.class, HostileSweep::f32),
                new Target(Device.class, Device::current),
                new Target(Device.Key.class, null),
                new Target(Devices.class, null),
                new Target(Stream.class, Stream::create),
                new Target(Event.class, Event::record),
                new Target(org.ndgpu.device.Graph.class, () -> Nd.capture(() -> {})),
                new Target(org.ndgpu.device.CaptureOptions.class, org.ndgpu.device.CaptureOptions::defaults),
                new Target(org.ndgpu.ndimage.Ndimage.class, org.ndgpu.ndimage.Ndimage::get),
                new Target(org.ndgpu.ndimage.Mode.class, null),
                new Target(org.ndgpu.ndimage.Measurements.class, org.ndgpu.ndimage.Ndimage::get),
                new Target(org.ndgpu.ndimage.DistanceTransforms.class, org.ndgpu.ndimage.Ndimage::get),
                new Target(org.ndgpu.ndimage.Labeled.class, null),
                new Target(org.ndgpu.ndimage.Extrema.class, null),
                new Target(org.ndgpu.ndimage.DistanceTransform.class, null),
                new Target(org.ndgpu.ndimage.Interpolation.class, Nd::ndimage),
                new Target(org.ndgpu.ndimage.RankFilters.class, org.ndgpu.ndimage.Ndimage::get),
                new Target(org.ndgpu.ndimage.Morphology.class, org.ndgpu.ndimage.Ndimage::get),
                new Target(MemoryPool.class, () -> Device.current().memoryPool()),
                new Target(
                        org.ndgpu.device.PoolCounts.class,
                        () -> Device.current().memoryPool().counts()),
                new Target(org.ndgpu.device.MemoryLocation.class, () -> org.ndgpu.device.MemoryLocation.DEVICE),
                new Target(org.ndgpu.device.MemoryAdvice.class, () -> org.ndgpu.device.MemoryAdvice.SET_READ_MOSTLY),
                // DEVICE: a use() the sweep leaves open changes nothing, as device memory is the default
                new Target(org.ndgpu.device.MemoryKind.class, () -> org.ndgpu.device.MemoryKind.DEVICE),
                // an open scope of the sweep's thread: the arrays of the cases after it join it until it closes
                new Target(org.ndgpu.ndarray.Scope.class, () -> org.ndgpu.ndarray.Scope.open("sweep")),
                new Target(
                        ElementwiseKernel.class,
                        () -> new ElementwiseKernel("float32 x", "float32 z", "z = x + 1", "sweep_inc")),
                new Target(ElementwiseKernel.Options.class, null),
                new Target(
                        ReductionKernel.class,
                        () -> new ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "sweep_sum")),
                new Target(RawKernel.class, () -> new RawKernel(kernelSource(), "k")),
                new Target(RawKernel.SharedMemory.class, null),
                new Target(RawModule.class, () -> new RawModule(kernelSource())),
                new Target(JavaKernel.class, SweepKernel::new),
                new Target(Vectorize.class, () -> Vectorize.of(new SweepUfunc())),
                new Target(NdRange.class, () -> NdRange.of(4)),
                new Target(KernelSignature.class, null),
                new Target(KernelSignature.Param.class, null),
                new Target(Fuse.class, null),
                new Target(Fuse.Tuple.class, () -> Fuse.Tuple.of(f32(), f32())),
                new Target(Fused.class, () -> Fuse.of((Fuse.Fn2<NDArray>) (p, q) -> p.add(q))),
                new Target(Linalg.class, Nd::linalg),
                new Target(Svd.class, null),
                new Target(Qr.class, null),
                new Target(Eigh.class, null),
                new Target(Eig.class, null),
                new Target(Slogdet.class, null),
                new Target(org.ndgpu.linalg.LuFactor.class, null),
                new Target(org.ndgpu.linalg.GemmTiming.class, null),
                new Target(Lstsq.class, null),
                new Target(Random.class, Nd::random),
                new Target(org.ndgpu.fft.Fft.class, Nd::fft),
                new Target(org.ndgpu.sparse.Sparse.class, Nd::sparse),
                new Target(org.ndgpu.special.Special.class, Nd::special),
                new Target(org.ndgpu.signal.Signal.class, Nd::signal),
                new Target(org.ndgpu.signal.ConvMode.class, null),
                new Target(org.ndgpu.signal.ConvMethod.class, null),
                new Target(org.ndgpu.signal.Boundary.class, null),
                new Target(org.ndgpu.signal.Spectrum.class, null),
                new Target(org.ndgpu.signal.SpectralAnalysis.class, Nd::signal),
                new Target(org.ndgpu.signal.Filtering.class, Nd::signal),
                new Target(org.ndgpu.signal.FilterResult.class, null),
                new Target(org.ndgpu.signal.Coefficients.class, null),
                new Target(org.ndgpu.signal.FrequencyResponse.class, null),
                new Target(org.ndgpu.signal.Peaks.class, null),
                new Target(org.ndgpu.signal.ShortTimeAnalysis.class, Nd::signal),
                new Target(org.ndgpu.signal.Multirate.class, Nd::signal),
                new Target(org.ndgpu.signal.Stft.class, null),
                new Target(org.ndgpu.signal.TimeSignal.class, null),
                new Target(org.ndgpu.elementwise.SpecialFunctions.class, null),
                new Target(org.ndgpu.sparse.SparseMatrix.class, HostileSweep::csr),
                new Target(org.ndgpu.sparse.CompressedMatrix.class, HostileSweep::csr),
                new Target(org.ndgpu.sparse.CsrMatrix.class, HostileSweep::csr),
                new Target(org.ndgpu.sparse.CscMatrix.class, () -> csr().T()),
                new Target(
                        org.ndgpu.sparse.CooMatrix.class,
                        () -> Nd.sparse()
                                .cooMatrix(
                                        Nd.array(new float[] {1, 2, 3}, DType.FLOAT32, 3),
                                        Nd.array(new int[] {0, 2, 2}, DType.INT32, 3),
                                        Nd.array(new int[] {1, 3, 3}, DType.INT32, 3),
                                        new long[] {3, 4})),
                new Target(org.ndgpu.sparse.SparseFormat.class, null),
                new Target(org.ndgpu.display.Html.class, null),
                new Target(org.ndgpu.sparse.linalg.SparseLinalg.class, org.ndgpu.sparse.linalg.SparseLinalg::instance),
                new Target(
                        org.ndgpu.sparse.linalg.LinearOperator.class,
                        () -> org.ndgpu.sparse.linalg.LinearOperator.aslinearoperator(csr())),
                new Target(org.ndgpu.sparse.linalg.SolveOptions.class, org.ndgpu.sparse.linalg.SolveOptions::defaults),
                new Target(org.ndgpu.sparse.linalg.SolveResult.class, null),
                new Target(org.ndgpu.sparse.linalg.EigshResult.class, null),
                new Target(org.ndgpu.sparse.linalg.SvdsResult.class, null),
                new Target(org.ndgpu.nccl.Nccl.class, null),
                new Target(org.ndgpu.nccl.NcclUniqueId.class, () -> org.ndgpu.nccl.NcclUniqueId.of(new byte[128])),
                // a group of one rank: every collective completes at once, none waits for a peer
                new Target(
                        org.ndgpu.nccl.Collective.class,
                        () -> org.ndgpu.nccl.Collective.threads(
                                        List.of(Device.current()), java.time.Duration.ofSeconds(5))
                                .getFirst()),
                new Target(
                        org.ndgpu.nccl.HostExchange.class,
                        () -> org.ndgpu.nccl.HostExchange.threads(1, java.time.Duration.ofSeconds(5))),
                new Target(org.ndgpu.nccl.ReduceOp.class, null),
                new Target(Config.class, null),
                new Target(Config.Setting.class, () -> Config.DEVICE),
                new Target(Config.LogLevel.class, null),
                new Target(org.ndgpu.config.LibraryPaths.class, null),
                new Target(org.ndgpu.config.GemmTuningSettings.class, null),
                new Target(org.ndgpu.io.Npy.class, null),
                new Target(org.ndgpu.io.Npz.class, null),
                new Target(org.ndgpu.io.StructuredNpy.class, null),
                new Target(org.ndgpu.io.StructuredNpz.class, null),
                new Target(org.ndgpu.structured.StructuredArray.class, HostileSweep::structured),
                new Target(org.ndgpu.structured.StructuredDType.class, HostileSweep::recordType),
                new Target(
                        org.ndgpu.structured.Field.class, () -> org.ndgpu.structured.Field.of("x", DType.FLOAT32, 2)),
                new Target(org.ndgpu.io.TextFormat.class, org.ndgpu.io.TextFormat::defaults),
                new Target(org.ndgpu.routines.IInfo.class, () -> org.ndgpu.routines.IInfo.of(DType.INT32)),
                new Target(org.ndgpu.routines.FInfo.class, () -> org.ndgpu.routines.FInfo.of(DType.FLOAT32)),
                new Target(org.ndgpu.routines.BusdayCalendar.class, () -> Nd.busdaycalendar("1111100", null)),
                new Target(org.ndgpu.routines.BusdayRoll.class, () -> org.ndgpu.routines.BusdayRoll.FOLLOWING),
                new Target(org.ndgpu.config.PrintOptions.class, org.ndgpu.config.PrintOptions::defaults),
                new Target(org.ndgpu.config.PrintOptions.Scope.class, null),
                new Target(
                        org.ndgpu.elementwise.UfuncMethods.class,
                        () -> org.ndgpu.elementwise.UfuncMethods.of(org.ndgpu.ndarray.Ufunc.SUBTRACT)),
                new Target(org.ndgpu.ndarray.Ufunc.class, () -> org.ndgpu.ndarray.Ufunc.ADD),
                new Target(HostArray.class, HostileSweep::hostArray),
                new Target(DType.class, () -> DType.FLOAT32),
                new Target(Casting.class, () -> Casting.SAME_KIND),
                new Target(org.ndgpu.routines.DateTimes.class, null),
                new Target(org.ndgpu.ndarray.DateUnit.class, () -> org.ndgpu.ndarray.DateUnit.s),
                new Target(Order.class, () -> Order.C),
                new Target(Histogram.class, null),
                new Target(Histogram2d.class, null),
                new Target(org.ndgpu.routines.HistogramDd.class, null),
                new Target(org.ndgpu.routines.UniqueAll.class, null),
                new Target(org.ndgpu.routines.UniqueCounts.class, null),
                new Target(org.ndgpu.routines.UniqueInverse.class, null),
                new Target(org.ndgpu.elementwise.WhereReductions.class, null),
                new Target(Divmod.class, null),
                new Target(Frexp.class, null),
                new Target(Modf.class, null),
                new Target(
                        org.ndgpu.backend.Dialect.class,
                        () -> Device.current().backend().dialect()),
                new Target(
                        org.ndgpu.backend.DeviceFacts.class,
                        () -> Device.current().facts()),
                new Target(JavaKernel.Mode.class, null));
    }

    /**
     * Public classes of the exported packages that the sweep leaves out, each with the reason. The
     * coverage test ({@link HostileSweepCoverageTest}) fails on a public class that is in neither
     * list, so a new class is swept or excluded on purpose.
     */
    static final Map<String, String> EXCLUDED = excluded();

    private static Map<String, String> excluded() {
        Map<String, String> m = new java.util.TreeMap<>();
        String helper =
                "a helper shared by ndgpu's modules (public because a module cannot export a package to only some "
                        + "classes), called with checked arguments by the API that is swept; not in the public API of docs/DESIGN.md";
        for (String c : List.of(
                "org.ndgpu.ndarray.Copies",
                "org.ndgpu.ndarray.Creation",
                "org.ndgpu.ndarray.HostData",
                "org.ndgpu.ndarray.Operands",
                "org.ndgpu.ndarray.Ranges",
                "org.ndgpu.ndarray.Scalars",
                "org.ndgpu.ndarray.Shapes",
                "org.ndgpu.ndarray.Transfers",
                "org.ndgpu.ndarray.IndexExpr",
                "org.ndgpu.ndarray.IndexExpr$Int",
                "org.ndgpu.ndarray.IndexExpr$Slice",
                "org.ndgpu.ndarray.IndexExpr$NewAxis",
                "org.ndgpu.ndarray.IndexExpr$Ellipsis",
                "org.ndgpu.ndarray.IndexExpr$Ints",
                "org.ndgpu.ndarray.IndexExpr$Bools",
                "org.ndgpu.ndarray.IndexExpr$Array",
                "org.ndgpu.ndarray.IndexExpr$View",
                "org.ndgpu.ndarray.IndexExpr$Item",
                "org.ndgpu.ndarray.UniversalFunctions",
                "org.ndgpu.ndarray.Views",
                "org.ndgpu.elementwise.KernelParams",
                "org.ndgpu.elementwise.KernelParams$Binding",
                "org.ndgpu.elementwise.KernelParams$Param",
                "org.ndgpu.elementwise.UfuncInlining",
                "org.ndgpu.elementwise.UfuncLibrary",
                "org.ndgpu.routines.RoutineLibrary",
                "org.ndgpu.elementwise.CoreKernelLibrary",
                "org.ndgpu.elementwise.UfuncLoops",
                "org.ndgpu.elementwise.UfuncLoops$Loop",
                "org.ndgpu.elementwise.UfuncLoops$ClipBounds",
                "org.ndgpu.reduction.ReductionInlining",
                "org.ndgpu.reduction.DeviceReductions",
                "org.ndgpu.reduction.Norms",
                "org.ndgpu.reduction.ReductionLoop",
                "org.ndgpu.reduction.ReductionSpec",
                "org.ndgpu.raw.JavaKernelSource",
                "org.ndgpu.device.ProgramCache",
                "org.ndgpu.device.MemoryPool$Block",
                "org.ndgpu.device.Capture",
                "org.ndgpu.device.GraphInputs",
                "org.ndgpu.device.GraphInputs$StandIns",
                "org.ndgpu.device.GraphCapture",
                "org.ndgpu.device.GraphCapture$Binder",
                "org.ndgpu.ndarray.Captures",
                "org.ndgpu.fuse.CaptureFusion",
                "org.ndgpu.backend.CopyTasks",
                "org.ndgpu.backend.CopyTasks$LazyPool",
                "org.ndgpu.backend.HostMemory",
                "org.ndgpu.backend.SignalGuard",
                "org.ndgpu.ndarray.Sizes")) {
            m.put(c, helper);
        }
        String raw =
                "takes raw device pointers or buffers by design (as cupy's UnownedMemory): a wrong pointer is the caller's, "
                        + "as with Nd.fromDevicePointer";
        m.put("org.ndgpu.device.Allocation", raw);
        String spi =
                "the backend contract, implemented by a backend and called by the core (Device.backend() hands it out for "
                        + "facts and dialect); its calls take buffers and pointers that only the core makes";
        for (String c : List.of(
                "Backend",
                "Backend$LocalMemory",
                "BackendBuffer",
                "BackendEvent",
                "BackendGraph",
                "BackendKernel",
                "BackendProgram",
                "BackendProvider",
                "BackendProvider$Discovery",
                "BackendStream",
                "BufferMoves",
                "KernelArguments",
                "KernelArguments$Kind",
                "ManagedMemory")) {
            m.put("org.ndgpu.backend." + c, spi);
        }
        m.put(
                "org.ndgpu.backend.NativeLibrary",
                "loads native libraries by file name for the backends: loading a library runs its "
                        + "code, which no argument check can make safe");
        m.put(
                "org.ndgpu.nccl.NcclCommunicator",
                "made only by Nccl.init/initAll, which need NCCL and two GPUs; swept on the GPU host "
                        + "by NcclTest, here only Nccl's refusals are swept");
        m.put(
                "org.ndgpu.nccl.NcclCheck",
                "a ServiceLoader provider (OptionalLibrary) that Device.problems() calls with the device list; "
                        + "public only because ServiceLoader needs it");
        m.put("org.ndgpu.device.Device$Scope", "made only by Device.use(); its one method is close()");
        m.put(
                "org.ndgpu.ndarray.Complex",
                "a value record (re, im): any two doubles are a complex number, NaN and inf included; of(double[])"
                        + " refuses null and a length other than 2 (ComplexScalarTest); the operations that take one are swept");
        m.put(
                "org.ndgpu.special.ExpLogAndBetaFunctions",
                "Special's superclass (sealed, no instance of its own): Special's target sweeps the methods it inherits");
        m.put(
                "org.ndgpu.special.BesselFunctions",
                "Special's superclass (sealed, no instance of its own): Special's target sweeps the methods it inherits");
        m.put(
                "org.ndgpu.backend.OptionalLibrary",
                "a ServiceLoader contract that NCCL's and cuFFT's checks implement and Device.problems() calls "
                        + "with the device list; nothing for an application to call");
        m.put(
                "org.ndgpu.device.DeviceArray",
                "the device runtime's name for NDArray (Graph.launch(bindings) takes them); its two methods are "
                        + "NDArray's, swept there");
        String fn =
                "a function the user writes (a lambda or subclass); the sweep passes one to every method that takes it";
        for (String c : List.of(
                "org.ndgpu.fuse.Fuse$Fn1",
                "org.ndgpu.fuse.Fuse$Fn2",
                "org.ndgpu.fuse.Fuse$Fn3",
                "org.ndgpu.fuse.Fuse$Fn4",
                "org.ndgpu.fuse.Fuse$Fn5",
                "org.ndgpu.fuse.Fuse$Fn6",
                "org.ndgpu.fuse.Fuse$FnN",
                "org.ndgpu.raw.JavaUfunc",
                "org.ndgpu.raw.JavaUfunc$D1",
                "org.ndgpu.raw.JavaUfunc$D2",
                "org.ndgpu.raw.JavaUfunc$D3",
                "org.ndgpu.raw.JavaUfunc$F1",
                "org.ndgpu.raw.JavaUfunc$F2",
                "org.ndgpu.raw.JavaUfunc$F3",
                "org.ndgpu.raw.JavaUfunc$I1",
                "org.ndgpu.raw.JavaUfunc$I2")) {
            m.put(c, fn);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    /** Exceptions are made by ndgpu, not called with user values: every Throwable of the API is left out by this rule. */
    static boolean excludedByRule(Class<?> c) {
        return Throwable.class.isAssignableFrom(c);
    }

    private static HostArray hostArray() {
        return HostArray.of(DType.FLOAT32, new byte[12], 3);
    }

    /** A JavaKernel for the sweep's receiver: one float array field, bound by the sweep's calls or not. */
    public static final class SweepKernel extends JavaKernel {
        public float[] x = new float[4];

        @Override
        public void run() {
            int i = getGlobalId();
            x[i] = x[i] + 1;
        }
    }

    /** A two-argument float function for Vectorize. */
    public static final class SweepUfunc extends org.ndgpu.raw.JavaUfunc.F2 {
        @Override
        public float apply(float x, float y) {
            return x + y;
        }
    }

    /** The swept members of a target: its public methods and constructors declared by ndgpu, sorted by signature. */
    private static List<Executable> members(Target t) {
        List<Executable> members = new ArrayList<>();
        for (Method m : t.type().getMethods()) {
            if (m.isBridge() || m.isSynthetic()) continue;
            // Object's, Record's, Enum's and Aparapi's methods are not ndgpu's to check
            if (!m.getDeclaringClass().getName().startsWith("org.ndgpu.")) continue;
            if (!Modifier.isStatic(m.getModifiers()) && t.receiver() == null) continue;
            if (Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != t.type()) continue;
            if (skipped(m)) continue;
            members.add(m);
        }
        for (Constructor<?> c : t.type().getConstructors()) members.add(c);
        members.sort(Comparator.comparing(HostileSweep::signature));
        return members;
    }

    /** Every case of the sweep with one hostile argument, in a fixed order. */
    static List<Hostile> cases() {
        List<Hostile> out = new ArrayList<>();
        for (Target t : targets()) {
            for (Executable e : members(t)) {
                Parameter[] ps = e.getParameters();
                for (int i = 0; i < ps.length; i++) {
                    for (Value v : hostile(ps[i].getType(), ps[i].getParameterizedType(), matrices(t, e))) {
                        out.add(call(t, e, new int[] {i}, new Value[] {v}, false));
                    }
                }
                if (t.type() == NDArray.class && e instanceof Method m && !Modifier.isStatic(m.getModifiers())) {
                    out.add(call(t, e, new int[0], new Value[0], true));
                    // a method without parameters has no pairs, so its receiver is hostile here (toDlpack of a
                    // read-only view)
                    if (ps.length == 0) {
                        for (Value v : nonNull(arrays(false))) {
                            if (!v.what().equals("a closed array"))
                                out.add(call(t, e, new int[] {RECEIVER}, new Value[] {v}, false));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Value pairs sampled for each pair of parameter positions; -Dndgpu.hostile.pairs=K changes it (0: no pairs). */
    static final int PAIRS_PER_POSITIONS = Integer.getInteger("ndgpu.hostile.pairs", 2);

    /** The sample's seed: the same cases on every machine and every run. */
    private static final long PAIR_SEED = 20261127L;

    /** The receiver of an NDArray method, as a position of its own in the pairwise mode. */
    static final int RECEIVER = -2;

    /**
     * The pairwise mode: every method and constructor with two or more positions that take hostile
     * values (an NDArray method's receiver counts as one) gets, for each pair of positions,
     * {@link #PAIRS_PER_POSITIONS} pairs of hostile values drawn without repetition from the cross
     * product of the two positions' values, by a generator seeded from the signature and the two
     * positions: a fixed subset, so a case keeps its index and text from run to run. Null is left
     * out of pairs (a null is refused before any other argument is looked at, which the
     * one-at-a-time sweep shows already).
     */
    static List<Hostile> pairs() {
        List<Hostile> out = new ArrayList<>();
        if (PAIRS_PER_POSITIONS <= 0) return out;
        for (Target t : targets()) {
            for (Executable e : members(t)) {
                Parameter[] ps = e.getParameters();
                List<Integer> positions = new ArrayList<>();
                List<List<Value>> values = new ArrayList<>();
                if (t.type() == NDArray.class && e instanceof Method m && !Modifier.isStatic(m.getModifiers())) {
                    positions.add(RECEIVER);
                    values.add(nonNull(arrays(matrices(t, e))));
                }
                for (int i = 0; i < ps.length; i++) {
                    List<Value> h = nonNull(hostile(ps[i].getType(), ps[i].getParameterizedType(), matrices(t, e)));
                    if (h.isEmpty()) continue;
                    positions.add(i);
                    values.add(h);
                }
                String sig = signature(e);
                for (int a = 0; a < positions.size(); a++) {
                    for (int b = a + 1; b < positions.size(); b++) {
                        List<Value> va = values.get(a), vb = values.get(b);
                        int n = va.size() * vb.size();
                        var rnd = new java.util.SplittableRandom(
                                PAIR_SEED ^ (sig.hashCode() * 1_000_003L + a * 131L + b));
                        java.util.Set<Integer> picked = new java.util.LinkedHashSet<>();
                        while (picked.size() < Math.min(PAIRS_PER_POSITIONS, n)) picked.add(rnd.nextInt(n));
                        for (int k : picked) {
                            out.add(call(
                                    t,
                                    e,
                                    new int[] {positions.get(a), positions.get(b)},
                                    new Value[] {va.get(k / vb.size()), vb.get(k % vb.size())},
                                    false));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Values a user may leave in a setting by mistake. */
    private static final List<String> BAD_SETTINGS =
            List.of("", "-1", "0", "nonsense", "99999999999999999999", "1e400", "0.5", "NaN", "\u00e9", "4g4");

    /**
     * The settings (Config): each setting of {@link Config#settings()} holds a bad value while every
     * public reader of Config is called and a small reduction and copy run on the device; the rule is
     * the sweep's. Pairs: for each two settings, one pair of bad values drawn as in {@link #pairs()}.
     * The property is put back after each case.
     */
    static List<Hostile> settings() {
        List<Hostile> out = new ArrayList<>();
        List<Config.Setting> all = Config.settings();
        for (Config.Setting s : all) {
            for (String v : BAD_SETTINGS) out.add(setting(new Config.Setting[] {s}, new String[] {v}));
        }
        if (PAIRS_PER_POSITIONS <= 0) return out;
        for (int a = 0; a < all.size(); a++) {
            for (int b = a + 1; b < all.size(); b++) {
                var rnd = new java.util.SplittableRandom(PAIR_SEED ^ (a * 131L + b));
                out.add(setting(new Config.Setting[] {all.get(a), all.get(b)}, new String[] {
                    BAD_SETTINGS.get(rnd.nextInt(BAD_SETTINGS.size())),
                    BAD_SETTINGS.get(rnd.nextInt(BAD_SETTINGS.size()))
                }));
            }
        }
        return out;
    }

    private static Hostile setting(Config.Setting[] settings, String[] values) {
        StringBuilder name = new StringBuilder(settings.length > 1 ? "pair config " : "sweep config ");
        for (int k = 0; k < settings.length; k++) {
            name.append(k == 0 ? "" : ", ")
                    .append(settings[k].property())
                    .append(" = \"")
                    .append(values[k])
                    .append('"');
        }
        return new Hostile(name.toString(), () -> {
            String[] before = new String[settings.length];
            for (int k = 0; k < settings.length; k++) {
                before[k] = System.getProperty(settings[k].property());
                System.setProperty(settings[k].property(), values[k]);
            }
            try {
                for (Method m : Config.class.getMethods()) {
                    if (!Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() != Config.class) continue;
                    Parameter[] ps = m.getParameters();
                    Object[] args = new Object[ps.length];
                    for (int i = 0; i < ps.length; i++) args[i] = ordinary(ps[i], false);
                    if (m.getName().equals("parseBytes")) args[0] = values[0];
                    Throwable thrown = null;
                    try {
                        m.invoke(null, args);
                    } catch (InvocationTargetException ite) {
                        thrown = ite.getCause();
                    }
                    try {
                        Hostile.judgeSweep(thrown);
                    } catch (AssertionError e) {
                        throw new AssertionError("Config." + m.getName() + ": " + e.getMessage(), e.getCause());
                    }
                }
                Throwable thrown = null;
                try (NDArray x = Nd.arange(0.0, 1000.0, 1.0).reshape(10, 100);
                        NDArray s = x.sum(0);
                        NDArray c = x.T().copy()) {
                    s.toBytes();
                    c.toBytes();
                } catch (RuntimeException e) {
                    thrown = e;
                }
                Hostile.judgeSweep(thrown);
            } finally {
                for (int k = 0; k < settings.length; k++) {
                    if (before[k] == null) System.clearProperty(settings[k].property());
                    else System.setProperty(settings[k].property(), before[k]);
                }
            }
        });
    }

    private static List<Value> nonNull(List<Value> values) {
        return values.stream().filter(v -> !v.what().equals("null")).toList();
    }

    /** Methods whose ordinary behaviour is not a question of hostile values (or that end the process's device state on purpose). */
    private static boolean skipped(Method m) {
        if (JavaKernel.class.isAssignableFrom(m.getDeclaringClass())
                && m.getName().equals("execute")) {
            return true; // Aparapi's execute, refused by design whatever its arguments (JavaKernelTest)
        }
        if (m.getDeclaringClass().isEnum()
                && (m.getName().equals("valueOf") || m.getName().equals("values"))) {
            return true; // the JDK's contract: Enum.valueOf("x") throws IllegalArgumentException
        }
        if (m.getName().equals("tuneGemm")) {
            // compiles and times about 20 CLBlast kernels per dtype (minutes on PoCL): its argument
            // checks are GemmTuningTest's badRequestsNameTheOperation
            return true;
        }
        return switch (m.getName()) {
            case "close", "isClosed", "hashCode", "equals", "toString", "wait", "notify", "notifyAll", "getClass" ->
                true;
            default -> false;
        };
    }

    private static String signature(Executable e) {
        StringBuilder s = new StringBuilder(e.getDeclaringClass().getSimpleName());
        s.append(e instanceof Constructor<?> ? ".<init>" : "." + e.getName()).append('(');
        Class<?>[] types = e.getParameterTypes();
        for (int i = 0; i < types.length; i++) s.append(i == 0 ? "" : ", ").append(types[i].getSimpleName());
        return s.append(')').toString();
    }

    /**
     * One case: {@code e} called with {@code values[k]} at position {@code positions[k]} (a parameter
     * index, or {@link #RECEIVER}) and ordinary arguments elsewhere; or, with {@code closedReceiver},
     * an NDArray method called on a closed array.
     */
    private static Hostile call(Target t, Executable e, int[] positions, Value[] values, boolean closedReceiver) {
        StringBuilder name = new StringBuilder(positions.length > 1 ? "pair " : "sweep ").append(signature(e));
        if (closedReceiver) name.append(" on a closed array");
        for (int k = 0; k < positions.length; k++) {
            name.append(k == 0 ? " " : ", ")
                    .append(positions[k] == RECEIVER ? "this" : e.getParameters()[positions[k]].getName())
                    .append(" = ")
                    .append(values[k].what());
        }
        return new Hostile(name.toString(), () -> {
            Parameter[] ps = e.getParameters();
            Object[] args = new Object[ps.length];
            Throwable thrown = null;
            Object result = null;
            try {
                for (int i = 0; i < ps.length; i++) {
                    boolean varargs = e.isVarArgs() && i == ps.length - 1;
                    int k = indexOf(positions, i);
                    args[i] = k >= 0 ? values[k].make().get() : ordinary(ps[i], varargs);
                }
                if (e instanceof Constructor<?> c) {
                    result = c.newInstance(args);
                } else {
                    Method m = (Method) e;
                    Object receiver = null;
                    if (!Modifier.isStatic(m.getModifiers())) {
                        int k = indexOf(positions, RECEIVER);
                        receiver =
                                k >= 0 ? values[k].make().get() : t.receiver().get();
                        if (closedReceiver) ((NDArray) receiver).close();
                    }
                    result = m.invoke(receiver, args);
                }
            } catch (InvocationTargetException ite) {
                thrown = ite.getCause();
            } catch (RuntimeException making) {
                thrown = making; // a hostile value the API refused while it was made (toDlpack of a view)
            }
            if (thrown == null) thrown = readBack(result);
            if (closedReceiver && thrown == null && !readsNoData((Method) e)) {
                throw new AssertionError("a closed array answered " + signature(e) + " without an error");
            }
            Hostile.judgeSweep(thrown);
        });
    }

    private static int indexOf(int[] positions, int p) {
        for (int k = 0; k < positions.length; k++) if (positions[k] == p) return k;
        return -1;
    }

    /**
     * Reads every array a call returned (a copy through a kernel, then the host): a view whose
     * geometry reaches outside its memory would only fault here, not in the call that made it.
     */
    private static Throwable readBack(Object result) {
        try {
            read(result);
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }

    private static void read(Object result) {
        if (result instanceof NDArray a && !a.isClosed() && a.symbol() == null) {
            try (NDArray c = a.copy()) {
                c.toBytes();
            }
        } else if (result instanceof NDArray[] arrays) {
            for (NDArray a : arrays) read(a);
        } else if (result instanceof Collection<?> items) {
            for (Object o : items) read(o);
        }
    }

    /** Methods a closed array may still answer: its metadata, which NumPy keeps too. */
    private static boolean readsNoData(Method m) {
        return switch (m.getName()) {
            case "shape",
                    "hasShape",
                    "dtype",
                    "ndim",
                    "size",
                    "strides",
                    "nbytes",
                    "itemsize",
                    "device",
                    "isWriteable",
                    "isCContiguous",
                    "isFContiguous",
                    "offset",
                    "symbol",
                    "sharesMemory" -> true;
            default -> false;
        };
    }

    // ------------------------------------------------------------------------------ ordinary values

    private static Object ordinary(Parameter p, boolean varargs) {
        Class<?> type = p.getType();
        String n = p.getName().toLowerCase(java.util.Locale.ROOT);
        if (varargs) {
            Class<?> c = type.getComponentType();
            if (c == long.class) return n.contains("shape") ? new long[] {4, 3} : new long[] {4};
            if (c == int.class) return new int[] {0};
            if (c == String.class) return new String[0];
            if (c == NDArray.class) return new NDArray[] {f32(), f32()};
            if (c == Object.class) return new Object[] {f32()};
            if (c == double.class) return new double[] {1, 2, 3};
            return java.lang.reflect.Array.newInstance(c, 0);
        }
        if (type == NDArray.class || type == Object.class) return f32();
        if (type == long.class) return 2L;
        if (type == int.class) return 1;
        if (type == double.class) return 0.5;
        if (type == float.class) return 0.5f;
        if (type == boolean.class) return false;
        if (type == short.class) return (short) 1;
        if (type == byte.class) return (byte) 1;
        if (type == char.class) return 'a';
        if (type == long[].class) return new long[] {4, 3};
        if (type == int[].class) return new int[] {0};
        if (type == double[].class) return new double[] {1, 2, 3};
        if (type == float[].class) return new float[] {1, 2, 3};
        if (type == boolean[].class) return new boolean[] {true, false, true};
        if (type == byte[].class) return new byte[] {1, 2, 3};
        if (type == double[][].class) return new double[][] {{1, 2}, {3, 4}};
        if (type == NDArray[].class) return new NDArray[] {f32(), f32()};
        if (type == Object[].class) return new Object[] {f32()};
        if (type == String.class) return ordinaryString(n);
        if (type == DType.class) return DType.FLOAT32;
        if (type == Casting.class) return Casting.SAME_KIND;
        if (type.isEnum()) return type.getEnumConstants()[0];
        if (type == RawKernel.SharedMemory.class) return RawKernel.sharedMemory(0);
        if (type == Path.class) return SCRATCH.resolve("ordinary-" + System.nanoTime() + ".npy");
        if (type == Device.class) return Device.current();
        if (type == Stream.class) return Stream.current();
        if (type == Event.class) return Event.record();
        if (type == MemorySegment.class) return Arena.ofAuto().allocate(48);
        if (type == Map.class) return new HashMap<>(Map.of("x", element(p.getParameterizedType())));
        if (type == java.util.SequencedMap.class)
            return new java.util.LinkedHashMap<>(Map.of("x", element(p.getParameterizedType())));
        if (type == org.ndgpu.structured.StructuredDType.class) return recordType();
        if (type == org.ndgpu.structured.StructuredArray.class) return structured();
        if (type == org.ndgpu.structured.Field.class) return org.ndgpu.structured.Field.of("y", DType.INT8);
        if (type == org.ndgpu.structured.Field[].class)
            return new org.ndgpu.structured.Field[] {org.ndgpu.structured.Field.of("y", DType.INT8)};
        if (type == List.class || type == Collection.class || type == Iterable.class) {
            Object x = element(p.getParameterizedType());
            return x instanceof Device ? List.of(x) : List.of(x, element(p.getParameterizedType()));
        }
        if (type == NdRange.class) return NdRange.of(4);
        if (type == HostArray.class) return hostArray();
        if (type == org.ndgpu.raw.JavaUfunc.class) return new SweepUfunc();
        if (type == Config.Setting.class) return Config.LOG;
        if (type == org.ndgpu.routines.BusdayCalendar.class) return Nd.busdaycalendar("1111100", null);
        if (type == org.ndgpu.linalg.LuFactor.class) return new org.ndgpu.linalg.LuFactor(f32(), f32());
        if (type == org.ndgpu.nccl.NcclUniqueId.class) return org.ndgpu.nccl.NcclUniqueId.of(new byte[128]);
        if (type == org.ndgpu.nccl.HostExchange.class)
            return org.ndgpu.nccl.HostExchange.threads(1, java.time.Duration.ofSeconds(5));
        if (type == java.time.Duration.class) return java.time.Duration.ofSeconds(5);
        if (type == Device.Key.class) return new Device.Key<>("sweep");
        if (type == java.nio.ByteBuffer.class) return java.nio.ByteBuffer.allocate(12);
        if (type == java.io.InputStream.class)
            return new java.io.ByteArrayInputStream(org.ndgpu.io.Npy.toBytes(hostArray()));
        if (type == java.io.OutputStream.class) return new java.io.ByteArrayOutputStream();
        if (type.isInterface() && isFunctional(type)) return identityFunction(type);
        return null;
    }

    /** An ordinary element for a Map or List parameter, by its declared element type (the last type argument). */
    private static Object element(java.lang.reflect.Type generic) {
        Class<?> c = elementClass(generic);
        if (c == HostArray.class) return hostArray();
        if (c == Device.class) return Device.current();
        if (c == String.class) return "-DSWEEP=1";
        if (c == org.ndgpu.structured.Field.class) return org.ndgpu.structured.Field.of("y", DType.INT8);
        if (c == org.ndgpu.structured.StructuredArray.class) return structured();
        return f32();
    }

    private static Class<?> elementClass(java.lang.reflect.Type generic) {
        if (generic instanceof java.lang.reflect.ParameterizedType pt) {
            java.lang.reflect.Type[] args = pt.getActualTypeArguments();
            java.lang.reflect.Type last = args[args.length - 1];
            if (last instanceof Class<?> c) return c;
            if (last instanceof java.lang.reflect.WildcardType w && w.getUpperBounds()[0] instanceof Class<?> c)
                return c;
        }
        return Object.class;
    }

    private static String ordinaryString(String paramName) {
        if (paramName.contains("subscripts")) return "ij->ji";
        if (paramName.contains("code") || paramName.contains("source")) return kernelSource();
        if (paramName.contains("dtype") || paramName.equals("to") || paramName.contains("type")) return "float32";
        if (paramName.contains("name")) return "k";
        if (paramName.contains("order")) return "C";
        return ":";
    }

    private static boolean isFunctional(Class<?> type) {
        return Arrays.stream(type.getMethods())
                        .filter(m -> Modifier.isAbstract(m.getModifiers()))
                        .count()
                == 1;
    }

    /** A lambda for any single-method interface: returns its first argument. */
    private static Object identityFunction(Class<?> type) {
        return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, m, a) -> {
            if (m.getDeclaringClass() == Object.class) {
                return switch (m.getName()) {
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == a[0];
                    default -> "identity " + type.getSimpleName();
                };
            }
            if (a == null || a.length == 0) return null;
            return a[0] instanceof Object[] arr && arr.length > 0 ? arr[0] : a[0];
        });
    }

    // ------------------------------------------------------------------------------ hostile values

    private static Value v(String what, Supplier<Object> make) {
        return new Value(what, make);
    }

    /**
     * Methods that get the matrix values (0x0, NaN and singular matrices) besides the others: the
     * linalg namespace and Nd's products, decompositions' neighbours and fits. Elsewhere they would
     * add thousands of cases that only repeat the empty and float arrays' paths.
     */
    private static final java.util.Set<String> MATRIX_METHODS = java.util.Set.of(
            "matmul",
            "dot",
            "vdot",
            "inner",
            "outer",
            "tensordot",
            "kron",
            "einsum",
            "trace",
            "cov",
            "corrcoef",
            "polyfit",
            "polyval",
            "convolve",
            "correlate",
            "cross",
            "diagonal",
            "linalg");

    private static boolean matrices(Target t, Executable e) {
        return t.type() == Linalg.class || (e instanceof Method m && MATRIX_METHODS.contains(m.getName()));
    }

    private static List<Value> arrays(boolean matrices) {
        List<Value> a = new ArrayList<>();
        a.add(v("null", () -> null));
        a.add(v("a closed array", () -> {
            NDArray x = f32();
            x.close();
            return x;
        }));
        a.add(v("a 0-d array", () -> Nd.full(2.5, DType.FLOAT32)));
        a.add(v("an empty (0, 4) array", () -> Nd.ones(DType.FLOAT32, 0, 4)));
        a.add(v("a bool array", () -> f32().gt(4)));
        a.add(v("a complex128 array", () -> f32().astype(DType.COMPLEX128)));
        a.add(v(
                "a read-only broadcast view",
                () -> Nd.arange(0.0, 4.0, 1.0).astype(DType.FLOAT32).broadcastTo(3, 4)));
        a.add(v("a reversed strided int8 view", () -> f32().astype(DType.INT8).get("::-1, ::2")));
        a.add(v(
                "a uint64 array, half of it above 2^63",
                () -> f32().astype(DType.INT64).sub(6).astype(DType.UINT64)));
        a.add(v("a uint64 array of 2^64 - 1", () -> Nd.full(-1L, DType.INT64, 3).astype(DType.UINT64)));
        a.add(v("an int64 array of Long.MAX_VALUE", () -> Nd.full(Long.MAX_VALUE, DType.INT64, 3)));
        a.add(v(
                "a complex64 array with NaN",
                () -> Nd.array(new double[] {1, Double.NaN, 3}).astype(DType.COMPLEX64)));
        if (matrices) {
            a.add(v("a (0, 0) array", () -> Nd.zeros(DType.FLOAT64, 0, 0)));
            a.add(v("a NaN (3, 3) matrix", () -> Nd.full(Double.NaN, DType.FLOAT64, 3, 3)));
            a.add(v("a singular (3, 3) matrix", () -> Nd.ones(DType.FLOAT64, 3, 3)));
        }
        a.add(v("an array of another device", () -> {
            Device other = Device.list().stream()
                    .filter(d -> d != Device.current())
                    .findFirst()
                    .orElse(null);
            if (other == null) return f32().astype(DType.FLOAT16); // one device only: a float16 array instead
            try (var _ = other.use()) {
                return f32();
            }
        }));
        return a;
    }

    private static List<Value> hostile(Class<?> type, java.lang.reflect.Type generic, boolean matrices) {
        List<Value> h = new ArrayList<>();
        if (type == NDArray.class) return arrays(matrices);
        if (type == Object.class) {
            h.addAll(arrays(matrices));
            h.add(v("a String", () -> "not an array"));
            h.add(v("a plain Object", Object::new));
            h.add(v("NaN", () -> Double.NaN));
            h.add(v("Long.MAX_VALUE", () -> Long.MAX_VALUE));
            h.add(v("a ragged double[][]", () -> new double[][] {{1}, {1, 2}}));
            return h;
        }
        if (type == long.class) {
            for (long x : new long[] {-1, 0, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 40, (1L << 62) + 1})
                h.add(v(Long.toString(x), () -> x));
            return h;
        }
        if (type == int.class) {
            for (int x : new int[] {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 30})
                h.add(v(Integer.toString(x), () -> x));
            return h;
        }
        if (type == double.class) {
            for (double x : new double[] {
                Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1e300, 0.0, Double.MIN_VALUE
            }) {
                h.add(v(Double.toString(x), () -> x));
            }
            return h;
        }
        if (type == float.class) {
            for (float x : new float[] {Float.NaN, Float.POSITIVE_INFINITY, -3e38f})
                h.add(v(Float.toString(x), () -> x));
            return h;
        }
        if (type.isPrimitive()) return h; // boolean, char, short, byte: nothing hostile
        h.add(v("null", () -> null));
        if (type == long[].class) {
            h.add(v("{}", () -> new long[0]));
            h.add(v("{-1}", () -> new long[] {-1}));
            h.add(v("{-5, 3}", () -> new long[] {-5, 3}));
            h.add(v("{Long.MAX_VALUE, 2}", () -> new long[] {Long.MAX_VALUE, 2}));
            h.add(v("{2^40, 2^40}", () -> new long[] {1L << 40, 1L << 40}));
            h.add(v("{0}", () -> new long[] {0}));
            h.add(v("{2^62 + 1}", () -> new long[] {(1L << 62) + 1}));
            h.add(v("{0, 0}", () -> new long[] {0, 0}));
        } else if (type == int[].class) {
            h.add(v("{}", () -> new int[0]));
            h.add(v("{-1}", () -> new int[] {-1}));
            h.add(v("{Integer.MAX_VALUE}", () -> new int[] {Integer.MAX_VALUE}));
            h.add(v("{Integer.MIN_VALUE}", () -> new int[] {Integer.MIN_VALUE}));
            h.add(v("{0, 0}", () -> new int[] {0, 0}));
        } else if (type == double[].class) {
            h.add(v("{}", () -> new double[0]));
            h.add(v("{NaN}", () -> new double[] {Double.NaN}));
            h.add(v("{1}", () -> new double[] {1}));
            h.add(v("{3, 1}", () -> new double[] {3, 1}));
            h.add(v("{-inf, inf}", () -> new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY}));
        } else if (type == float[].class || type == boolean[].class || type == short[].class) {
            h.add(v("{}", () -> java.lang.reflect.Array.newInstance(type.getComponentType(), 0)));
        } else if (type == byte[].class) {
            h.add(v("{}", () -> new byte[0]));
            h.add(v("64 garbage bytes", () -> {
                byte[] b = new byte[64];
                new java.util.Random(15).nextBytes(b);
                return b;
            }));
        } else if (type == double[][].class) {
            h.add(v("a ragged double[][]", () -> new double[][] {{1}, {1, 2}}));
            h.add(v("{null}", () -> new double[][] {null}));
        } else if (type == String.class) {
            h.add(v("\"\"", () -> ""));
            h.add(v("\"nonsense[\"", () -> "nonsense["));
            h.add(v("\"::0\"", () -> "::0"));
            h.add(v("\"\\0\"", () -> "\u0000"));
            h.add(v("\"\u00e9\u00e9->\u00e9\"", () -> "\u00e9\u00e9->\u00e9"));
        } else if (type == String[].class) {
            h.add(v("{null}", () -> new String[] {null}));
            h.add(v("{\"-no-such-option\"}", () -> new String[] {"-no-such-option"}));
        } else if (type == Object[].class) {
            h.add(v("{null}", () -> new Object[] {null}));
            h.add(v("{a plain Object}", () -> new Object[] {new Object()}));
            h.add(v("{a closed array}", () -> {
                NDArray x = f32();
                x.close();
                return new Object[] {x};
            }));
            h.add(v("{a 0-d array, NaN}", () -> new Object[] {Nd.full(1.0, DType.FLOAT32), Double.NaN}));
        } else if (type == NDArray[].class) {
            h.add(v("{}", () -> new NDArray[0]));
            h.add(v("{null}", () -> new NDArray[] {null}));
            h.add(v("{a closed array}", () -> {
                NDArray x = f32();
                x.close();
                return new NDArray[] {x};
            }));
            h.add(v("{a 0-d array, a (3, 4) array}", () -> new NDArray[] {Nd.full(1.0, DType.FLOAT32), f32()}));
        } else if (type == DType.class) {
            for (DType d :
                    new DType[] {DType.BOOL, DType.COMPLEX128, DType.FLOAT16, DType.UINT8, DType.UINT32, DType.UINT64
                    }) {
                h.add(v(d.toString(), () -> d));
            }
        } else if (type == Path.class) {
            h.add(v("a folder", () -> SCRATCH));
            h.add(v("a file in a missing folder", () -> SCRATCH.resolve("no/such/folder/x.npy")));
            h.add(v("a garbage .npy", () -> SCRATCH.resolve("garbage.npy")));
            h.add(v("a garbage .npz", () -> SCRATCH.resolve("garbage.npz")));
            h.add(v("an .npz of a plain and a structured member", () -> SCRATCH.resolve("mixed.npz")));
        } else if (type == MemorySegment.class) {
            h.add(v("a closed Arena's segment", () -> {
                Arena a = Arena.ofConfined();
                MemorySegment s = a.allocate(48);
                a.close();
                return s;
            }));
            h.add(v("a read-only segment", () -> Arena.ofAuto().allocate(48).asReadOnly()));
            h.add(v("a 1-byte segment", () -> Arena.ofAuto().allocate(1)));
            h.add(v("MemorySegment.NULL", () -> MemorySegment.NULL));
            h.add(v("a DLPack export imported once already", () -> {
                MemorySegment t = f32().toDlpack();
                Nd.fromDlpack(t);
                return t;
            }));
            h.add(v(
                    "a DLPack export of a read-only broadcast view",
                    () -> Nd.arange(0.0, 4.0, 1.0).broadcastTo(3, 4).toDlpack()));
        } else if (type == org.ndgpu.structured.StructuredArray.class) {
            h.add(v("a closed StructuredArray", () -> {
                var x = structured();
                x.close();
                return x;
            }));
            h.add(v("a 0-d StructuredArray", () -> org.ndgpu.structured.StructuredArray.zeros(recordType())));
            h.add(v("an empty StructuredArray", () -> org.ndgpu.structured.StructuredArray.zeros(recordType(), 0)));
        } else if (type == org.ndgpu.structured.Field[].class) {
            h.add(v("{}", () -> new org.ndgpu.structured.Field[0]));
            h.add(v("{null}", () -> new org.ndgpu.structured.Field[] {null}));
            h.add(v("{y, y}", () -> new org.ndgpu.structured.Field[] {
                org.ndgpu.structured.Field.of("y", DType.INT8), org.ndgpu.structured.Field.of("y", DType.INT8)
            }));
        } else if (type == Map.class || type == java.util.SequencedMap.class) {
            h.add(v("{}", java.util.LinkedHashMap::new));
            h.add(v("{\"\": an element, \"a/../b\": an element}", () -> {
                var m = new java.util.LinkedHashMap<String, Object>();
                m.put("", element(generic));
                m.put("a/../b", element(generic));
                return m;
            }));
            h.add(v("{x: null}", () -> {
                var m = new java.util.LinkedHashMap<String, Object>();
                m.put("x", null);
                return m;
            }));
            h.add(v("{null: array}", () -> {
                var m = new java.util.LinkedHashMap<String, Object>();
                m.put(null, element(generic));
                return m;
            }));
        } else if (type == List.class || type == Collection.class || type == Iterable.class) {
            h.add(v("[]", List::of));
            h.add(v("[null]", () -> Arrays.asList((Object) null)));
            if (elementClass(generic) != org.ndgpu.structured.Field.class) {
                h.add(v("[a closed array]", () -> {
                    NDArray x = f32();
                    x.close();
                    return List.of(x);
                }));
            }
            if (elementClass(generic) == Device.class)
                h.add(v("[the current device twice]", () -> List.of(Device.current(), Device.current())));
        } else if (type == java.io.InputStream.class) {
            h.add(v("an empty stream", () -> new java.io.ByteArrayInputStream(new byte[0])));
            h.add(v("a stream that fails", () -> new java.io.InputStream() {
                @Override
                public int read() throws java.io.IOException {
                    throw new java.io.IOException("sweep: the stream fails");
                }

                @Override
                public int read(byte[] b, int off, int len) throws java.io.IOException {
                    return read();
                }
            }));
        } else if (type == java.io.OutputStream.class) {
            h.add(v("a stream that fails", () -> new java.io.OutputStream() {
                @Override
                public void write(int b) throws java.io.IOException {
                    throw new java.io.IOException("sweep: the stream fails");
                }
            }));
        } else if (type == java.nio.ByteBuffer.class) {
            h.add(v("an empty buffer", () -> java.nio.ByteBuffer.allocate(0)));
            h.add(v(
                    "a read-only 3-byte buffer",
                    () -> java.nio.ByteBuffer.allocate(3).asReadOnlyBuffer()));
        } else if (type == Stream.class) {
            h.add(v("a closed Stream", () -> {
                Stream s = Stream.create();
                s.close();
                return s;
            }));
        } else if (type == Event.class) {
            h.add(v("a closed Event", () -> {
                Event e = Event.record();
                e.close();
                return e;
            }));
        }
        return h;
    }
}
