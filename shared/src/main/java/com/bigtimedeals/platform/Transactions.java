package com.bigtimedeals.platform;

import java.util.concurrent.ThreadLocalRandom;

import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A transaction cancelled by a conflicting one (TransactionConflict), or by throttling of one of its items
 * (ThrottlingError, ProvisionedThroughputExceeded: the SDK retries neither, since the cancellation is not a throttling
 * error itself), is a transient failure: retried here with jittered backoff, a bounded number of times, and a 503
 * once spent. Condition failures are outcomes, never retried.
 */
public final class Transactions {
    public static final int CONFLICT_ATTEMPTS = 12;

    private Transactions() {
    }

    /** True after backing off, when the caller should try again; false when attempts are spent or it is no contention. */
    public static boolean retryable(TransactionCanceledException e, int attempt) {
        if (!Contention.cancelledBy(e) || attempt >= CONFLICT_ATTEMPTS) {
            return false;
        }
        backOff(attempt);
        return true;
    }

    /**
     * Runs {@code write} (one whole request: a transaction, or a single write that may meet an item a transaction
     * holds) again after a backoff while it fails for contention only ({@link Contention#isContention}: a
     * TransactionConflict cancellation, a TransactionConflictException), up to {@link #CONFLICT_ATTEMPTS} times; then
     * the last failure goes up (a 503). A request refused for contention wrote nothing, so the retry is that same
     * request arriving a little later: its own conditions decide again (a condition failure is an outcome, never
     * retried here). Every write route's writes that a transaction can meet go through this or a loop of their own
     * that re-reads ({@link #retryable}); ContentionRoutesTest races each route against transactions on its items.
     */
    public static <T> T retrying(java.util.function.Supplier<T> write) {
        for (int attempt = 1; ; attempt++) {
            try {
                return write.get();
            } catch (software.amazon.awssdk.awscore.exception.AwsServiceException e) {
                if (!Contention.isContention(e) || attempt >= CONFLICT_ATTEMPTS) {
                    throw e;
                }
                backOff(attempt);
            }
        }
    }

    /** Full jitter, growing with the attempt up to 200 ms, so contenders that collided spread out. */
    public static void backOff(int attempt) {
        long ceiling = Math.min(200L, 5L << Math.min(attempt, 6));
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, ceiling + 1));
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", ie);
        }
    }
}
