package org.ndgpu.spark;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.BarrierTaskContext;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import org.apache.spark.util.TaskInterruptListener;
import org.ndgpu.backend.Dialect;
import org.ndgpu.device.Device;
import org.ndgpu.nccl.Collective;
import org.ndgpu.nccl.Nccl;
import org.ndgpu.nccl.NcclUniqueId;
import scala.Function1;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * SparkGpu.barrier's work: the stage in barrier mode, and in each task its rank's Collective (NCCL
 * between CUDA devices, rank 0's id shared by allGather; else the host through allGather), aborted
 * when the task fails or Spark interrupts it so that no other rank waits in a collective forever.
 */
final class Barriers {
    private Barriers() {}

    /**
     * The barrier stage keys each output by its task's partition and hands it to a shuffle that puts it
     * back in that partition: a barrier stage that ends in a shuffle is a map stage, which Spark retries
     * as a whole when a task fails, while a barrier result stage (one that collect() ends) is not retried.
     */
    static <T, R> JavaRDD<R> barrier(JavaRDD<T> rdd, BarrierFunction<T, R> fn) {
        @SuppressWarnings("unchecked")
        ClassTag<Tuple2<Integer, R>> tag = (ClassTag<Tuple2<Integer, R>>) (ClassTag<?>) ClassTag$.MODULE$.AnyRef();
        Function1<scala.collection.Iterator<T>, scala.collection.Iterator<Tuple2<Integer, R>>> body =
                (Function1<scala.collection.Iterator<T>, scala.collection.Iterator<Tuple2<Integer, R>>>
                                & java.io.Serializable)
                        rows -> CollectionConverters.asScala(task(CollectionConverters.asJava(rows), fn));
        RDD<Tuple2<Integer, R>> out = rdd.rdd().barrier().mapPartitions(body, false, tag);
        int n = rdd.getNumPartitions();
        return JavaPairRDD.fromJavaRDD(new JavaRDD<>(out, tag))
                .partitionBy(new HashPartitioner(Math.max(1, n)))
                .values();
    }

    /** One task: its device current, its rank's collective open while fn runs and its output is drained. */
    private static <T, R> Iterator<Tuple2<Integer, R>> task(Iterator<T> rows, BarrierFunction<T, R> fn) {
        BarrierTaskContext context = BarrierTaskContext.get();
        Device device = SparkGpu.device();
        try (var _ = device.use()) {
            Collective comm = open(context, device);
            context.addTaskInterruptListener((TaskInterruptListener) (c, reason) -> comm.abort());
            try {
                List<Tuple2<Integer, R>> out = new ArrayList<>();
                Integer partition = context.partitionId();
                // drained here: the collectives fn's iterator makes must run while comm is open
                for (Iterator<R> it = fn.call(rows, comm); it.hasNext(); ) out.add(new Tuple2<>(partition, it.next()));
                device.synchronize();
                comm.close();
                return out.iterator();
            } catch (RuntimeException | Error e) {
                comm.abort();
                throw e;
            } catch (Exception e) {
                comm.abort();
                throw new RuntimeException("SparkGpu.barrier: the task's function failed: " + e, e);
            }
        }
    }

    /**
     * The task's rank: NCCL when every rank can use it (a CUDA device, libnccl loaded) on a GPU of its
     * own (two ranks on one GPU, as local[2] without gpu resources gives, cannot share a communicator),
     * else the host. Every rank sees the same allGather, so all make the same choice.
     */
    private static Collective open(BarrierTaskContext context, Device device) {
        int rank = context.partitionId();
        int size = context.getTaskInfos().length;
        boolean nccl = device.backend().dialect() == Dialect.CUDA && Nccl.available();
        String where = (nccl ? "nccl " : "host ") + hostName() + "/" + device.id();
        String[] all = context.allGather(where);
        boolean allNccl = java.util.Arrays.stream(all).allMatch(w -> w.startsWith("nccl "))
                && java.util.Arrays.stream(all).distinct().count() == all.length;
        if (allNccl) {
            String[] ids = context.allGather(rank == 0 ? Nccl.uniqueId().toHex() : "");
            return Collective.nccl(Nccl.init(NcclUniqueId.fromHex(ids[0]), rank, size, device));
        }
        return Collective.host(device, rank, size, new BarrierExchange(context));
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "pid" + ProcessHandle.current().pid();
        }
    }
}
