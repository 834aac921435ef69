package org.ndgpu.sparse.impl;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import org.ndgpu.config.Config;
import org.ndgpu.device.Device;
import org.ndgpu.vendor.SparseProvider;
import org.ndgpu.vendor.VendorSparse;

/**
 * The sparse library a device's backend brings ({@link VendorSparse}: cuSPARSE, and cuSOLVER's
 * sparse solver, on CUDA, from backend-cuda's provider), found on a device's first use and kept
 * until {@code Device.reset()}, one per device for the whole module: the products and conversions
 * of package {@code org.ndgpu.sparse} and spsolve in {@code org.ndgpu.sparse.linalg} share it
 * (and its handles). This package is not exported.
 */
public final class SparseLibrary {
    private SparseLibrary() {}

    /** The providers, asked once: ServiceLoader runs on the first use, never per call. */
    private static final class AllProviders {
        static final List<SparseProvider> ALL =
                ServiceLoader.load(SparseProvider.class, SparseLibrary.class.getClassLoader()).stream()
                        .map(ServiceLoader.Provider::get)
                        .toList();
    }

    /** A device's library, or none, found once. */
    private static final class Found {
        private volatile Optional<VendorSparse> library;

        VendorSparse get(Device device) {
            Optional<VendorSparse> l = library;
            return (l != null ? l : find(device)).orElse(null);
        }

        private synchronized Optional<VendorSparse> find(Device device) {
            if (library == null) {
                Optional<VendorSparse> l = Optional.empty();
                for (SparseProvider p : AllProviders.ALL) {
                    if (p.supports(device)) {
                        l = Optional.of(p.create(device));
                        break;
                    }
                }
                library = l;
            }
            return library;
        }
    }

    private static final Device.Key<Found> FOUND = new Device.Key<>("vendor sparse");

    /**
     * The library that serves {@code device} now, or null: no provider supports it, the library does
     * not load, or the setting {@code ndgpu.sparse.library} is {@code own}.
     */
    public static VendorSparse of(Device device) {
        VendorSparse v = device.state(FOUND, Found::new).get(device);
        // the setting is read only where a library could serve, as ndgpu.fft.engine is: OpenCL never reads it
        return v != null && !Config.sparseOwnKernels() && v.available() ? v : null;
    }
}
