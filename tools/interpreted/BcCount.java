public final class BcCount {
    static { System.load(System.getProperty("bccount.lib")); }
    static native void start(boolean detail);
    static native long stop(String file, int per);
    static native long calls();
}
