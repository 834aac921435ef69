/** ElementwiseKernel and the NumPy ufunc library, served to NDArray and Nd through ndarray's UfuncRunner contract. */
module org.ndgpu.elementwise {
    requires transitive org.ndgpu.ndarray;

    exports org.ndgpu.elementwise;

    provides org.ndgpu.spi.UfuncRunner with
            org.ndgpu.elementwise.UfuncLibrary;
}
