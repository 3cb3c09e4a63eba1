package com.bigtimedeals.bench;

import java.lang.management.ManagementFactory;

/**
 * CPU time of this whole process (every thread, the JIT compiler's and the collector's included). Work measured by
 * the CPU it costs is steady on a shared machine, where its wall time is not: a figure per message or per item, set
 * against another in the same run, says which is cheaper whatever else the machine runs.
 */
final class ProcessCpu {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private ProcessCpu() {
    }

    static long nanos() {
        return OS.getProcessCpuTime();
    }
}
