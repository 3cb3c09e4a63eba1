package com.bigtimedeals.platform;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A transaction cancelled by a conflicting one (TransactionConflict), or by throttling of one of its items
 * (ThrottlingError, ProvisionedThroughputExceeded: the SDK retries neither, since the cancellation is not a throttling
 * error itself), is a transient failure: retried here with jittered backoff, a bounded number of times, and a 503
 * once spent. Condition failures are outcomes, never retried.
 */
public final class Transactions {
    public static final int CONFLICT_ATTEMPTS = 12;
    /** TransactWriteItems' limit: at most this many actions in one transaction. */
    public static final int MAX_ITEMS = 100;

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

    /** Whether the transaction's action at {@code index} failed its condition. */
    public static boolean conditionFailed(TransactionCanceledException e, int index) {
        return e.hasCancellationReasons() && e.cancellationReasons().size() > index
                && "ConditionalCheckFailed".equals(e.cancellationReasons().get(index).code());
    }

    /** Whether every action that cancelled the transaction failed its condition: an outcome, nothing to retry. */
    public static boolean onlyConditionFailures(TransactionCanceledException e) {
        if (!e.hasCancellationReasons()) {
            return false;
        }
        for (software.amazon.awssdk.services.dynamodb.model.CancellationReason reason : e.cancellationReasons()) {
            String code = reason.code();
            if (!"None".equals(code) && !"ConditionalCheckFailed".equals(code)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Runs a removal: {@code writes} whose first action deletes the thing removed on the condition that it exists.
     * That condition failing means a concurrent request removed it first, which is this request's outcome too (a
     * DELETE answered twice, or raced by its own retry, must not count down twice nor fail). Contention is retried
     * as {@link #retryable} says; once spent, a 503 saying that {@code what} is busy.
     */
    public static void removing(DynamoDbClient client, List<TransactWriteItem> writes, String what) {
        for (int attempt = 1; ; attempt++) {
            try {
                client.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(writes).build());
                return;
            } catch (TransactionCanceledException e) {
                if (conditionFailed(e, 0)) {
                    return;
                }
                if (!retryable(e, attempt)) {
                    throw Contention.cancelledBy(e) ? DomainException.unavailable(what + " is busy; try again") : e;
                }
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
