package com.bigtimedeals.platform;

import java.util.concurrent.atomic.DoubleAdder;
import java.util.function.Supplier;

/**
 * The DynamoDB units this process spent on work whose pace is set by time, not by requests: the stream consumer's
 * aggregation of deal counts (at most once per {@code COUNTS_PACE_MS} per deal, CountsGate) and the front page's
 * coalesced rebuilds (at most one a second, FrontPageCache). The busiest day's simulation (bench {@code --peak})
 * needs them apart: at R requests a second they cost what they cost at 50,000, since their pace is the same, so per
 * request they are 50,000 / R times what they are at full scale (docs/peak-day.md). Measured on the calling thread
 * with {@link RequestMeter}; a process that never asks pays two adders.
 */
public final class PacedWork {
    private static final DoubleAdder READS = new DoubleAdder();
    private static final DoubleAdder WRITES = new DoubleAdder();

    private PacedWork() {
    }

    /** Runs {@code work}, counting the units its DynamoDB requests on this thread consumed. */
    public static <T> T metered(Supplier<T> work) {
        RequestMeter.Usage before = RequestMeter.usage();
        try {
            return work.get();
        } finally {
            RequestMeter.Usage after = RequestMeter.usage();
            READS.add(Math.max(0, after.readUnits() - before.readUnits()));
            WRITES.add(Math.max(0, after.writeUnits() - before.writeUnits()));
        }
    }

    /** Read and write units counted so far. */
    public static double[] units() {
        return new double[] {READS.sum(), WRITES.sum()};
    }
}
