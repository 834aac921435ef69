// Issue 44 as a user types it in JShell (after ndgpu.jsh): the 20-op step on 4096 float32, its
// temporaries dropped, closed by hand, or in a scope; 24,000 steps in windows of 2,000, each
// window's us per step and the pool's most bytes in use (checked after every step).
//   jshell -R<flags> --class-path CP examples/src/main/jshell/ndgpu.jsh .gpu/temporaries.jsh
var pool = Device.current().memoryPool();
var x = Nd.random().random(4096).astype(DType.FLOAT32);
var o = Nd.zeros(DType.FLOAT32, 4096);
void dropped() { var t = x; for (int i = 0; i < 10; i++) t = t.mul(0.5f).add(0.25f); Nd.copyto(o, t); }
void closed() {
    var t = x;
    for (int i = 0; i < 10; i++) { var m = t.mul(0.5f); if (t != x) t.close(); t = m.add(0.25f); m.close(); }
    Nd.copyto(o, t); t.close();
}
void scoped() { try (var s = Nd.scope()) { dropped(); } }
void run(String name, Runnable step) {
    for (int i = 0; i < 200; i++) step.run();
    Device.current().synchronize();
    long most = 0; double[] w = new double[Integer.getInteger("windows", 12)];
    for (int k = 0; k < w.length; k++) {
        long t0 = System.nanoTime();
        for (int i = 0; i < 2000; i++) { step.run(); most = Math.max(most, pool.usedBytes()); }
        Device.current().synchronize();
        w[k] = (System.nanoTime() - t0) / 2000e3;
    }
    double mean = java.util.Arrays.stream(w).average().getAsDouble();
    System.out.printf("jshell %-8s window mean %.2f us/step (windows %s), in use at most %.1f MiB%n", name, mean,
            java.util.Arrays.toString(java.util.Arrays.stream(w).map(v -> Math.round(v * 10) / 10.0).toArray()), most / 1048576.0);
}
for (int r = 0; r < Integer.getInteger("rounds", 2); r++) { run("closed", () -> closed()); run("dropped", () -> dropped()); run("scope", () -> scoped()); }
/exit
