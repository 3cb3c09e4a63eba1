package com.bigtimedeals.stream;

import com.bigtimedeals.data.Settings;

/**
 * How the stream is handed to the consumer: the event source mapping's settings. The CDK stack deploys
 * {@link #DEPLOYED}; the local stack's delivery runs the same values unless a test or an operator names others.
 */
public record StreamMapping(int batchSize, int batchingWindowMillis, int parallelizationFactor, int retryAttempts,
                            boolean bisectOnError, int timeoutSeconds) {
    public static final StreamMapping DEPLOYED = new StreamMapping(100, 1_000, 10, 5, true, 300);

    public StreamMapping {
        if (batchSize < 1 || batchSize > 10_000 || parallelizationFactor < 1 || parallelizationFactor > 10
                || retryAttempts < 0 || batchingWindowMillis < 0 || timeoutSeconds < 1) {
            throw new IllegalArgumentException("not a valid event source mapping: " + this);
        }
    }

    /** {@link #DEPLOYED}, with any of STREAM_BATCH_SIZE, STREAM_BATCHING_WINDOW_MS, STREAM_PARALLELIZATION, STREAM_RETRIES set. */
    public static StreamMapping fromSettings() {
        return new StreamMapping(Settings.number("STREAM_BATCH_SIZE", DEPLOYED.batchSize),
                Settings.number("STREAM_BATCHING_WINDOW_MS", DEPLOYED.batchingWindowMillis),
                Settings.number("STREAM_PARALLELIZATION", DEPLOYED.parallelizationFactor),
                Settings.number("STREAM_RETRIES", DEPLOYED.retryAttempts), DEPLOYED.bisectOnError,
                Settings.number("STREAM_TIMEOUT_S", DEPLOYED.timeoutSeconds));
    }
}
