package com.bigtimedeals.data;

import java.util.concurrent.ThreadLocalRandom;

import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A transaction cancelled by a conflicting one (TransactionConflict) is a transient failure like throttling:
 * retried here with jittered backoff, a bounded number of times. Condition failures are outcomes, never retried.
 */
final class Transactions {
    static final int CONFLICT_ATTEMPTS = 12;

    private Transactions() {
    }

    static boolean conflicted(TransactionCanceledException e) {
        return e.hasCancellationReasons()
                && e.cancellationReasons().stream().anyMatch(r -> "TransactionConflict".equals(r.code()));
    }

    /** True after backing off, when the caller should try again; false when attempts are spent or it is no conflict. */
    static boolean retryable(TransactionCanceledException e, int attempt) {
        if (!conflicted(e) || attempt >= CONFLICT_ATTEMPTS) {
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
