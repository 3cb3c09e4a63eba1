package com.bigtimedeals.topology;

import java.util.List;
import java.util.Map;

import com.bigtimedeals.changes.ItemChanges;

/**
 * How the table's stream is handed to the consumer: every setting of the event source mapping. The CDK stack
 * deploys {@link #DEPLOYED}; the local stack's delivery runs the same values unless an operator or a test names
 * others ({@link #with}).
 *
 * @param batchSize records per invocation: 100 keep one batch's fan-out well inside the timeout, and a batch of new
 *        messages' pushes, 32 recipients side by side, about a quarter of a second (docs/data-model.md, "Pushes at
 *        scale")
 * @param batchingWindowMillis how long the mapping gathers a batch
 * @param parallelizationFactor concurrent batches per shard (records of one key stay in order): blast segments and
 *        fan-out work items of different keys run side by side, and so do new messages of different recipients (a
 *        blast's pushes to 1,000,000 devices at FCM's default rate need about 30 such batches at once)
 * @param retryAttempts retries of a failing batch before it goes to the on-failure destination
 * @param bisectOnError a function error splits the batch in two
 * @param timeoutSeconds the consumer's timeout, which its time budget counts down from
 * @param maxRecordAgeSeconds records older than this go to the on-failure destination instead
 */
public record StreamMapping(int batchSize, int batchingWindowMillis, int parallelizationFactor, int retryAttempts,
                            boolean bisectOnError, int timeoutSeconds, int maxRecordAgeSeconds) {
    /** The consumer's timeout in AWS: 5 minutes, of which the last {@code WORK_RESERVE_MS} are kept for a checkpoint. */
    static final int TIMEOUT_SECONDS = 300;

    public static final StreamMapping DEPLOYED = new StreamMapping(100, 1_000, 10, 5, true, TIMEOUT_SECONDS, 6 * 3600);

    /** Where a new mapping starts reading: the oldest record the stream keeps, so nothing written before is missed. */
    public static final String STARTING_POSITION = "TRIM_HORIZON";

    /** The function reports the first failed record of a batch; the mapping redelivers from there. */
    public static final boolean REPORT_BATCH_ITEM_FAILURES = true;

    /**
     * The mapping's filters, in its own pattern syntax: the consumer is invoked only for records that can mean
     * something to it ({@link ItemChanges#CONSUMER_FILTERS} says which).
     */
    public static final List<Map<String, Object>> FILTERS = ItemChanges.CONSUMER_FILTERS;

    public StreamMapping {
        if (batchSize < 1 || batchSize > 10_000 || parallelizationFactor < 1 || parallelizationFactor > 10
                || retryAttempts < 0 || batchingWindowMillis < 0 || timeoutSeconds < 1 || maxRecordAgeSeconds < 60) {
            throw new IllegalArgumentException("not a valid event source mapping: " + this);
        }
    }

    /** This mapping with some values replaced; null keeps this mapping's value. */
    public StreamMapping with(Integer batchSize, Integer batchingWindowMillis, Integer parallelizationFactor,
                              Integer retryAttempts, Integer timeoutSeconds) {
        return new StreamMapping(batchSize != null ? batchSize : this.batchSize,
                batchingWindowMillis != null ? batchingWindowMillis : this.batchingWindowMillis,
                parallelizationFactor != null ? parallelizationFactor : this.parallelizationFactor,
                retryAttempts != null ? retryAttempts : this.retryAttempts, bisectOnError,
                timeoutSeconds != null ? timeoutSeconds : this.timeoutSeconds, maxRecordAgeSeconds);
    }
}
