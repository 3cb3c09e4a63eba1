package com.bigtimedeals.platform;

import java.time.Duration;

/**
 * The functions' settings ({@link Setting.Where#FUNCTIONS}) as one typed value: read once where a process starts
 * (a handler's no-argument constructor, the local stack, the benchmark) and handed to what needs them. Stores and
 * services take the values they need from here; none reads a setting itself. A test that wants other values names
 * them as settings ({@link Settings#with}), so they are checked as a deployment's would be.
 *
 * @param cacheShards front-page copies; the reader and the stream consumer must use the same number
 * @param blastSegments parallel-scan segments of a hot-deal blast
 * @param workReserveMillis the stream consumer's time kept for the page in flight and its checkpoint
 * @param deliveryThreads message writes one stream invocation keeps in flight
 * @param walksPerInvocation walks one stream invocation runs side by side
 * @param sweepStalledAfter how long a walk may make no progress before the sweeper resumes it
 * @param inboxRetention how long an inbox message is kept (valid by its type, so not checked here)
 * @param reporterMinAge how old a reporter's profile must be for their report to count toward community expiry
 * @param pushesInFlight recipients whose pushes one stream invocation sends side by side
 * @param countsPace the least time between two aggregations of one deal's counts, across the stream consumers (CountsGate)
 */
public record Configuration(int cacheShards, int blastSegments, int workReserveMillis, int deliveryThreads,
                            int walksPerInvocation, Duration sweepStalledAfter, InboxRetention inboxRetention,
                            Duration reporterMinAge, int pushesInFlight, Duration countsPace) {
    public Configuration {
        if (cacheShards < 1 || blastSegments < 1 || deliveryThreads < 1 || walksPerInvocation < 1 || workReserveMillis < 0
                || pushesInFlight < 1) {
            throw new IllegalArgumentException("not a valid configuration: " + this);
        }
        if (sweepStalledAfter.isNegative() || sweepStalledAfter.isZero()) {
            throw new IllegalArgumentException(Setting.SWEEP_STALLED_AFTER_S.name() + " must be at least 1 second");
        }
    }

    /** Every function setting from {@code settings}, each checked against its range. */
    public static Configuration from(Settings settings) {
        return new Configuration(settings.number(Setting.CACHE_SHARDS), settings.number(Setting.BLAST_SEGMENTS),
                settings.number(Setting.WORK_RESERVE_MS), settings.number(Setting.DELIVERY_THREADS),
                settings.number(Setting.WALKS_PER_INVOCATION),
                Duration.ofSeconds(settings.number(Setting.SWEEP_STALLED_AFTER_S)),
                InboxRetention.ofDays(settings.number(Setting.INBOX_RETENTION_DAYS)),
                Duration.ofSeconds(settings.number(Setting.REPORTER_MIN_AGE_S)), settings.number(Setting.PUSHES_IN_FLIGHT),
                Duration.ofMillis(settings.number(Setting.COUNTS_PACE_MS)));
    }

    /** Every function setting at its default. */
    public static Configuration defaults() {
        return from(Settings.defaults());
    }
}
