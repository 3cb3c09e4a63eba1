package com.bigtimedeals.bench;

import java.lang.management.ManagementFactory;

/**
 * What every cold-start probe reports, timed the same way: started just before the handler is constructed (its event
 * already built), then at construction and at the first answer; the constructing thread's CPU, the whole process's,
 * and the classes loaded. Printed as the one line {@code ColdStarts.probe} reads.
 */
final class ProbeTimes {
    private final java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean process =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final long processCpuStart = process.getProcessCpuTime();
    private final long cpuStart = threads.getCurrentThreadCpuTime();
    private final long start = System.nanoTime();
    private long constructed;

    /** Starts the clocks. */
    static ProbeTimes start() {
        return new ProbeTimes();
    }

    void constructed() {
        constructed = System.nanoTime();
    }

    /** Stops the clocks at the first answer and prints the result line; {@code status} 200 means the probe's event was served. */
    void answered(int status) {
        long answered = System.nanoTime();
        long cpu = threads.getCurrentThreadCpuTime() - cpuStart;
        long processCpu = process.getProcessCpuTime() - processCpuStart;
        System.out.printf("{\"constructMs\":%.1f,\"firstInvokeMs\":%.1f,\"cpuMs\":%.1f,\"processCpuMs\":%.1f,\"classes\":%d,\"status\":%d}%n",
                (constructed - start) / 1e6, (answered - constructed) / 1e6, cpu / 1e6, processCpu / 1e6,
                ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount(), status);
    }
}
