package com.bigtimedeals.data;

import java.util.concurrent.ThreadLocalRandom;

import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A transaction cancelled by a conflicting one (TransactionConflict), or by throttling of one of its items
 * (ThrottlingError, ProvisionedThroughputExceeded: the SDK retries neither, since the cancellation is not a throttling
 * error itself), is a transient failure: retried here with jittered backoff, a bounded number of times, and a 503
 * once spent. Condition failures are outcomes, never retried.
 */
final class Transactions {
    static final int CONFLICT_ATTEMPTS = 12;

    private Transactions() {
    }

    /** True after backing off, when the caller should try again; false when attempts are spent or it is no contention. */
    static boolean retryable(TransactionCanceledException e, int attempt) {
        if (!Contention.cancelledBy(e) || attempt >= CONFLICT_ATTEMPTS) {
            return false;
        }
        backOff(attempt);
        return true;
    }

    /** Full jitter, growing with the attempt up to 200 ms, so contenders that collided spread out. */
    static void backOff(int attempt) {
        long ceiling = Math.min(200L, 5L << Math.min(attempt, 6));
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, ceiling + 1));
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", ie);
        }
    }
}
