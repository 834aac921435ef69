package org.ndgpu.fuse;

import java.util.List;
import org.ndgpu.ndarray.DType;
import org.ndgpu.ndarray.Ufunc;
import org.ndgpu.spi.Reduction;

/**
 * One value of a traced expression DAG: what a symbolic array stands for. Nodes are hash-consed by
 * the trace (the same operation on the same operands is one node), so {@code x.sub(y)} written
 * twice is computed once.
 *
 * <p>Because of that, a node is equal only to itself. The records with operands say so: a record's own
 * equals and hashCode would walk the operands, which in a DAG that reuses values (a loop of
 * {@code y = f(y, y)}) is exponential in its depth.
 */
sealed interface Node {
    /** Creation order within its trace: operands always have smaller ids. */
    int id();

    DType dtype();

    long[] shape();

    /** Array argument {@code index} of the fused call. */
    record Arg(int id, int index, DType dtype, long[] shape) implements Node {}

    /**
     * A Java number passed as argument {@code index}: a NumPy 2 weak scalar wherever it meets an
     * array (NEP 50), a 0-d array of its Java type's dtype where it stands alone.
     */
    record WeakArg(int id, int index, Object value) implements Node {
        @Override
        public DType dtype() {
            return DType.ofJavaValue(value);
        }

        @Override
        public long[] shape() {
            return new long[0];
        }
    }

    /**
     * A ufunc (or numpy.where, when {@code ufunc} is null) over operands that are Nodes or
     * {@link Weak} numbers, run in the loop {@code loopIn -> dtype} that the ufunc library resolves for them.
     */
    record Op(int id, Ufunc ufunc, List<Object> operands, List<DType> loopIn, DType dtype, long[] shape)
            implements Node {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }

        @Override
        public String toString() {
            return getClass().getSimpleName() + "#" + id;
        }
    }

    /** {@code in.astype(dtype)}. */
    record Cast(int id, Node in, DType dtype) implements Node {
        @Override
        public long[] shape() {
            return in.shape();
        }

        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }

        @Override
        public String toString() {
            return getClass().getSimpleName() + "#" + id;
        }
    }

    /** A built-in reduction of {@code in} over normalized {@code axes}; {@code shape} already has keepdims applied. */
    record Reduce(int id, Reduction op, Node in, int[] axes, boolean keepdims, DType dtype, long[] shape)
            implements Node {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }

        @Override
        public String toString() {
            return getClass().getSimpleName() + "#" + id;
        }
    }

    /** A Java number operand: a constant of the lambda ({@code arg} -1) or a number argument of the call. */
    record Weak(Object value, int arg) {}
}
