/** ElementwiseKernel and the NumPy ufunc library, served to NDArray and Nd through ndarray's Ufuncs contract. */
module org.ndgpu.elementwise {
    requires transitive org.ndgpu.ndarray;

    exports org.ndgpu.elementwise;

    provides org.ndgpu.spi.Ufuncs with org.ndgpu.elementwise.UfuncLibrary;
}
